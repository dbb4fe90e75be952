import { useCallback, useRef } from 'react';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import * as v from 'valibot';
import {
  GENERATION_PAGE_DEFAULT,
  GenerationCatalogSchema,
  GenerationPageSchema,
  GenerationSchema,
  PENDING_STATUSES,
  type Feature,
  type Generation,
  type GenerationPage,
  type GenerationRequest,
  type GenerationStatus,
  type ShareGenerationRequest,
} from '../../contract/generations.ts';
import { api, ApiError } from '../../lib/api.ts';
import { trackSubmittedJob } from '../../lib/offline/job-client.ts';
import { assetKeys, staleTimeFor } from '../media/api.ts';
import { dashboardKeys } from './dashboard-keys.ts';
import { refreshCredits, setKnownBalance } from './credits.ts';

/**
 * The studios' query module for generations (src/contract/generations.ts, README "Generations"):
 * the key root, the per-feature history (cursor pages), one job (polled while it runs), the
 * pending jobs, the catalogue, and the mutations (submit, cancel, delete, regenerate) with the
 * caches they update. Every answer is parsed with the contract.
 */

// ── Keys ──────────────────────────────────────────────────────────────────────────────

export interface GenerationListFilter {
  feature?: Feature;
  status?: GenerationStatus;
  /** Page size (1 to GENERATION_PAGE_MAX; the server's default when absent). */
  limit?: number;
}

/** The filter as it goes into a key: no undefined fields, so equal lists share a cache entry. */
function normalizeFilter(filter: GenerationListFilter): GenerationListFilter {
  const out: GenerationListFilter = {};
  if (filter.feature) out.feature = filter.feature;
  if (filter.status) out.status = filter.status;
  if (filter.limit) out.limit = filter.limit;
  return out;
}

/** Several features and statuses at once (/history's "AI Upscaler" is two features, "Failed" is failed and cancelled). */
export interface MergedListFilter {
  /** Absent or empty: every feature. */
  features?: readonly Feature[] | undefined;
  /** Absent or empty: every status. */
  statuses?: readonly GenerationStatus[] | undefined;
  /** Items per page (1 to GENERATION_PAGE_MAX; the server's default when absent). */
  limit?: number | undefined;
}

/** Sorted and without duplicates, so the same choice in another order shares a cache entry. */
function normalizeMergedFilter(filter: MergedListFilter): { features: Feature[]; statuses: GenerationStatus[]; limit?: number } {
  const out: { features: Feature[]; statuses: GenerationStatus[]; limit?: number } = {
    features: [...new Set(filter.features ?? [])].toSorted(),
    statuses: [...new Set(filter.statuses ?? [])].toSorted(),
  };
  if (filter.limit) out.limit = filter.limit;
  return out;
}

export const generationKeys = {
  all: ['generations'] as const,
  lists: () => [...generationKeys.all, 'list'] as const,
  list: (filter: GenerationListFilter) => [...generationKeys.lists(), normalizeFilter(filter)] as const,
  /** A list over several features and statuses (`mergedGenerationsInfiniteQueryOptions`): its pages have another shape. */
  merged: (filter: MergedListFilter) => [...generationKeys.lists(), 'merged', normalizeMergedFilter(filter)] as const,
  details: () => [...generationKeys.all, 'detail'] as const,
  detail: (id: string) => [...generationKeys.details(), id] as const,
  pending: () => [...generationKeys.all, 'pending'] as const,
  catalog: () => [...generationKeys.all, 'catalog'] as const,
};

// ── Status helpers ────────────────────────────────────────────────────────────────────

export function isPendingStatus(status: GenerationStatus): boolean {
  return PENDING_STATUSES.includes(status);
}

/** The newest first (ISO 8601 timestamps of one server compare as strings; Date.parse for safety). */
export function newestFirst(a: Pick<Generation, 'created_at'>, b: Pick<Generation, 'created_at'>): number {
  return Date.parse(b.created_at) - Date.parse(a.created_at);
}

// ── Polling ───────────────────────────────────────────────────────────────────────────

