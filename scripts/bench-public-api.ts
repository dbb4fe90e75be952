/**
 * `npm run bench -- --only=public-api`: what the /v1 token guard costs. One production server
 * process, one completed job, and the same job's status read two ways:
 * `GET /api/generations/{id}` with a session token (the studios' path) and
 * `GET /v1/generations/{id}` with an API token (token, rate limit and usage: server/public-api/).
 * Prints, for each path:
 *  - p50/p99 at fixed rates (BENCH_STATUS_RATES, default 100,200,300 req/s, BENCH_SECONDS each)
 *    and what /v1 adds, with the CPU time each request cost the server (and, on Postgres, its
 *    backends): the figure the rest of a shared machine disturbs least;
 *  - its saturation throughput: the highest offered rate whose p99 stays under 50 ms with no
 *    error (scripts/bench-saturation.ts), and the ratio /v1 ÷ /api (target: >= 0.80). The two
 *    searches' steps alternate, and a failing step is measured twice, so that a passing load
 *    from elsewhere on the machine sways both paths alike and a single hiccup fails neither.
 * On the embedded database by default; on Postgres when DATABASE_URL is set (a scratch database
 * is created on that server for the run and dropped after).
 * `--smoke`: the same walk, short (a few seconds of load), to check that the bench still runs.
 *
 * A token allows at most 1,000 requests per minute (RATE_LIMIT_MAX), far below the bench's
 * rates, so the /v1 requests go round-robin over enough tokens of the same account that none
 * takes more than half its burst in the whole run: every /v1 request measured is an admitted one
 * (a 429 would count as an error). Round-robin over many tokens is also the costlier case for the
 * server: each token is used below its own rate, as by many integrations at once.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { RATE_LIMIT_MAX } from '../src/contract/token-terms.ts';
import { openDatabase } from '../server/db/connection.ts';
import { displayPrefix, generateToken, hashToken } from '../server/tokens/format.ts';
import { completedJob, seedAccount, startBenchServer } from './bench-generations.ts';
import { SMOKE, smokeRequires } from './bench-mode.ts';
import { fixedRate, holds, SaturationSearch, type StepResult } from './bench-saturation.ts';
import { freePort, stop, waitFor } from './local-server.ts';

const SIGNING_KEY = 'bench-signing-key-of-at-least-32-characters';
/** The p99 a rate must stay under to count as sustained, in ms. */
const P99_LIMIT_MS = 50;

const settings = SMOKE
  ? { rates: [50], warmupSeconds: 0.5, seconds: 1, search: { start: 100, max: 400, maxSteps: 3, stepSeconds: 0.5, stepWarmupSeconds: 0.2 } }
  : {
      rates: (process.env.BENCH_STATUS_RATES ?? '100,200,300').split(',').map(Number),
      warmupSeconds: 2,
      seconds: Number(process.env.BENCH_SECONDS ?? 10),
      // Steps of 3 s (300+ samples for the p99 even at 100 req/s), at most 10: the search of one path takes under a minute.
      search: { start: 100, max: 4_000, maxSteps: 10, stepSeconds: 3, stepWarmupSeconds: 0.5 },
    };
/** Stop bisecting once the failing rate is within 5 % of the holding one. */
const PRECISION = 0.05;
/** A step stops sending once a second of its requests is waiting: it has failed by then. */
const BACKLOG_SECONDS = 1;

/** The most /v1 requests the run can send (fixed rates, then a search that runs all its steps at the top rate). */
const MAX_V1_REQUESTS =
  settings.rates.reduce((sum, rate) => sum + rate * (settings.warmupSeconds + settings.seconds), 0) +
  settings.search.maxSteps * settings.search.max * (settings.search.stepSeconds + settings.search.stepWarmupSeconds);
/** API tokens the /v1 requests rotate over; none takes more than half its burst in the run. */
const BENCH_TOKENS = Math.max(1, Math.ceil((MAX_V1_REQUESTS * 2) / RATE_LIMIT_MAX));

