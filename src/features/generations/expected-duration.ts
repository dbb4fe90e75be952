import * as v from 'valibot';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { DEFAULT_EXPECTED_SECONDS, expectedOnEveryEngine, type SecondsRange } from '../../contract/expected-durations.ts';
import { ExpectedDurationsSchema, type ExpectedDurations } from '../../contract/expected-durations.schema.ts';
import type { Feature } from '../../contract/tools.ts';
import type { Generation } from '../../contract/generations.schema.ts';
import { api } from '../../lib/api.ts';
import { generationKeys } from './api.ts';

// ── The expected wait of a job ────────────────────────────────────────────────────────

/** A wait, in seconds: what the processing screen, the Generate step and the notification offer promise. */
export interface ExpectedDuration {
  minSeconds: number;
  maxSeconds: number;
}

const fromRange = ({ min, max }: SecondsRange): ExpectedDuration => ({ minSeconds: min, maxSeconds: max });

/**
 * The expected time of a job (try-on scaled by its garments), or of a tool before submitting,
 * from the contract's one declaration per tool and engine (src/contract/expected-durations.ts):
 * - what the server measured for the tool on the engine that runs it (`measured`, which names
 *   that engine), unless the job ran on another engine;
 * - else the contract's default for the job's engine;
 * - else, with neither known (offline before the first answer), what holds on every engine.
 */
export function expectedDuration(
  feature: Feature,
  job?: (Pick<Generation, 'inputs'> & Partial<Pick<Generation, 'engine'>>) | null,
  measured?: ExpectedDurations | null,
): ExpectedDuration {
  const entry = measured?.items.find((item) => item.feature === feature && (!job?.engine || item.engine === job.engine));
  const base = entry
    ? { minSeconds: entry.min_seconds, maxSeconds: entry.max_seconds }
    : job?.engine
      ? fromRange(DEFAULT_EXPECTED_SECONDS[job.engine][feature])
      : fromRange(expectedOnEveryEngine(feature));
  if (feature !== 'virtual-tryon' || !job) return base;
  const garments = Array.isArray(job.inputs.garments) ? Math.max(1, job.inputs.garments.length) : 1;
  return { minSeconds: base.minSeconds * garments, maxSeconds: base.maxSeconds * garments };
}

/** Whole seconds from the job's creation to its end (or to `now` while it runs); never negative (clock skew). */
export function elapsedSeconds(job: Pick<Generation, 'created_at' | 'finished_at'>, now: number): number {
  const end = job.finished_at ? Date.parse(job.finished_at) : now;
  return Math.max(0, Math.floor((end - Date.parse(job.created_at)) / 1_000));
}

// ── What the server measured ──────────────────────────────────────────────────────────

/** The server recomputes its figures at most once a minute; a studio asks again after five. */
const EXPECTED_STALE_MS = 5 * 60_000;

export const expectedDurationsKey = [...generationKeys.all, 'expected-durations'] as const;

export async function fetchExpectedDurations(signal?: AbortSignal): Promise<ExpectedDurations> {
  return v.parse(ExpectedDurationsSchema, await api.get('/api/generations/expected-durations', { signal }));
}

export const expectedDurationsQueryOptions = () => ({
  queryKey: expectedDurationsKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchExpectedDurations(signal),
  staleTime: EXPECTED_STALE_MS,
  // Not worth an error on screen: the defaults stand in.
  retry: 1,
});

/**
 * The measured waits per tool (GET /api/generations/expected-durations), cached; null while
 * unknown (loading, offline, refused), when `expectedDuration` falls back to the defaults.
 */
export function useExpectedDurations(): ExpectedDurations | null {
  return useQuery(expectedDurationsQueryOptions()).data ?? null;
}

/** The expected time of a job, or of a tool before submitting, as `expectedDuration` with what the server measured. */
export function useExpectedDuration(feature: Feature, job?: Pick<Generation, 'inputs'> | null): ExpectedDuration {
  return expectedDuration(feature, job, useExpectedDurations());
}

// ── In words ──────────────────────────────────────────────────────────────────────────

const MINUTE_S = 60;
/** Up to this many seconds a wait is told in seconds ("30–90 giây"), beyond in minutes. */
const SECONDS_UP_TO = 90;

/**
 * A wait in words, in the person's language, with its plural form: "1–5 giây" / "1–5 seconds",
 * "1 second", "2–3 phút" / "2–3 minutes", "1 minute". Up to 90 s in seconds, beyond in minutes,
 * the shortest rounded down and the longest up (never below one).
 */
export function formatExpectedWait({ minSeconds, maxSeconds }: ExpectedDuration, i18n: I18n): string {
  const inSeconds = maxSeconds <= SECONDS_UP_TO;
  const max = inSeconds ? Math.max(1, Math.round(maxSeconds)) : Math.max(1, Math.ceil(maxSeconds / MINUTE_S));
  const min = Math.min(max, inSeconds ? Math.max(1, Math.round(minSeconds)) : Math.max(1, Math.floor(minSeconds / MINUTE_S)));
  if (min === max) return inSeconds ? i18n._(msg`${plural(max, { other: '# giây' })}`) : i18n._(msg`${plural(max, { other: '# phút' })}`);
  return inSeconds ? i18n._(msg`${min}–${plural(max, { other: '# giây' })}`) : i18n._(msg`${min}–${plural(max, { other: '# phút' })}`);
}

/** The expected wait of one job of a tool (the try-on's: per garment), in words. */
export function useExpectedWait(feature: Feature): string {
  const { i18n } = useLingui();
  return formatExpectedWait(useExpectedDuration(feature), i18n);
}
