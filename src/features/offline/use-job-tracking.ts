import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { ApiError } from '../../lib/api.ts';
import { announceWatchListChanged, askWorkerToPoll, needsWorker, onWatchListChanged, refreshAppBadge, watchedJobs } from '../../lib/offline/job-client.ts';
import { isJobsMessage, JOBS_CHANGED_MESSAGE, JOBS_OPEN_MESSAGE, type JobsChangedMessage, type JobsOpenMessage } from '../../kernel/job-protocol.ts';
import { forgetJobs, isWatchPending, markFinished } from '../../kernel/job-watch.ts';
import { registerPeriodicJobSync } from '../../lib/offline/periodic-sync.ts';
import { assetKeys } from '../media/api.ts';
import { generationKeys, isPendingStatus, LIST_POLL_MS } from '../generations/api.ts';
import { generationQueryOptions, pendingGenerationsQueryOptions, recordEndedGeneration } from '../generations/cache.ts';

/**
 * Job tracking while the app is open (docs/product-rules.md#job-tracking): the watched jobs of the signed-in account that
 * are still pending are followed with the shared pending query (GET /api/generations/pending);
 * a watched job that leaves it is read once, recorded as ended in the watch list, and every
 * cache that shows it is refreshed; the service worker is then asked to announce it. The worker
 * is also asked to poll at start-up and whenever the tab goes to the background with jobs still
 * running. The worker's own messages (it saw a job end; a notification was clicked) land here.
 */
export function useJobTracking(userId: string): void {
  const client = useQueryClient();
  const router = useRouter();
  const [pendingIds, setPendingIds] = useState<readonly string[]>([]);

  // The list, at start-up and whenever it changes on this page.
  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      const jobs = await watchedJobs(userId);
      if (!cancelled) setPendingIds(jobs.filter(isWatchPending).map((job) => job.id));
      return jobs;
    };
    void (async () => {
      if (needsWorker(await load())) askWorkerToPoll();
    })();
    void refreshAppBadge(userId);
    void registerPeriodicJobSync();
    const stop = onWatchListChanged(() => void load());
    return () => {
      cancelled = true;
      stop();
    };
  }, [userId]);

  // In the background the worker takes over (the page's timers slow down or stop).
  const hasPending = pendingIds.length > 0;
  useEffect(() => {
    if (!hasPending) return;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') askWorkerToPoll();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [hasPending]);

  // The shared pending list, polled while a watched job runs.
  const pending = useQuery({
    ...pendingGenerationsQueryOptions(),
    enabled: hasPending,
    refetchInterval: LIST_POLL_MS,
  });
  const settling = useRef(new Set<string>());
  const { data: running } = pending;
  useEffect(() => {
    if (!running) return;
    const live = new Set(running.map((job) => job.id));
    const left = pendingIds.filter((id) => !live.has(id) && !settling.current.has(id));
    for (const id of left) {
      settling.current.add(id);
      void settleJob(client, id).finally(() => settling.current.delete(id));
    }
  }, [client, running, pendingIds]);

  // What the worker says.
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      if (isJobsMessage<JobsOpenMessage>(event.data, JOBS_OPEN_MESSAGE)) {
        // Only paths of this app: the message comes from our worker, but a path is all it may carry.
        if (event.data.url.startsWith('/') && !event.data.url.startsWith('//')) router.history.push(event.data.url);
      } else if (isJobsMessage<JobsChangedMessage>(event.data, JOBS_CHANGED_MESSAGE)) {
        refreshEnded(client, event.data.ids);
        announceWatchListChanged();
        void refreshAppBadge();
      }
    };
    container.addEventListener('message', onMessage);
    // Messages posted before a listener existed wait in the queue until this.
    container.startMessages();
    return () => container.removeEventListener('message', onMessage);
  }, [client, router]);
}

/** Jobs the worker saw end: their entry, the pending list, the lists, the library. */
function refreshEnded(client: QueryClient, ids: readonly string[]): void {
  for (const id of ids) void client.invalidateQueries({ queryKey: generationKeys.detail(id) });
  void client.invalidateQueries({ queryKey: generationKeys.pending() });
  void client.invalidateQueries({ queryKey: generationKeys.lists() });
  void client.invalidateQueries({ queryKey: assetKeys.lists() });
}

/**
 * A watched job left the pending list: read it; if it ended, record the end (with the result's
 * thumbnail for the notification), refresh the caches, and let the worker announce it. A job
 * that is gone (deleted, another account's) stops being watched.
 */
async function settleJob(client: QueryClient, id: string): Promise<void> {
  try {
    const job = await client.fetchQuery({ ...generationQueryOptions(id), staleTime: 0 });
    if (isPendingStatus(job.status)) return;
    const finished = job.finished_at ? Date.parse(job.finished_at) : Number.NaN;
    await markFinished(id, {
      status: job.status,
      finishedAt: Number.isFinite(finished) ? finished : null,
      thumbnailPath: job.results[0]?.thumbnail_url ?? null,
    });
    recordEndedGeneration(client, job);
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 403)) return;
    await forgetJobs([id]).catch(() => undefined);
  }
  askWorkerToPoll();
  announceWatchListChanged();
  await refreshAppBadge();
}
