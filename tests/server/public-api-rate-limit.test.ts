/**
 * The rate limit of API tokens (docs/product-rules.md#api-rate-limit): GCRA on one row per
 * token. With the app's clock held still, admissions are exact: a full burst of `limit`
 * concurrent requests passes and nothing more; the headers tell each answer its own place in the
 * quota; a refusal leaves the state alone; a window edge never admits a second burst. On
 * Postgres, two real server processes share one token's limit.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API_MESSAGES } from '../../src/contract/public-api.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';
import { TEST_SIGNING_KEY } from './helpers/app.ts';
import { createScratchPostgres, DRIVER, POSTGRES_URL } from './helpers/database.ts';
import { createAccount, createPublicApiHarness, insertToken, type PublicApiHarness } from './helpers/public-api.ts';
import { killAll, spawnServer, type ChildRun } from './helpers/spawn.ts';

let h: PublicApiHarness;
let userId: string;

beforeAll(async () => {
  h = await createPublicApiHarness();
  userId = await h.account('professional');
}, 120_000);

afterAll(async () => {
  await h?.dispose();
});

const credits = (token: string) => h.call('GET', '/v1/credits', { token });

/** `count` requests at once; the statuses and RateLimit headers of the answers. */
async function burst(token: string, count: number) {
  return Promise.all(Array.from({ length: count }, () => credits(token)));
}

const admitted = (answers: Array<{ status: number }>) => answers.filter((answer) => answer.status === 200).length;

async function tatOf(tokenId: string): Promise<Date | null> {
  const row = await h.test.database.kysely.selectFrom('api_tokens').select('rl_tat').where('id', '=', tokenId).executeTakeFirstOrThrow();
  return row.rl_tat;
}

describe(`/v1 rate limit (${DRIVER})`, () => {
  it('admits 50 concurrent requests at a limit of 50 and refuses the 51st with 429 and Retry-After', async () => {
    const token = await h.token(userId, { rateLimit: 50 });
    const answers = await burst(token.secret, 50);
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(50).fill(200));
    // Each admission has its own place in the quota: r counts down 49…0, once each, and t (the
    // seconds until the quota is full again, T = 1.2 s per admission) follows it.
    const states = answers.map((answer) => answer.headers.get('ratelimit') ?? '').toSorted((a, b) => remainingOf(b) - remainingOf(a));
    expect(states).toEqual(Array.from({ length: 50 }, (_, index) => `"token";r=${49 - index};t=${Math.ceil(((index + 1) * 12) / 10)}`));
    for (const answer of answers) expect(answer.headers.get('ratelimit-policy')).toBe('"token";q=50;w=60');

    const tat = await tatOf(token.id);
    const refused = await credits(token.secret);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: PUBLIC_API_MESSAGES.rateLimited, code: 'rateLimited', retry_after_seconds: 2 });
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.headers.get('ratelimit')).toBe('"token";r=0;t=60');
    expect(refused.headers.get('ratelimit-policy')).toBe('"token";q=50;w=60');
    // A refusal does not use up quota.
    expect(await tatOf(token.id)).toEqual(tat);

    // One emission interval (1.2 s) later exactly one more request passes.
    h.clock.advance(1_000);
    expect((await credits(token.secret)).headers.get('retry-after')).toBe('1');
    h.clock.advance(200);
    expect(admitted(await burst(token.secret, 5))).toBe(1);
  });

  it('admits exactly the limit out of a larger concurrent burst, whatever the emission interval', async () => {
    // 60 s / 7 is not a whole number of microseconds: the rounding must still fit 7, not 8.
    for (const [limit, sent] of [
      [7, 20],
      [50, 80],
    ] as const) {
      const token = await h.token(userId, { rateLimit: limit });
      const answers = await burst(token.secret, sent);
      expect(admitted(answers), `limit ${limit}`).toBe(limit);
      for (const answer of answers.filter((one) => one.status === 429)) expect(answer.body.code).toBe('rateLimited');
    }
  });

  it('counts down in the headers one request at a time', async () => {
    const { secret } = await h.token(userId, { rateLimit: 5 });
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await credits(secret);
      seen.push(`${answer.status} ${answer.headers.get('ratelimit')} ${answer.headers.get('retry-after')}`);
    }
    expect(seen).toEqual([
      '200 "token";r=4;t=12 null',
      '200 "token";r=3;t=24 null',
      '200 "token";r=2;t=36 null',
      '200 "token";r=1;t=48 null',
      '200 "token";r=0;t=60 null',
      '429 "token";r=0;t=60 12',
    ]);
  });

  it('never admits a second burst at a window edge: half a window after a full burst, half the limit', async () => {
    const token = await h.token(userId, { rateLimit: 50 });
    expect(admitted(await burst(token.secret, 50))).toBe(50);
    // Where a fixed window would start afresh (and let 50 more through), GCRA lets the quota
    // come back one request per T = 1.2 s.
    h.clock.advance(2_000);
    expect(admitted(await burst(token.secret, 50))).toBe(1);
    h.clock.advance(28_000);
    // 30 s after the burst: 25 intervals have passed, 1 of them already used.
    expect(admitted(await burst(token.secret, 50))).toBe(24);
    // A whole window after the last admission the quota is full again: one burst, no more.
    h.clock.advance(60_000);
    expect(admitted(await burst(token.secret, 60))).toBe(50);
  });

  it('keeps each token to its own limit', async () => {
    const [first, second] = await Promise.all([h.token(userId, { rateLimit: 3 }), h.token(userId, { rateLimit: 3 })]);
    const [a, b] = await Promise.all([burst(first.secret, 5), burst(second.secret, 5)]);
    expect([admitted(a), admitted(b)]).toEqual([3, 3]);
  });
});

