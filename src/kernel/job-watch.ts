// The page↔worker shared kernel (src/kernel): modules both the service worker (sw/) and the
// pages import. They import only src/contract, each other, idb-keyval and valibot: no DOM-only
// code, no React, nothing from src/lib or src/features.
import { clear, createStore, delMany, get, promisifyRequest, values, type UseStore } from 'idb-keyval';
import type { Feature } from '../contract/tools.ts';
import type { GenerationStatus } from '../contract/generations.ts';

/**
 * The watch list of submitted generations (docs/product-rules.md#job-tracking): one entry per job this
 * browser submitted, kept in IndexedDB (`atelier-jobs`) so tracking survives reloads and closed
 * tabs. The page adds every job it submits; while any is pending, the open app (TanStack Query)
 * and the service worker (sw/jobs.ts) poll it; whoever sees it end first records the end here.
 * The service worker then shows the notification once (`notified`), and the app badge counts
 * the ended jobs the person has not opened yet (`seen`).
 *
 * DOM-free and React-free (idb-keyval only): the service worker imports it too.
 */

/** The languages the notification can speak (src/lib/i18n.ts LOCALES, repeated: the SW cannot import it). */
export type WatchLocale = 'vi' | 'en';

export interface WatchedJob {
  /** The generation id. */
  id: string;
  /** The account that submitted it: the SW polls only the jobs of the session it holds a token for. */
  userId: string;
  feature: Feature;
  /** When it was submitted, in ms since the epoch. */
  submittedAt: number;
  /** The last status seen (queued or processing until someone sees it end). */
  status: GenerationStatus;
  /** The person opened the result (studio result view, history item): it leaves the badge. */
  seen: boolean;
  /** When it ended (the server's finished_at, else when it was seen ended), in ms since the epoch; null while pending. */
  finishedAt: number | null;
  /** The first result's thumbnail (a signed path or URL), for the notification. */
  thumbnailPath?: string;
  /** Completed with part of the request not done (docs/product-rules.md#engine-plan): the notification says so. */
  partial?: boolean;
  /** The app's language when it was submitted: the SW cannot read localStorage. */
  locale: WatchLocale;
  /** The completion notification was shown (or deliberately skipped): never twice. */
  notified: boolean;
}

export interface NewWatchedJob {
  id: string;
  userId: string;
  feature: Feature;
  locale: WatchLocale;
  submittedAt?: number;
  status?: GenerationStatus;
}

export interface FinishedJob {
  status: GenerationStatus;
  finishedAt?: number | null;
  thumbnailPath?: string | null;
  partial?: boolean;
}

/** The job statuses that still change (src/contract PENDING_STATUSES, repeated to keep this module free of valibot). */
const PENDING: readonly GenerationStatus[] = ['queued', 'processing'];

export function isWatchPending(job: Pick<WatchedJob, 'status'>): boolean {
  return PENDING.includes(job.status);
}

/** Ended jobs that count on the badge: a result or a failure to look at (a cancelled job was the person's own doing). */
export function isUnseenFinished(job: WatchedJob): boolean {
  return !job.seen && (job.status === 'completed' || job.status === 'failed');
}

/** The badge figure of one account: its ended jobs not opened yet. */
export function countUnseenFinished(jobs: readonly WatchedJob[], userId: string): number {
  return jobs.filter((job) => job.userId === userId && isUnseenFinished(job)).length;
}

