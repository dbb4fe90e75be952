import { afterEach, describe, expect, it, vi } from 'vitest';
import { InfiniteQueryObserver, onlineManager, QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import type { PersistedQuery } from '@tanstack/query-persist-client-core';
import {
  createOfflinePersister,
  headKey,
  ownerOfKey,
  ownerPrefix,
  pageKey,
  persistedOwners,
  PERSIST_BUSTER,
  PERSIST_MAX_AGE_MS,
  type PersistBackend,
  type StoredQuery,
} from './persister.ts';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';

/** An in-memory stand-in for the IndexedDB store; values are cloned like structured clone would. */
function memoryBackend() {
  const map = new Map<string, unknown>();
  const backend: PersistBackend & { map: Map<string, unknown>; writes: number; written: string[]; batches: string[][]; reads: string[] } = {
    map,
    writes: 0,
    written: [],
    batches: [],
    reads: [],
    getMany: async (list) => {
      backend.reads.push(...(list as string[]));
      return list.map((key) => structuredClone(map.get(key as string)));
    },
    setMany: async (list) => {
      backend.writes += 1;
      backend.batches.push(list.map(([key]) => key as string));
      for (const [key, value] of list) {
        backend.written.push(key as string);
        map.set(key as string, structuredClone(value));
      }
    },
    del: async (key) => void map.delete(key as string),
    delMany: async (list) => list.forEach((key) => map.delete(key as string)),
    keys: async () => [...map.keys()],
    clear: async () => map.clear(),
  };
  return backend;
}

function setup(backend: PersistBackend, user: { id: string | null }, writeDelayMs = 5) {
  const persister = createOfflinePersister({ currentUserId: () => user.id, backend, writeDelayMs });
  const client = createTestQueryClient({ queries: { persister: persister.persisterFn, networkMode: 'offlineFirst' } });
  const detach = persister.attach(client);
  return { persister, client, detach };
}

/** Mounts a query like a screen would and waits for its first data. */
async function observe<T>(client: QueryClient, queryKey: QueryKey, queryFn: () => Promise<T>): Promise<{ data: T; observer: QueryObserver<T> }> {
  const observer = new QueryObserver<T>(client, { queryKey, queryFn });
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().data).toBeDefined());
  unsubscribe();
  return { data: observer.getCurrentResult().data as T, observer };
}

/** A page of a cursor-paged list: three pages, cursors null, 1, 2. */
const page = (cursor: number | null) => ({ items: [`item-${cursor ?? 0}`], next: cursor === null ? 1 : cursor < 2 ? cursor + 1 : null });

type Page = ReturnType<typeof page>;
const LIST_KEY = ['assets', 'list', { kind: 'image' }] as const;
const LIST_HASH = JSON.stringify(LIST_KEY);
const LIST_HEAD = headKey('user-a', LIST_HASH);

/** Observes the list of LIST_KEY as the library screen does; `stop` unsubscribes. */
function observeList(client: QueryClient, queryFn: (context: { pageParam: number | null }) => Promise<Page>) {
  const observer = new InfiniteQueryObserver(client, {
    queryKey: LIST_KEY,
    queryFn,
    initialPageParam: null as number | null,
    getNextPageParam: (last: Page) => last.next,
  });
  const stop = observer.subscribe(() => undefined);
  return { observer, stop };
}

/** A backend holding user-a's three-page list, as a visit that scrolled to its end left it (a minute ago). */
async function storedList() {
  const backend = memoryBackend();
  const { client, persister } = setup(backend, { id: 'user-a' });
  const { observer, stop } = observeList(client, async ({ pageParam }) => page(pageParam));
  await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));
  await observer.fetchNextPage();
  await observer.fetchNextPage();
  stop();
  await vi.waitFor(async () => {
    await persister.flush();
    expect((backend.map.get(LIST_HEAD) as StoredQuery | undefined)?.pageParams).toHaveLength(3);
  });
  client.clear();
  const head = backend.map.get(LIST_HEAD) as StoredQuery;
  head.state.dataUpdatedAt = Date.now() - 60_000;
  backend.reads.length = 0;
  backend.written.length = 0;
  return backend;
}

