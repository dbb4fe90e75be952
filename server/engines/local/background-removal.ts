/**
 * "Remove background" of image editing, locally, and whether its result can be trusted
 * (docs/product-rules.md#image-editing). Without a segmentation model the local engine keys out
 * the backdrop colour (./pixels.ts `foreground`): right on a plain backdrop that differs from the
 * subject, wrong on anything else, where it erases the subject with the backdrop (a cream cup on
 * a beige table came out an almost empty picture). So the cut is delivered only when the photo
 * lets it be told apart, and otherwise the job fails and its credits are refunded:
 * - the backdrop is plain (its border's colour spread within MAX_BACKDROP_SPREAD);
 * - the picture separates: at most MAX_UNCERTAIN_SHARE of its pixels lie near the keying
 *   threshold, where subject and backdrop cannot be told apart by colour;
 * - something was kept, and not everything: the kept share is within MIN_KEPT_SHARE..MAX_KEPT_SHARE.
 *
 * Measured (uncertain share / kept share): the studio examples and the test fixtures on plain
 * backdrops 0.6–12.7% / 19–63%; a cream cup on a beige backdrop with a light fall-off 49% / 7.9%
 * (the cup's body and the coffee keyed out) and a bottle on wooden planks 47% / 11%.
 */
import { EngineError } from '../types.ts';
import { borderStats, decontaminate, foreground, MIN_LOW_DISTANCE, SOFT_EDGE_DISTANCE, type Raster } from './pixels.ts';

/** Above this share of the picture near the keying threshold, the subject cannot be told from the backdrop. */
export const MAX_UNCERTAIN_SHARE = 0.25;
/** Less than this share kept: the subject was lost with the backdrop. */
export const MIN_KEPT_SHARE = 0.01;
/** More than this share kept: no backdrop was found to remove. */
export const MAX_KEPT_SHARE = 0.97;
/** The uncertain band around the keying threshold: from half the low distance to this far past the high one, RGB units. */
const UNCERTAIN_MARGIN = 24;

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

/** Whether a cut with these measures keeps the subject (see the module comment). */
export function trustworthy(measure: Separation): boolean {
  return measure.plainBackdrop && measure.uncertainShare <= MAX_UNCERTAIN_SHARE && measure.keptShare >= MIN_KEPT_SHARE && measure.keptShare <= MAX_KEPT_SHARE;
}

/**
 * The picture with its backdrop made transparent.
 * @throws EngineError backgroundNotRemoved when the cut cannot be trusted (the job fails, refunded)
 */
export function removeBackground(raster: Raster): Raster {
  const { measure, found } = separation(raster);
  if (!trustworthy(measure)) throw new EngineError('backgroundNotRemoved');
  const cut = { data: Buffer.from(raster.data), width: raster.width, height: raster.height };
  if (found.backdrop) decontaminate(cut, found.mask, found.backdrop);
  for (let p = 0; p < found.mask.data.length; p++) cut.data[p * 4 + 3] = Math.min(cut.data[p * 4 + 3]!, found.mask.data[p]!);
  return cut;
}