/** Ended, opened and notified entries are forgotten after a week: history keeps the jobs themselves. */
export const WATCH_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A job still pending after two days is not coming back (the server times jobs out after 600 s,
 * docs/product-rules.md#timeouts): it stops being polled. The entry is dropped rather than kept polling forever.
 */
export const WATCH_PENDING_MAX_MS = 2 * 24 * 60 * 60 * 1000;

/** The entries to forget at `now`: old settled ones, and pending ones long past any time limit. */
export function expiredEntries(jobs: readonly WatchedJob[], now: number): string[] {
  return jobs
    .filter((job) =>
      isWatchPending(job)
        ? now - job.submittedAt > WATCH_PENDING_MAX_MS
        : job.seen && job.notified && now - (job.finishedAt ?? job.submittedAt) > WATCH_KEEP_MS,
    )
    .map((job) => job.id);
}

export interface JobWatchList {
  /** Adds a submitted job (a repeat of the same id keeps the first entry: an idempotent resubmit). */
  watchJob(job: NewWatchedJob): Promise<WatchedJob>;
  /** The entries, oldest first; of one account when `userId` is given. */
  listWatched(userId?: string): Promise<WatchedJob[]>;
  getWatched(id: string): Promise<WatchedJob | undefined>;
  /** Records a job's end; undefined when it is not watched. Ending twice keeps the first end (and its notified flag). */
  markFinished(id: string, finished: FinishedJob): Promise<WatchedJob | undefined>;
  /** The notification was shown (or deliberately not). */
  markNotified(id: string): Promise<void>;
  /** The person opened these results. Unknown ids, and jobs still running, are ignored. */
  markSeen(ids: readonly string[]): Promise<void>;
  /** The badge figure of one account. */
  unseenFinishedCount(userId: string): Promise<number>;
  /** Stops watching (a deleted job: the server answers 404). */
  forgetJobs(ids: readonly string[]): Promise<void>;
  /** Everything, for the logout wipe. */
  clear(): Promise<void>;
}

export function createJobWatchList(store: UseStore, now: () => number = Date.now): JobWatchList {
  const all = async () => ((await values<WatchedJob>(store)) ?? []).filter((job) => job && typeof job.id === 'string');

  /**
   * Reads and rewrites one entry in a single transaction, so the page and the service worker
   * never overwrite each other's change (one marks it seen while the other records its end).
   * `change` gets the current entry (undefined when absent) and returns the entry to store, or
   * the same value to leave it as is. Resolves to the entry as stored.
   */
  const patch = (id: string, change: (current: WatchedJob | undefined) => WatchedJob | undefined) =>
    store('readwrite', async (objects) => {
      // Awaiting a request keeps the transaction open: the continuation runs as it succeeds.
      const current = (await promisifyRequest(objects.get(id))) as WatchedJob | undefined;
      const next = change(current);
      if (next === current || next === undefined) return current;
      objects.put(next, id);
      await promisifyRequest(objects.transaction);
      return next;
    });

  return {
    async watchJob(job) {
      const kept = await patch(
        job.id,
        (current) =>
          current ?? {
            id: job.id,
            userId: job.userId,
            feature: job.feature,
            submittedAt: job.submittedAt ?? now(),
            status: job.status ?? 'queued',
            seen: false,
            finishedAt: null,
            locale: job.locale,
            notified: false,
          },
      );
      // Housekeeping rides on the rare write that adds an entry.
      const stale = expiredEntries(await all(), now());
      if (stale.length > 0) await delMany(stale, store);
      return kept!;
    },
    async listWatched(userId) {
      const jobs = await all();
      return jobs.filter((job) => userId === undefined || job.userId === userId).toSorted((a, b) => a.submittedAt - b.submittedAt);
    },
    getWatched: (id) => get<WatchedJob>(id, store),
    markFinished: (id, finished) =>
      patch(id, (current) => {
        // Unknown, already ended (the first end stands), or still running: nothing to record.
        if (!current || !isWatchPending(current) || PENDING.includes(finished.status)) return current;
        const cancelled = finished.status === 'cancelled';
        return {
          ...current,
          status: finished.status,
          finishedAt: finished.finishedAt ?? now(),
          // A cancellation is the person's own act: nothing to announce or to badge.
          seen: current.seen || cancelled,
          notified: current.notified || cancelled,
          ...(finished.thumbnailPath ? { thumbnailPath: finished.thumbnailPath } : {}),
          ...(finished.partial ? { partial: true } : {}),
        };
      }),
    async markNotified(id) {
      await patch(id, (current) => (current && !current.notified ? { ...current, notified: true } : current));
    },
    async markSeen(ids) {
      // A running job has no result to have seen yet: its end still deserves the notification.
      for (const id of ids) await patch(id, (current) => (current && !current.seen && !isWatchPending(current) ? { ...current, seen: true } : current));
    },
    async unseenFinishedCount(userId) {
      return countUnseenFinished(await all(), userId);
    },
    async forgetJobs(ids) {
      if (ids.length > 0) await delMany([...ids], store);
    },
    clear: () => clear(store),
  };
}

// ── The browser's list ────────────────────────────────────────────────────────────────

/** One database per concern (idb-keyval keeps one store per database). */
export const JOB_WATCH_DB = 'atelier-jobs';
export const JOB_WATCH_STORE = 'watch';

let browserList: JobWatchList | undefined;
/** Created on first use: idb-keyval opens the database lazily, but nothing here should touch IndexedDB at import. */
function watchList(): JobWatchList {
  browserList ??= createJobWatchList(createStore(JOB_WATCH_DB, JOB_WATCH_STORE));
  return browserList;
}

export const watchJob = (job: NewWatchedJob) => watchList().watchJob(job);
export const listWatched = (userId?: string) => watchList().listWatched(userId);
export const getWatched = (id: string) => watchList().getWatched(id);
export const markFinished = (id: string, finished: FinishedJob) => watchList().markFinished(id, finished);
export const markNotified = (id: string) => watchList().markNotified(id);
export const markSeen = (ids: readonly string[]) => watchList().markSeen(ids);
export const unseenFinishedCount = (userId: string) => watchList().unseenFinishedCount(userId);
export const forgetJobs = (ids: readonly string[]) => watchList().forgetJobs(ids);
/** The logout wipe (src/lib/offline/wipe.ts) calls this: nothing of the previous account stays. */
export const clearJobWatchList = () => watchList().clear();
