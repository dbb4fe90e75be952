import type { Feature } from '../../contract/tools.ts';
import type { Generation } from '../../contract/generations.schema.ts';
import { readStoredLocale } from '../i18n.ts';
import { JOBS_WATCH_MESSAGE } from '../../kernel/job-protocol.ts';
import { isWatchPending, listWatched, markSeen, unseenFinishedCount, watchJob, type WatchedJob } from '../../kernel/job-watch.ts';

/**
 * The page's side of job tracking, without React and without text: adding submitted jobs to the
 * watch list (src/kernel/job-watch.ts), waking the service worker to poll them, marking
 * results seen, and the app badge. The React part (queries, prompts, the notification click)
 * is src/features/offline-jobs/.
 */

type JobStartedListener = (job: Pick<Generation, 'id' | 'feature'>) => void;
const startedListeners = new Set<JobStartedListener>();
const changedListeners = new Set<() => void>();

/** Called with every job added to the watch list from this page (the notification prompt listens). */
export function onJobWatched(listener: JobStartedListener): () => void {
  startedListeners.add(listener);
  return () => startedListeners.delete(listener);
}

/** Called when this page changed the watch list (a job added, results seen). */
export function onWatchListChanged(listener: () => void): () => void {
  changedListeners.add(listener);
  return () => changedListeners.delete(listener);
}

export function announceWatchListChanged(): void {
  for (const listener of changedListeners) listener();
}

/**
 * The signed-in account whose jobs are tracked, set by the app's root
 * (src/features/offline/JobTrackingRoot.tsx) from the session; null for a guest, and in
 * tests that do not mount it (a submit there adds nothing to IndexedDB).
 */
let trackedUserId: string | null = null;

export function setTrackedUser(userId: string | null): void {
  trackedUserId = userId;
}

function currentUserId(): string | null {
  return trackedUserId;
}

/**
 * Asks the service worker to poll the watch list (`atelier:jobs:watch`). Through `ready`: on the
 * first visit the page is not controlled yet, but the active worker can still be messaged.
 * Nothing happens without a service worker (development, unsupported browsers): the open app
 * still follows its jobs with TanStack Query.
 */
export function askWorkerToPoll(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: JOBS_WATCH_MESSAGE })).catch(() => undefined);
}

/**
 * A job this page submitted (or regenerated) joins the watch list, in the app's current
 * language (the worker words its notification in it), and the worker starts polling.
 * Best effort: tracking must never fail a submit.
 */
export async function trackSubmittedJob(job: Pick<Generation, 'id' | 'feature' | 'status' | 'created_at'>): Promise<void> {
  const userId = currentUserId();
  if (!userId || !isWatchPending(job)) return;
  try {
    const submittedAt = Date.parse(job.created_at);
    await watchJob({
      id: job.id,
      userId,
      feature: job.feature,
      locale: readStoredLocale(),
      submittedAt: Number.isFinite(submittedAt) ? submittedAt : Date.now(),
    });
  } catch (error) {
    console.warn('Job tracking unavailable', error);
    return;
  }
  askWorkerToPoll();
  announceWatchListChanged();
  for (const listener of startedListeners) listener({ id: job.id, feature: job.feature as Feature });
}

/** The app badge (where supported): the ended jobs of this account not opened yet; cleared at 0. */
export async function refreshAppBadge(userId: string | null = currentUserId()): Promise<number> {
  const count = userId ? await unseenFinishedCount(userId).catch(() => 0) : 0;
  if (typeof navigator !== 'undefined' && 'setAppBadge' in navigator) {
    try {
      await (count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge());
    } catch {
      // Badging can be refused (not installed, policy): nothing to show then.
    }
  }
  return count;
}

/** Closes the notifications of these jobs, if still shown: the person has seen the results in the app. */
async function closeNotifications(ids: readonly string[]): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  for (const id of ids) for (const notification of await registration.getNotifications({ tag: id })) notification.close();
}

/**
 * The person opened these results (the studio's result view, a history item): they leave the
 * badge and their notifications close. Ids that are not watched, or still running, are ignored.
 * For the history screen and the studio; safe to call often.
 */
export async function markJobsSeen(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    await markSeen(ids);
    await closeNotifications(ids).catch(() => undefined);
  } catch {
    return;
  }
  await refreshAppBadge();
  announceWatchListChanged();
}

/** The watched jobs of the signed-in account (empty for a guest, or without IndexedDB). */
export async function watchedJobs(userId: string | null = currentUserId()): Promise<WatchedJob[]> {
  if (!userId) return [];
  return listWatched(userId).catch(() => []);
}

/** Work for the service worker: a job still running, or one that ended without its notification yet (the page closed first). */
export function needsWorker(jobs: readonly WatchedJob[]): boolean {
  return jobs.some((job) => isWatchPending(job) || !job.notified);
}
