import { afterEach, describe, expect, it, vi } from 'vitest';
import { InfiniteQueryObserver, QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import type { PersistedQuery } from '@tanstack/query-persist-client-core';
import { createOfflinePersister, ownerOfKey, ownerPrefix, persistedOwners, PERSIST_BUSTER, PERSIST_MAX_AGE_MS, type PersistBackend } from './persister.ts';

/** An in-memory stand-in for the IndexedDB store; values are cloned like structured clone would. */
function memoryBackend() {
  const map = new Map<string, unknown>();
  const backend: PersistBackend & { map: Map<string, unknown>; writes: number } = {
    map,
    writes: 0,
    get: async (key) => structuredClone(map.get(key)) as PersistedQuery | undefined,
    setMany: async (list) => {
      backend.writes += 1;
      for (const [key, value] of list) map.set(key, structuredClone(value));
    },
    del: async (key) => void map.delete(key),
    delMany: async (list) => list.forEach((key) => map.delete(key as string)),
    keys: async () => [...map.keys()],
    entries: async () => [...map.entries()],
    clear: async () => map.clear(),
  };
  return backend;
}

function setup(backend: PersistBackend, user: { id: string | null }, writeDelayMs = 5) {
  const persister = createOfflinePersister({ currentUserId: () => user.id, backend, writeDelayMs });
  const client = new QueryClient({ defaultOptions: { queries: { persister: persister.persisterFn, retry: false, networkMode: 'offlineFirst' } } });
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

const storedEntry = (buster: string, updatedAt: number) => ({ buster, queryHash: 'h', queryKey: ['assets'], state: { data: 1, dataUpdatedAt: updatedAt } });

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
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

  it('persists every page of an infinite query and restores them', async () => {
    const backend = memoryBackend();
    const user = { id: 'user-a' };
    const { client, persister } = setup(backend, user);
    clients.push(client);
    const observer = new InfiniteQueryObserver(client, {
      queryKey: ['assets', 'list', { kind: 'image' }],
      queryFn: async ({ pageParam }: { pageParam: number | null }) => page(pageParam),
      initialPageParam: null as number | null,
      getNextPageParam: (last: ReturnType<typeof page>) => last.next,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));
    await observer.fetchNextPage();
    await observer.fetchNextPage();
    unsubscribe();
    await vi.waitFor(async () => {
      await persister.flush();
      const stored = [...backend.map.values()][0] as PersistedQuery | undefined;
      expect((stored?.state.data as { pages: unknown[] } | undefined)?.pages).toHaveLength(3);
    });

    const reloaded = setup(backend, user);
    clients.push(reloaded.client);
    const again = new InfiniteQueryObserver(reloaded.client, {
      queryKey: ['assets', 'list', { kind: 'image' }],
      queryFn: () => new Promise<ReturnType<typeof page>>(() => undefined),
      initialPageParam: null as number | null,
      getNextPageParam: (last: ReturnType<typeof page>) => last.next,
    });
    const stop = again.subscribe(() => undefined);
    await vi.waitFor(() => expect(again.getCurrentResult().data?.pages.map((p) => p.items[0])).toEqual(['item-0', 'item-1', 'item-2']));
    stop();
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
    const persister = createOfflinePersister({ currentUserId: () => 'a', backend });
    await persister.collectGarbage();
    expect([...backend.map.keys()]).toEqual([`${ownerPrefix('a')}-fresh`]);
  });
});
