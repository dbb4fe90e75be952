/**
 * "Remove background" of image editing, locally, and whether its result can be trusted
 * (docs/product-rules.md#image-editing). Two ways to cut, chosen by what the photo shows:
 *
 * - **A person**, on any backdrop: the body model (MoveNet) finds one with confidence, or, for a
 *   close-up it cannot read, the face model finds a face; the person mask (MediaPipe selfie,
 *   refined on the full-size photo, ./models/guided-filter.ts) is the cut when it covers that
 *   person (most of the confident body points or the face inside it) and a sensible share of the
 *   picture; the edge colours are then freed of the backdrop's (`freeEdgeColours`).
 * - **Anything else**, with the ISNet add-on turned on (CUTOUT_ADDON=isnet, ./models/isnet.ts):
 *   its mask, on any backdrop, kept when it keeps MIN_KEPT_SHARE..MAX_KEPT_SHARE of the picture.
 * - **Anything else**, without the add-on, on a plain backdrop only: the backdrop colour is keyed out
 *   (./pixels.ts `foreground`). Right where the backdrop is plain and differs from the subject,
 *   wrong on anything else, where it erases the subject with the backdrop (a cream cup on a beige
 *   table came out an almost empty picture). So the cut is delivered only when the photo lets it
 *   be told apart, and otherwise the job fails and its credits are refunded:
 *   - the backdrop is plain (its border's colour spread within MAX_BACKDROP_SPREAD);
 *   - the picture separates: at most MAX_UNCERTAIN_SHARE of its pixels lie near the keying
 *     threshold, where subject and backdrop cannot be told apart by colour;
 *   - something was kept, and not everything: the kept share is within MIN_KEPT_SHARE..MAX_KEPT_SHARE.
 *
 * Measured (uncertain share / kept share): the studio examples and the test fixtures on plain
 * backdrops 0.6–12.7% / 19–63%; a cream cup on a beige backdrop with a light fall-off 49% / 7.9%
 * (the cup's body and the coffee keyed out) and a bottle on wooden planks 47% / 11%. The person
 * test: the four photo fixtures and the studio's model photo pass it (0.80–0.92 body score with
 * 9–17 points inside the mask, or a face); the products, the garment, the cup and the bottle find
 * no person (body score ≤ 0.29 with no confident point, no face).
 */
import { EngineError } from '../types.ts';
import { modelRuntime, type ModelRuntime } from './models/client.ts';
import type { ModelId } from './models/facts.ts';
import { boxMean } from './models/guided-filter.ts';
import type { FaceLandmarks, Mask, Pose, RgbImage } from './models/types.ts';
import { borderStats, decontaminate, foreground, MIN_LOW_DISTANCE, rgbOf, SOFT_EDGE_DISTANCE, solidPart, type Raster } from './pixels.ts';

/** Above this share of the picture near the keying threshold, the subject cannot be told from the backdrop. */
export const MAX_UNCERTAIN_SHARE = 0.25;
/** Less than this share kept: the subject was lost with the backdrop. */
export const MIN_KEPT_SHARE = 0.01;
/** More than this share kept: no backdrop was found to remove. */
export const MAX_KEPT_SHARE = 0.97;
/** The uncertain band around the keying threshold: from half the low distance to this far past the high one, RGB units. */
const UNCERTAIN_MARGIN = 24;

/** A body found with confidence: its score, and this many points each scored above POINT_SCORE. */
const BODY_SCORE = 0.5;
const POINT_SCORE = 0.4;
const MIN_POINTS = 4;
/** Of the confident body points (or the face's centre and eyes), at least this share inside the person mask. */
const MIN_POINTS_INSIDE = 0.75;
/** The person mask's share of the picture (alpha >= 128) a cut of a person may keep. */
const MIN_PERSON_SHARE = 0.02;
const MAX_PERSON_SHARE = 0.97;

export interface Separation {
  plainBackdrop: boolean;
  /** Share of pixels whose distance to the backdrop colour lies near the keying threshold. */
  uncertainShare: number;
  /** Share of pixels the cut keeps (alpha >= 128). */
  keptShare: number;
}

