import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';

export { cursorPaging, type CursorPage } from './cursor-paging.ts';

/** An item's identity, for `unique`: its id. */
export const byId = (item: { id: string }): string => item.id;

type CursorListOptions<Page extends { items: unknown[] }, Key extends QueryKey, Cursor> = UseInfiniteQueryOptions<Page, Error, InfiniteData<Page>, Key, Cursor>;

export interface CursorListExtras<Item> {
  /**
   * Lists an item once when pages overlap (an item moved while the pages loaded, or a new one
   * pushed the rest down a place): the first of the items with the same key stays.
   */
  unique?: (item: Item) => string;
}

/**
 * A cursor list over TanStack Query's `useInfiniteQuery`: the query, the items of every page
 * loaded so far (undefined until the first page is in), whether the first page waits for the
 * network (offline), and `loadMore` for the next page. The cursor is the contract's `next_cursor`
 * (`cursorPaging`) unless the options page by another one. Live updates and optimistic changes
 * write the query's cache (its key is the options'), which the items follow.
 */
export function useCursorList<Page extends { items: unknown[] }, Key extends QueryKey, Cursor = string | null>(
  options: CursorListOptions<Page, Key, Cursor>,
  { unique }: CursorListExtras<Page['items'][number]> = {},
) {
  const query = useInfiniteQuery(options);
  const { data, fetchNextPage } = query;
  const items = useMemo((): Page['items'] | undefined => {
    if (!data) return undefined;
    const all = data.pages.flatMap((page) => page.items);
    if (!unique) return all;
    const seen = new Set<string>();
    return all.filter((item) => {
      const key = unique(item);
      return !seen.has(key) && Boolean(seen.add(key));
    });
  }, [data, unique]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  return {
    query,
    items,
    offline: query.isPending && query.fetchStatus === 'paused',
    loadMore,
  };
}
