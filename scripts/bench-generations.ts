/**
 * Generation figures for `npm run bench` (scripts/bench.ts calls these against the real server):
 *  - queue pick-up latency (submit → started) of jobs sent one at a time to an idle queue, and
 *    the time a burst of jobs takes to drain;
 *  - upload throughput and the server's peak memory growth for a 100 MB video (target: growth
 *    <= 2× the file).
 * The account they use is written into the data directory before the server starts (`seedAccount`),
 * with enough credits for every job, and signs in with a token made with the server's key.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { GenerationSchema, type Generation } from '../src/contract/generations.schema.ts';
import { AssetSchema } from '../src/contract/media.schema.ts';
import { createSessionsRepository, startSessionToken } from '../server/auth/sessions.ts';
import { createAccessTokens } from '../server/auth/tokens.ts';
import { MEMORY_DATA_DIR, openDatabase } from '../server/db/connection.ts';
import { migrate } from '../server/db/migrate.ts';
import { createUsersRepository } from '../server/auth/users-repository.ts';
import { multipart, paddedMp4 } from '../tests/server/helpers/media-fixtures.ts';
import { sized } from './bench-mode.ts';

/** Credits of the bench account: far more than the jobs below spend. */
const BENCH_CREDITS = 100_000;
/** Jobs sent one at a time for the pick-up latency, and the gap between them in ms (the queue idles in between). */
const SPACED_JOBS = sized(20, 2);
const SPACING_MS = sized(700, 200);
/** Jobs sent at once to see the queue drain. */
const BURST_JOBS = sized(20, 2);
const VIDEO_BYTES = sized(100, 4) * 1024 * 1024;

/** A body-generator job: no input files and ~30 ms of engine work, so the figures are the queue's. */
const QUICK_JOB = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'female', height: 165, weight: 54, age: 28, skin_tone: 'light', body_type: 'ectomorph', aspect_ratio: '1:1' },
} as const;

let template: Promise<string> | undefined;

/**
 * An embedded database with every migration, made once a run: each bench's data directory starts
 * as a copy of it (initialising a new one costs seconds of CPU, each time). Removed at exit.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atelier-bench-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const database = await openDatabase({ databaseUrl: null, pgliteDataDir: join(dir, 'db') });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    return join(dir, 'db');
  })();
  return template;
}

/**
 * Creates the bench account in `dataDir`'s embedded database (or on the Postgres database
 * `databaseUrl` names) and returns a bearer token for it.
 */
export async function seedAccount(dataDir: string, signingKey: string, databaseUrl?: string): Promise<{ userId: string; token: string }> {
  if (!databaseUrl && dataDir !== MEMORY_DATA_DIR) await cp(await migratedTemplate(), join(dataDir, 'db'), { recursive: true });
  const database = await openDatabase({ databaseUrl: databaseUrl ?? null, pgliteDataDir: dataDir === MEMORY_DATA_DIR ? dataDir : join(dataDir, 'db') });
  try {
    await migrate(database);
    const email = `bench-${randomUUID()}@atelier.test`;
    const user = await createUsersRepository(database).create(
      { email, name: 'Bench', passwordHash: null, profilePicture: null, language: 'vi', isVerified: true, firebaseUid: null, createdAt: new Date() },
      [{ kind: 'grant', amount: BENCH_CREDITS, reason: 'bench', idempotencyKey: 'bench-grant' }],
    );
    const tokens = createAccessTokens({ secret: signingKey, ttlSeconds: 86_400, now: Date.now });
    const token = await startSessionToken({ sessions: createSessionsRepository(database), tokens, now: Date.now }, user);
    return { userId: user.id, token };
  } finally {
    await database.close();
  }
}

/**
 * The production server on `dataDir` and loopback `port`, signing tokens with `signingKey` (so a
 * seeded account's token is valid), on the local engine and the embedded database whatever the
 * shell has (or on the Postgres database `databaseUrl` names).
 */
export function startBenchServer(dataDir: string, port: number, signingKey: string, databaseUrl?: string): ChildProcess {
  return spawn(process.execPath, ['server/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl ?? '',
      JWT_SECRET: signingKey,
      FAL_KEY: '',
      ENGINES: '',
    },
  });
}

