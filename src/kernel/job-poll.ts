// The page↔worker shared kernel (src/kernel): modules both the service worker (sw/) and the
// pages import. They import only src/contract, each other, idb-keyval and valibot: no DOM-only
// code, no React, nothing from src/lib or src/features.
import type { GenerationStatus } from '../contract/generations.ts';
import { isWatchPending, type WatchedJob } from './job-watch.ts';

/**
 * The service worker's polling of watched jobs, as decisions without side effects: how long to
 * wait before asking again (back-off), what an answer means, and the loop that asks every
 * pending job in turn until none is left. sw/jobs.ts supplies the fetch, the IndexedDB and the
 * notifications; the tests supply fakes. DOM-free.
 */

/** First wait between two polls of one job, in ms. */
export const POLL_FIRST_MS = 2_000;
/** Each wait is this much longer than the previous one… */
export const POLL_FACTOR = 1.5;
/** …up to this, in ms: a finished job is noticed within half a minute at worst. */
export const POLL_MAX_MS = 30_000;
/**
 * One wake of the service worker polls for at most this long, in ms. Chromium ends a worker
 * whose event is still unsettled after 5 minutes; ending before that lets the worker ask for a
 * fresh wake (one-off sync) instead of being killed mid-request.
 */
export const MAX_WAKE_MS = 4 * 60_000;

/** The wait before poll number `attempt + 1` of one job: 2 s, 3 s, 4.5 s, … capped at 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(POLL_MAX_MS, Math.round(POLL_FIRST_MS * POLL_FACTOR ** Math.max(0, attempt)));
}

/** What one GET /api/generations/{id} gave. */
export type PollOutcome =
  | { kind: 'job'; status: GenerationStatus; finishedAt: number | null; thumbnailPath: string | null; partial?: boolean }
  | { kind: 'http'; status: number }
  | { kind: 'network' };

export type PollDecision =
  /** Ask again after `delayMs`. */
  | { action: 'wait'; delayMs: number }
  /** The job ended: record it and announce it. */
  | { action: 'finished'; status: GenerationStatus; finishedAt: number | null; thumbnailPath: string | null; partial?: boolean }
  /** Asking again will not change the answer (deleted, someone else's): stop watching it. */
  | { action: 'forget' }
  /** The token no longer works (signed out, expired): stop polling everything until a page sends a new one. */
  | { action: 'stop' };

/** What to do after poll number `attempt + 1` of a job answered `outcome`. */
export function decidePoll(outcome: PollOutcome, attempt: number): PollDecision {
  if (outcome.kind === 'job') {
    if (isWatchPending(outcome)) return { action: 'wait', delayMs: backoffDelay(attempt) };
    return {
      action: 'finished',
      status: outcome.status,
      finishedAt: outcome.finishedAt,
      thumbnailPath: outcome.thumbnailPath,
      ...(outcome.partial ? { partial: true } : {}),
    };
  }
  if (outcome.kind === 'network') return { action: 'wait', delayMs: backoffDelay(attempt) };
  const { status } = outcome;
  if (status === 401) return { action: 'stop' };
  // Timeouts, rate limits and server errors pass; other client errors are final answers.
  if (status === 408 || status === 429 || status >= 500) return { action: 'wait', delayMs: backoffDelay(attempt) };
  return { action: 'forget' };
}

export interface PollLoopDeps {
  /** The watched jobs still pending for the session's account; null without a session (nothing to poll with). */
  pending(): Promise<WatchedJob[] | null>;
  fetchJob(id: string): Promise<PollOutcome>;
  finished(job: WatchedJob, decision: Extract<PollDecision, { action: 'finished' }>): Promise<void>;
  forget(job: WatchedJob): Promise<void>;
  /** Waits `ms`; may resolve earlier (a new job was submitted: look at the list again). */
  sleep(ms: number): Promise<void>;
  now(): number;
  /** Longest run, in ms (MAX_WAKE_MS by default). */
  maxRunMs?: number;
}

/**
 * - `idle`: no pending job is left;
 * - `signed-out`: no session to poll with, or the token was refused;
 * - `deadline`: pending jobs remain but this wake is over (see MAX_WAKE_MS).
 */
export type PollLoopEnd = 'idle' | 'signed-out' | 'deadline';

interface Schedule {
  attempt: number;
  dueAt: number;
}

/**
 * Polls every pending watched job until none is left: each job on its own back-off, the first
 * poll of a job at once (after a reload it may have ended long ago). The list is read again
 * each round, so jobs submitted meanwhile join and jobs the page saw end drop out.
 */
export async function runPollLoop(deps: PollLoopDeps): Promise<PollLoopEnd> {
  const started = deps.now();
  const maxRunMs = deps.maxRunMs ?? MAX_WAKE_MS;
  const schedule = new Map<string, Schedule>();
  /** Jobs this run saw end or forgot: never asked again, even if the list was not updated. */
  const done = new Set<string>();
  for (;;) {
    const listed = await deps.pending();
    if (listed === null) return 'signed-out';
    const pending = listed.filter((job) => !done.has(job.id));
    if (pending.length === 0) return 'idle';

    const ids = new Set(pending.map((job) => job.id));
    for (const id of schedule.keys()) if (!ids.has(id)) schedule.delete(id);
    let now = deps.now();
    for (const job of pending) if (!schedule.has(job.id)) schedule.set(job.id, { attempt: 0, dueAt: now });

    for (const job of pending) {
      const slot = schedule.get(job.id)!;
      if (slot.dueAt > now) continue;
      const decision = decidePoll(await deps.fetchJob(job.id), slot.attempt);
      now = deps.now();
      if (decision.action === 'stop') return 'signed-out';
      if (decision.action === 'wait') schedule.set(job.id, { attempt: slot.attempt + 1, dueAt: now + decision.delayMs });
      else {
        schedule.delete(job.id);
        done.add(job.id);
        if (decision.action === 'finished') await deps.finished(job, decision);
        else await deps.forget(job);
      }
    }

    const next = Math.min(...[...schedule.values()].map((slot) => slot.dueAt));
    // Nothing scheduled: every job ended this round; the next read of the list confirms it.
    if (!Number.isFinite(next)) continue;
    if (next - started > maxRunMs) return 'deadline';
    await deps.sleep(Math.max(0, next - deps.now()));
  }
}
