/**
 * A crash between storing a job's result and completing it. A worker process that dies right
 * there (here: a runner whose completion never returns, its heartbeat stopped) must not leave a
 * result in the library the job was never charged for, and the retry must not store a second
 * copy: the result becomes an asset only with the job's completion and charge, the retry reuses
 * what the dead run stored, and a job that ends otherwise (no retry left, cancelled) has the
 * stored files removed by the recovery pass.
 *
 * The harness runs no in-process workers (WORKERS=0): the test fetches each pg-boss job itself
 * and hands it to the runner it wants, the crashing one or the harness's healthy one.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GENERATIONS_QUEUE, type GenerationJob } from '../../server/generations/jobs.ts';
import { createGenerationsRepository } from '../../server/generations/repository.ts';
import { createRunner, type Runner } from '../../server/generations/runner.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, waitFor, type GenerationsHarness, type Person } from './helpers/generations.ts';
import { silentLogger } from './helpers/logs.ts';
import { createTestEngine, type TestEngine } from './helpers/test-engine.ts';

const BODY = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'female', height: 165, weight: 52, age: 28, skin_tone: 'light', body_type: 'mesomorph', aspect_ratio: '1:1' },
} as const;

/** Staleness the tests use, in ms (production: 10 s). */
const STALE_MS = 1_000;

let h: GenerationsHarness;
let engine: TestEngine;

beforeAll(async () => {
  engine = createTestEngine();
  h = await createGenerationsHarness({
    engine,
    workers: 0,
    // Passes run when a test calls sweep(); the timer's first pass is hours away.
    tuning: { staleAfterMs: STALE_MS, sweepIntervalMs: 3_600_000, queuedGraceMs: 3_600_000, retryDelaySeconds: 1 },
  });
});

afterAll(async () => {
  await h?.dispose();
});

afterEach(async () => {
  await h.database.kysely.updateTable('generations').set({ status: 'cancelled' }).where('status', 'in', ['queued', 'processing']).execute();
  await h.queue.boss.deleteQueuedJobs(GENERATIONS_QUEUE);
});

/** A runner on the harness's database and media whose completion never returns: the process dies there. */
function crashingRunner(): { runner: Runner; reached: () => boolean } {
  const repository = createGenerationsRepository(h.database);
  let reached = false;
  const runner = createRunner({
    repository: {
      ...repository,
      complete: () => {
        reached = true;
        return new Promise<boolean>(() => undefined);
      },
    },
    media: h.media.service,
    engines: { get: () => engine },
    logger: silentLogger(),
    now: Date.now,
    timeoutMs: () => 60_000,
    workRoot: path.join(h.dataDir, 'work-crashed'),
  });
  return { runner, reached: () => reached };
}

/** The next job pg-boss hands out, as a worker receives it. */
async function fetchJob(): Promise<GenerationJob> {
  const [job] = await waitFor(
    async () => {
      const jobs = await h.queue.boss.fetch<{ generationId: string }>(GENERATIONS_QUEUE, { includeMetadata: true });
      return jobs.length > 0 ? jobs : undefined;
    },
    15_000,
    'a fetchable job',
  );
  if (!job) throw new Error('no job');
  return Object.assign(job, { signal: new AbortController().signal }) as unknown as GenerationJob;
}

/** Submits a job and runs it on a worker that dies between storing the result and completing. */
async function crashAfterStoring(person: Person): Promise<string> {
  const { status, body } = await person.submit(BODY);
  expect(status).toBe(202);
  const crashed = crashingRunner();
  const job = await fetchJob();
  expect(job.id).toBe(body.id);
  void crashed.runner.run(job);
  await waitFor(() => (crashed.reached() ? true : undefined), 15_000, 'the run to store its result');
  // The dead worker's last heartbeat, long enough ago to be stale.
  await h.database.kysely
    .updateTable('generations')
    .set({ heartbeat_at: new Date(Date.now() - 5 * STALE_MS) })
    .where('id', '=', body.id)
    .execute();
  return body.id as string;
}

const resultAssets = (id: string) => h.database.kysely.selectFrom('assets').select(['id', 'user_id']).where('generation_id', '=', id).execute();

async function storedFiles(userId: string): Promise<string[]> {
  const entries = await readdir(path.join(h.dataDir, 'media', userId), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(h.dataDir, path.join(entry.parentPath, entry.name)));
}

