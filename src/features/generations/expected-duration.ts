import type { Feature, Generation } from '../../contract/generations.ts';

// ── Expected durations (docs/product-rules.md#processing-times) ──────────────────────

export interface ExpectedDuration {
  minSeconds: number;
  maxSeconds: number;
}

/**
 * What the processing screen promises, per tool (docs/product-rules.md#processing-times): try-on about 30-45 s (per garment:
 * each garment is one engine pass), image upscale 30-60 s, video upscale 2-5 min; the other tools
 * take the spec's general wait of 2-3 min (image editing, body generator and hairstyle run one
 * model call like try-on, but the spec gives them no figure of their own; image to video is the
 * slowest model family and the general wait is the spec's only figure for it).
 */
export const EXPECTED_DURATIONS: Readonly<Record<Feature, ExpectedDuration>> = {
  'virtual-tryon': { minSeconds: 30, maxSeconds: 45 },
  'image-editing': { minSeconds: 120, maxSeconds: 180 },
  'body-generator': { minSeconds: 120, maxSeconds: 180 },
  'hairstyle-changer': { minSeconds: 120, maxSeconds: 180 },
  'image-to-video': { minSeconds: 120, maxSeconds: 180 },
  'upscaler-image': { minSeconds: 30, maxSeconds: 60 },
  'upscaler-video': { minSeconds: 120, maxSeconds: 300 },
};

/** The expected time of a job (try-on scaled by its garments), or of a feature before submitting. */
export function expectedDuration(feature: Feature, job?: Pick<Generation, 'inputs'> | null): ExpectedDuration {
  const base = EXPECTED_DURATIONS[feature];
  if (feature !== 'virtual-tryon' || !job) return base;
  const garments = Array.isArray(job.inputs.garments) ? Math.max(1, job.inputs.garments.length) : 1;
  return { minSeconds: base.minSeconds * garments, maxSeconds: base.maxSeconds * garments };
}

/** Whole seconds from the job's creation to its end (or to `now` while it runs); never negative (clock skew). */
export function elapsedSeconds(job: Pick<Generation, 'created_at' | 'finished_at'>, now: number): number {
  const end = job.finished_at ? Date.parse(job.finished_at) : now;
  return Math.max(0, Math.floor((end - Date.parse(job.created_at)) / 1_000));
}
