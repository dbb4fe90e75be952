/**
 * What the image upscaler finds in the photo before it enlarges it (docs/product-rules.md#upscaler):
 * the subject (a person by the person-segmentation model, confirmed by a face or a body pose;
 * else a subject on a plain backdrop) and the face (the face-landmark model's oval), on a copy of
 * DETECTION_SIDE_PX, so the cost stays under a second at any input size. The masks it makes are
 * in the output's pixels, for the part of the photo that is enlarged.
 */
import type { ModelId } from './models/facts.ts';
import { modelRuntime } from './models/client.ts';
import { scaleFace, type FaceLandmarks, type Mask } from './models/types.ts';
import { foreground, modelCopy, readRaster, solidPart, transformMask } from './pixels.ts';

/** The detection copy's long side, px: the models work at 256 px or less; the masks are feathered anyway. */
const DETECTION_SIDE_PX = 768;
/** A person mask covering less than this share of the photo is noise (a bottle on planks reads 9% without a face or pose). */
const MIN_PERSON_SHARE = 0.02;
/** A body pose this confident confirms a person when no face is seen (a back view, a small figure). */
const MIN_POSE_SCORE = 0.5;

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Subject {
  /** How the subject was found: a person (model), a plain backdrop (border colour), or not at all. */
  kind: 'person' | 'backdrop' | null;
  /** The subject's mask at the detection copy's size (null when none was found or none was asked). */
  mask: Mask | null;
  /** Its bounding box, in the photo's pixels. */
  box: Box | null;
  /** The face, its points in the photo's pixels (null when none was found or none was asked). */
  face: FaceLandmarks | null;
  /** The models whose answer this used. */
  models: ModelId[];
}

const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));

const scaleBox = (box: Box, s: number): Box => ({ left: box.left * s, top: box.top * s, width: box.width * s, height: box.height * s });

/**
 * Finds what the upscale needs of the photo at `path` (upright size `size`): the subject for
 * subject detection (`region`), the face for face enhancement (`face`), either for a crop (`crop`).
 */
export async function detectSubject(
  path: string,
  size: { width: number; height: number },
  wants: { region: boolean; face: boolean; crop: boolean },
  signal: AbortSignal,
): Promise<Subject> {
  const found: Subject = { kind: null, mask: null, box: null, face: null, models: [] };
  if (!wants.region && !wants.face && !wants.crop) return found;
  const models = modelRuntime();
  const image = await modelCopy(path, DETECTION_SIDE_PX);
  // The photo's pixels per detection pixel.
  const up = size.width / image.width;

  const face = await models.face(image, { signal });
  const faceInPhoto = face && scaleFace(face, up);
  if ((wants.face || wants.crop) && faceInPhoto) {
    found.face = faceInPhoto;
    found.models.push('face');
  }
  // A crop centres on the face when there is one; the subject is looked for only without it.
  if (!wants.region && !(wants.crop && !faceInPhoto)) return found;

  const mask = await models.personMask(image, { signal });
  const person = solidPart(mask);
  if (person.share >= MIN_PERSON_SHARE && person.share <= 1 - MIN_PERSON_SHARE && person.box) {
    const pose = face ? null : await models.pose(image, { signal });
    if (face || (pose && pose.score >= MIN_POSE_SCORE)) {
      Object.assign(found, { kind: 'person', mask, box: scaleBox(person.box, up) });
      found.models.push('person', face ? 'face' : 'pose');
      return found;
    }
  }

  // No person: a subject on a plain backdrop (border colour), as the background removal finds it.
  signal.throwIfAborted();
  const small = await readRaster(path, DETECTION_SIDE_PX);
  const keyed = foreground(small, { holes: 'clear' });
  if (keyed.plainBackdrop && keyed.box && keyed.coverage >= 0.01 && keyed.coverage <= 0.95) {
    Object.assign(found, { kind: 'backdrop', mask: keyed.mask, box: scaleBox(keyed.box, size.width / small.width) });
  }
  return found;
}

/**
 * The subject's mask for the part of the photo `window` (photo pixels) enlarged to
 * `out`: the backdrop's when `part` is 'background'. Feathered by a pixel.
 */
export async function regionMask(
  subject: Subject,
  window: Box,
  photoWidth: number,
  out: { width: number; height: number },
  part: 'foreground' | 'background',
): Promise<Uint8Array> {
  const mask = subject.mask!;
  const s = mask.width / photoWidth;
  const left = Math.min(mask.width - 1, Math.floor(window.left * s));
  const top = Math.min(mask.height - 1, Math.floor(window.top * s));
  const area = {
    left,
    top,
    width: Math.max(1, Math.min(mask.width - left, Math.round(window.width * s))),
    height: Math.max(1, Math.min(mask.height - top, Math.round(window.height * s))),
  };
  const region = await transformMask(mask, (p) =>
    (part === 'background' ? p.negate() : p).extract(area).resize(out.width, out.height, { fit: 'fill' }).blur(1),
  );
  return region.data;
}

/**
 * Where to cut `width`×`height` photo pixels out of a `photo`-sized photo to keep the subject:
 * centred on the face, else on the subject's box, else on the photo; kept inside the photo.
 */
export function cropWindow(
  photo: { width: number; height: number },
  width: number,
  height: number,
  subject: Subject,
): { window: Box; around: 'face' | 'subject' | 'centre' } {
  let around: 'face' | 'subject' | 'centre' = 'centre';
  let [cx, cy] = [photo.width / 2, photo.height / 2];
  if (subject.face) {
    // The oval's middle: the detector's box reaches well past the face.
    const xs = subject.face.oval.map(([x]) => x);
    const ys = subject.face.oval.map(([, y]) => y);
    [cx, cy] = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    around = 'face';
  } else if (subject.box) {
    [cx, cy] = [subject.box.left + subject.box.width / 2, subject.box.top + subject.box.height / 2];
    around = 'subject';
  }
  return { window: { left: clamp(cx - width / 2, photo.width - width), top: clamp(cy - height / 2, photo.height - height), width, height }, around };
}