const ledgerOf = async (person: Person, id: string) =>
  (await h.ledger(person.id))
    .filter((entry) => entry.idempotency_key.startsWith(`gen:${id}:`))
    .map((entry) => `${entry.kind}:${entry.amount}`)
    .toSorted();

describe(`a crash between storing a result and completing its job (${DRIVER})`, () => {
  it('leaves no free result, and the retry completes with the stored result instead of a second copy', async () => {
    const owner = await h.person(5);
    const id = await crashAfterStoring(owner);
    // Crashed: the result is not the person's yet (not in the library, the job not charged).
    expect((await owner.call('GET', '/api/assets')).body.items).toEqual([]);
    expect(await resultAssets(id)).toEqual([]);

    // Recovery hands the job back to pg-boss; a healthy worker runs the retry.
    expect(await h.generations.recovery.sweep()).toBe(1);
    await h.generations.runner.run(await fetchJob());

    const done = await owner.generation(id);
    expect(done.status).toBe('completed');
    expect(done.results).toHaveLength(1);
    // One asset: the one the job shows, made by the first run's engine (the retry reused it).
    expect((await resultAssets(id)).map((asset) => asset.id)).toEqual(done.results.map((asset) => asset.id));
    expect(engine.runs.filter((run) => run.id === id).map((run) => run.attempt)).toEqual([1]);
    // The original, its watermarked copy (a free account's result) and the thumbnail.
    expect(await storedFiles(owner.id)).toHaveLength(3);
    expect((await owner.call('GET', '/api/assets')).body.items.map((asset: { id: string }) => asset.id)).toEqual(done.results.map((asset) => asset.id));
    const row = await h.database.kysely.selectFrom('generations').select('staged_results').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.staged_results).toBeNull();
    // Charged exactly once.
    expect(await ledgerOf(owner, id)).toEqual(['commit:0', 'reserve:-1']);
    expect(await h.balance(owner.id)).toBe(4);
  });

  it('fails and refunds a job with no retry left, and removes what its dead run stored', async () => {
    const owner = await h.person(5);
    const id = await crashAfterStoring(owner);
    // The queue gave the job up: recovery fails it, refunds it, and removes the stored files.
    await h.queue.boss.deleteJob(GENERATIONS_QUEUE, id);
    expect(await h.generations.recovery.sweep()).toBe(2);
    expect(await owner.generation(id)).toMatchObject({ status: 'failed', results: [] });
    expect(await resultAssets(id)).toEqual([]);
    expect(await storedFiles(owner.id)).toEqual([]);
    expect(await ledgerOf(owner, id)).toEqual(['refund:1', 'reserve:-1']);
    expect(await h.balance(owner.id)).toBe(5);
    // A later pass has nothing left to do.
    expect(await h.generations.recovery.sweep()).toBe(0);
  });

  it('a job cancelled after its run stored the result keeps nothing of it', async () => {
    const owner = await h.person(5);
    const id = await crashAfterStoring(owner);
    const cancelled = await owner.call('POST', `/api/generations/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.results).toEqual([]);
    await h.generations.recovery.sweep();
    expect(await resultAssets(id)).toEqual([]);
    expect(await storedFiles(owner.id)).toEqual([]);
    expect(await ledgerOf(owner, id)).toEqual(['refund:1', 'reserve:-1']);
    expect(await h.balance(owner.id)).toBe(5);
  });

  it('an account deleted meanwhile takes the stored files of its crashed run with it', async () => {
    const owner = await h.person(5);
    await crashAfterStoring(owner);
    // The original, its watermarked copy (a free account's result) and the thumbnail.
    expect(await storedFiles(owner.id)).toHaveLength(3);
    // What account deletion runs once the rows are gone (see server/app.ts: beforeAccountDelete).
    const erase = await h.media.area.prepareErasure(owner.id);
    await erase();
    expect(await storedFiles(owner.id)).toEqual([]);
  });

  it('a job deleted before the recovery pass came by takes the stored files of its crashed run with it', async () => {
    const owner = await h.person(5);
    const id = await crashAfterStoring(owner);
    expect((await owner.call('POST', `/api/generations/${id}/cancel`)).status).toBe(200);
    expect((await owner.call('DELETE', `/api/generations/${id}`)).status).toBe(204);
    expect(await resultAssets(id)).toEqual([]);
    expect(await storedFiles(owner.id)).toEqual([]);
  });
});