async function api(base: string, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const payload: unknown = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(payload)}`);
  return payload;
}

const submit = async (base: string, token: string): Promise<Generation> =>
  v.parse(GenerationSchema, await api(base, token, 'POST', '/api/generations', QUICK_JOB));

async function settled(base: string, token: string, id: string, timeoutMs = 60_000): Promise<Generation> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const job = v.parse(GenerationSchema, await api(base, token, 'GET', `/api/generations/${id}`));
    if (job.status !== 'queued' && job.status !== 'processing') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`generation ${id} did not end within ${timeoutMs} ms`);
}

const pickUpMs = (job: Generation): number => (job.started_at ? Date.parse(job.started_at) - Date.parse(job.created_at) : Number.NaN);

function percentile(values: number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** One job run to completion: its id, for the status endpoint's latency. */
export async function completedJob(base: string, token: string): Promise<string> {
  const job = await settled(base, token, (await submit(base, token)).id);
  if (job.status !== 'completed') throw new Error(`the bench job ended ${job.status}`);
  return job.id;
}

/** Prints the queue figures; returns a completed job whose status endpoint the latency run can call. */
export async function queueFigures(base: string, token: string): Promise<string> {
  const spaced: Generation[] = [];
  for (let i = 0; i < SPACED_JOBS; i++) {
    spaced.push(await submit(base, token));
    await new Promise((r) => setTimeout(r, SPACING_MS));
  }
  const ended = await Promise.all(spaced.map((job) => settled(base, token, job.id)));
  const failed = ended.filter((job) => job.status !== 'completed').length;
  const latencies = ended.map(pickUpMs);
  console.log(`\n## Queue pick-up (submit → started), ${SPACED_JOBS} body-generator jobs ${SPACING_MS} ms apart`);
  console.log(
    `p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms (${failed} not completed)`,
  );
  const processing = ended.map((job) => job.processing_ms ?? Number.NaN);
  console.log(`processing (started → finished): p50 ${percentile(processing, 50).toFixed(0)} ms`);

  const burstStart = performance.now();
  const burst = await Promise.all(Array.from({ length: BURST_JOBS }, () => submit(base, token)));
  const drained = await Promise.all(burst.map((job) => settled(base, token, job.id)));
  const drainMs = performance.now() - burstStart;
  const burstPickUp = drained.map(pickUpMs);
  console.log(
    `burst of ${BURST_JOBS}: all ended in ${drainMs.toFixed(0)} ms (${(BURST_JOBS / (drainMs / 1000)).toFixed(1)} jobs/s); ` +
      `pick-up p50 ${percentile(burstPickUp, 50).toFixed(0)} ms, max ${Math.max(...burstPickUp).toFixed(0)} ms`,
  );
  const example = ended.find((job) => job.status === 'completed');
  if (!example) throw new Error('no job completed');
  return example.id;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Peak resident memory of a process since the last reset, in bytes (Linux). */
async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

async function currentRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/** Uploads a 100 MB video as a stream and reports throughput and the server's peak memory growth. */
export async function uploadFigures(base: string, token: string, serverPid: number, scratchDir: string): Promise<void> {
  const body = multipart(await paddedMp4(scratchDir, VIDEO_BYTES), { purpose: 'upscale', role: 'video' });
  // Linux: writing 5 to clear_refs resets the peak (VmHWM) to the current resident size.
  const canReset = await writeFile(`/proc/${serverPid}/clear_refs`, '5').then(
    () => true,
    () => false,
  );
  const before = await currentRss(serverPid);
  const started = performance.now();
  const { status, text } = await new Promise<{ status: number; text: string }>((resolvePost, reject) => {
    const req = httpRequest(
      `${base}/api/media`,
      { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': body.contentType, 'Content-Length': String(body.length) } },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (answer += chunk));
        res.on('end', () => resolvePost({ status: res.statusCode ?? 0, text: answer }));
      },
    );
    req.on('error', reject);
    const chunks = body.chunks(256 * 1024);
    const pump = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
  const seconds = (performance.now() - started) / 1000;
  if (status !== 201) throw new Error(`video upload: ${status} ${text}`);
  const asset = v.parse(AssetSchema, JSON.parse(text));
  const growth = (await peakRss(serverPid)) - before;
  console.log(`\n## Upload of a ${mb(VIDEO_BYTES)} video (streamed multipart, stored ${mb(asset.bytes)})`);
  console.log(`${seconds.toFixed(2)} s, ${(VIDEO_BYTES / 1024 / 1024 / seconds).toFixed(0)} MB/s`);
  console.log(
    canReset
      ? `server peak memory growth: ${mb(growth)} = ${(growth / VIDEO_BYTES).toFixed(2)}× the file (target <= 2×); resident before ${mb(before)}`
      : 'server peak memory: not measurable here (/proc/<pid>/clear_refs is not writable)',
  );
}
