// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { infiniteQueryOptions, onlineManager } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { byId, cursorPaging, useCursorList, type CursorPage } from './cursor-list.ts';
import { renderHookWithProviders } from '../../tests/fixtures/render.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'vi', messages: {} }));

/** Three pages of a list of letters, the cursor being the next page's first letter. */
const PAGES: Record<string, CursorPage<string>> = {
  start: { items: ['a', 'b'], next_cursor: 'c' },
  c: { items: ['c', 'd'], next_cursor: 'e' },
  e: { items: ['e'], next_cursor: null },
};

function letters(asked: (string | null)[]) {
  return infiniteQueryOptions({
    queryKey: ['letters'] as const,
    queryFn: async ({ pageParam }) => {
      asked.push(pageParam);
      return PAGES[pageParam ?? 'start']!;
    },
    ...cursorPaging,
  });
}

describe('useCursorList', () => {
  it('asks for the first page without a cursor, then each next one with the cursor before it, and none after a null', async () => {
    const asked: (string | null)[] = [];
    const { result } = renderHookWithProviders(() => useCursorList(letters(asked)));
    expect(result.current.items).toBeUndefined();
    await waitFor(() => expect(result.current.items).toEqual(['a', 'b']));
    expect(result.current.query.hasNextPage).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toEqual(['a', 'b', 'c', 'd']));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toEqual(['a', 'b', 'c', 'd', 'e']));
    expect(result.current.query.hasNextPage).toBe(false);
    expect(asked).toEqual([null, 'c', 'e']);
    expect(result.current.offline).toBe(false);
  });

  it('says it is offline while the first page waits for the network', () => {
    onlineManager.setOnline(false);
    try {
      const { result } = renderHookWithProviders(() => useCursorList(letters([])));
      expect(result.current.offline).toBe(true);
      expect(result.current.items).toBeUndefined();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('lists an item once when pages overlap (unique), keeping the first, and follows writes to the cache', async () => {
    const pages: Record<string, CursorPage<{ id: string; at: number }>> = {
      start: {
        items: [
          { id: 'a', at: 1 },
          { id: 'b', at: 1 },
        ],
        next_cursor: 'b',
      },
      b: {
        items: [
          { id: 'b', at: 2 },
          { id: 'c', at: 2 },
        ],
        next_cursor: null,
      },
    };
    const options = infiniteQueryOptions({
      queryKey: ['overlapping'] as const,
      queryFn: async ({ pageParam }) => pages[pageParam ?? 'start']!,
      ...cursorPaging,
    });
    const { result, client } = renderHookWithProviders(() => useCursorList(options, { unique: byId }));
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => result.current.loadMore());
    await waitFor(() =>
      expect(result.current.items).toEqual([
        { id: 'a', at: 1 },
        { id: 'b', at: 1 },
        { id: 'c', at: 2 },
      ]),
    );
    // An item removed from the cache (a deletion, a live update) leaves the list.
    act(() => {
      client.setQueryData(
        options.queryKey,
        (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== 'b') })) },
      );
    });
    await waitFor(() =>
      expect(result.current.items).toEqual([
        { id: 'a', at: 1 },
        { id: 'c', at: 2 },
      ]),
    );
  });
});
