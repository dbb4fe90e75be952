/**
 * Exactly once across a SIGKILL, with the real server (`server/main.ts`, the local engine) on a
 * data directory it is started on again: PGlite on disk, or Postgres when DATABASE_URL is set.
 *
 * - 50 jobs in flight (some done, some running, most waiting, a few cancelled, a few bound to
 *   fail: their input is deleted while they wait) when the process is killed with SIGKILL: after the restart every job ends, each success is charged exactly once
 *   and each failure or cancel refunded exactly once, and the balance is the grant less the
 *   completed jobs' costs. The dev tools' engine delay keeps the runs long enough for the kill to
 *   land while they are processing; it is set to 0 after the restart, so the runs are quick then
 *   (the delay is kept in the database).
 * - 20 offline uploads (POST /api/media with an Idempotency-Key, as the PWA's outbox sends them)
 *   with the process killed mid-way, then all 20 replayed after the restart: each lands exactly
 *   once, and each key answers the same asset every time.
 *
 * The account is made through the API (register, the mailed code, login) and granted credits
 * through the dev tools, as a person and the e2e suite do.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/connection.ts';
import { listOutbox, OUTBOX_DIR } from '../../server/mail/transport.ts';
import { otpOf, PASSWORD } from './helpers/accounts.ts';
import { createScratchPostgres, DRIVER, POSTGRES_URL, type ScratchPostgres } from './helpers/database.ts';
import { waitFor } from './helpers/generations.ts';
import { expectJobEntries } from './helpers/process-runs.ts';
import { killAll, spawnServer, type SpawnedServer } from './helpers/spawn.ts';
import { tinyPng } from './helpers/test-engine.ts';

const BODY = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'female', height: 162, weight: 51, age: 27, skin_tone: 'light', body_type: 'ectomorph', aspect_ratio: '3:4' },
};

/** Jobs in flight at the kill. */
const JOBS = 50;
/** Of them, cancelled by their owner before the kill (refunds). */
const CANCELLED = 5;
/** Of them, jobs whose input is deleted while they wait: they fail when they run (refunds). */
const FAILING = 5;
/** Offline uploads replayed across the kill. */
const UPLOADS = 20;
/** Queue workers of the killed server: this many runs are cut short. */
const WORKERS = 4;
/** How long each run of the killed server waits before its engine works, in ms. */
const ENGINE_DELAY_MS = 4_000;

/**
 * How long a start may take, in ms: PGlite, migrations and pg-boss on a busy machine, and the
 * restart also reopens a database a killed process left (PGlite replays its log).
 */
const START_TIMEOUT_MS = 60_000;

let dataDir: string | undefined;
let postgres: ScratchPostgres | undefined;
const servers: SpawnedServer[] = [];

