/**
 * Scale-out as the docs describe it, on Postgres only (skipped without DATABASE_URL): two web
 * processes (WORKERS=0) and two worker processes (`server/worker.ts`) on one scratch database and
 * one JWT_SECRET; four accounts submit through both web ports, each watching its jobs on one of
 * them. The processes run the test engine and tuning of tests/server/fixtures/generations-engine.ts.
 *
 * - Every job runs exactly once, on a worker process, and every ledger is exact; one
 *   Idempotency-Key sent to both ports at once makes one job.
 * - A worker killed (SIGKILL) after pg-boss handed it a job and before it claimed it — the fixture
 *   holds it there while TEST_CLAIM_HOLD exists — strands nothing: the job is taken back and runs
 *   once, on the other worker.
 * - The per-account stream limit counts the streams of both web processes.
 * - The web processes' watchers poll once a minute here: every event the streams get came by the
 *   database's notifications.
 *
 * It prints its figures: cross-process pick-up (claim − submit) and event delay (arrival − the
 * job's end) at p50 and p95, and the stranded job's recovery (kill → claim by the other worker).
 * Times are the processes' clocks and the test's, all on this machine; none is asserted.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATION_EVENTS } from '../../src/contract/generations.ts';
import { createSessionsRepository, startSessionToken } from '../../server/auth/sessions.ts';
import { createAccessTokens } from '../../server/auth/tokens.ts';
import { createUsersRepository } from '../../server/auth/users-repository.ts';
import { openDatabase, type Database } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';
import { TEST_SIGNING_KEY } from './helpers/app.ts';
import { createScratchPostgres, POSTGRES_URL, type ScratchPostgres } from './helpers/database.ts';
import { openEvents, type EventReader } from './helpers/event-stream.ts';
import { waitFor } from './helpers/generations.ts';
import { expectExactLedger, readHolds, readRuns } from './helpers/process-runs.ts';
import { killAll, runChild, spawnServer, type ChildRun, type SpawnedServer } from './helpers/spawn.ts';

const SERVER_ENTRY = 'tests/server/fixtures/generations-server.ts';
const WORKER_ENTRY = 'tests/server/fixtures/generations-worker.ts';
/** How long a process may take to start, in ms (four start at once on a busy machine). */
const START_TIMEOUT_MS = 45_000;
const ACCOUNTS = 4;
/** Jobs per account submitted one at a time, each on idle workers: the measured ones. */
const ROUNDS = 6;
/** Jobs per account submitted all at once, half through each port. */
const BURST = 10;
/** Queue workers of each worker process. */
const WORKERS = 2;
/** The web processes' watchers poll this seldom, in ms: an event within a test's wait came by notification. */
const EVENTS_POLL_MS = 60_000;
/** Credits of each account: enough for every job it submits. */
const GRANT = ROUNDS + BURST + 5;

const BODY = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'male', height: 172, weight: 66, age: 31, skin_tone: 'medium', body_type: 'mesomorph', aspect_ratio: '3:4' },
};

let dataDir: string | undefined;
let postgres: ScratchPostgres | undefined;
const children: ChildRun[] = [];

