/**
 * `npm run bench -- --only=public-api`: what the /v1 token guard costs. One production server
 * process, one completed job, and the same job's status read two ways at the same fixed rate:
 * `GET /api/generations/{id}` with a session token (the studios' path) and
 * `GET /v1/generations/{id}` with an API token (token lookup and rate-limit admission in one
 * statement, the usage count and log in another). Prints both p50/p99 and the added cost
 * (target: ≤ 1 ms at p50).
 *
 * A token allows at most 1,000 requests per minute (RATE_LIMIT_MAX), far below the bench's
 * rate, so the requests go round-robin over BENCH_TOKENS tokens of the same account, each kept
 * well inside its burst: every /v1 request measured is an admitted one (a 429 would count as an
 * error below). Tokens are written into the embedded database before the server opens it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RATE_LIMIT_MAX } from '../src/contract/tokens.ts';
import { openDatabase } from '../server/db/connection.ts';
import { displayPrefix, generateToken, hashToken } from '../server/tokens/format.ts';
import { completedJob, seedAccount, startBenchServer } from './bench-generations.ts';
import { freePort, stop, waitFor } from './local-server.ts';

/** Requests per second of both runs (the job-status bench's rate: every answer is a database read). */
const RATE_PER_SECOND = Number(process.env.BENCH_STATUS_RATE ?? 300);
const WARMUP_SECONDS = 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MAX_SOCKETS = 16;
/** API tokens the /v1 requests rotate over; each takes under half its burst in a run. */
const BENCH_TOKENS = Math.max(1, Math.ceil((RATE_PER_SECOND * (WARMUP_SECONDS + SECONDS) * 2) / RATE_LIMIT_MAX));
const SIGNING_KEY = 'bench-signing-key-of-at-least-32-characters';

/** Gives the bench account a plan with API access and `count` API tokens at the highest limit; answers their secrets. */
async function seedApiTokens(dataDir: string, userId: string, count: number): Promise<string[]> {
  const database = await openDatabase({ pgliteDataDir: join(dataDir, 'db') });
  try {
    await database.kysely.updateTable('users').set({ plan: 'pro' }).where('id', '=', userId).execute();
    const secrets = Array.from({ length: count }, () => generateToken());
    await database.kysely
      .insertInto('api_tokens')
      .values(
        secrets.map((secret, index) => ({
          id: randomUUID(),
          user_id: userId,
          name: `bench ${index + 1}`,
          token_hash: hashToken(secret),
          token_prefix: displayPrefix(secret),
          permissions: JSON.stringify(['body-generator']),
          rate_limit: RATE_LIMIT_MAX,
          webhook_secret: `whsec_${randomBytes(24).toString('base64')}`,
          created_at: new Date(),
        })),
      )
      .execute();
    return secrets;
  } finally {
    await database.close();
  }
}

function once(url: URL, agent: Agent, authorization: string): Promise<{ ms: number; ok: boolean }> {
  return new Promise((done) => {
    const started = process.hrtime.bigint();
    const req = httpRequest(url, { agent, headers: { Authorization: authorization } }, (res) => {
      res.resume();
      res.on('end', () => done({ ms: Number(process.hrtime.bigint() - started) / 1e6, ok: res.statusCode === 200 }));
    });
    req.on('error', () => done({ ms: Number(process.hrtime.bigint() - started) / 1e6, ok: false }));
    req.end();
  });
}

/** Requests started on a fixed schedule (open loop), the i-th with `authorization(i)`. */
async function fixedRate(url: URL, agent: Agent, seconds: number, authorization: (index: number) => string) {
  const total = Math.round(RATE_PER_SECOND * seconds);
  const intervalMs = 1000 / RATE_PER_SECOND;
  const start = performance.now();
  const pending: Array<Promise<{ ms: number; ok: boolean }>> = [];
  for (let index = 0; index < total; index++) {
    const wait = start + index * intervalMs - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(once(url, agent, authorization(index)));
  }
  return Promise.all(pending);
}

async function measure(target: string, authorization: (index: number) => string) {
  const url = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  await fixedRate(url, agent, WARMUP_SECONDS, authorization);
  const results = await fixedRate(url, agent, SECONDS, authorization);
  agent.destroy();
  const sorted = results.map((result) => result.ms).toSorted((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  return { p50: pct(50), p99: pct(99), requests: results.length, errors: results.filter((result) => !result.ok).length };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)} ms`;

export async function publicApiFigures(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-bench-v1-'));
  const { userId, token } = await seedAccount(dataDir, SIGNING_KEY);
  const apiTokens = await seedApiTokens(dataDir, userId, BENCH_TOKENS);
  const port = await freePort();
  const server = startBenchServer(dataDir, port, SIGNING_KEY);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`);
    const jobId = await completedJob(base, token);
    const session = await measure(`${base}/api/generations/${jobId}`, () => `Bearer ${token}`);
    const api = await measure(`${base}/v1/generations/${jobId}`, (index) => `Bearer ${apiTokens[index % apiTokens.length]}`);
    console.log(`\n## GET /v1/generations/{id} (API token) against GET /api/generations/{id} (session), one completed job, ${RATE_PER_SECOND} req/s for ${SECONDS} s each`);
    console.log(`/api, session token: p50 ${ms(session.p50)}, p99 ${ms(session.p99)} (${session.requests} requests, ${session.errors} errors)`);
    console.log(`/v1, API token:      p50 ${ms(api.p50)}, p99 ${ms(api.p99)} (${api.requests} requests, ${api.errors} errors; ${BENCH_TOKENS} tokens round-robin)`);
    console.log(`added by /v1:        p50 ${signed(api.p50 - session.p50)} (target <= 1 ms), p99 ${signed(api.p99 - session.p99)}`);
  } finally {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}