function remainingOf(state: string): number {
  return Number(/;r=(\d+)/.exec(state)?.[1] ?? Number.NaN);
}

describe.skipIf(!POSTGRES_URL)(`/v1 rate limit across two server processes (${DRIVER})`, () => {
  // PGlite is one process's database (its files are opened by one process at a time), so the
  // cross-process case exists only on Postgres; this suite runs with DATABASE_URL.
  const children: ChildRun[] = [];
  let dataDir = '';
  let dropDatabase: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await killAll(children);
    await dropDatabase?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('admits the limit (±1) of concurrent requests sent to both processes, and counts every one once they stop', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-v1-rate-'));
    const scratch = await createScratchPostgres();
    dropDatabase = scratch.drop;
    const database = await openDatabase({ databaseUrl: scratch.url, pgliteDataDir: path.join(dataDir, 'unused') });
    await migrate(database);
    const owner = await createAccount(database, 'enterprise');
    // Limit 20 (T = 3 s): the burst below ends long before a further request could be earned,
    // give or take the one a slow machine might let in.
    const limit = 20;
    const token = await insertToken(database, owner, { rateLimit: limit });
    const servers = await Promise.all(
      ['a', 'b'].map((name) => spawnServer({ DATA_DIR: path.join(dataDir, name), JWT_SECRET: TEST_SIGNING_KEY, DATABASE_URL: scratch.url })),
    );
    children.push(...servers);

    const sent = 60;
    const statuses = await Promise.all(
      Array.from({ length: sent }, async (_, index) => {
        const server = servers[index % servers.length]!;
        const response = await fetch(`${server.baseUrl}/v1/credits`, { headers: { Authorization: `Bearer ${token.secret}` } });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const passed = statuses.filter((status) => status === 200).length;
    expect(passed).toBeGreaterThanOrEqual(limit);
    expect(passed).toBeLessThanOrEqual(limit + 1);
    expect(statuses.filter((status) => status === 429).length).toBe(sent - passed);

    // Each process buffers its usage and writes it at the latest on shutdown: once both have
    // stopped (SIGTERM), every request is counted.
    expect((await Promise.all(servers.map((server) => server.stop()))).map((exit) => exit.code)).toEqual([0, 0]);
    const usage = await database.kysely.selectFrom('api_token_usage').select(['requests', 'errors']).where('token_id', '=', token.id).execute();
    expect(usage.reduce((sum, row) => sum + row.requests, 0)).toBe(sent);
    expect(usage.reduce((sum, row) => sum + row.errors, 0)).toBe(sent - passed);
    await database.close();
  }, 120_000);
});