/** A running job is asked for every 1.5 s while its screen is visible (the stage text moves on that often). */
export const POLL_VISIBLE_MS = 1_500;
/** …and every 10 s while the tab is hidden: the result is still there when the person comes back, at a fraction of the requests. */
export const POLL_HIDDEN_MS = 10_000;
/** A history list showing a running job is refreshed this often (its status badge). */
export const LIST_POLL_MS = 5_000;

/**
 * While the job event stream is open (./generation-stream.ts), jobs are still asked for this
 * often: a safety net should an event be lost. The stream carries every change in between.
 */
export const STREAM_SAFETY_POLL_MS = 30_000;

let streamLive = false;

/** Whether the job event stream is open and delivering (./generation-stream.ts sets it). */
export function generationStreamLive(): boolean {
  return streamLive;
}

export function setGenerationStreamLive(live: boolean): void {
  streamLive = live;
}

function tabHidden(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

/**
 * How long until the next poll of a job: never once it ended, nor after a 4xx (deleted, someone
 * else's, signed out: asking again will not change the answer); rarely while the event stream
 * delivers its changes; otherwise fast while the tab is visible and slowly while it is hidden.
 * Errors without an answer (offline) keep polling.
 */
export function pollInterval(job: Pick<Generation, 'status'> | undefined, error: unknown, hidden = tabHidden(), streaming = streamLive): number | false {
  if (job && !isPendingStatus(job.status)) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) return false;
  if (streaming) return STREAM_SAFETY_POLL_MS;
  return hidden ? POLL_HIDDEN_MS : POLL_VISIBLE_MS;
}

// ── Fetchers ──────────────────────────────────────────────────────────────────────────

