import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdbStore } from '../../../tests/fixtures/fake-idb-store.ts';
import { makeGeneration } from '../../../tests/fixtures/test-data.ts';

// The browser's watch list, on an in-memory IndexedDB.
const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof import('../../../tests/fixtures/fake-idb-store.ts').fakeIdbStore> | null }));
vi.mock('idb-keyval', async (importOriginal) => {
  const actual = await importOriginal<typeof import('idb-keyval')>();
  return {
    ...actual,
    createStore: () => ((...args: Parameters<import('idb-keyval').UseStore>) => fake.current!.store(...args)) as import('idb-keyval').UseStore,
  };
});

const { markJobsSeen, needsWorker, onJobWatched, refreshAppBadge, setTrackedUser, trackSubmittedJob } = await import('./job-client.ts');
const { markFinished, markNotified, listWatched } = await import('../../kernel/job-watch.ts');

function browser() {
  const postMessage = vi.fn<(message: unknown) => void>();
  const close = vi.fn<() => void>();
  const getNotifications = vi.fn<(filter: { tag: string }) => Promise<Array<{ tag: string; close: () => void }>>>(async ({ tag }) => [{ tag, close }]);
  const registration = { active: { postMessage }, getNotifications };
  const nav = {
    serviceWorker: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    setAppBadge: vi.fn<(count?: number) => Promise<void>>(async () => undefined),
    clearAppBadge: vi.fn<() => Promise<void>>(async () => undefined),
  };
  vi.stubGlobal('navigator', nav);
  return { nav, postMessage, getNotifications, close };
}

beforeEach(() => {
  fake.current = fakeIdbStore();
  // The worker is messaged only in a production build.
  vi.stubEnv('DEV', false);
});
afterEach(() => {
  setTrackedUser(null);
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('tracking submitted jobs', () => {
  it('watches a queued job of the signed-in account and asks the worker to poll', async () => {
    const { postMessage } = browser();
    const started = vi.fn<(job: { id: string; feature: string }) => void>();
    const stop = onJobWatched(started);
    setTrackedUser('u1');
    const createdAt = new Date(Date.now() - 1_000).toISOString();
    await trackSubmittedJob(makeGeneration({ id: 'g1', feature: 'body-generator', status: 'queued', created_at: createdAt }));
    stop();
    expect(await listWatched('u1')).toEqual([
      expect.objectContaining({ id: 'g1', feature: 'body-generator', status: 'queued', locale: 'vi', submittedAt: Date.parse(createdAt) }),
    ]);
    await vi.waitFor(() => expect(postMessage).toHaveBeenCalledWith({ type: 'atelier:jobs:watch' }));
    expect(started).toHaveBeenCalledWith({ id: 'g1', feature: 'body-generator' });
  });

  it('watches nothing for a guest, nor a job that already ended', async () => {
    const { postMessage } = browser();
    await trackSubmittedJob(makeGeneration({ id: 'g1' }));
    setTrackedUser('u1');
    await trackSubmittedJob(makeGeneration({ id: 'g2', status: 'completed' }));
    expect(await listWatched()).toEqual([]);
    expect(postMessage).not.toHaveBeenCalled();
  });
});

describe('the app badge', () => {
  it('shows the ended, unopened results and clears at zero', async () => {
    const { nav, close, getNotifications } = browser();
    setTrackedUser('u1');
    const now = new Date().toISOString();
    for (const id of ['a', 'b', 'c']) await trackSubmittedJob(makeGeneration({ id, status: 'queued', created_at: now }));
    expect(await refreshAppBadge()).toBe(0);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);

    await markFinished('a', { status: 'completed' });
    await markFinished('b', { status: 'failed' });
    expect(await refreshAppBadge()).toBe(2);
    expect(nav.setAppBadge).toHaveBeenLastCalledWith(2);

    // Opening a result: one fewer, and its notification closes.
    await markJobsSeen(['a']);
    expect(nav.setAppBadge).toHaveBeenLastCalledWith(1);
    expect(getNotifications).toHaveBeenCalledWith({ tag: 'a' });
    expect(close).toHaveBeenCalled();

    // 'c' is still running: opening it changes nothing.
    await markJobsSeen(['b', 'c']);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(2);
    expect((await listWatched('u1')).find((job) => job.id === 'c')?.seen).toBe(false);
  });

  it('counts nothing for a guest, and survives a browser without badging', async () => {
    vi.stubGlobal('navigator', {});
    expect(await refreshAppBadge()).toBe(0);
  });
});

describe('start-up', () => {
  it('wakes the worker for a running job, or an ended one not announced yet (the page closed first)', async () => {
    browser();
    setTrackedUser('u1');
    await trackSubmittedJob(makeGeneration({ id: 'a', status: 'queued', created_at: new Date().toISOString() }));
    expect(needsWorker(await listWatched('u1'))).toBe(true);
    await markFinished('a', { status: 'completed' });
    expect(needsWorker(await listWatched('u1'))).toBe(true);
    await markNotified('a');
    expect(needsWorker(await listWatched('u1'))).toBe(false);
    expect(needsWorker([])).toBe(false);
  });
});
