/**
 * The image upscaler's enlargement (docs/product-rules.md#upscaler): ESRGAN slim, the built-in
 * engine's super-resolution model, when the photo is small enough for it to finish within the
 * promised wait (`esrganMaxMegapixels`, from its measured rate and the tool catalogue's figure);
 * else a Lanczos-3 resample and an unsharp mask. ×3 and capped factors run the ×4 model (×2 up to
 * 2), then a Lanczos resize to the exact size: measured on real photos, ×4-then-down beat
 * ×2-then-up by 0.6-1.8 dB, and Lanczos alone by 0.5-1.7 dB.
 *
 * The rate is measured on an idle machine; a busy one (other jobs, another upscale ahead in the
 * one model thread) is slower. So the run also keeps to its budget: when its first tenth of tiles
 * says it would finish past it, or the budget runs out before that tenth is done, the model is
 * stopped and the photo is resampled instead, which the result says (`esrganSlow`).
 */
import sharp, { type Sharp } from 'sharp';
import { esrganMaxMegapixels, esrganScale } from '../../../src/contract/local-engine-plan.ts';
import { modelRuntime, type CallOptions } from './models/client.ts';

/** A model preset's unsharp mask: `radius` multiplies the sigma; m1, m2 are sharp's flat and jagged amounts. */
export interface Sharpening {
  radius: number;
  m1: number;
  m2: number;
}

/** How the photo is enlarged: by ESRGAN at a model scale, or resampled (with why: too large for it, or too slow here and now). */
export type Enlargement =
  | { method: 'esrgan'; scale: 2 | 4 }
  | { method: 'lanczos'; megapixels: number; limit: number }
  | { method: 'lanczos'; slow: true; seconds: number };
/**
 * Progress (percent of tiles) at which the model's finish is projected, once: stopped there, the
 * run loses a tenth of the model's time; later, it would lose more than it could save.
 */
const CHECKPOINT_PERCENT = 10;

/** Which way a `width`×`height` photo part is enlarged by `factor`. */
export function chooseEnlargement(width: number, height: number, factor: number): Enlargement {
  const megapixels = (width * height) / 1e6;
  const limit = esrganMaxMegapixels(factor);
  return megapixels <= limit ? { method: 'esrgan', scale: esrganScale(factor) } : { method: 'lanczos', megapixels: Number(megapixels.toFixed(1)), limit };
}

/**
 * The ×2 model's output is a little soft: the preset's unsharp mask at 0.75 px brought it
 * 0.6-1.0 dB closer to the original photo; on the ×4 model's it cost 0.3-0.7 dB, so that one is
 * kept as drawn.
 */
const ESRGAN_X2_SIGMA = 0.75;

/**
 * ESRGAN's enlargement of `source` (the photo part, any decoding steps applied) to `out`, as raw
 * RGB; progress 0-100 as its tiles finish. Aborts with the job. Null, the model stopped, when it
 * would not finish within `budgetMs` of `startedAt` (performance.now()); `projected` then holds
 * the seconds the job would have taken to that point (the budget, when it stopped for no progress).
 */
export async function esrganEnlarge(
  source: Sharp,
  scale: 2 | 4,
  out: { width: number; height: number },
  preset: Sharpening,
  options: { signal: AbortSignal; onProgress: (percent: number) => void; startedAt: number; budgetMs: number },
): Promise<{ rgb: Buffer } | { rgb: null; projected: number }> {
  const { data, info } = await source.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  options.signal.throwIfAborted();
  const image = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  const deadline = options.startedAt + options.budgetMs;
  const giveUp = new AbortController();
  let projected = options.budgetMs / 1000;
  const stop = () => giveUp.abort(new Error('ESRGAN would not finish within its budget'));
  // Until the checkpoint, the budget's end stops the model (it has not started: another upscale holds the thread).
  let timer: NodeJS.Timeout | undefined = setTimeout(stop, Math.max(0, deadline - performance.now()));
  let first: { at: number; percent: number } | null = null;
  const call: CallOptions = {
    signal: AbortSignal.any([options.signal, giveUp.signal]),
    onProgress: (percent) => {
      options.onProgress(percent);
      const now = performance.now();
      // The rate from the first tile on: the model's load and any wait for the thread are behind it.
      first ??= { at: now, percent };
      if (!timer || percent < CHECKPOINT_PERCENT || percent <= first.percent) return;
      // Decided once: a run that would finish in time goes on to the end.
      clearTimeout(timer);
      timer = undefined;
      const finish = now + ((now - first.at) / (percent - first.percent)) * (100 - percent);
      if (finish > deadline) {
        projected = (finish - options.startedAt) / 1000;
        stop();
      }
    },
  };
  let big;
  try {
    big = await modelRuntime().upscale(image, scale, call);
  } catch (error) {
    if (giveUp.signal.aborted && !options.signal.aborted) return { rgb: null, projected: Math.round(projected) };
    throw error;
  } finally {
    if (timer) clearTimeout(timer);
  }
  let result = sharp(Buffer.from(big.data.buffer, big.data.byteOffset, big.data.length), { raw: { width: big.width, height: big.height, channels: 3 } });
  if (big.width !== out.width || big.height !== out.height) result = result.resize(out.width, out.height, { fit: 'fill', kernel: 'lanczos3' });
  if (scale === 2) result = result.sharpen({ sigma: ESRGAN_X2_SIGMA * preset.radius, m1: preset.m1, m2: preset.m2 });
  return { rgb: await result.raw().toBuffer() };
}
