// Apart from the hook (cursor-list.ts): the data layer's list options spread it, and the app's
// first chunk that holds them need not carry the hook.

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