afterAll(async () => {
  await killAll(children);
  await postgres?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Account {
  id: string;
  token: string;
}

// oxlint-disable-next-line typescript/no-explicit-any -- the test reads the fields it expects
type Answer = { status: number; body: any };

async function api(server: SpawnedServer, token: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(`${server.baseUrl}${url}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const stream = (server: SpawnedServer, account: Account): Promise<EventReader> =>
  openEvents(fetch(`${server.baseUrl}${GENERATION_EVENTS.path}`, { headers: { Authorization: `Bearer ${account.token}` } }));

/** The nearest-rank percentile `p` (0–100) of `values`. */
function percentile(values: readonly number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const figures = (values: readonly number[]) =>
  `p50 ${Math.round(percentile(values, 50))} ms, p95 ${Math.round(percentile(values, 95))} ms (n ${values.length})`;

async function setUpAccounts(database: Database): Promise<Account[]> {
  await migrate(database);
  const users = createUsersRepository(database);
  const tokens = createAccessTokens({ secret: TEST_SIGNING_KEY, ttlSeconds: 3_600, now: Date.now });
  const accounts: Account[] = [];
  for (let i = 0; i < ACCOUNTS; i += 1) {
    const user = await users.create(
      {
        email: `scaleout-${i}-${randomUUID()}@example.com`,
        name: 'Phạm Thị Lan',
        passwordHash: null,
        profilePicture: null,
        language: 'vi',
        isVerified: true,
        firebaseUid: null,
        createdAt: new Date(),
      },
      [{ kind: 'grant', amount: GRANT, reason: 'test credits', idempotencyKey: 'test-grant' }],
    );
    accounts.push({ id: user.id, token: await startSessionToken({ sessions: createSessionsRepository(database), tokens, now: Date.now }, user) });
  }
  return accounts;
}

describe.skipIf(!POSTGRES_URL)('scale-out: two web and two worker processes on one Postgres', () => {
  it(
    'runs every job once across the processes, recovers a job stranded by a worker killed before its claim, and holds the stream limit across web processes',
    { timeout: 150_000 },
    async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-scaleout-'));
      postgres = await createScratchPostgres('scaleout');
      const database = await openDatabase({ databaseUrl: postgres.url, pgliteDataDir: '' });
      try {
        const accounts = await setUpAccounts(database);
        const runLog = path.join(dataDir, 'runs.log');
        const hold = path.join(dataDir, 'claim-hold');
        const env = {
          DATA_DIR: dataDir,
          DATABASE_URL: postgres.url,
          JWT_SECRET: TEST_SIGNING_KEY,
          TEST_ENGINE_RUN_LOG: runLog,
          TEST_CLAIM_HOLD: hold,
          TEST_EVENTS_POLL_MS: String(EVENTS_POLL_MS),
        };
        const startWeb = async () => {
          const server = await spawnServer({ ...env, WORKERS: '0' }, SERVER_ENTRY, { startTimeoutMs: START_TIMEOUT_MS });
          children.push(server);
          return server;
        };
        const startWorker = async () => {
          const worker = runChild({ ...env, WORKERS: String(WORKERS) }, WORKER_ENTRY);
          children.push(worker);
          await waitFor(
            () => (worker.logs.some((line) => line.msg === 'worker ready') ? true : undefined),
            START_TIMEOUT_MS,
            `worker ready\n${worker.stdout()}\n${worker.stderr()}`,
          );
          return worker;
        };
        const [webA, webB, ...workers] = await Promise.all([startWeb(), startWeb(), startWorker(), startWorker()]);
        if (!webA || !webB) throw new Error('the web processes did not start');
        const webs = [webA, webB];
        // Account i watches on one port and submits through both.
        const streams = await Promise.all(accounts.map((account, i) => stream(webs[(i + 1) % 2] ?? webA, account)));
        expect(streams.map((reader) => reader.status)).toEqual(accounts.map(() => 200));
        const completedEvent = (i: number, id: string, what: string) =>
          waitFor(
            () => {
              const at = streams[i]?.jobs.findIndex((event) => event.id === id && event.status === 'completed') ?? -1;
              return at >= 0 ? at : undefined;
            },
            20_000,
            what,
          );

        // One job at a time, on idle workers: pick-up and event delay across processes.
        const pickUps: number[] = [];
        const eventDelays: number[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          for (const [i, account] of accounts.entries()) {
            const submitted = await api(webs[(round + i) % 2] ?? webA, account.token, 'POST', '/api/generations', BODY);
            expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
            const at = await completedEvent(i, submitted.body.id, `job ${submitted.body.id} completed, by notification`);
            const done = streams[i]?.jobs[at];
            pickUps.push(Date.parse(done?.started_at ?? '') - Date.parse(done?.created_at ?? ''));
            eventDelays.push((streams[i]?.arrivedAt[at] ?? Number.NaN) - Date.parse(done?.finished_at ?? ''));
          }
        }
        console.log(
          [
            'scale-out figures (2 web processes with WORKERS=0, 2 worker processes with WORKERS=2, Postgres):',
            `  pick-up across processes (claim − submit): ${figures(pickUps)}`,
            `  event delay across processes (arrival − job end): ${figures(eventDelays)}`,
          ].join('\n'),
        );

        // All at once through both ports, and one Idempotency-Key sent to both ports at once.
        const burst = await Promise.all(
          accounts.flatMap((account) => Array.from({ length: BURST }, (_, j) => api(webs[j % 2] ?? webA, account.token, 'POST', '/api/generations', BODY))),
        );
        expect(burst.map((answer) => answer.status)).toEqual(burst.map(() => 202));
        const key = randomUUID();
        const twice = await Promise.all(webs.map((web) => api(web, accounts[0]?.token ?? '', 'POST', '/api/generations', BODY, { 'Idempotency-Key': key })));
        expect(twice.map((answer) => answer.status).toSorted()).toEqual([200, 202]);
        expect(new Set(twice.map((answer) => answer.body.id)).size).toBe(1);
        const pendingCount = async () =>
          Number((await sql<{ n: string }>`select count(*) as n from generations where status <> 'completed'`.execute(database.kysely)).rows[0]?.n);
        await waitFor(async () => ((await pendingCount()) === 0 ? true : undefined), 60_000, 'every job to complete');

        // A worker handed a job dies before claiming it: it must not strand the job.
        await writeFile(hold, '');
        const stranded = (await api(webA, accounts[0]?.token ?? '', 'POST', '/api/generations', BODY)).body.id as string;
        const held = await waitFor(
          async () => (await readHolds(runLog)).find((line) => line.id === stranded),
          20_000,
          'a worker holding the job before its claim',
        );
        const holder = workers.find((worker) => String(worker.child.pid) === held.pid);
        const survivor = workers.find((worker) => worker !== holder);
        if (!holder || !survivor) throw new Error(`the holding worker ${held.pid} is not one of the two`);
        holder.child.kill('SIGKILL');
        const killedAt = Date.now();
        expect((await holder.exited).signal).toBe('SIGKILL');
        await rm(hold);
        const at = await completedEvent(0, stranded, 'the stranded job to be taken back and completed');
        const recovered = streams[0]?.jobs[at];
        const recoveryMs = Date.parse(recovered?.started_at ?? '') - killedAt;
        const completedMs = Date.parse(recovered?.finished_at ?? '') - killedAt;
        console.log(
          `scale-out figures: a job stranded by a worker killed before its claim was claimed again ${recoveryMs} ms after the kill and completed after ${completedMs} ms (test tuning: claim lease 1 s, recovery passes every 0.5 s)`,
        );
        // The killed worker's attempt (0) was taken back; the next one (1) ran it.
        const queueTable =
          (await sql<{ table_name: string }>`select table_name from pgboss.queue where name = 'generations'`.execute(database.kysely)).rows[0]?.table_name ??
          'job';
        const queueJob = await sql<{
          state: string;
          retry_count: number;
        }>`select state::text as state, retry_count from ${sql.table(`pgboss.${queueTable}`)} where id = ${stranded}::uuid`.execute(database.kysely);
        expect(queueJob.rows).toEqual([{ state: 'completed', retry_count: 1 }]);

        // The stream limit counts both web processes' streams: account 1 has one open on a port already.
        const owner = accounts[1];
        if (!owner) throw new Error('no account 1');
        const more = await Promise.all([stream(webA, owner), stream(webB, owner), stream(webB, owner)]);
        expect(more.map((reader) => reader.status)).toEqual([200, 200, 200]);
        expect((await stream(webA, owner)).status).toBe(429);
        expect((await stream(webB, owner)).status).toBe(429);
        await Promise.all(more.map((reader) => reader.cancel()));

        // Exactly once: every job one run (attempt 1) on a worker process, every row one attempt.
        const runs = await readRuns(runLog);
        const jobs = await database.kysely.selectFrom('generations').select(['id', 'status', 'attempts']).execute();
        expect(jobs).toHaveLength(ACCOUNTS * (ROUNDS + BURST) + 2);
        expect(jobs.filter((job) => job.status !== 'completed' || job.attempts !== 1)).toEqual([]);
        expect(runs.map((run) => run.id).toSorted()).toEqual(jobs.map((job) => job.id).toSorted());
        expect(runs.every((run) => run.attempt === 1)).toBe(true);
        expect(new Set(runs.map((run) => run.pid))).toEqual(new Set(workers.map((worker) => String(worker.child.pid))));
        expect(runs.find((run) => run.id === stranded)?.pid).toBe(String(survivor.child.pid));
        for (const account of accounts) await expectExactLedger(database, account.id, GRANT);

        await Promise.all(streams.map((reader) => reader.cancel()));
        for (const child of [webA, webB, survivor]) {
          child.child.kill('SIGTERM');
          expect(await child.exited).toEqual({ code: 0, signal: null });
        }
      } finally {
        await database.close();
      }
    },
  );
});
