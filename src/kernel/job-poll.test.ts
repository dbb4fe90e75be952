import { describe, expect, it } from 'vitest';
import { backoffDelay, decidePoll, MAX_WAKE_MS, POLL_MAX_MS, runPollLoop, type PollLoopDeps, type PollOutcome } from './job-poll.ts';
import type { WatchedJob } from './job-watch.ts';

describe('back-off', () => {
  it('starts at 2 s, grows ×1.5, and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4].map(backoffDelay)).toEqual([2_000, 3_000, 4_500, 6_750, 10_125]);
    expect(backoffDelay(7)).toBe(POLL_MAX_MS);
    expect(backoffDelay(50)).toBe(30_000);
    expect(backoffDelay(-1)).toBe(2_000);
  });
});

const answer = (status: 'queued' | 'processing' | 'completed' | 'failed' | 'cancelled'): PollOutcome => ({
  kind: 'job',
  status,
  finishedAt: 5,
  thumbnailPath: '/t.webp',
});

describe('what an answer means', () => {
  it('waits on a running job, with the back-off of its attempt', () => {
    expect(decidePoll(answer('queued'), 0)).toEqual({ action: 'wait', delayMs: 2_000 });
    expect(decidePoll(answer('processing'), 2)).toEqual({ action: 'wait', delayMs: 4_500 });
  });

  it('reports an ended job with its end and thumbnail', () => {
    for (const status of ['completed', 'failed', 'cancelled'] as const) {
      expect(decidePoll(answer(status), 3)).toEqual({ action: 'finished', status, finishedAt: 5, thumbnailPath: '/t.webp' });
    }
  });

  it('carries a job done in part to the notification', () => {
    expect(decidePoll({ ...answer('completed'), partial: true } as PollOutcome, 0)).toEqual({
      action: 'finished',
      status: 'completed',
      finishedAt: 5,
      thumbnailPath: '/t.webp',
      partial: true,
    });
  });

  it('stops everything on 401, forgets on final 4xx, and keeps trying otherwise', () => {
    expect(decidePoll({ kind: 'http', status: 401 }, 0)).toEqual({ action: 'stop' });
    expect(decidePoll({ kind: 'http', status: 404 }, 0)).toEqual({ action: 'forget' });
    expect(decidePoll({ kind: 'http', status: 403 }, 0)).toEqual({ action: 'forget' });
    expect(decidePoll({ kind: 'http', status: 503 }, 1)).toEqual({ action: 'wait', delayMs: 3_000 });
    expect(decidePoll({ kind: 'http', status: 429 }, 0)).toEqual({ action: 'wait', delayMs: 2_000 });
    expect(decidePoll({ kind: 'http', status: 408 }, 0)).toEqual({ action: 'wait', delayMs: 2_000 });
    expect(decidePoll({ kind: 'network' }, 9)).toEqual({ action: 'wait', delayMs: 30_000 });
  });
});

const watched = (id: string): WatchedJob => ({
  id,
  userId: 'u1',
  feature: 'image-to-video',
  submittedAt: 0,
  status: 'queued',
  seen: false,
  finishedAt: null,
  locale: 'vi',
  notified: false,
});

/**
 * A simulated world: a clock moved only by `sleep`, a list of pending jobs, and scripted
 * answers per job (the last one repeats). Records when each job was asked.
 */
function world(answers: Record<string, PollOutcome[]>, options: { session?: boolean } = {}) {
  let clock = 0;
  const pending = new Map(Object.keys(answers).map((id) => [id, watched(id)]));
  const asked: Array<[string, number]> = [];
  const finished: string[] = [];
  const forgotten: string[] = [];
  const sleeps: number[] = [];
  const hooks: { onSleep?: (at: number) => void } = {};
  const deps: PollLoopDeps = {
    pending: async () => (options.session === false ? null : [...pending.values()]),
    async fetchJob(id) {
      asked.push([id, clock]);
      const script = answers[id]!;
      return script.length > 1 ? script.shift()! : script[0]!;
    },
    async finished(job) {
      finished.push(job.id);
      pending.delete(job.id);
    },
    async forget(job) {
      forgotten.push(job.id);
      pending.delete(job.id);
    },
    async sleep(ms) {
      sleeps.push(ms);
      clock += ms;
      hooks.onSleep?.(clock);
    },
    now: () => clock,
  };
  return { deps, asked, finished, forgotten, sleeps, pending, hooks };
}