export function generationListPath(filter: GenerationListFilter, cursor: string | null): string {
  const { feature, status, limit } = normalizeFilter(filter);
  const params = new URLSearchParams();
  if (feature) params.set('feature', feature);
  if (status) params.set('status', status);
  if (limit) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/api/generations?${query}` : '/api/generations';
}

const byId = (id: string) => `/api/generations/${encodeURIComponent(id)}`;

export async function fetchGenerationPage(filter: GenerationListFilter, cursor: string | null, signal?: AbortSignal): Promise<GenerationPage> {
  return v.parse(GenerationPageSchema, await api.get(generationListPath(filter, cursor), { signal }));
}

export async function fetchGeneration(id: string, signal?: AbortSignal): Promise<Generation> {
  return v.parse(GenerationSchema, await api.get(byId(id), { signal }));
}

export async function fetchPendingGenerations(signal?: AbortSignal): Promise<Generation[]> {
  return v.parse(GenerationPageSchema, await api.get('/api/generations/pending', { signal })).items;
}

export async function submitGeneration(request: GenerationRequest, idempotencyKey: string): Promise<Generation> {
  return v.parse(GenerationSchema, await api.post('/api/generations', request, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

export async function regenerateGeneration(id: string, idempotencyKey: string): Promise<Generation> {
  return v.parse(GenerationSchema, await api.post(`${byId(id)}/regenerate`, undefined, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

export async function cancelGeneration(id: string): Promise<Generation> {
  return v.parse(GenerationSchema, await api.post(`${byId(id)}/cancel`));
}

export async function deleteGeneration(id: string): Promise<void> {
  await api.delete(byId(id));
}

export async function shareGeneration(id: string, shared: boolean): Promise<Generation> {
  const body: ShareGenerationRequest = { shared };
  return v.parse(GenerationSchema, await api.put(`${byId(id)}/share`, body));
}

// ── Cache updates ─────────────────────────────────────────────────────────────────────

/** Any page of a list under `generationKeys.lists()`: the updates below touch only its items. */
export interface ItemsPage {
  items: Generation[];
}

export function replaceInPages<P extends ItemsPage>(data: InfiniteData<P> | undefined, job: Generation): InfiniteData<P> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === job.id ? job : item)) })) };
}

function removeFromPages<P extends ItemsPage>(data: InfiniteData<P> | undefined, id: string): InfiniteData<P> | undefined {
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
    if (filter && matchesMergedFilter(filter, job)) client.setQueryData<InfiniteData<MergedGenerationPage>>(query.queryKey, (data) => prependToMatching(data, job));
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
      query.state.data?.pages.some((page) => page.items.some((job) => isPendingStatus(job.status))) ? (streamLive ? STREAM_SAFETY_POLL_MS : LIST_POLL_MS) : false,
  });

// ── Merged lists ──────────────────────────────────────────────────────────────────────

/**
 * One server list (GET /api/generations?feature&status) read as part of a merged list: where it
 * stopped, and the items it gave that the merged pages have not shown yet.
 */
export interface MergeStream {
  feature: Feature | null;
  status: GenerationStatus | null;
  /** The server's cursor of the next page; null before the first. */
  cursor: string | null;
  /** The server has nothing more after `buffer`. */
  done: boolean;
  /** Read, not yet shown: every item here is older than everything shown. */
  buffer: Generation[];
}

/** Where a merged list continues: each stream's position. JSON, so the query persister keeps it. */
export interface MergeCursor {
  streams: MergeStream[];
}

export interface MergedGenerationPage {
  items: Generation[];
  next: MergeCursor | null;
}

/** The server's order (created_at, then id, both descending): negative when `a` comes first. */
export function listOrder(a: Pick<Generation, 'created_at' | 'id'>, b: Pick<Generation, 'created_at' | 'id'>): number {
  return newestFirst(a, b) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** One stream per feature × status the filter names (one unfiltered stream when it names none). */
function initialStreams(filter: MergedListFilter): MergeStream[] {
  const { features, statuses } = normalizeMergedFilter(filter);
  const featureList: (Feature | null)[] = features.length > 0 ? features : [null];
  const statusList: (GenerationStatus | null)[] = statuses.length > 0 ? statuses : [null];
  return featureList.flatMap((feature) => statusList.map((status) => ({ feature, status, cursor: null, done: false, buffer: [] })));
}

/**
 * One page of a merged list. The server filters by one feature and one status; a filter naming
 * several is the union of one server list per pair, each newest first. A page shows, newest
 * first, only items no stream can still precede: those at least as new as the oldest item read
 * from each stream that has more (the horizon). When that leaves the page short, the streams
 * whose read items ran out are read one page further, and so on until the page is full or every
 * stream is done. Read items not shown wait in the cursor for the next page. So the union comes
 * out in the server's order, with no gaps and no repeats however the pairs interleave, and each
 * stream is read only as far as the pages shown need.
 */
export async function fetchMergedGenerationPage(filter: MergedListFilter, cursor: MergeCursor | null, signal?: AbortSignal): Promise<MergedGenerationPage> {
  const limit = filter.limit ?? GENERATION_PAGE_DEFAULT;
  const streams = cursor ? cursor.streams.map((stream) => ({ ...stream, buffer: [...stream.buffer] })) : initialStreams(filter);
  const items: Generation[] = [];
  for (;;) {
    const empty = streams.filter((stream) => !stream.done && stream.buffer.length === 0);
    await Promise.all(
      empty.map(async (stream) => {
        const page = await fetchGenerationPage({ feature: stream.feature ?? undefined, status: stream.status ?? undefined, limit }, stream.cursor, signal);
        stream.buffer.push(...page.items);
        stream.cursor = page.next_cursor;
        // A server page without items ends the stream even if it named a cursor.
        stream.done = page.next_cursor === null || page.items.length === 0;
      }),
    );
    // The newest of the oldest items read from the streams with more: nothing unread comes before it.
    const horizon = streams
      .filter((stream) => !stream.done)
      .map((stream) => stream.buffer.at(-1))
      .reduce<Generation | undefined>((newest, item) => (item && (!newest || listOrder(item, newest) < 0) ? item : newest), undefined);
    const ready = streams
      .flatMap((stream) => stream.buffer)
      .filter((item) => !horizon || listOrder(item, horizon) <= 0)
      .toSorted(listOrder)
      .slice(0, limit - items.length);
    items.push(...ready);
    const shown = new Set(ready.map((item) => item.id));
    for (const stream of streams) stream.buffer = stream.buffer.filter((item) => !shown.has(item.id));
    // Full, or nothing left to read: the horizon's stream is the one read next, and it has run out.
    if (items.length >= limit || !streams.some((stream) => !stream.done && stream.buffer.length === 0)) break;
  }
  const more = streams.some((stream) => !stream.done || stream.buffer.length > 0);
  return { items, next: more ? { streams } : null };
}

/** Whether a job belongs to a merged list's filter (the last part of its key). */
function matchesMergedFilter(filter: ReturnType<typeof normalizeMergedFilter>, job: Generation): boolean {
  return (filter.features.length === 0 || filter.features.includes(job.feature)) && (filter.statuses.length === 0 || filter.statuses.includes(job.status));
}

function prependToMatching(data: InfiniteData<MergedGenerationPage> | undefined, job: Generation): InfiniteData<MergedGenerationPage> | undefined {
  const first = data?.pages[0];
  if (!data || !first || data.pages.some((page) => page.items.some((item) => item.id === job.id))) return data;
  return { ...data, pages: [{ ...first, items: [job, ...first.items] }, ...data.pages.slice(1)] };
}

/**
 * GET /api/generations over several features and statuses (see `fetchMergedGenerationPage`),
 * newest first, page after page. The list itself is not polled: a screen showing a running job
 * follows it with `generationQueryOptions`, whose end refreshes every list.
 */
export const mergedGenerationsInfiniteQueryOptions = (filter: MergedListFilter = {}) =>
  infiniteQueryOptions({
    queryKey: generationKeys.merged(filter),
    queryFn: ({ pageParam, signal }) => fetchMergedGenerationPage(filter, pageParam, signal),
    initialPageParam: null as MergeCursor | null,
    getNextPageParam: (last) => last.next,
    staleTime: (query) => staleTimeFor(allResults(query.state.data?.pages.flatMap((page) => page.items) ?? []), query.state.dataUpdatedAt),
  });

/** The items of a loaded history, in order. */
export function generationsOf(data: InfiniteData<ItemsPage> | undefined): Generation[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

function allResults(jobs: readonly Generation[]) {
  return jobs.flatMap((job) => [...job.results, ...job.input_assets]);
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

// ── Idempotency ───────────────────────────────────────────────────────────────────────

/**
 * A fresh Idempotency-Key. `crypto.randomUUID` exists only in secure contexts; a tablet opening
 * the studio over plain http on a LAN has `getRandomValues` only, so the UUID is built from it.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A POST whose answer was lost (offline, timeout, a gateway error) is resent, with the same key, this many times. */
export const SUBMIT_RETRIES = 2;

/** Worth resending: no answer at all, or a gateway/server hiccup. The key makes a resend return the first job. */
export function isTransientSubmitError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 408 || error.status === 429 || error.status >= 500;
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');
}

const submitRetry = (failureCount: number, error: unknown) => failureCount < SUBMIT_RETRIES && isTransientSubmitError(error);

// ── Mutations ─────────────────────────────────────────────────────────────────────────

interface Intent<T> {
  input: T;
  idempotencyKey: string;
}

/**
 * A mutation whose every user intent carries its own Idempotency-Key: `start(input)` is a new
 * click (a new key); `retry()` sends the last intent again with its key (a Try Again after a lost
 * answer), and the automatic resends of transient failures reuse it too, so the server returns
 * the first job instead of charging twice. A `start` while one is in flight returns the same
 * promise: a double tap on a tablet is one intent.
 */
function useIntentMutation<T>(send: (input: T, key: string) => Promise<Generation>, onError?: (client: QueryClient, error: unknown) => void) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ input, idempotencyKey }: Intent<T>) => send(input, idempotencyKey),
    retry: submitRetry,
    onSuccess: (job) => recordNewGeneration(client, job),
    onError: (error) => onError?.(client, error),
  });
  const last = useRef<Intent<T> | null>(null);
  const inFlight = useRef<Promise<Generation> | null>(null);
  const { mutateAsync } = mutation;

  const run = useCallback(
    (intent: Intent<T>) => {
      last.current = intent;
      const promise = mutateAsync(intent).finally(() => {
        if (inFlight.current === promise) inFlight.current = null;
      });
      inFlight.current = promise;
      return promise;
    },
    [mutateAsync],
  );
  const start = useCallback((input: T) => inFlight.current ?? run({ input, idempotencyKey: newIdempotencyKey() }), [run]);
  const retry = useCallback(() => {
    if (inFlight.current) return inFlight.current;
    if (!last.current) return Promise.reject(new Error('Nothing to retry'));
    return run(last.current);
  }, [run]);
  const lastIdempotencyKey = useCallback(() => last.current?.idempotencyKey ?? null, []);
  return { mutation, start, retry, lastIdempotencyKey };
}

/** A 402 tells the balance: the credit display shows it at once. */
function onSubmitError(client: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.status === 402) {
    const balance = (error.body as { balance?: unknown } | null)?.balance;
    if (typeof balance === 'number') setKnownBalance(client, balance);
  }
}

/**
 * POST /api/generations. `submit(request)` is a click (a new Idempotency-Key); `retry()` repeats
 * the last click with its key. Both resolve to the queued job (or the first job of the key).
 */
export function useSubmitGeneration() {
  const { mutation, start, retry, lastIdempotencyKey } = useIntentMutation<GenerationRequest>(submitGeneration, onSubmitError);
  return { ...mutation, submit: start, retry, lastIdempotencyKey };
}

/** POST /api/generations/{id}/regenerate: same inputs, a new job and a new charge; keys as for submit. */
export function useRegenerateGeneration() {
  const { mutation, start, retry, lastIdempotencyKey } = useIntentMutation<string>(regenerateGeneration, onSubmitError);
  return { ...mutation, regenerate: start, retry, lastIdempotencyKey };
}

/** POST /api/generations/{id}/cancel: the job ends cancelled and its credits are refunded. */
export function useCancelGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelGeneration,
    onSuccess: (job) => {
      client.setQueryData(generationKeys.detail(job.id), job);
      recordEndedGeneration(client, job);
    },
    // 409: it had already ended; its own entry learns how.
    onError: (_error, id) => void client.invalidateQueries({ queryKey: generationKeys.detail(id) }),
  });
}

/** DELETE /api/generations/{id}: a finished job and its results leave the lists and the library. */
export function useDeleteGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteGeneration,
    onSuccess: (_data, id) => {
      client.setQueriesData<InfiniteData<ItemsPage>>({ queryKey: generationKeys.lists() }, (data) => removeFromPages(data, id));
      client.removeQueries({ queryKey: generationKeys.detail(id) });
      void client.invalidateQueries({ queryKey: assetKeys.all });
    },
    // Also after a failure: a 404 means it was already gone, and the lists should say so.
    onSettled: () => client.invalidateQueries({ queryKey: generationKeys.lists() }),
  });
}

export interface ShareVariables {
  id: string;
  /** Shown in the community feed (true) or not. */
  shared: boolean;
}

/** Sets `shared` on one job wherever it is cached (its own entry and every list). */
function setSharedEverywhere(client: QueryClient, id: string, shared: boolean): void {
  const patch = (job: Generation): Generation => (job.id === id ? { ...job, shared } : job);
  client.setQueryData<Generation>(generationKeys.detail(id), (job) => (job ? patch(job) : job));
  client.setQueriesData<InfiniteData<GenerationPage>>({ queryKey: generationKeys.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(patch) })) } : data,
  );
}

/**
 * PUT /api/generations/{id}/share: a completed job's result in the public community feed, or out
 * of it. Optimistic: every cached copy of the job shows the new value at once, and the previous
 * one again if the server refuses (the mutation's `variables` hold the value while it runs).
 * Afterwards the lists and the community feed are read again.
 */
export function useShareGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, shared }: ShareVariables) => shareGeneration(id, shared),
    onMutate: async ({ id, shared }) => {
      // A fetch already on its way would land with the old value over the optimistic one.
      await client.cancelQueries({ queryKey: generationKeys.detail(id) });
      await client.cancelQueries({ queryKey: generationKeys.lists() });
      setSharedEverywhere(client, id, shared);
      return { previous: !shared };
    },
    onError: (_error, { id }, context) => {
      if (context) setSharedEverywhere(client, id, context.previous);
    },
    onSuccess: (job) => {
      client.setQueryData(generationKeys.detail(job.id), job);
      client.setQueriesData<InfiniteData<GenerationPage>>({ queryKey: generationKeys.lists() }, (data) => replaceInPages(data, job));
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: generationKeys.lists() }),
        client.invalidateQueries({ queryKey: dashboardKeys.community.all }),
      ]),
  });
}
