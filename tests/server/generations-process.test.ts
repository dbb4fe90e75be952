/**
 * Generations across real processes: a server killed with jobs running (kill -9) and started
 * again on the same data finishes every job with an exact ledger; and on Postgres, two worker
 * processes (`server/worker.ts`) beside a web-only server run each of 200 jobs exactly once.
 *
 * The processes run a test engine in place of the local one (tests/server/fixtures/
 * generations-engine.ts): each run takes TEST_ENGINE_DELAY_MS and appends
 * `<pid> <generation id> <attempt>` to TEST_ENGINE_RUN_LOG as it starts, which is how runs are
 * counted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionsRepository, startSessionToken } from '../../server/auth/sessions.ts';
import { createAccessTokens } from '../../server/auth/tokens.ts';
import { openDatabase, type Database } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createUsersRepository } from '../../server/auth/users-repository.ts';
import { TEST_SIGNING_KEY } from './helpers/app.ts';
import { createScratchPostgres, DRIVER, POSTGRES_URL, type ScratchPostgres } from './helpers/database.ts';
import { waitFor } from './helpers/generations.ts';
import { expectExactLedger, readRuns } from './helpers/process-runs.ts';
import { killAll, runChild, spawnServer, type ChildRun, type SpawnedServer } from './helpers/spawn.ts';

const SERVER_ENTRY = 'tests/server/fixtures/generations-server.ts';
const WORKER_ENTRY = 'tests/server/fixtures/generations-worker.ts';
/** How long a worker process may take to log "worker ready", in ms. */
const WORKER_START_TIMEOUT_MS = 25_000;

const BODY = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'female', height: 160, weight: 50, age: 25, skin_tone: 'medium', body_type: 'endomorph', aspect_ratio: '9:16' },
};

let dataDir: string | undefined;
let postgres: ScratchPostgres | undefined;
const children: ChildRun[] = [];

