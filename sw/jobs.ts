/// <reference lib="webworker" />
import * as v from 'valibot';
import { GenerationSchema } from '../src/contract/generations.schema.ts';
import { isJobsMessage, jobResultUrl, JOBS_CHANGED_MESSAGE, JOBS_OPEN_MESSAGE, JOBS_SYNC_TAG, JOBS_WATCH_MESSAGE } from '../src/kernel/job-protocol.ts';
import { runPollLoop, type PollOutcome } from '../src/kernel/job-poll.ts';
import {
  isWatchPending,
  listWatched,
  markFinished,
  markNotified,
  markSeen,
  forgetJobs,
  unseenFinishedCount,
  type WatchedJob,
} from '../src/kernel/job-watch.ts';
import { readSessionSnapshot } from '../src/kernel/session-store.ts';
import { isJobNotificationData, jobNotification } from './job-texts.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * Job tracking in the service worker (docs/product-rules.md#job-tracking): while a watched job (src/lib/offline/
 * job-watch.ts) is pending, poll GET /api/generations/{id} with the session's token, backing off
 * (src/kernel/job-poll.ts), inside the waitUntil of the event that woke the worker (a page's
 * `atelier:jobs:watch` message, a sync, a periodic sync), so the worker lives while work remains.
 * When a job ends: record it, tell the open pages, show 'Generation Successful' / 'Generation
 * Failed' once (tag = job id), and set the app badge to the ended jobs not yet opened. A click
 * on the notification opens the result in the app.
 */

/** Background-sync events; not in TypeScript's webworker lib yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** The API origin the app uses (src/lib/api.ts), defined by the build (scripts/build.ts); empty or absent means this origin. */
declare const __API_BASE_URL__: string | undefined;
const API_BASE_URL = (typeof __API_BASE_URL__ === 'string' ? __API_BASE_URL__ : '').replace(/\/$/, '');
/** One poll gives up after this long, in ms: an unanswered request must not hold the loop. */
const POLL_TIMEOUT_MS = 15_000;

function apiUrl(path: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(path) ? path : `${API_BASE_URL}${path}`;
}

// ── One poll ──────────────────────────────────────────────────────────────────────────

async function fetchJob(id: string, token: string): Promise<PollOutcome> {
  let response: Response;
  try {
    response = await fetch(apiUrl(`/api/generations/${encodeURIComponent(id)}`), {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      cache: 'no-store',
      signal: AbortSignal.timeout(POLL_TIMEOUT_MS),
    });
  } catch {
    return { kind: 'network' };
  }
  if (!response.ok) return { kind: 'http', status: response.status };
  try {
    const job = v.parse(GenerationSchema, await response.json());
    const finished = job.finished_at ? Date.parse(job.finished_at) : Number.NaN;
    return {
      kind: 'job',
      status: job.status,
      finishedAt: Number.isFinite(finished) ? finished : null,
      thumbnailPath: job.results[0]?.thumbnail_url ?? null,
      partial: (job.plan?.not_done.length ?? 0) > 0,
    };
  } catch {
    // A body cut short or from another version of the server: ask again later.
    return { kind: 'network' };
  }
}

// ── Announcing ────────────────────────────────────────────────────────────────────────

async function windowClients(): Promise<readonly WindowClient[]> {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

async function tellPages(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const client of await windowClients()) client.postMessage({ type: JOBS_CHANGED_MESSAGE, ids });
}

async function updateBadge(userId: string): Promise<void> {
  const navigator = self.navigator;
  if (!('setAppBadge' in navigator)) return;
  try {
    const count = await unseenFinishedCount(userId);
    await (count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge());
  } catch {
    // Badging can be refused (not installed, policy): the list stays right for the next try.
  }
}

/** Jobs being announced right now: a second round in this worker must not show them twice. */
const announcing = new Set<string>();

/**
 * Shows the notification of every ended job of `userId` not announced yet, once: a job the
 * person already opened (seen in the studio) or cancelled is marked without a notification. A
 * notification that could not be shown stays due, for the next round or wake.
 */
async function announceEnded(userId: string): Promise<void> {
  const ended = (await listWatched(userId)).filter((job) => !isWatchPending(job) && !job.notified && !announcing.has(job.id));
  for (const job of ended) {
    announcing.add(job.id);
    try {
      const wanted = !job.seen && (job.status === 'completed' || job.status === 'failed');
      if (wanted && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        const { title, options } = jobNotification(job, jobResultUrl(job.id), apiUrl);
        await self.registration.showNotification(title, options);
      }
      // Without permission there is nothing to show later either: granting it afterwards does not replay old jobs.
      await markNotified(job.id);
    } catch (error) {
      console.warn('Job notification failed', error);
    } finally {
      announcing.delete(job.id);
    }
  }
}

// ── The loop ──────────────────────────────────────────────────────────────────────────

