import { beforeEach, describe, expect, it, vi } from 'vitest';

const cleared: string[] = [];
const step = (name: string, fail = false) =>
  vi.fn<() => Promise<void>>(async () => {
    cleared.push(name);
    if (fail) throw new Error(`${name} is blocked`);
  });

vi.mock('./persister.ts', () => ({ clearPersistedQueries: step('queries', true) }));
vi.mock('../../kernel/session-store.ts', () => ({ clearSessionSnapshot: step('session') }));
vi.mock('./media-cache.ts', () => ({ clearMediaCache: step('media') }));
vi.mock('../../kernel/job-watch.ts', () => ({ clearJobWatchList: step('jobs') }));
vi.mock('../../kernel/outbox-store.ts', () => ({ clearOutbox: step('outbox') }));
vi.mock('../../kernel/share-store.ts', () => ({ clearSharedEntries: step('shared') }));

const { clearSavedCopies, OFFLINE_OWNER_KEY, wipeOfflineData } = await import('./wipe.ts');

function fakeLocalStorage() {
  const map = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  });
  return map;
}

describe('wipeOfflineData', () => {
  beforeEach(() => {
    cleared.length = 0;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('clears every store, even when one of them fails, and forgets the owner', async () => {
    const storage = fakeLocalStorage();
    storage.set(OFFLINE_OWNER_KEY, 'user-a');
    await expect(wipeOfflineData()).resolves.toBeUndefined();
    expect(cleared.toSorted()).toEqual(['jobs', 'media', 'outbox', 'queries', 'session', 'shared']);
    expect(storage.has(OFFLINE_OWNER_KEY)).toBe(false);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('queries'), expect.any(Error));
  });

  it('the settings’ clear keeps the session, followed jobs and queued uploads', async () => {
    fakeLocalStorage();
    await clearSavedCopies();
    expect(cleared.toSorted()).toEqual(['media', 'queries']);
  });
});
