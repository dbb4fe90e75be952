/**
 * The engines, and the wait a job of each tool takes on each of them before the server has
 * measured any (docs/product-rules.md#processing-times): the one declaration every screen that
 * states a duration derives from — the studios and their processing view, the job notification
 * offer, the public pages. The server measures the real waits and answers them with these as the
 * defaults (GET /api/generations/expected-durations, whose answer's schema is in
 * expected-durations.schema.ts) after EXPECTED_MIN_SAMPLES jobs, measured by measuredRange.
 *
 * The figures are the tool catalogue's (tools.ts, plain data), so a pre-rendered public page can
 * state a duration without the schema library.
 */
import { perFeature, type Feature } from './tools.ts';

export const ENGINE_NAMES = ['local', 'fal'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** A wait, in whole seconds. */
export interface SecondsRange {
  min: number;
  max: number;
}

const range = (min: number, max: number): SecondsRange => ({ min, max });

/**
 * What a studio promises before the server has measured enough jobs of a tool on its engine:
 * the local engine renders in a second or two (ffmpeg videos take longer, and an image upscale up
 * to a minute: its super-resolution model's limit is set by that figure); fal's figures are
 * the product's processing times (try-on 30-45 s per garment, image upscale 30-60 s, video
 * upscale 2-5 min, the other tools the general 2-3 min). Each mode's figures are in the tool
 * catalogue (tools.ts).
 */
export const DEFAULT_EXPECTED_SECONDS: Readonly<Record<EngineName, Readonly<Record<Feature, SecondsRange>>>> = Object.fromEntries(
  ENGINE_NAMES.map((engine) => [engine, perFeature((mode) => range(...mode.expected[engine]))]),
) as Record<EngineName, Record<Feature, SecondsRange>>;

/**
 * What holds for a tool whichever engine runs it (a pre-rendered page does not know which one
 * will): the shortest of the engines' shortest waits and the longest of their longest.
 */
export function expectedOnEveryEngine(feature: Feature): SecondsRange {
  const ranges = ENGINE_NAMES.map((engine) => DEFAULT_EXPECTED_SECONDS[engine][feature]);
  return range(Math.min(...ranges.map((r) => r.min)), Math.max(...ranges.map((r) => r.max)));
}

/** Completed jobs a measured figure needs before it replaces the default. */
export const EXPECTED_MIN_SAMPLES = 3;
/** The most recent completed jobs of a tool on its engine that the figure is measured on. */
export const EXPECTED_WINDOW = 50;

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