let running: Promise<void> | null = null;
/** The running loop is a periodic sync's single round. */
let runningOnce = false;
/** Ends the loop's current wait (set while it waits). */
let wake: (() => void) | null = null;
/** A wake asked for while the loop was busy (polling, writing): its next wait is skipped. */
let wakeRequested = false;

/** A job was just submitted, or a page saw one end: the loop looks at the list now. */
function wakeLoop(): void {
  if (wake) wake();
  else wakeRequested = true;
}

function sleep(ms: number): Promise<void> {
  if (wakeRequested) {
    wakeRequested = false;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      if (wake === done) wake = null;
      resolve();
    };
    const timer = setTimeout(done, ms);
    wake = done;
  });
}

async function requestLaterWake(): Promise<void> {
  try {
    await (self.registration as ServiceWorkerRegistration & SyncRegistration).sync?.register(JOBS_SYNC_TAG);
  } catch {
    // Without Background Sync the next page start-up or periodic sync picks the list up.
  }
}

/**
 * Polls the watched jobs until none is pending (or this wake's time is up: a one-off sync then
 * asks the browser for another wake, which it gives when the network is there). `once`: one
 * round only (a periodic sync is a short look, not a vigil). One loop at a time: a second caller
 * shares the running loop and wakes it.
 */
function pollWatched({ once = false } = {}): Promise<void> {
  if (running) {
    // A single round must not stand in for a full watch: the full one follows it.
    if (runningOnce && !once) return running.then(() => pollWatched());
    wakeLoop();
    return running;
  }
  runningOnce = once;
  wakeRequested = false;
  running = (async () => {
    let userId: string | null = null;
    let token = '';
    const session = async () => {
      const snapshot = await readSessionSnapshot();
      userId = snapshot?.userId ?? null;
      token = snapshot?.token ?? '';
      return snapshot;
    };
    const end = await runPollLoop({
      async pending() {
        if (!(await session())) return null;
        // Each round also announces the jobs a page saw end (it records them and wakes this loop).
        await announceEnded(userId!);
        return (await listWatched(userId!)).filter(isWatchPending);
      },
      fetchJob: (id) => fetchJob(id, token),
      async finished(job: WatchedJob, decision) {
        await markFinished(job.id, {
          status: decision.status,
          finishedAt: decision.finishedAt,
          thumbnailPath: decision.thumbnailPath,
          ...(decision.partial ? { partial: true } : {}),
        });
        await announceEnded(job.userId);
        await updateBadge(job.userId);
        await tellPages([job.id]);
      },
      async forget(job) {
        await forgetJobs([job.id]);
        await tellPages([job.id]);
      },
      sleep,
      now: Date.now,
      ...(once ? { maxRunMs: 0 } : {}),
    });
    if (userId) await updateBadge(userId);
    if (end === 'deadline' && !once) await requestLaterWake();
  })()
    .catch((error: unknown) => console.warn('Job polling stopped', error))
    .finally(() => {
      running = null;
    });
  return running;
}

// ── Opening a result ──────────────────────────────────────────────────────────────────

/**
 * The person clicked a job's notification: the result counts as seen; an open window of the app
 * navigates to it (its router, no reload) and comes to the front; without one, a new window opens.
 */
async function openResult(jobId: string, url: string): Promise<void> {
  await markSeen([jobId]);
  const snapshot = await readSessionSnapshot();
  if (snapshot) await updateBadge(snapshot.userId);
  const windows = await windowClients();
  const target = windows.find((client) => client.focused) ?? windows.find((client) => client.visibilityState === 'visible') ?? windows[0];
  if (target) {
    target.postMessage({ type: JOBS_OPEN_MESSAGE, url });
    try {
      await target.focus();
    } catch {
      // focus() needs the click's user activation, which some browsers have already spent.
    }
    return;
  }
  await self.clients.openWindow(url);
}

export function registerJobTracking(): void {
  self.addEventListener('message', (event) => {
    if (isJobsMessage(event.data, JOBS_WATCH_MESSAGE)) event.waitUntil(pollWatched());
  });
  self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
    const sync = event as unknown as SyncEvent;
    if (sync.tag === JOBS_SYNC_TAG) sync.waitUntil(pollWatched());
  });
  self.addEventListener('periodicsync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
    const sync = event as unknown as SyncEvent;
    if (sync.tag === JOBS_SYNC_TAG) sync.waitUntil(pollWatched({ once: true }));
  });
  self.addEventListener('notificationclick', (event) => {
    const data: unknown = event.notification.data;
    if (!isJobNotificationData(data)) return;
    event.notification.close();
    const opening = openResult(data.jobId, data.url).catch((error: unknown) => console.warn('Opening the result failed', error));
    try {
      event.waitUntil(opening);
    } catch {
      // Only a browser's own (trusted) event can be extended; a dispatched one (the e2e suite) runs unextended.
    }
  });
}