interface BenchDatabase {
  label: string;
  url: string | undefined;
  /** The Postgres server processes serving the run's database now (none on PGlite: it runs inside the server). */
  backends(): Promise<number[]>;
  drop(): Promise<void>;
}

/** A database for the run: the data directory's PGlite, or a scratch database on DATABASE_URL's server. */
async function benchDatabase(): Promise<BenchDatabase> {
  const server = process.env.DATABASE_URL;
  if (!server) return { label: 'PGlite (embedded)', url: undefined, backends: async () => [], drop: async () => {} };
  const name = `atelier_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async <T>(statement: string, params: unknown[] = []): Promise<T[]> => {
    const client = new Client({ connectionString: server });
    await client.connect();
    try {
      return (await client.query(statement, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    label: 'Postgres',
    url: url.toString(),
    backends: async () => (await admin<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name])).map((row) => row.pid),
    drop: async () => void (await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU time (user + system) each of the processes `pids` has used so far, in ms (Linux /proc; a gone process counts 0). */
async function cpuMs(pids: readonly number[]): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    // Fields after the command's closing parenthesis: the state is the 3rd, utime the 14th, stime the 15th.
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ') ?? [];
    used.set(pid, ((Number(fields[11]) || 0) + (Number(fields[12]) || 0)) * (1000 / CLOCK_TICKS));
  }
  return used;
}

/** Gives the bench account a plan with API access and `count` API tokens at the highest limit; answers their secrets. */
async function seedApiTokens(dataDir: string, databaseUrl: string | undefined, userId: string, count: number): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: databaseUrl ?? null, pgliteDataDir: join(dataDir, 'db') });
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

const ms = (value: number) => `${value.toFixed(2)} ms`;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)} ms`;
const stepLine = (step: StepResult) =>
  `${step.rate}${step.overloaded ? '!' : ''} (p99 ${step.p99.toFixed(1)}${step.errors > 0 ? `, ${step.errors} errors` : ''})`;

interface Path {
  name: string;
  url: string;
  authorization: (index: number) => string;
}

async function atRate(path: Path, rate: number, seconds: number, warmupSeconds: number, backlogSeconds?: number): Promise<StepResult> {
  const options = { rate, authorization: path.authorization, ...(backlogSeconds === undefined ? {} : { backlogSeconds }) };
  await fixedRate(path.url, { ...options, seconds: warmupSeconds });
  return fixedRate(path.url, { ...options, seconds });
}

/** A search step; one that fails is measured once more and fails only if both do (a shared machine has passing hiccups). */
async function searchStep(path: Path, rate: number): Promise<StepResult> {
  const { stepSeconds, stepWarmupSeconds } = settings.search;
  const first = await atRate(path, rate, stepSeconds, stepWarmupSeconds, BACKLOG_SECONDS);
  if (holds(first, P99_LIMIT_MS)) return first;
  const second = await atRate(path, rate, stepSeconds, stepWarmupSeconds, BACKLOG_SECONDS);
  return holds(second, P99_LIMIT_MS) ? second : first;
}

/** Both paths' searches, their steps alternating so that both meet the same load from the rest of the machine. */
async function saturations(paths: readonly Path[]) {
  const { search } = settings;
  const searches = paths.map(
    () => new SaturationSearch({ start: search.start, max: search.max, p99LimitMs: P99_LIMIT_MS, maxSteps: search.maxSteps, precision: PRECISION }),
  );
  while (searches.some((one) => one.next() !== null)) {
    for (const [index, one] of searches.entries()) {
      const rate = one.next();
      if (rate !== null) one.record(await searchStep(paths[index]!, rate));
    }
  }
  return searches.map((one) => one.result());
}

/** A fixed-rate run of `path` and the CPU it cost the server (and its Postgres backends) per request, in ms. */
async function measured(path: Path, rate: number, serverPid: number, database: BenchDatabase): Promise<{ result: StepResult; cpu: number }> {
  const pids = [serverPid, ...(await database.backends())];
  const before = await cpuMs(pids);
  const result = await atRate(path, rate, settings.seconds, settings.warmupSeconds);
  const after = await cpuMs([...new Set([...pids, ...(await database.backends())])]);
  const usedMs = [...after].reduce((sum, [pid, used]) => sum + used - (before.get(pid) ?? 0), 0);
  return { result, cpu: usedMs / Math.round(rate * (settings.seconds + settings.warmupSeconds)) };
}

export async function publicApiFigures(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-bench-v1-'));
  const database = await benchDatabase();
  const port = await freePort();
  let server: ReturnType<typeof startBenchServer> | undefined;
  try {
    const { userId, token } = await seedAccount(dataDir, SIGNING_KEY, database.url);
    const apiTokens = await seedApiTokens(dataDir, database.url, userId, BENCH_TOKENS);
    server = startBenchServer(dataDir, port, SIGNING_KEY, database.url);
    const serverPid = server.pid ?? 0;
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`);
    const jobId = await completedJob(base, token);
    let sent = 0;
    const paths: Path[] = [
      { name: '/api, session token', url: `${base}/api/generations/${jobId}`, authorization: () => `Bearer ${token}` },
      // One counter over the whole run: each token's share stays within the bound above.
      { name: '/v1, API token     ', url: `${base}/v1/generations/${jobId}`, authorization: () => `Bearer ${apiTokens[sent++ % apiTokens.length]}` },
    ];

    console.log(
      `\n## GET /v1/generations/{id} (API token) against GET /api/generations/{id} (session), one completed job, on ${database.label}${SMOKE ? ' (smoke)' : ''}`,
    );
    console.log(
      `fixed rates, ${settings.seconds} s each after ${settings.warmupSeconds} s of warm-up (/v1: ${BENCH_TOKENS} tokens round-robin); CPU per request of the server${database.url ? ' and its Postgres backends' : ''}:`,
    );
    for (const rate of settings.rates) {
      const [session, api] = [await measured(paths[0]!, rate, serverPid, database), await measured(paths[1]!, rate, serverPid, database)];
      for (const [index, { result }] of [session, api].entries())
        smokeRequires(result.errors < result.requests, `every request to ${paths[index]!.url} failed`);
      const line = (name: string, { result, cpu }: { result: StepResult; cpu: number }) =>
        `  ${rate} req/s ${name}: p50 ${ms(result.p50)}, p99 ${ms(result.p99)} (${result.requests} requests, ${result.errors} errors), CPU ${ms(cpu)}`;
      console.log(line(paths[0]!.name, session));
      console.log(line(paths[1]!.name, api));
      console.log(
        `  ${rate} req/s added by /v1:        p50 ${signed(api.result.p50 - session.result.p50)}, p99 ${signed(api.result.p99 - session.result.p99)}, CPU ${signed(api.cpu - session.cpu)}`,
      );
    }

    const { search } = settings;
    console.log(
      `saturation: the highest rate with p99 < ${P99_LIMIT_MS} ms and no error (steps of ${search.stepSeconds} s from ${search.start} up to ${search.max} req/s, at most ${search.maxSteps} per path, the paths' steps alternating; a failing step is measured twice; "!": stopped, backlog over ${BACKLOG_SECONDS} s):`,
    );
    const found = await saturations(paths);
    for (const [index, saturation] of found.entries()) {
      console.log(`  ${paths[index]!.name}: ${saturation.capped ? '>= ' : ''}${saturation.rate} req/s — steps ${saturation.steps.map(stepLine).join(', ')}`);
    }
    const [apiRate = 0, v1Rate = 0] = found.map((saturation) => saturation.rate);
    console.log(`  /v1 ÷ /api: ${apiRate > 0 ? (v1Rate / apiRate).toFixed(2) : 'n/a'} (target >= 0.80)`);
  } finally {
    if (server) await stop(server);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