/** How well the picture's subject separates from its backdrop (see the module comment). */
export function separation(raster: Raster): { measure: Separation; found: ReturnType<typeof foreground> } {
  // Enclosed backdrop-coloured areas go too: the gaps between arms, body and legs of a model.
  const found = foreground(raster, { useAlpha: false, holes: 'clear' });
  const stats = borderStats(raster);
  const low = Math.max(MIN_LOW_DISTANCE, stats.spread + 6);
  const high = low + SOFT_EDGE_DISTANCE;
  const [r, g, b] = stats.colour;
  const { data } = raster;
  const pixels = raster.width * raster.height;
  let uncertain = 0;
  for (let p = 0; p < pixels; p++) {
    const i = p * 4;
    const distance = Math.hypot(data[i]! - r, data[i + 1]! - g, data[i + 2]! - b);
    if (distance >= low / 2 && distance < high + UNCERTAIN_MARGIN) uncertain++;
  }
  return { measure: { plainBackdrop: found.plainBackdrop, uncertainShare: uncertain / pixels, keptShare: found.coverage }, found };
}

/** Whether a colour-keyed cut with these measures keeps the subject (see the module comment). */
export function trustworthy(measure: Separation): boolean {
  return measure.plainBackdrop && measure.uncertainShare <= MAX_UNCERTAIN_SHARE && measure.keptShare >= MIN_KEPT_SHARE && measure.keptShare <= MAX_KEPT_SHARE;
}

export interface PersonCut {
  mask: Mask;
  /** What the body and face models answered (the face model is asked only when the body was not found). */
  pose: Pose | null;
  face: FaceLandmarks | null;
  /** The models whose answers made the cut. */
  models: ModelId[];
  /** What told it was a person: the body's score and points inside the mask, or the face. */
  evidence: { body?: number; face?: number; pointsInside: number; points: number; share: number };
}

/**
 * The person mask of a photo that shows a person, or null when it shows none the models agree
 * on (see the module comment).
 */
export async function findPerson(image: RgbImage, models: ModelRuntime, signal?: AbortSignal): Promise<PersonCut | null> {
  const { width, height } = image;
  const pose = await models.pose(image, { signal });
  const confident = pose ? Object.values(pose.keypoints).filter((point) => point.score > POINT_SCORE) : [];
  const bodyFound = !!pose && pose.score >= BODY_SCORE && confident.length >= MIN_POINTS;
  const face = bodyFound ? null : await models.face(image, { signal });
  if (!bodyFound && !face) return null;
  const points: Array<[number, number]> = bodyFound
    ? confident.map((point) => [point.x, point.y])
    : [[face!.box[0] + face!.box[2] / 2, face!.box[1] + face!.box[3] / 2], face!.leftEye, face!.rightEye];
  const mask = await models.personMask(image, { signal });
  const at = ([x, y]: [number, number]) =>
    mask.data[Math.min(height - 1, Math.max(0, Math.round(y))) * width + Math.min(width - 1, Math.max(0, Math.round(x)))]!;
  const pointsInside = points.filter((point) => at(point) >= 128).length;
  const { share } = solidPart(mask);
  const evidence = { ...(bodyFound ? { body: pose!.score } : { face: face!.score }), pointsInside, points: points.length, share };
  if (pointsInside / points.length < MIN_POINTS_INSIDE || share < MIN_PERSON_SHARE || share > MAX_PERSON_SHARE) return null;
  return { mask, pose, face, models: bodyFound ? ['pose', 'person'] : ['pose', 'face', 'person'], evidence };
}

/**
 * The colours of a soft edge freed of the backdrop behind it, in place: where alpha is between
 * 0 and 1 the photo mixes subject and backdrop, F·α + B·(1 − α), so hair cut from a kitchen
 * keeps the kitchen's colour. Blur fusion (Forte and Pitié 2021), two passes: F and B are the
 * means of the nearby subject and backdrop colours, weighted by alpha and 1 − alpha over a
 * window of `r` (then of a third of it, on the first pass's estimates), and each soft pixel's
 * remainder I − α·F − (1 − α)·B is shared between them. Only the soft edge changes; the solid
 * core and the clear backdrop keep their pixels.
 */
