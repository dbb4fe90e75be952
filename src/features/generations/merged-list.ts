import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { GENERATION_PAGE_DEFAULT, type GenerationStatus } from '../../contract/generations.ts';
import type { Generation } from '../../contract/generations.schema.ts';
import type { Feature } from '../../contract/tools.ts';
import { staleTimeFor } from '../media/api.ts';
import { allResults, fetchGenerationPage, generationKeys, newestFirst, normalizeMergedFilter, type MergedListFilter } from './api.ts';

/**
 * Lists of generations over several features and statuses (the history page, the dashboard):
 * the server filters by one feature and one status, so a merged list reads one server list per
 * pair and merges them in the server's order.
 */

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
export function matchesMergedFilter(filter: ReturnType<typeof normalizeMergedFilter>, job: Generation): boolean {
  return (filter.features.length === 0 || filter.features.includes(job.feature)) && (filter.statuses.length === 0 || filter.statuses.includes(job.status));
}

export function prependToMatching(data: InfiniteData<MergedGenerationPage> | undefined, job: Generation): InfiniteData<MergedGenerationPage> | undefined {
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
