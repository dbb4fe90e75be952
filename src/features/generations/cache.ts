import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { GenerationCatalogSchema, type Generation } from '../../contract/generations.schema.ts';
import type { Feature } from '../../contract/tools.ts';
import { api } from '../../lib/api.ts';
import { trackSubmittedJob } from '../../lib/offline/job-client.ts';
import { assetKeys, staleTimeFor } from '../media/api.ts';
import {
  allResults,
  fetchGeneration,
  fetchGenerationPage,
  fetchPendingGenerations,
  generationKeys,
  generationStreamLive,
  isPendingStatus,
  LIST_POLL_MS,
  newestFirst,
  pollInterval,
  STREAM_SAFETY_POLL_MS,
  type GenerationListFilter,
  type normalizeMergedFilter,
} from './api.ts';
import { refreshCredits } from './credits.ts';
import { matchesMergedFilter, prependToMatching, type MergedGenerationPage } from './merged-list.ts';

/**
 * The generations caches: the queries (a history, one job, the pending jobs, the catalogue) and
 * how a new or ended job updates every cache that shows it.
 */

// ── Cache updates ─────────────────────────────────────────────────────────────────────

/** Any page of a list under `generationKeys.lists()`: the updates below touch only its items. */
export interface ItemsPage {
  items: Generation[];
}

export function replaceInPages<P extends ItemsPage>(data: InfiniteData<P> | undefined, job: Generation): InfiniteData<P> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === job.id ? job : item)) })) };
}

export function removeFromPages<P extends ItemsPage>(data: InfiniteData<P> | undefined, id: string): InfiniteData<P> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })) };
}

/** Whether the client has seen this job queued or processing (its own entry, or the pending list). */
export function seenPending(client: QueryClient, id: string): boolean {
  const known = client.getQueryData<Generation>(generationKeys.detail(id));
  if (known && isPendingStatus(known.status)) return true;
  return client.getQueryData<Generation[]>(generationKeys.pending())?.some((job) => job.id === id) ?? false;
}

/** A new job (submitted, regenerated): its own entry, the pending list, the lists of its feature, the balance. */
export function recordNewGeneration(client: QueryClient, job: Generation): void {
  client.setQueryData(generationKeys.detail(job.id), job);
  if (isPendingStatus(job.status)) {
    client.setQueryData<Generation[]>(generationKeys.pending(), (jobs) => (jobs ? [job, ...jobs.filter((other) => other.id !== job.id)] : jobs));
  }
  // At the top of the merged lists it belongs to at once (the refetch below confirms it).
  for (const query of client.getQueryCache().findAll({ queryKey: [...generationKeys.lists(), 'merged'] })) {
    const filter = query.queryKey[3] as ReturnType<typeof normalizeMergedFilter> | undefined;
    if (filter && matchesMergedFilter(filter, job))
      client.setQueryData<InfiniteData<MergedGenerationPage>>(query.queryKey, (data) => prependToMatching(data, job));
  }
  void client.invalidateQueries({ queryKey: generationKeys.lists() });
  // The server reserved the credits when it accepted the job.
  void refreshCredits(client);
  // Watched beyond this page: reloads, the background, a notification when it ends.
  void trackSubmittedJob(job);
}

/**
 * A job the client saw running has ended (completed, failed, cancelled): it leaves the pending
 * list, the lists show its new status, the balance is read again (charged or refunded), and the
 * library gains its results.
 */
export function recordEndedGeneration(client: QueryClient, job: Generation): void {
  client.setQueryData<Generation[]>(generationKeys.pending(), (jobs) => jobs?.filter((other) => other.id !== job.id));
  client.setQueriesData<InfiniteData<ItemsPage>>({ queryKey: generationKeys.lists() }, (data) => replaceInPages(data, job));
  void client.invalidateQueries({ queryKey: generationKeys.lists() });
  void refreshCredits(client);
  if (job.results.length > 0) void client.invalidateQueries({ queryKey: assetKeys.lists() });
}

// ── Queries ───────────────────────────────────────────────────────────────────────────

/** GET /api/generations?feature&status: a history, newest first, page after page. Polls while it shows a running job. */
export const generationsInfiniteQueryOptions = (filter: GenerationListFilter = {}) =>
  infiniteQueryOptions({
    queryKey: generationKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchGenerationPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: (query) => staleTimeFor(allResults(query.state.data?.pages.flatMap((page) => page.items) ?? []), query.state.dataUpdatedAt),
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((job) => isPendingStatus(job.status)))
        ? generationStreamLive()
          ? STREAM_SAFETY_POLL_MS
          : LIST_POLL_MS
        : false,
  });

export function generationsOf(data: InfiniteData<ItemsPage> | undefined): Generation[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/**
 * GET /api/generations/{id}: one job. While it is queued or processing it is polled (see
 * `pollInterval`), also with the tab in the background; it stops once the job ended. When a
 * poll sees a job the client knew running come back ended, the other caches follow
 * (`recordEndedGeneration`).
 */
export const generationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: generationKeys.detail(id),
    queryFn: async ({ signal, client }) => {
      const wasPending = seenPending(client, id);
      const job = await fetchGeneration(id, signal);
      if (wasPending && !isPendingStatus(job.status)) recordEndedGeneration(client, job);
      return job;
    },
    // A running job is never fresh; an ended one is, until its media links near their expiry.
    staleTime: (query) => {
      const job = query.state.data;
      if (!job || isPendingStatus(job.status)) return 0;
      return staleTimeFor([...job.results, ...job.input_assets], query.state.dataUpdatedAt);
    },
    refetchInterval: (query) => pollInterval(query.state.data, query.state.error),
    refetchIntervalInBackground: true,
  });

/**
 * GET /api/generations/pending: the caller's queued and processing jobs, newest first; with a
 * feature (or several: the upscaler's two modes), only those. The answer is shared by every
 * feature (one request, one cache entry) and filtered client-side.
 */
export const pendingGenerationsQueryOptions = (feature?: Feature | readonly Feature[]) => {
  const features = feature === undefined ? undefined : typeof feature === 'string' ? [feature] : feature;
  return queryOptions({
    queryKey: generationKeys.pending(),
    queryFn: async ({ signal }) => (await fetchPendingGenerations(signal)).toSorted(newestFirst),
    staleTime: 0,
    select: (jobs: Generation[]) => (features ? jobs.filter((job) => features.includes(job.feature)) : jobs),
  });
};

/** GET /api/generations/catalog: what each tool accepts and costs. It changes only with a deploy. */
export const generationCatalogQueryOptions = () =>
  queryOptions({
    queryKey: generationKeys.catalog(),
    queryFn: async ({ signal }) => v.parse(GenerationCatalogSchema, await api.get('/api/generations/catalog', { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