export function freeEdgeColours(raster: Raster, mask: Mask, r: number): void {
  const { data, width, height } = raster;
  const size = width * height;
  const alpha = new Float32Array(size);
  const rest = new Float32Array(size);
  for (let p = 0; p < size; p++) {
    alpha[p] = mask.data[p]! / 255;
    rest[p] = 1 - alpha[p]!;
  }
  const radii = [r, Math.max(2, Math.round(r / 3))];
  const weights = radii.map((radius) => [boxMean(alpha, width, height, radius), boxMean(rest, width, height, radius)] as const);
  const weighted = new Float32Array(size);
  for (let c = 0; c < 3; c++) {
    const channel = new Float32Array(size);
    for (let p = 0; p < size; p++) channel[p] = data[p * 4 + c]! / 255;
    let fg = channel;
    let bg = channel;
    for (const [k, radius] of radii.entries()) {
      const [weightF, weightB] = weights[k]!;
      for (let p = 0; p < size; p++) weighted[p] = fg[p]! * alpha[p]!;
      const meanF = boxMean(weighted, width, height, radius);
      for (let p = 0; p < size; p++) weighted[p] = bg[p]! * rest[p]!;
      const meanB = boxMean(weighted, width, height, radius);
      const nextF = Float32Array.from(channel);
      const nextB = Float32Array.from(channel);
      for (let p = 0; p < size; p++) {
        const m = mask.data[p]!;
        if (m === 0 || m === 255) continue;
        const a = alpha[p]!;
        const f = weightF[p]! > 1e-4 ? meanF[p]! / weightF[p]! : channel[p]!;
        const b = weightB[p]! > 1e-4 ? meanB[p]! / weightB[p]! : channel[p]!;
        const remainder = channel[p]! - a * f - (1 - a) * b;
        nextF[p] = Math.min(1, Math.max(0, f + a * remainder));
        nextB[p] = Math.min(1, Math.max(0, b + (1 - a) * remainder));
      }
      fg = nextF;
      bg = nextB;
    }
    for (let p = 0; p < size; p++) {
      const m = mask.data[p]!;
      if (m !== 0 && m !== 255) data[p * 4 + c] = Math.round(fg[p]! * 255);
    }
  }
}

export interface BackgroundCut {
  raster: Raster;
  /** 'person': the person mask; 'any subject': the ISNet add-on's mask; 'plain backdrop': the backdrop colour keyed out. */
  method: 'person' | 'any subject' | 'plain backdrop';
  /** The models whose answers made the cut (none for a keyed backdrop). */
  models: ModelId[];
}

/**
 * The picture with its backdrop made transparent: a person by the person mask, anything else
 * by its plain backdrop's colour (see the module comment).
 * @throws EngineError backgroundNotRemoved when neither cut can be trusted (the job fails, refunded)
 */
export async function removeBackground(raster: Raster, options: { models?: ModelRuntime; signal?: AbortSignal } = {}): Promise<BackgroundCut> {
  const models = options.models ?? modelRuntime();
  const rgb = rgbOf(raster);
  const person = await findPerson(rgb, models, options.signal);
  options.signal?.throwIfAborted();
  const cut = { data: Buffer.from(raster.data), width: raster.width, height: raster.height };
  if (person) {
    // The window of a few of the person model's pixels (256 across the photo).
    freeEdgeColours(cut, person.mask, Math.max(3, Math.round(Math.max(raster.width, raster.height) / 128)));
    for (let p = 0; p < person.mask.data.length; p++) cut.data[p * 4 + 3] = Math.min(cut.data[p * 4 + 3]!, person.mask.data[p]!);
    return { raster: cut, method: 'person', models: person.models };
  }
  if (models.anySubjectCutout) {
    // The add-on (CUTOUT_ADDON=isnet) cuts whatever the photo's subject is; its cut is kept when
    // it kept something and not everything, as the colour key's is.
    const mask = await models.objectMask(rgb, { signal: options.signal });
    const { share } = solidPart(mask);
    if (share < MIN_KEPT_SHARE || share > MAX_KEPT_SHARE) throw new EngineError('backgroundNotRemoved');
    freeEdgeColours(cut, mask, Math.max(2, Math.round(Math.max(raster.width, raster.height) / 512)));
    for (let p = 0; p < mask.data.length; p++) cut.data[p * 4 + 3] = Math.min(cut.data[p * 4 + 3]!, mask.data[p]!);
    return { raster: cut, method: 'any subject', models: ['isnet'] };
  }
  const { measure, found } = separation(raster);
  if (!trustworthy(measure)) throw new EngineError('backgroundNotRemoved');
  if (found.backdrop) decontaminate(cut, found.mask, found.backdrop);
  for (let p = 0; p < found.mask.data.length; p++) cut.data[p * 4 + 3] = Math.min(cut.data[p * 4 + 3]!, found.mask.data[p]!);
  return { raster: cut, method: 'plain backdrop', models: [] };
}
