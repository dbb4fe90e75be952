/**
 * The engines, and the wait a studio promises for one job of a tool on the engine that runs it:
 * a default per engine until enough jobs were measured, then the measured median and 90th
 * percentile (GET /api/generations/expected-durations).
 *
 * Imports only valibot; the default figures, the sample counts and the measure are plain, in
 * expected-durations.ts.
 */
import * as v from 'valibot';
import { FEATURES } from './tools.ts';
import { ENGINE_NAMES } from './expected-durations.ts';

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
