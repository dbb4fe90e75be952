import { describe, expect, it } from 'vitest';
import { fakeIdbStore } from '../../tests/fixtures/fake-idb-store.ts';
import { countUnseenFinished, createJobWatchList, expiredEntries, WATCH_KEEP_MS, WATCH_PENDING_MAX_MS, type WatchedJob } from './job-watch.ts';

const T0 = Date.parse('2025-05-01T10:00:00Z');

function setup(now = () => T0) {
  const fake = fakeIdbStore();
  return { ...fake, list: createJobWatchList(fake.store, now) };
}

const job = (id: string, userId = 'u1', submittedAt?: number) => ({
  id,
  userId,
  feature: 'body-generator' as const,
  locale: 'vi' as const,
  ...(submittedAt ? { submittedAt } : {}),
});

describe('the job watch list', () => {
  it('adds a submitted job as queued, unseen, not notified; a repeat keeps the first entry', async () => {
    const { list } = setup();
    const added = await list.watchJob(job('g1'));
    expect(added).toEqual({
      id: 'g1',
      userId: 'u1',
      feature: 'body-generator',
      submittedAt: T0,
      status: 'queued',
      seen: false,
      finishedAt: null,
      locale: 'vi',
      notified: false,
    });
    await list.markFinished('g1', { status: 'completed' });
    // An idempotent resubmit answers the same job: its recorded end is not undone.
    const again = await list.watchJob(job('g1'));
    expect(again.status).toBe('completed');
    expect(await list.listWatched()).toHaveLength(1);
  });

  it('lists one account, oldest first', async () => {
    const { list } = setup();
    await list.watchJob(job('late', 'u1', T0 + 2_000));
    await list.watchJob(job('early', 'u1', T0 + 1_000));
    await list.watchJob(job('other', 'u2', T0));
    expect((await list.listWatched('u1')).map((entry) => entry.id)).toEqual(['early', 'late']);
    expect((await list.listWatched()).map((entry) => entry.id)).toEqual(['other', 'early', 'late']);
  });

  it('records the first end only, with its time and thumbnail', async () => {
    const { list } = setup();
    await list.watchJob(job('g1'));
    expect(await list.markFinished('g1', { status: 'processing' })).toMatchObject({ status: 'queued', finishedAt: null });
    const ended = await list.markFinished('g1', { status: 'completed', finishedAt: T0 + 9_000, thumbnailPath: '/media/t.webp?sig=1' });
    expect(ended).toMatchObject({ status: 'completed', finishedAt: T0 + 9_000, thumbnailPath: '/media/t.webp?sig=1', seen: false, notified: false });
    expect(await list.markFinished('g1', { status: 'failed' })).toMatchObject({ status: 'completed' });
  });

  it('records a job done in part, for its notification', async () => {
    const { list } = setup();
    await list.watchJob(job('g1'));
    expect(await list.markFinished('g1', { status: 'completed', partial: true })).toMatchObject({ status: 'completed', partial: true });
    await list.watchJob(job('g2'));
    expect(await list.markFinished('g2', { status: 'completed' })).not.toHaveProperty('partial');
  });

  it('does not create an entry for an unknown job', async () => {
    const { list, data } = setup();
    expect(await list.markFinished('nope', { status: 'completed' })).toBeUndefined();
    await list.markSeen(['nope']);
    await list.markNotified('nope');
    expect(data.size).toBe(0);
  });

  it('treats a cancellation as seen and announced (the person did it)', async () => {
    const { list } = setup();
    await list.watchJob(job('g1'));
    expect(await list.markFinished('g1', { status: 'cancelled' })).toMatchObject({ seen: true, notified: true });
    expect(await list.unseenFinishedCount('u1')).toBe(0);
  });

  it('marks ended jobs seen, but not running ones (their end still deserves the notification)', async () => {
    const { list } = setup();
    await list.watchJob(job('running'));
    await list.watchJob(job('done'));
    await list.markFinished('done', { status: 'completed' });
    await list.markSeen(['running', 'done']);
    expect((await list.getWatched('running'))?.seen).toBe(false);
    expect((await list.getWatched('done'))?.seen).toBe(true);
  });

  it('counts the badge: ended (completed or failed) and not opened, per account', async () => {
    const { list } = setup();
    for (const id of ['a', 'b', 'c', 'd']) await list.watchJob(job(id));
    await list.watchJob(job('e', 'u2'));
    await list.markFinished('a', { status: 'completed' });
    await list.markFinished('b', { status: 'failed' });
    await list.markFinished('c', { status: 'completed' });
    await list.markFinished('e', { status: 'completed' });
    expect(await list.unseenFinishedCount('u1')).toBe(3);
    await list.markSeen(['c']);
    expect(await list.unseenFinishedCount('u1')).toBe(2);
    expect(await list.unseenFinishedCount('u2')).toBe(1);
    expect(await list.unseenFinishedCount('nobody')).toBe(0);
  });

  it('marks notified once and forgets jobs; clear empties everything', async () => {
    const { list, data } = setup();
    await list.watchJob(job('g1'));
    await list.watchJob(job('g2'));
    await list.markNotified('g1');
    expect((await list.getWatched('g1'))?.notified).toBe(true);
    await list.forgetJobs(['g1']);
    expect([...data.keys()]).toEqual(['g2']);
    await list.clear();
    expect(data.size).toBe(0);
  });

  it('forgets old settled entries and long-stuck pending ones when a job is added', async () => {
    let now = T0;
    const { list } = setup(() => now);
    await list.watchJob(job('old'));
    await list.markFinished('old', { status: 'completed', finishedAt: T0 });
    await list.markSeen(['old']);
    await list.markNotified('old');
    await list.watchJob(job('stuck'));
    await list.watchJob(job('unseen'));
    await list.markFinished('unseen', { status: 'completed', finishedAt: T0 });
    now = T0 + Math.max(WATCH_PENDING_MAX_MS, WATCH_KEEP_MS) + 1;
    await list.watchJob(job('new'));
    // The unseen result stays until opened: the badge still counts it.
    expect((await list.listWatched()).map((entry) => entry.id).toSorted()).toEqual(['new', 'unseen']);
  });
});

const entry = (over: Partial<WatchedJob>): WatchedJob => ({
  id: 'x',
  userId: 'u1',
  feature: 'virtual-tryon',
  submittedAt: T0,
  status: 'completed',
  seen: false,
  finishedAt: T0,
  locale: 'vi',
  notified: true,
  ...over,
});

describe('badge and housekeeping rules', () => {
  it('counts only ended, unseen jobs of the account', () => {
    const jobs = [
      entry({ id: 'a' }),
      entry({ id: 'b', status: 'failed' }),
      entry({ id: 'c', seen: true }),
      entry({ id: 'd', status: 'processing', finishedAt: null }),
      entry({ id: 'e', status: 'cancelled' }),
      entry({ id: 'f', userId: 'u2' }),
    ];
    expect(countUnseenFinished(jobs, 'u1')).toBe(2);
    expect(countUnseenFinished([], 'u1')).toBe(0);
  });

  it('keeps settled entries a week', () => {
    const settled = entry({ seen: true });
    expect(expiredEntries([settled], T0 + WATCH_KEEP_MS)).toEqual([]);
    expect(expiredEntries([settled], T0 + WATCH_KEEP_MS + 1)).toEqual(['x']);
    expect(expiredEntries([entry({ seen: true, notified: false })], T0 + WATCH_KEEP_MS + 1)).toEqual([]);
  });
});
