/**
 * The face of a face photo, made ready for the body generator's rendered head: found by the face
 * landmarks model (./models/), turned so the eyes are level (by the eye line's angle), scaled so
 * the distance between the eyes is EYE_SPAN of the head's width, its eyes' midpoint put at the
 * head's eye line, and cut to the face oval (mesh ring FACE_OVAL) with a feathered edge: no hair,
 * collar or backdrop of the photo comes along. Null when the photo shows no face.
 */
import sharp from 'sharp';
import type { CallOptions } from './models/client.ts';
import { modelRuntime } from './models/client.ts';
import type { FaceLandmarks } from './models/types.ts';
import { insidePolygon as inside, readRaster, rgbOf, transformRaster, type Raster } from './pixels.ts';

/** The long side the face model sees, in px. */
const FACE_PHOTO_SIDE = 1024;
/** Distance between the eyes' centres as a share of the head's width (an adult's is about 0.42). */
export const EYE_SPAN = 0.42;
/** Where the eye line sits relative to the head's centre (negative: above), as a share of its vertical radius: a head's eyes are about halfway down it, the chin at its bottom. */
export const EYE_LINE = -0.05;
/** The oval is pulled toward its centre by this share before its edge is feathered, so the feather ends on it. */
const OVAL_INSET = 0.04;
/** Feather of the oval's edge, as a share of the distance between the eyes (Gaussian sigma). */
const FEATHER = 0.06;

export interface Head {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

export interface FaceOverlay {
  /** RGBA PNG to composite at (left, top). */
  input: Buffer;
  left: number;
  top: number;
  /** Degrees the photo was turned to level the eyes (clockwise positive), and its scale. */
  rotation: number;
  scale: number;
  face: FaceLandmarks;
}

type Point = [number, number];

const eyeAngle = (face: FaceLandmarks): number => Math.atan2(face.leftEye[1] - face.rightEye[1], face.leftEye[0] - face.rightEye[0]);

/**
 * The photo and its face, levelled: the face model, which does not turn its search window, places
 * the mesh of a tilted head less well, so a photo whose eye line is more than LEVEL_DEGREES off is
 * turned by it and searched again (twice at most, each search kept only when its eyes are nearer
 * level than the one before); the last kept mesh then finishes the job.
 */
const LEVEL_DEGREES = 3;

async function levelledFace(path: string, options: CallOptions): Promise<{ raster: Raster; face: FaceLandmarks; turned: number } | null> {
  const original = await readRaster(path, FACE_PHOTO_SIDE);
  let raster = original;
  let turned = 0;
  let face = await modelRuntime().face(rgbOf(raster), options);
  for (let round = 0; face && round < 2 && Math.abs((eyeAngle(face) * 180) / Math.PI) > LEVEL_DEGREES; round++) {
    const next = turned + (eyeAngle(face) * 180) / Math.PI;
    const turnedRaster = await transformRaster(original, (p) => p.rotate(-next, { background: { r: 0, g: 0, b: 0, alpha: 0 } }));
    const again = await modelRuntime().face(rgbOf(turnedRaster), options);
    // A search that does not bring the eyes nearer level (a small or busy face) is not trusted.
    if (!again || Math.abs(eyeAngle(again)) >= Math.abs(eyeAngle(face))) break;
    raster = turnedRaster;
    face = again;
    turned = next;
  }
  return face ? { raster, face, turned } : null;
}

export async function faceOverlay(path: string, head: Head, options: CallOptions = {}): Promise<FaceOverlay | null> {
  const found = await levelledFace(path, options);
  if (!found) return null;
  const { raster, face, turned } = found;
  const { width, height } = raster;

  // Photo → head: rotate about the eyes' midpoint by -angle, scale, move it onto the head's eye line.
  const [rx, ry] = face.rightEye;
  const [lx, ly] = face.leftEye;
  const angle = Math.atan2(ly - ry, lx - rx);
  const scale = (EYE_SPAN * 2 * head.rx) / Math.max(1, Math.hypot(lx - rx, ly - ry));
  const eyes: Point = [(rx + lx) / 2, (ry + ly) / 2];
  const target: Point = [head.cx, head.cy + EYE_LINE * head.ry];
  const cos = Math.cos(-angle) * scale;
  const sin = Math.sin(-angle) * scale;
  const forward = ([x, y]: Point): Point => {
    const dx = x - eyes[0];
    const dy = y - eyes[1];
    return [target[0] + dx * cos - dy * sin, target[1] + dx * sin + dy * cos];
  };
  const oval = face.oval.map((point) => forward(point));
  const centre: Point = [oval.reduce((s, [x]) => s + x, 0) / oval.length, oval.reduce((s, [, y]) => s + y, 0) / oval.length];
  const cut = oval.map(([x, y]): Point => [x + (centre[0] - x) * OVAL_INSET, y + (centre[1] - y) * OVAL_INSET]);
  const sigma = Math.max(0.8, FEATHER * EYE_SPAN * 2 * head.rx);
  const pad = Math.ceil(3 * sigma);
  const left = Math.floor(Math.min(...oval.map(([x]) => x))) - pad;
  const top = Math.floor(Math.min(...oval.map(([, y]) => y))) - pad;
  const boxWidth = Math.ceil(Math.max(...oval.map(([x]) => x))) + pad - left;
  const boxHeight = Math.ceil(Math.max(...oval.map(([, y]) => y))) + pad - top;

  // The oval as a mask in the overlay's pixels, feathered.
  const hard = new Uint8Array(boxWidth * boxHeight);
  for (let y = 0; y < boxHeight; y++) {
    for (let x = 0; x < boxWidth; x++) if (inside(left + x + 0.5, top + y + 0.5, cut)) hard[y * boxWidth + x] = 255;
  }
  const alpha = await sharp(hard, { raw: { width: boxWidth, height: boxHeight, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();

  // Each overlay pixel sampled (bilinear) from the photo through the inverse transform.
  const out = Buffer.alloc(boxWidth * boxHeight * 4);
  const inverse = 1 / (scale * scale);
  for (let y = 0; y < boxHeight; y++) {
    for (let x = 0; x < boxWidth; x++) {
      const o = y * boxWidth + x;
      const a = alpha[o]!;
      if (a === 0) continue;
      const dx = left + x + 0.5 - target[0];
      const dy = top + y + 0.5 - target[1];
      const sx = eyes[0] + (dx * cos + dy * sin) * inverse - 0.5;
      const sy = eyes[1] + (-dx * sin + dy * cos) * inverse - 0.5;
      const x0 = Math.max(0, Math.min(width - 1, Math.floor(sx)));
      const y0 = Math.max(0, Math.min(height - 1, Math.floor(sy)));
      const x1 = Math.min(width - 1, x0 + 1);
      const y1 = Math.min(height - 1, y0 + 1);
      const fx = Math.max(0, Math.min(1, sx - x0));
      const fy = Math.max(0, Math.min(1, sy - y0));
      for (let c = 0; c < 3; c++) {
        const at = (px: number, py: number) => raster.data[(py * width + px) * 4 + c]!;
        const top0 = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
        const bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
        out[o * 4 + c] = Math.round(top0 * (1 - fy) + bottom * fy);
      }
      out[o * 4 + 3] = a;
    }
  }
  const input = await sharp(out, { raw: { width: boxWidth, height: boxHeight, channels: 4 } })
    .png()
    .toBuffer();
  // The turn that levelled the eyes, in all: the photo's before the last search and the mesh's after it.
  return { input, left, top, rotation: turned + (angle * 180) / Math.PI, scale, face };
}
