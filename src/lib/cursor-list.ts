import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';

/** A page of a cursor list (the contract's `{ items, next_cursor }`): null when it is the last page. */
export interface CursorPage<Item = unknown> {
  items: Item[];
  next_cursor: string | null;
}

/**
 * The paging of a cursor list, spread into `infiniteQueryOptions`: the first page is asked for
 * without a cursor, each next one with the `next_cursor` of the page before; none after a null.
 */
export const cursorPaging = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { next_cursor: string | null }) => last.next_cursor,
};

type CursorListOptions<Page extends CursorPage, Key extends QueryKey> = UseInfiniteQueryOptions<Page, Error, InfiniteData<Page>, Key, string | null>;

/**
 * A cursor list over TanStack Query's `useInfiniteQuery`: the query, the items of every page
 * loaded so far (undefined until the first page is in), whether the first page waits for the
 * network (offline), and `loadMore` for the next page.
 */
export function useCursorList<Page extends CursorPage, Key extends QueryKey>(options: CursorListOptions<Page, Key>) {
  const query = useInfiniteQuery(options);
  const items: Page['items'] | undefined = query.data?.pages.flatMap((page) => page.items);
  return {
    query,
    items,
    offline: query.isPending && query.fetchStatus === 'paused',
    loadMore: () => void query.fetchNextPage(),
  };
}