afterEach(async () => {
  await killAll(children);
  await postgres?.drop();
  postgres = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

interface Setup {
  env: Record<string, string>;
  runLog: string;
  databaseUrl: string | null;
  userId: string;
  token: string;
}

/** A data directory, a database with one person holding `credits`, and the processes' environment. */
async function setUp(credits: number, env: Record<string, string>): Promise<Setup> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-generations-process-'));
  if (POSTGRES_URL) postgres = await createScratchPostgres();
  const databaseUrl = postgres?.url ?? null;
  // Made before any server opens the database (a PGlite database is one process's at a time).
  const database = await open(databaseUrl);
  await migrate(database);
  const user = await createUsersRepository(database).create(
    {
      email: 'process@example.com',
      name: 'Lê Thị Hoa',
      passwordHash: null,
      profilePicture: null,
      language: 'vi',
      isVerified: true,
      firebaseUid: null,
      createdAt: new Date(),
    },
    [{ kind: 'grant', amount: credits, reason: 'test credits', idempotencyKey: 'test-grant' }],
  );
  const tokens = createAccessTokens({ secret: TEST_SIGNING_KEY, ttlSeconds: 3_600, now: Date.now });
  const token = await startSessionToken({ sessions: createSessionsRepository(database), tokens, now: Date.now }, user);
  await database.close();
  const runLog = path.join(dataDir, 'runs.log');
  return {
    env: { DATA_DIR: dataDir, JWT_SECRET: TEST_SIGNING_KEY, TEST_ENGINE_RUN_LOG: runLog, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env },
    runLog,
    databaseUrl,
    userId: user.id,
    token,
  };
}

function open(databaseUrl: string | null): Promise<Database> {
  return openDatabase({ databaseUrl, pgliteDataDir: path.join(dataDir ?? '', 'db') });
}

async function start(env: Record<string, string>): Promise<SpawnedServer> {
  const server = await spawnServer(env, SERVER_ENTRY);
  children.push(server);
  return server;
}

async function startWorker(env: Record<string, string>): Promise<ChildRun> {
  const worker = runChild(env, WORKER_ENTRY);
  children.push(worker);
  await waitFor(
    () => (worker.logs.some((line) => line.msg === 'worker ready') ? true : undefined),
    WORKER_START_TIMEOUT_MS,
    `worker ready\n${worker.stdout()}\n${worker.stderr()}`,
  );
  return worker;
}

// oxlint-disable-next-line typescript/no-explicit-any -- the tests read the fields they expect
async function api(server: SpawnedServer, token: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
  const init: RequestInit = { method, headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(`${server.baseUrl}${url}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe(`a server killed with jobs running (${DRIVER})`, () => {
  it('finishes every job after a restart, with an exact ledger', { timeout: 120_000 }, async () => {
    const grant = 10;
    const setup = await setUp(grant, { WORKERS: '2', TEST_ENGINE_DELAY_MS: '3000' });
    const first = await start(setup.env);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const submitted = await api(first, setup.token, 'POST', '/api/generations', BODY);
      expect(submitted.status).toBe(202);
      ids.push(submitted.body.id);
    }
    // Two running (WORKERS=2), three waiting.
    await waitFor(
      async () => {
        const pending = await api(first, setup.token, 'GET', '/api/generations/pending');
        return pending.body.items.filter((item: { status: string }) => item.status === 'processing').length === 2 ? true : undefined;
      },
      20_000,
      'two jobs processing',
    );
    const runningAtKill = (await readRuns(setup.runLog)).map((run) => run.id);
    expect(runningAtKill).toHaveLength(2);

    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = await start(setup.env);
    const ended = await waitFor(
      async () => {
        const list = await api(second, setup.token, 'GET', '/api/generations?limit=10');
        const items: Array<{ id: string; status: string }> = list.body.items;
        return items.length === ids.length && items.every((item) => ['completed', 'failed', 'cancelled'].includes(item.status)) ? items : undefined;
      },
      90_000,
      'every job to end after the restart',
    );
    expect(ended.map((item) => item.status)).toEqual(ids.map(() => 'completed'));
    expect(await second.stop()).toEqual({ code: 0, signal: null });

    // The jobs cut short ran again (attempt 2, in the new process); the others ran once.
    const all = await readRuns(setup.runLog);
    for (const id of ids) {
      const attempts = all.filter((run) => run.id === id).map((run) => run.attempt);
      expect(attempts, id).toEqual(runningAtKill.includes(id) ? [1, 2] : [1]);
    }
    const database = await open(setup.databaseUrl);
    try {
      await expectExactLedger(database, setup.userId, grant);
      const results = await database.kysely.selectFrom('assets').select('generation_id').where('source', '=', 'generation').execute();
      expect(results.map((row) => row.generation_id).toSorted()).toEqual(ids.toSorted());
    } finally {
      await database.close();
    }
  });
});

describe(`a server stopped with jobs running (${DRIVER})`, () => {
  it('exits 0 on SIGTERM, hands the unfinished run back to the queue, and the next start finishes it', { timeout: 90_000 }, async () => {
    const grant = 5;
    const setup = await setUp(grant, { WORKERS: '1', TEST_ENGINE_DELAY_MS: '4000', SHUTDOWN_TIMEOUT_MS: '500' });
    const first = await start(setup.env);
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) ids.push((await api(first, setup.token, 'POST', '/api/generations', BODY)).body.id);
    await waitFor(async () => ((await readRuns(setup.runLog)).length === 1 ? true : undefined), 20_000, 'one run started');
    expect(await first.stop()).toEqual({ code: 0, signal: null });
    expect(first.logs.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['releasing generations still running', 'generations stopped', 'shutdown complete']),
    );

    const database = await open(setup.databaseUrl);
    try {
      const rows = await database.kysely.selectFrom('generations').select(['id', 'status']).execute();
      expect(rows.map((row) => row.status)).toEqual(['queued', 'queued']);
    } finally {
      await database.close();
    }

    const second = await start(setup.env);
    await waitFor(
      async () => {
        const list = await api(second, setup.token, 'GET', '/api/generations');
        return list.body.items.every((item: { status: string }) => item.status === 'completed') ? true : undefined;
      },
      60_000,
      'both jobs to complete',
    );
    expect(await second.stop()).toEqual({ code: 0, signal: null });
    const all = await readRuns(setup.runLog);
    const released = all[0]?.id;
    expect(all.filter((run) => run.id === released).map((run) => run.attempt)).toEqual([1, 2]);
    const finished = await open(setup.databaseUrl);
    try {
      await expectExactLedger(finished, setup.userId, grant);
    } finally {
      await finished.close();
    }
  });
});

describe(`several worker processes (${DRIVER})`, () => {
  it.skipIf(DRIVER === 'pglite')(
    'two worker processes on Postgres run each of 200 jobs exactly once (PGlite: skipped, its database belongs to one process)',
    { timeout: 180_000 },
    async () => {
      const jobs = 200;
      const setup = await setUp(jobs, {});
      const web = await start({ ...setup.env, WORKERS: '0' });
      const workers = await Promise.all([startWorker({ ...setup.env, WORKERS: '3' }), startWorker({ ...setup.env, WORKERS: '3' })]);

      const ids: string[] = [];
      const batch = 10;
      for (let i = 0; i < jobs; i += batch) {
        const submitted = await Promise.all(Array.from({ length: batch }, () => api(web, setup.token, 'POST', '/api/generations', BODY)));
        for (const result of submitted) {
          expect(result.status).toBe(202);
          ids.push(result.body.id);
        }
      }
      const database = await open(setup.databaseUrl);
      try {
        await waitFor(
          async () => {
            const done = await database.kysely.selectFrom('generations').select('id').where('status', '=', 'completed').execute();
            return done.length === jobs ? true : undefined;
          },
          150_000,
          `${jobs} jobs completed`,
        );

        const all = await readRuns(setup.runLog);
        expect(all).toHaveLength(jobs);
        expect(new Set(all.map((run) => run.id))).toEqual(new Set(ids));
        expect(all.every((run) => run.attempt === 1)).toBe(true);
        // Both processes took part, and no run came from the web process.
        const pids = new Set(all.map((run) => run.pid));
        expect(pids).toEqual(new Set(workers.map((worker) => String(worker.child.pid))));
        const attempts = await database.kysely.selectFrom('generations').select('attempts').execute();
        expect(attempts.every((row) => row.attempts === 1)).toBe(true);
        await expectExactLedger(database, setup.userId, jobs);
      } finally {
        await database.close();
      }
      for (const worker of workers) {
        worker.child.kill('SIGTERM');
        expect(await worker.exited).toEqual({ code: 0, signal: null });
      }
      expect(await web.stop()).toEqual({ code: 0, signal: null });
    },
  );
});