const storedEntry = (buster: string, updatedAt: number) => ({ buster, queryHash: 'h', queryKey: ['assets'], state: { data: 1, dataUpdatedAt: updatedAt } });

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
  onlineManager.setOnline(true);
});

describe('offline query persister', () => {
  it('stores a fetched query under the signed-in user and restores it after a reload without the network', async () => {
    const backend = memoryBackend();
    const user = { id: 'user-a' };
    const first = setup(backend, user);
    clients.push(first.client);
    await observe(first.client, ['assets', 'list', {}], async () => ({ items: ['a1', 'a2'] }));
    await first.persister.flush();
    const [key] = [...backend.map.keys()];
    expect(key?.startsWith(ownerPrefix('user-a'))).toBe(true);
    expect(ownerOfKey(key!)).toBe('user-a');

    // A new page (reload) offline: the network never answers, the stored data shows.
    const second = setup(backend, user);
    clients.push(second.client);
    const network = vi.fn<() => Promise<{ items: string[] }>>(() => new Promise(() => undefined));
    const { data } = await observe(second.client, ['assets', 'list', {}], network);
    expect(data).toEqual({ items: ['a1', 'a2'] });
    // …and is then refreshed from the network (which resumes when the connection returns).
    await vi.waitFor(() => expect(network).toHaveBeenCalledTimes(1));
  });

  it('never restores another user’s entries', async () => {
    const backend = memoryBackend();
    const a = setup(backend, { id: 'user-a' });
    clients.push(a.client);
    await observe(a.client, ['generations', 'list', {}], async () => ['job-of-a']);
    await a.persister.flush();

    const b = setup(backend, { id: 'user-b' });
    clients.push(b.client);
    const { data } = await observe(b.client, ['generations', 'list', {}], async () => ['job-of-b']);
    expect(data).toEqual(['job-of-b']);
    await b.persister.flush();
    expect(await persistedOwners(backend)).toEqual(expect.arrayContaining(['user-a', 'user-b']));
  });

  it('drops a write whose user signed out before it landed', async () => {
    const backend = memoryBackend();
    const user: { id: string | null } = { id: 'user-a' };
    const { client, persister } = setup(backend, user, 60_000);
    clients.push(client);
    await observe(client, ['auth', 'profile'], async () => ({ credits: 5 }));
    await vi.waitFor(() => expect(backend.map.size).toBe(1));
    // Within the write interval: this one waits, and its account is gone when it would land.
    await observe(client, ['assets', 'list', {}], async () => ['of-a']);
    user.id = null;
    await persister.flush();
    expect([...backend.map.keys()]).toEqual([`${ownerPrefix('user-a')}-["auth","profile"]`]);
  });

  it('persists nothing for guests nor for roots outside the list', async () => {
    const backend = memoryBackend();
    const user: { id: string | null } = { id: null };
    const { client, persister } = setup(backend, user);
    clients.push(client);
    await observe(client, ['assets', 'list', {}], async () => ['guest']);
    user.id = 'user-a';
    await observe(client, ['config'], async () => ({ flag: true }));
    await persister.flush();
    expect(backend.map.size).toBe(0);
  });

  it('stores an infinite list page by page, writing each page once', async () => {
    const backend = memoryBackend();
    const user = { id: 'user-a' };
    const { client, persister } = setup(backend, user);
    clients.push(client);
    const { observer, stop } = observeList(client, async ({ pageParam }) => page(pageParam));
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));
    // The list's entry and its first page land together (one transaction): a reader never finds one without the other.
    await vi.waitFor(() => expect(backend.batches[0]?.toSorted()).toEqual([LIST_HEAD, pageKey('user-a', LIST_HASH, 0)].toSorted()));
    await observer.fetchNextPage();
    await observer.fetchNextPage();
    stop();
    await vi.waitFor(async () => {
      await persister.flush();
      expect((backend.map.get(LIST_HEAD) as StoredQuery | undefined)?.pageParams).toEqual([null, 1, 2]);
    });
    // Each page went to storage once, under its own key; the list's entry holds no pages.
    expect(backend.written.filter((key) => key !== LIST_HEAD).toSorted()).toEqual([0, 1, 2].map((index) => pageKey('user-a', LIST_HASH, index)).toSorted());
    expect((backend.map.get(LIST_HEAD) as StoredQuery).state.data).toBeNull();
    expect(backend.map.get(pageKey('user-a', LIST_HASH, 2))).toEqual(page(2));
  });

  it('restores the first page of a list alone, then reads the next stored pages while offline', async () => {
    const backend = await storedList();
    const reloaded = setup(backend, { id: 'user-a' });
    clients.push(reloaded.client);
    const network = vi.fn<(context: { pageParam: number | null }) => Promise<Page>>(() => new Promise<Page>(() => undefined));
    onlineManager.setOnline(false);
    const { observer, stop } = observeList(reloaded.client, network);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages.map((p) => p.items[0])).toEqual(['item-0']));
    expect(backend.reads).toEqual([LIST_HEAD, pageKey('user-a', LIST_HASH, 0)]);
    // The restored list keeps its age.
    expect(observer.getCurrentResult().dataUpdatedAt).toBeLessThan(Date.now() - 1_000);

    await observer.fetchNextPage();
    await observer.fetchNextPage();
    expect(observer.getCurrentResult().data?.pages.map((p) => p.items[0])).toEqual(['item-0', 'item-1', 'item-2']);
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    // The network was only tried for the refresh of the first page (offline-first runs it once).
    expect(network.mock.calls.map(([context]) => context.pageParam)).toEqual([null]);
    stop();
  });

  it('restores a list ahead of its screen without the network, and refreshes it once the screen shows it', async () => {
    const backend = await storedList();
    const reloaded = setup(backend, { id: 'user-a' });
    clients.push(reloaded.client);
    const network = vi.fn<(context: { pageParam: number | null }) => Promise<Page>>(async ({ pageParam }) => page(pageParam));
    // A route's loader: the stored first page, and no request while the screen's first frame is built.
    await reloaded.client.prefetchInfiniteQuery({
      queryKey: LIST_KEY,
      queryFn: network,
      initialPageParam: null as number | null,
      getNextPageParam: (last: Page) => last.next,
    });
    expect(reloaded.client.getQueryData<{ pages: Page[] }>(LIST_KEY)?.pages.map((p) => p.items[0])).toEqual(['item-0']);
    // Already with its stored age when the loader goes on: the screen's first frame never sees it as fresh.
    expect(reloaded.client.getQueryState(LIST_KEY)?.dataUpdatedAt).toBeLessThan(Date.now() - 30_000);
    await new Promise((done) => setTimeout(done, 20));
    expect(network).not.toHaveBeenCalled();
    const { stop } = observeList(reloaded.client, network);
    await vi.waitFor(() => expect(network).toHaveBeenCalledTimes(1));
    stop();
  });

  it('falls back to the stored next page when the network fails while online', async () => {
    const backend = await storedList();
    const reloaded = setup(backend, { id: 'user-a' });
    clients.push(reloaded.client);
    const { observer, stop } = observeList(reloaded.client, async ({ pageParam }) => {
      if (pageParam === null) return page(null);
      throw new TypeError('Failed to fetch');
    });
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));
    await observer.fetchNextPage();
    expect(observer.getCurrentResult().data?.pages.map((p) => p.items[0])).toEqual(['item-0', 'item-1']);
    expect(observer.getCurrentResult().isFetchNextPageError).toBe(false);
    stop();
  });

  it('keeps the stored pages that continue a refreshed first page and drops those that no longer do', async () => {
    const backend = await storedList();
    // Online: the restored first page is refreshed with the same answer; the pages after it stay stored.
    const same = setup(backend, { id: 'user-a' });
    clients.push(same.client);
    const first = observeList(same.client, async ({ pageParam }) => page(pageParam));
    await vi.waitFor(() => expect(first.observer.getCurrentResult().isFetching).toBe(false));
    await vi.waitFor(() => expect(first.observer.getCurrentResult().dataUpdatedAt).toBeGreaterThan(Date.now() - 1_000));
    first.stop();
    await vi.waitFor(async () => {
      await same.persister.flush();
      expect((backend.map.get(LIST_HEAD) as StoredQuery).state.dataUpdatedAt).toBeGreaterThan(Date.now() - 1_000);
    });
    expect((backend.map.get(LIST_HEAD) as StoredQuery).pageParams).toEqual([null, 1, 2]);
    expect(backend.map.has(pageKey('user-a', LIST_HASH, 2))).toBe(true);

    // The library changed: the new first page leads elsewhere, so the old pages after it go.
    const changed = setup(backend, { id: 'user-a' });
    clients.push(changed.client);
    const second = observeList(changed.client, async () => ({ items: ['new-0'], next: 7 }));
    await vi.waitFor(() => expect(second.observer.getCurrentResult().data?.pages[0]?.items).toEqual(['new-0']));
    second.stop();
    await vi.waitFor(async () => {
      await changed.persister.flush();
      expect((backend.map.get(LIST_HEAD) as StoredQuery).pageParams).toEqual([null]);
    });
    expect(backend.map.has(pageKey('user-a', LIST_HASH, 1))).toBe(false);
    expect(backend.map.has(pageKey('user-a', LIST_HASH, 2))).toBe(false);
  });

  it('persists direct cache edits, writing a burst at once and then its last state', async () => {
    const backend = memoryBackend();
    const { client, persister } = setup(backend, { id: 'user-a' });
    clients.push(client);
    for (let credits = 1; credits <= 5; credits++) client.setQueryData(['auth', 'profile'], { credits });
    await vi.waitFor(async () => {
      await persister.flush();
      expect(([...backend.map.values()][0] as PersistedQuery | undefined)?.state.data).toEqual({ credits: 5 });
    });
    expect(backend.writes).toBeLessThanOrEqual(2);
  });

  it('collects expired, outdated and foreign entries', async () => {
    const backend = memoryBackend();
    const now = Date.now();
    backend.map.set(`${ownerPrefix('a')}-fresh`, storedEntry(PERSIST_BUSTER, now));
    backend.map.set(`${ownerPrefix('a')}-old`, storedEntry(PERSIST_BUSTER, now - PERSIST_MAX_AGE_MS - 1));
    backend.map.set(`${ownerPrefix('a')}-busted`, storedEntry('contract-0', now));
    backend.map.set('tanstack-query-foreign', storedEntry(PERSIST_BUSTER, now));
    // A two-page list: its pages stay; a third page past its end and the pages of an expired list go.
    backend.map.set(headKey('a', 'list'), { ...storedEntry(PERSIST_BUSTER, now), pageParams: [null, 'c1'] });
    for (const index of [0, 1, 2]) backend.map.set(pageKey('a', 'list', index), { items: [index] });
    backend.map.set(pageKey('a', 'old', 0), { items: [] });
    const persister = createOfflinePersister({ currentUserId: () => 'a', backend });
    await persister.collectGarbage();
    expect([...backend.map.keys()].toSorted()).toEqual(
      [`${ownerPrefix('a')}-fresh`, headKey('a', 'list'), pageKey('a', 'list', 0), pageKey('a', 'list', 1)].toSorted(),
    );
    // Pages are judged by their list's entry, never read.
    expect(backend.reads.filter((key) => key.includes('|p'))).toEqual([]);
  });
});
