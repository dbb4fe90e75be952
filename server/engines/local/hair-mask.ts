/**
 * The proposed hair mask of a portrait, from two models (./models/): the face landmarks place the
 * head, the person mask says what is the person and not the backdrop. Hair is the person around
 * the head less the face and less what lies below the jaw:
 *
 * - the frame is the face's own: its x axis along the line between the eyes, its y axis down the
 *   face, so a tilted head is read the same as a level one;
 * - the face is the face oval (mesh ring FACE_OVAL), its upper half shrunk toward the eyes by 8% of
 *   the face's height at the top, so the hairline itself stays in the mask;
 * - the head region reaches 1.7 face half-widths to each side and one face height above the oval's
 *   top (a bun, a quiff); below the eyes it keeps only what is beside the face, and nothing under
 *   the chin, nor the neck's column under the jaw: long hair over the shoulders is the seller's
 *   to add with the brush (the shoulders and a top would otherwise be taken for hair);
 * - the skin above the eyes (a high forehead the oval stops short of) is let out by its colour:
 *   pixels close to the skin sampled inside the face fade out of the mask;
 * - the result is smoothed (a Gaussian of 0.6% of the image's long side) so its edge is feathered.
 *
 * The models run on a copy at most PROPOSAL_SIDE px on its long side; the mask is enlarged back.
 */
import sharp from 'sharp';
import type { CallOptions } from './models/client.ts';
import { modelRuntime } from './models/client.ts';
import { scaleFace, type FaceLandmarks, type Mask, type RgbImage } from './models/types.ts';
import { insidePolygon, solidPart } from './pixels.ts';

/** The long side the models see, in px: a face in a portrait is hundreds of px wide at this size. */
export const PROPOSAL_SIDE = 1024;
/** How far the head region reaches: to each side (face half-widths) and above the oval (face heights). */
const SIDE_REACH = 1.7;
const TOP_REACH = 1;
/** The oval's top moves down by this share of the face's height (less toward the eyes). */
const FOREHEAD_SHRINK = 0.08;
/** The neck's column under the jaw, in face half-widths either side of the centre line. */
const NECK_HALF_WIDTH = 0.62;
/** Colours within this RGB distance of the face's skin leave the mask, fading out over as much again. */
const SKIN_NEAR = 28;
/** Feather of the edge: a Gaussian of this share of the long side (at least 1 px). */
const FEATHER_FRACTION = 0.006;

export interface HairMaskProposal {
  /** At the size of the image given (0 = not hair, 255 = hair). */
  mask: Mask;
  face: FaceLandmarks;
  /** Share of the image's pixels at least half hair. */
  coverage: number;
}

type Point = readonly [number, number];
type Rgb = [number, number, number];

/** The face's frame: its origin at the oval's centre, x along the eyes, y down the face. */
export interface FaceFrame {
  origin: Point;
  cos: number;
  sin: number;
  /** The oval in the frame. */
  oval: Point[];
  halfWidth: number;
  top: number;
  chin: number;
  eyes: number;
}

export function faceFrame(face: FaceLandmarks): FaceFrame {
  const [rx, ry] = face.rightEye;
  const [lx, ly] = face.leftEye;
  // The right eye (as the person sees it) is on the image's left: the axis runs left to right.
  const angle = Math.atan2(ly - ry, lx - rx);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const origin: Point = [face.oval.reduce((s, [x]) => s + x, 0) / face.oval.length, face.oval.reduce((s, [, y]) => s + y, 0) / face.oval.length];
  const toFrame = ([x, y]: Point): Point => {
    const dx = x - origin[0];
    const dy = y - origin[1];
    return [dx * cos + dy * sin, -dx * sin + dy * cos];
  };
  const oval = face.oval.map(toFrame);
  const eyes = (toFrame(face.rightEye)[1] + toFrame(face.leftEye)[1]) / 2;
  return {
    origin,
    cos,
    sin,
    oval,
    halfWidth: Math.max(...oval.map(([x]) => Math.abs(x))),
    top: Math.min(...oval.map(([, y]) => y)),
    chin: Math.max(...oval.map(([, y]) => y)),
    eyes,
  };
}

/** The median skin colour inside the face, between the eyes and the chin, away from the oval's edge. */
function skinColour(image: RgbImage, face: FaceLandmarks): Rgb {
  // The cheeks and the nose's bridge: mesh points that are skin on every face.
  const samples: number[][] = [[], [], []];
  for (const index of [50, 280, 101, 330, 117, 346, 6, 197, 195, 151, 9, 108, 337]) {
    const point = face.mesh[index];
    if (!point) continue;
    const x = Math.round(point[0]);
    const y = Math.round(point[1]);
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        const px = x + dx;
        const py = y + dy;
        if (px < 0 || py < 0 || px >= image.width || py >= image.height) continue;
        const i = (py * image.width + px) * 3;
        for (let c = 0; c < 3; c++) samples[c]!.push(image.data[i + c]!);
      }
    }
  }
  return [median(samples[0]!), median(samples[1]!), median(samples[2]!)];
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The median colour of what is surely hair: the person in a band just above the oval's top (up
 * to half a face height), not skin-coloured. Null when too little of it is there (a hat, a crop).
 */