const running: PollOutcome = { kind: 'job', status: 'processing', finishedAt: null, thumbnailPath: null };
const completed: PollOutcome = { kind: 'job', status: 'completed', finishedAt: 1, thumbnailPath: '/t.webp' };

describe('the poll loop', () => {
  it('asks a job at once, then after 2 s, 3 s, 4.5 s, until it ends', async () => {
    const w = world({ g1: [running, running, running, completed] });
    expect(await runPollLoop(w.deps)).toBe('idle');
    expect(w.asked).toEqual([
      ['g1', 0],
      ['g1', 2_000],
      ['g1', 5_000],
      ['g1', 9_500],
    ]);
    expect(w.finished).toEqual(['g1']);
  });

  it('keeps each job on its own back-off', async () => {
    const w = world({ a: [running, running, completed], b: [completed] });
    expect(await runPollLoop(w.deps)).toBe('idle');
    expect(w.asked).toEqual([
      ['a', 0],
      ['b', 0],
      ['a', 2_000],
      ['a', 5_000],
    ]);
    expect(w.finished).toEqual(['b', 'a']);
  });

  it('backs off while offline and succeeds when the network returns', async () => {
    const w = world({ g1: [{ kind: 'network' }, { kind: 'network' }, completed] });
    expect(await runPollLoop(w.deps)).toBe('idle');
    expect(w.sleeps).toEqual([2_000, 3_000]);
    expect(w.finished).toEqual(['g1']);
  });

  it('stops at once when the token is refused', async () => {
    const w = world({ a: [{ kind: 'http', status: 401 }], b: [running] });
    expect(await runPollLoop(w.deps)).toBe('signed-out');
    expect(w.asked).toEqual([['a', 0]]);
  });

  it('does nothing without a session', async () => {
    const w = world({ a: [running] }, { session: false });
    expect(await runPollLoop(w.deps)).toBe('signed-out');
    expect(w.asked).toEqual([]);
  });

  it('forgets a deleted job and goes on with the others', async () => {
    const w = world({ gone: [{ kind: 'http', status: 404 }], g1: [running, completed] });
    expect(await runPollLoop(w.deps)).toBe('idle');
    expect(w.forgotten).toEqual(['gone']);
    expect(w.finished).toEqual(['g1']);
  });

  it('ends the wake before the browser would kill it, with the job still pending', async () => {
    const w = world({ slow: [running] });
    expect(await runPollLoop(w.deps)).toBe('deadline');
    const last = w.asked.at(-1)![1];
    expect(last).toBeLessThanOrEqual(MAX_WAKE_MS);
    // Capped at 30 s: about a dozen polls in 4 minutes, not one every 2 s.
    expect(w.asked.length).toBeLessThan(15);
    expect(w.sleeps.at(-1)).toBe(POLL_MAX_MS);
  });

  it('polls one round only when asked to (periodic sync)', async () => {
    const w = world({ a: [running], b: [running] });
    expect(await runPollLoop({ ...w.deps, maxRunMs: 0 })).toBe('deadline');
    expect(w.asked).toEqual([
      ['a', 0],
      ['b', 0],
    ]);
  });

  it('takes in a job submitted meanwhile, asked at once', async () => {
    const w = world({ a: [running, running, completed] });
    w.hooks.onSleep = (at) => {
      if (at === 2_000) w.pending.set('late', watched('late'));
    };
    const answersLate = [completed];
    const fetchJob = w.deps.fetchJob;
    w.deps.fetchJob = async (id) => (id === 'late' ? (w.asked.push([id, 2_000]), answersLate[0]!) : fetchJob(id));
    expect(await runPollLoop(w.deps)).toBe('idle');
    expect(w.asked).toContainEqual(['late', 2_000]);
    expect(w.finished.toSorted()).toEqual(['a', 'late']);
  });

  it('never asks again about a job it saw end, even if the list was not updated', async () => {
    const w = world({ g1: [completed] });
    w.deps.finished = async () => undefined; // the write failed silently
    expect(await runPollLoop(w.deps)).toBe('idle');
    expect(w.asked).toHaveLength(1);
  });
});
