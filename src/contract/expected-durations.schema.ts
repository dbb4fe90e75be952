/**
 * The engines, and the wait a studio promises for one job of a tool on the engine that runs it:
 * a default per engine until enough jobs were measured, then the measured median and 90th
 * percentile (GET /api/generations/expected-durations). `generations.ts` re-exports all of it.
 *
 * Imports only valibot; the default figures are in expected-seconds.ts, which imports no library.
 */
import * as v from 'valibot';
import { FEATURES } from './features.ts';
import { ENGINE_NAMES, type SecondsRange } from './expected-seconds.ts';

/** Completed jobs a measured figure needs before it replaces the default. */
export const EXPECTED_MIN_SAMPLES = 3;
/** The most recent completed jobs of a tool on its engine that the figure is measured on. */
export const EXPECTED_WINDOW = 50;

/**
 * GET /api/generations/expected-durations: per tool, the engine that runs it now and the wait
 * to expect, from submit to result: the median (`min_seconds`) and the 90th percentile
 * (`max_seconds`) of its recent completed jobs on that engine, or the default while fewer than
 * EXPECTED_MIN_SAMPLES ran (`samples` says how many were measured). The try-on's figure is per
 * garment (each garment is one engine pass).
 */
export const ExpectedDurationSchema = v.object({
  feature: v.picklist(FEATURES),
  engine: v.picklist(ENGINE_NAMES),
  min_seconds: v.number(),
  max_seconds: v.number(),
  samples: v.number(),
});
export type ExpectedDurationEntry = v.InferOutput<typeof ExpectedDurationSchema>;
export const ExpectedDurationsSchema = v.object({ items: v.array(ExpectedDurationSchema) });
export type ExpectedDurations = v.InferOutput<typeof ExpectedDurationsSchema>;

/**
 * The expected wait from measured durations in seconds (any order): the median and the 90th
 * percentile, whole seconds, at least 1 and the second never below the first; null with fewer
 * than EXPECTED_MIN_SAMPLES.
 */
export function measuredRange(seconds: readonly number[]): SecondsRange | null {
  if (seconds.length < EXPECTED_MIN_SAMPLES) return null;
  const sorted = seconds.toSorted((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * (sorted.length - 1) + 0.5))]!;
  const min = Math.max(1, Math.round(at(0.5)));
  return { min, max: Math.max(min, Math.ceil(at(0.9))) };
}