function hairColour(image: RgbImage, person: Mask, frame: FaceFrame, skin: Rgb): Rgb | null {
  const faceHeight = frame.chin - frame.top;
  const samples: number[][] = [[], [], []];
  const step = Math.max(1, Math.round(faceHeight / 60));
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      const p = y * image.width + x;
      if (person.data[p]! < 200) continue;
      const dx = x + 0.5 - frame.origin[0];
      const dy = y + 0.5 - frame.origin[1];
      const u = dx * frame.cos + dy * frame.sin;
      const v = -dx * frame.sin + dy * frame.cos;
      if (v > frame.top - 0.05 * faceHeight || v < frame.top - 0.5 * faceHeight || Math.abs(u) > frame.halfWidth) continue;
      const i = p * 3;
      if (Math.hypot(image.data[i]! - skin[0], image.data[i + 1]! - skin[1], image.data[i + 2]! - skin[2]) <= SKIN_NEAR) continue;
      for (let c = 0; c < 3; c++) samples[c]!.push(image.data[i + c]!);
    }
  }
  return samples[0]!.length < 20 ? null : [median(samples[0]!), median(samples[1]!), median(samples[2]!)];
}

/**
 * The hair mask of an image whose face and person mask are known (same size as the image),
 * before its edge is feathered. Pure: exported for tests.
 */
export function hairFromFace(image: RgbImage, face: FaceLandmarks, person: Mask): Mask {
  const { width, height } = image;
  const frame = faceFrame(face);
  const faceHeight = frame.chin - frame.top;
  const a = frame.halfWidth;
  // The face to leave out: the oval, its points above the eyes moved down toward them.
  const faceOut = frame.oval.map(([x, y]): Point => {
    if (y >= frame.eyes) return [x, y];
    const rise = (frame.eyes - y) / Math.max(1e-6, frame.eyes - frame.top);
    return [x, y + FOREHEAD_SHRINK * faceHeight * rise];
  });
  const skin = skinColour(image, face);
  const top = frame.top - TOP_REACH * faceHeight;
  const hair = hairColour(image, person, frame, skin);
  const out = new Uint8Array(width * height);
  const { origin, cos, sin } = frame;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const weight = person.data[p]!;
      if (weight === 0) continue;
      const dx = x + 0.5 - origin[0];
      const dy = y + 0.5 - origin[1];
      const u = dx * cos + dy * sin;
      const v = -dx * sin + dy * cos;
      if (v < top || v > frame.chin || Math.abs(u) > SIDE_REACH * a) continue;
      // The head above the oval is rounded: its corners are backdrop or shoulders of a hat, not hair.
      if (v < frame.top && (u / (SIDE_REACH * a)) ** 2 + ((v - frame.top) / (frame.top - top)) ** 2 > 1) continue;
      // Under the jaw, the neck's column.
      if (v > frame.eyes && Math.abs(u) < NECK_HALF_WIDTH * a && !insidePolygon(u, v, frame.oval)) continue;
      if (insidePolygon(u, v, faceOut)) continue;
      const i = p * 3;
      const toSkin = Math.hypot(image.data[i]! - skin[0], image.data[i + 1]! - skin[1], image.data[i + 2]! - skin[2]);
      let value = toSkin >= 2 * SKIN_NEAR ? weight : toSkin <= SKIN_NEAR ? 0 : (weight * (toSkin - SKIN_NEAR)) / SKIN_NEAR;
      if (hair) {
        // Nearer the skin than the hair: shaded skin (an ear, a cheek's edge) rather than hair.
        const toHair = Math.hypot(image.data[i]! - hair[0], image.data[i + 1]! - hair[1], image.data[i + 2]! - hair[2]);
        value *= 1 / (1 + Math.exp((toHair - toSkin) / 8));
      }
      out[p] = Math.round(value);
    }
  }
  return { data: out, width, height };
}

/** The image shrunk to at most PROPOSAL_SIDE on its long side (the same image when already that small). */
async function shrink(image: RgbImage): Promise<RgbImage> {
  const long = Math.max(image.width, image.height);
  if (long <= PROPOSAL_SIDE) return image;
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize({ width: Math.round((image.width * PROPOSAL_SIDE) / long), height: Math.round((image.height * PROPOSAL_SIDE) / long), fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/**
 * The proposed hair mask of `image`, feathered, at its size; null when no face is found (nothing
 * then says where the hair is).
 */
export async function proposeHairMask(image: RgbImage, options: CallOptions = {}): Promise<HairMaskProposal | null> {
  const models = modelRuntime();
  const small = await shrink(image);
  const face = await models.face(small, options);
  if (!face) return null;
  const person = await models.personMask(small, options);
  const hair = hairFromFace(small, face, person);
  const sigma = Math.max(1, FEATHER_FRACTION * Math.max(small.width, small.height));
  const { data, info } = await sharp(hair.data, { raw: { width: hair.width, height: hair.height, channels: 1 } })
    .blur(sigma)
    .resize(image.width, image.height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mask = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  return { mask, face: scaleFace(face, image.width / small.width), coverage: solidPart(mask).share };
}
