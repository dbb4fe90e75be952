/**
 * The wait each studio promises, measured: per tool, on the engine that runs it now, the median
 * and 90th percentile of its recent completed jobs, from submit to result (the try-on's per
 * garment), or the contract's default until enough ran. Across all accounts (only timings, no
 * content), recomputed at most once a minute per process.
 */
import { DEFAULT_EXPECTED_SECONDS, type EngineName, EXPECTED_WINDOW, measuredRange } from '../../src/contract/expected-durations.ts';
import type { ExpectedDurations } from '../../src/contract/expected-durations.schema.ts';
import { FEATURES, type Feature } from '../../src/contract/tools.ts';

/** One recent completed job: its submit-to-result time and its number of engine passes (garments). */
export interface MeasuredJob {
  seconds: number;
  passes: number;
}

export interface ExpectedDurationsDeps {
  /** The newest completed jobs of a tool on an engine, at most `limit`. */
  recent: (feature: Feature, engine: EngineName, limit: number) => Promise<MeasuredJob[]>;
  engineFor: (feature: Feature) => EngineName;
  now?: () => number;
}

/** How long one answer is reused, in ms. */
const CACHE_MS = 60_000;

export function createExpectedDurations({ recent, engineFor, now = Date.now }: ExpectedDurationsDeps): () => Promise<ExpectedDurations> {
  let cached: { at: number; value: Promise<ExpectedDurations> } | null = null;
  const compute = async (): Promise<ExpectedDurations> => ({
    items: await Promise.all(
      FEATURES.map(async (feature) => {
        const engine = engineFor(feature);
        const jobs = await recent(feature, engine, EXPECTED_WINDOW);
        const measured = measuredRange(jobs.map((job) => job.seconds / Math.max(1, job.passes)));
        const { min, max } = measured ?? DEFAULT_EXPECTED_SECONDS[engine][feature];
        return { feature, engine, min_seconds: min, max_seconds: max, samples: jobs.length };
      }),
    ),
  });
  return () => {
    if (!cached || now() - cached.at >= CACHE_MS) {
      const value = compute();
      cached = { at: now(), value };
      // A failed read is not kept: the next request tries again.
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    return cached.value;
  };
}