afterEach(async () => {
  await killAll(servers);
  await postgres?.drop();
  postgres = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

interface Setup {
  env: Record<string, string>;
  databaseUrl: string | null;
}

async function setUp(env: Record<string, string>): Promise<Setup> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-crash-'));
  if (POSTGRES_URL) postgres = await createScratchPostgres();
  const databaseUrl = postgres?.url ?? null;
  return { env: { DATA_DIR: dataDir, DEV_TOOLS: '1', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env }, databaseUrl };
}

async function start(setup: Setup): Promise<SpawnedServer> {
  const server = await spawnServer(setup.env, undefined, { startTimeoutMs: START_TIMEOUT_MS });
  servers.push(server);
  return server;
}

async function kill(server: SpawnedServer): Promise<void> {
  server.child.kill('SIGKILL');
  expect((await server.exited).signal).toBe('SIGKILL');
}

/** The database the servers used (opened once no server holds it: PGlite is one process's). */
function open(setup: Setup): Promise<Database> {
  return openDatabase({ databaseUrl: setup.databaseUrl, pgliteDataDir: path.join(dataDir ?? '', 'db') });
}

// oxlint-disable-next-line typescript/no-explicit-any -- the tests read the fields they expect
type Answer = { status: number; body: any };

async function api(server: SpawnedServer, token: string | null, method: string, url: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(`${server.baseUrl}${url}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Signs up through the API as a person does (register, the mailed code, login): the access token. */
async function signUp(server: SpawnedServer, email: string): Promise<string> {
  const step = async (url: string, body: unknown, expected: number) => {
    const answer = await api(server, null, 'POST', url, body);
    if (answer.status !== expected) throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer;
  };
  await step('/auth/register', { name: 'Võ Thị Thu', email, password: PASSWORD, language: 'vi' }, 201);
  await step('/auth/generate_otp', { email }, 200);
  const mail = await waitFor(
    async () => (await listOutbox(path.join(dataDir ?? '', OUTBOX_DIR))).find((item) => item.to === email && item.kind === 'otp'),
    10_000,
    'the code mail',
  );
  await step('/auth/verify_otp', { email, otp: Number(otpOf(mail)) }, 200);
  return (await step('/auth/login', { username: email, password: PASSWORD }, 200)).body.access_token as string;
}

/** One upload as the outbox sends it; null when the connection died with the server. */
async function upload(server: SpawnedServer, token: string, key: string, seed: number): Promise<Answer | null> {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(tinyPng(64, seed))], `anh-${seed}.png`));
  try {
    const response = await fetch(`${server.baseUrl}/api/media`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': key },
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    return null;
  }
}

const ENDED = ['completed', 'failed', 'cancelled'];

describe(`a server killed with SIGKILL and started again on its data (${DRIVER})`, () => {
  it(`ends each of ${JOBS} jobs in flight exactly once, charged or refunded exactly once`, { timeout: 150_000 }, async () => {
    // Enough for every job at its price (an edit costs more than a body).
    const grant = JOBS * 10;
    const setup = await setUp({ WORKERS: String(WORKERS) });
    const first = await start(setup);
    const email = `crash-${randomUUID()}@example.com`;
    const token = await signUp(first, email);
    expect((await api(first, null, 'POST', '/api/dev-tools/credits', { email, amount: grant })).status).toBe(200);
    expect((await api(first, null, 'POST', '/api/dev-tools/engine-delay', { email, ms: ENGINE_DELAY_MS })).status).toBe(200);

    const input = await upload(first, token, randomUUID(), 7);
    expect(input?.status).toBe(201);
    const EDIT = { feature: 'image-editing', inputs: { images: [input?.body.id] }, params: { prompt: 'tăng độ sáng' } };

    // In the queue's order: bodies, then the edits that will fail, then the bodies to cancel.
    const bodies = JOBS - FAILING - CANCELLED;
    const requests = [
      ...Array.from({ length: bodies }, () => BODY),
      ...Array.from({ length: FAILING }, () => EDIT),
      ...Array.from({ length: CANCELLED }, () => BODY),
    ];
    const ids: string[] = [];
    for (let i = 0; i < requests.length; i += 10) {
      const batch = await Promise.all(requests.slice(i, i + 10).map((request) => api(first, token, 'POST', '/api/generations', request)));
      for (const answer of batch) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(202);
        ids.push(answer.body.id);
      }
    }
    const failing = ids.slice(bodies, bodies + FAILING);
    // The edits' input goes while they wait: they fail when they run, after the restart.
    expect((await api(first, token, 'DELETE', `/api/assets/${input?.body.id}`)).status).toBe(204);
    // Cancel a few that wait, then kill while a full set of runs is processing.
    const cancelled = ids.slice(-CANCELLED);
    for (const id of cancelled) expect((await api(first, token, 'POST', `/api/generations/${id}/cancel`)).status).toBe(200);
    const processing = await waitFor(
      async () => {
        const items: Array<{ id: string; status: string; progress: number }> = (await api(first, token, 'GET', '/api/generations/pending')).body.items;
        const running = items.filter((item) => item.status === 'processing' && item.progress > 0);
        return running.length === WORKERS ? running.map((item) => item.id) : undefined;
      },
      30_000,
      `${WORKERS} jobs processing`,
    );
    await kill(first);

    const second = await start(setup);
    expect((await api(second, null, 'POST', '/api/dev-tools/engine-delay', { email, ms: 0 })).status).toBe(200);
    await waitFor(
      async () => {
        const items: Array<{ status: string }> = (await api(second, token, 'GET', `/api/generations?limit=${JOBS}`)).body.items;
        return items.length === JOBS && items.every((item) => ENDED.includes(item.status)) ? true : undefined;
      },
      100_000,
      'every job to end after the restart',
    );
    expect(await second.stop()).toEqual({ code: 0, signal: null });

    const database = await open(setup);
    try {
      const user = await database.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const jobs = await database.kysely
        .selectFrom('generations')
        .select(['id', 'status', 'cost', 'result_asset_ids', 'staged_results'])
        .where('user_id', '=', user.id)
        .execute();
      const ledger = await database.kysely.selectFrom('credit_ledger').select(['kind', 'amount', 'idempotency_key']).where('user_id', '=', user.id).execute();
      const assets = await database.kysely.selectFrom('assets').select(['id', 'generation_id']).where('user_id', '=', user.id).execute();
      expect(jobs).toHaveLength(JOBS);
      const statuses = new Map(jobs.map((job) => [job.id, job.status]));
      for (const id of cancelled) expect(statuses.get(id), id).toBe('cancelled');
      for (const id of failing) expect(statuses.get(id), id).toBe('failed');
      // The runs cut short by the kill were run again and completed (the local engine does not fail).
      for (const id of processing) expect(statuses.get(id), id).toBe('completed');
      expect(jobs.filter((job) => job.status === 'completed')).toHaveLength(bodies);

      for (const job of jobs) {
        expectJobEntries(job, ledger);
        // Results: exactly the completed job's own, each stored once; none of a job that did not complete.
        const results = assets.filter((asset) => asset.generation_id === job.id).map((asset) => asset.id);
        expect(results.toSorted(), job.id).toEqual(job.status === 'completed' ? job.result_asset_ids.toSorted() : []);
        expect(results, job.id).toHaveLength(job.status === 'completed' ? 1 : 0);
        expect(job.staged_results, job.id).toBeNull();
      }
      const grants = ledger.filter((row) => row.kind === 'grant').reduce((sum, row) => sum + row.amount, 0);
      // The sign-up's welcome credits and the dev-tools grant.
      expect(grants).toBeGreaterThanOrEqual(grant);
      const spent = jobs.filter((job) => job.status === 'completed').reduce((sum, job) => sum + job.cost, 0);
      expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(grants - spent);
    } finally {
      await database.close();
    }
  });

  it(`stores each of ${UPLOADS} offline uploads exactly once when the server dies mid-way and they are all replayed`, { timeout: 120_000 }, async () => {
    const setup = await setUp({});
    const first = await start(setup);
    const email = `outbox-${randomUUID()}@example.com`;
    const token = await signUp(first, email);
    const keys = Array.from({ length: UPLOADS }, () => randomUUID());

    // The outbox sends a few at a time; the process dies with about half of them answered.
    const answered = new Map<string, string>();
    const inFlight = new Set<Promise<void>>();
    let killed: Promise<void> | null = null;
    for (const [index, key] of keys.entries()) {
      if (killed) break;
      const sent = upload(first, token, key, index).then((answer) => {
        if (answer && (answer.status === 201 || answer.status === 200)) answered.set(key, answer.body.id);
        return undefined;
      });
      const tracked = sent.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      if (inFlight.size >= 4) await Promise.race(inFlight);
      if (answered.size >= UPLOADS / 2 && !killed) killed = kill(first);
    }
    killed ??= kill(first);
    await killed;
    await Promise.all(inFlight);
    expect(answered.size).toBeGreaterThan(0);
    expect(answered.size).toBeLessThan(UPLOADS);

    const second = await start(setup);
    // The outbox replays everything it has not seen confirmed — here all 20, twice.
    const replayed = new Map<string, string>();
    for (const [index, key] of keys.entries()) {
      const answer = await upload(second, token, key, index);
      expect(answer && [200, 201].includes(answer.status), JSON.stringify(answer)).toBe(true);
      replayed.set(key, answer?.body.id);
    }
    // A key answered before the kill answers the same asset, as a replay.
    for (const [key, id] of answered) expect(replayed.get(key), key).toBe(id);
    for (const [index, key] of keys.entries())
      expect(await upload(second, token, key, index), key).toMatchObject({ status: 200, body: { id: replayed.get(key) } });
    const library = await api(second, token, 'GET', '/api/assets?limit=100');
    expect(library.body.items.map((asset: { id: string }) => asset.id).toSorted()).toEqual([...replayed.values()].toSorted());
    expect(new Set(replayed.values()).size).toBe(UPLOADS);
    expect(await second.stop()).toEqual({ code: 0, signal: null });

    const database = await open(setup);
    try {
      const rows = await database.kysely.selectFrom('assets').select(['id', 'upload_key']).execute();
      expect(rows).toHaveLength(UPLOADS);
      expect(new Map(rows.map((row) => [row.upload_key, row.id]))).toEqual(replayed);
    } finally {
      await database.close();
    }
  });
});
