/**
 * Usage of API tokens (docs/product-rules.md#api-usage): every request that passed the token
 * check — answered 200, 404 or 429 — is counted in its token's Vietnamese day and logged,
 * buffered in memory and written in one statement per flush (every interval, at enough rows, on
 * demand and at shutdown); the log keeps the newest 100 (pruned every PRUNE_EVERY rows);
 * last_used_at moves to the minute; and GET /v1/usage and GET /v1/credits tell the token its own
 * figures.
 */
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditsSchema, TokenUsageSchema } from '../../src/contract/public-api.schema.ts';
import { REQUEST_LOG_SIZE, USAGE_DAYS } from '../../src/contract/tokens.ts';
import { usageDay } from '../../src/contract/tokens.schema.ts';
import { PRUNE_EVERY } from '../../server/public-api/usage.ts';
import { creditLedger } from '../../server/credits/ledger.ts';
import { mountArea } from '../../server/http/area.ts';
import { handleError } from '../../server/http/errors.ts';
import type { AppEnv } from '../../server/http/types.ts';
import { publicApiError } from '../../server/public-api/errors.ts';
import { createPublicApi } from '../../server/public-api/index.ts';
import type { ApiTokenEnv } from '../../server/public-api/types.ts';
import { captureLogs, silentLogger } from './helpers/logs.ts';
import { DRIVER } from './helpers/database.ts';
import { createPublicApiHarness, type PublicApiHarness } from './helpers/public-api.ts';

/** 2026-03-10 16:59:30 UTC = 23:59:30 in Vietnam: the usage day turns in 30 s. */
const START = Date.UTC(2026, 2, 10, 16, 59, 30);
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Polls `condition` every 10 ms until it holds (the test's own timeout bounds it). */
async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}

let h: PublicApiHarness;
let userId: string;

beforeAll(async () => {
  h = await createPublicApiHarness({ start: START });
  userId = await h.account('pro', 75);
}, 120_000);

afterAll(async () => {
  await h?.dispose();
});

const db = () => h.test.database.kysely;

async function usageRows(tokenId: string) {
  await h.flushUsage();
  return db().selectFrom('api_token_usage').select(['day', 'requests', 'errors']).where('token_id', '=', tokenId).orderBy('day').execute();
}

async function logRows(tokenId: string) {
  await h.flushUsage();
  return db()
    .selectFrom('api_requests')
    .select(['id', 'at', 'method', 'path', 'status', 'duration_ms', 'request_id'])
    .where('token_id', '=', tokenId)
    .orderBy('id')
    .execute();
}

describe(`/v1 usage counting (${DRIVER})`, () => {
  it('counts and logs every authenticated request as it is answered: successes, errors and 429s', async () => {
    const token = await h.token(userId, { rateLimit: 5 });
    const answers = [
      await h.call('GET', '/v1/credits', { token: token.secret }),
      await h.call('GET', '/v1/usage', { token: token.secret }),
      await h.call('GET', '/v1/no-such-endpoint?x=1', { token: token.secret }),
      await h.call('POST', '/v1/credits', { token: token.secret, body: {} }),
      await h.call('GET', '/v1/credits', { token: token.secret }),
      await h.call('GET', '/v1/credits', { token: token.secret }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 404, 200, 429]);
    // Refused credentials are nobody's usage. (Change the last character to one it is not: a
    // secret that already ended in the replacement would be the real one.)
    const forged = `${token.secret.slice(0, -1)}${token.secret.endsWith('0') ? '1' : '0'}`;
    expect(forged).not.toBe(token.secret);
    await h.call('GET', '/v1/credits', { token: forged });

    expect(await usageRows(token.id)).toEqual([{ day: usageDay(START), requests: 6, errors: 3 }]);
    const log = await logRows(token.id);
    expect(log.map((row) => `${row.method} ${row.path} ${row.status}`)).toEqual([
      'GET /v1/credits 200',
      'GET /v1/usage 200',
      'GET /v1/no-such-endpoint 404',
      'POST /v1/credits 404',
      'GET /v1/credits 200',
      'GET /v1/credits 429',
    ]);
    expect(log.map((row) => row.request_id)).toEqual(answers.map((answer) => answer.headers.get('x-request-id')));
    for (const row of log) {
      expect(row.at.getTime()).toBe(START);
      expect(row.duration_ms).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts concurrent requests exactly', async () => {
    const token = await h.token(userId, { rateLimit: 30 });
    const answers = await Promise.all(Array.from({ length: 40 }, () => h.call('GET', '/v1/credits', { token: token.secret })));
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
    expect(await usageRows(token.id)).toEqual([{ day: usageDay(h.clock.now()), requests: 40, errors: 10 }]);
    expect(await logRows(token.id)).toHaveLength(40);
  });

  it("counts each request in Vietnam's calendar day (UTC+7)", async () => {
    const token = await h.token(userId);
    h.clock.advance(20_000); // 23:59:50 in Vietnam
    await h.call('GET', '/v1/credits', { token: token.secret });
    await h.call('GET', '/v1/nope', { token: token.secret });
    h.clock.advance(20_000); // 00:00:10 the next day
    await h.call('GET', '/v1/credits', { token: token.secret });
    expect(await usageRows(token.id)).toEqual([
      { day: '2026-03-10', requests: 2, errors: 1 },
      { day: '2026-03-11', requests: 1, errors: 0 },
    ]);
  });

  it('keeps last_used_at to the minute, written once per minute', async () => {
    const token = await h.token(userId);
    const lastUsed = async () => {
      await h.flushUsage();
      return (await db().selectFrom('api_tokens').select('last_used_at').where('id', '=', token.id).executeTakeFirstOrThrow()).last_used_at;
    };
    expect(await lastUsed()).toBeNull();
    const minute = Math.floor(h.clock.now() / 60_000) * 60_000;
    h.clock.advance(minute + 5_000 - h.clock.now()); // hh:mm:05
    await h.call('GET', '/v1/credits', { token: token.secret });
    expect((await lastUsed())?.getTime()).toBe(minute);
    h.clock.advance(50_000); // hh:mm:55, same minute
    await h.call('GET', '/v1/nope', { token: token.secret });
    expect((await lastUsed())?.getTime()).toBe(minute);
    h.clock.advance(10_000); // the next minute, :05
    await h.call('GET', '/v1/credits', { token: token.secret });
    expect((await lastUsed())?.getTime()).toBe(minute + 60_000);
  });

  it(`keeps the newest ${REQUEST_LOG_SIZE} requests of a token in its log (never more than ${REQUEST_LOG_SIZE} + ${PRUNE_EVERY} rows), and every one in its count`, async () => {
    const token = await h.token(userId, { rateLimit: 1_000 });
    const other = await h.token(userId);
    await h.call('GET', '/v1/credits', { token: other.secret });
    const sent = REQUEST_LOG_SIZE * 2 + 7;
    let most = 0;
    for (let i = 0; i < sent; i++) {
      await h.call('GET', `/v1/credits?n=${i}`, { token: token.secret });
      most = Math.max(most, (await logRows(token.id)).length);
    }
    expect((await usageRows(token.id)).reduce((sum, row) => sum + row.requests, 0)).toBe(sent);
    // Pruned along the way (every PRUNE_EVERY-th row), never far over the size.
    expect(most).toBeGreaterThanOrEqual(REQUEST_LOG_SIZE);
    expect(most).toBeLessThanOrEqual(REQUEST_LOG_SIZE + PRUNE_EVERY);
    // What is kept is always the newest: the rows are one unbroken run ending with the last
    // request (this token alone wrote during the loop, so its rows' ids follow each other).
    const ids = (await logRows(token.id)).map((row) => Number(row.id));
    expect(ids.length).toBeGreaterThanOrEqual(REQUEST_LOG_SIZE);
    expect(ids.every((id, index) => index === 0 || id === (ids[index - 1] ?? 0) + 1)).toBe(true);
    expect(ids.at(-1)).toBe(Math.max(...ids));
    // The pruning of one token leaves the others' logs alone.
    expect(await logRows(other.id)).toHaveLength(1);
  });

  it('answers GET /v1/usage: the token and 30 days, zero-filled, oldest first, today last', async () => {
    const token = await h.token(userId, { rateLimit: 40, creditCap: 500, permissions: ['image-editing'], expiresAt: new Date(h.clock.now() + 30 * DAY_MS) });
    await db().updateTable('api_tokens').set({ credits_used: 12 }).where('id', '=', token.id).execute();
    const now = h.clock.now();
    await db()
      .insertInto('api_token_usage')
      .values([
        { token_id: token.id, day: usageDay(now - 10 * DAY_MS), requests: 8, errors: 2 },
        // The 31st day back is outside the chart.
        { token_id: token.id, day: usageDay(now - USAGE_DAYS * DAY_MS), requests: 99, errors: 9 },
      ])
      .execute();
    await h.call('GET', '/v1/credits', { token: token.secret });
    await h.call('GET', '/v1/nope', { token: token.secret });

    const answer = await h.call('GET', '/v1/usage', { token: token.secret });
    expect(answer.status).toBe(200);
    const usage = v.parse(TokenUsageSchema, answer.body);
    const row = await db().selectFrom('api_tokens').selectAll().where('id', '=', token.id).executeTakeFirstOrThrow();
    expect(usage.token).toEqual({
      id: token.id,
      name: row.name,
      prefix: token.secret.slice(0, 13),
      permissions: ['image-editing'],
      rate_limit: 40,
      credit_cap: 500,
      credits_used: 12,
      expires_at: new Date(now + 30 * DAY_MS).toISOString(),
    });
    expect(usage.days).toHaveLength(USAGE_DAYS);
    expect(usage.days.map((day) => day.day)).toEqual(Array.from({ length: USAGE_DAYS }, (_, index) => usageDay(now - (USAGE_DAYS - 1 - index) * DAY_MS)));
    // The two requests before it; the answer itself is counted once it is sent.
    expect(usage.today).toEqual({ day: usageDay(now), requests: 2, errors: 1 });
    expect(usage.days.at(-1)).toEqual(usage.today);
    expect(usage.days.filter((day) => day.requests > 0)).toEqual([{ day: usageDay(now - 10 * DAY_MS), requests: 8, errors: 2 }, usage.today]);
    expect(JSON.stringify(answer.body)).not.toContain(token.secret);
  });

  it("answers GET /v1/credits with the account's live balance and plan", async () => {
    const owner = await h.account('premium', 40);
    const { secret } = await h.token(owner);
    expect(v.parse(CreditsSchema, (await h.call('GET', '/v1/credits', { token: secret })).body)).toEqual({ balance: 40, plan: 'premium' });
    await creditLedger(h.test.database.kysely).grant({ userId: owner, amount: 25, reason: 'top-up', key: 'top-up-1', at: new Date(h.clock.now()) });
    expect((await h.call('GET', '/v1/credits', { token: secret })).body).toEqual({ balance: 65, plan: 'premium' });
  });

  it("counts the answers of other modules' token routes, thrown errors included, and gives them the headers", async () => {
    // What the generation and media routers get when they are mounted: the token, and the guard around them.
    const seen: string[] = [];
    const extra = new Hono<ApiTokenEnv>()
      .post('/things', (c) => {
        seen.push(c.get('apiToken').userId);
        return c.json({ ok: true }, 201);
      })
      .get('/things/:id', () => {
        throw publicApiError(403, 'serviceNotAllowed');
      });
    const app = new Hono<AppEnv>();
    app.use(requestId());
    app.onError(handleError);
    const api = createPublicApi({ database: h.test.database, logger: silentLogger(), now: h.clock.now, extraRouters: [extra] });
    mountArea(app, api.routes());

    const token = await h.token(userId, { rateLimit: 10 });
    const headers = { Authorization: `Bearer ${token.secret}` };
    const created = await app.request('/v1/things', { method: 'POST', headers });
    expect(created.status).toBe(201);
    expect(created.headers.get('ratelimit')).toBe('"token";r=9;t=6');
    const refused = await app.request('/v1/things/abc', { headers });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'This token is not allowed to use this service.', code: 'serviceNotAllowed' });
    expect(refused.headers.get('ratelimit')).toBe('"token";r=8;t=12');
    expect(seen).toEqual([userId]);
    await api.close();
    expect((await logRows(token.id)).map((row) => `${row.method} ${row.path} ${row.status}`)).toEqual(['POST /v1/things 201', 'GET /v1/things/abc 403']);
    expect(await usageRows(token.id)).toEqual([{ day: usageDay(h.clock.now()), requests: 2, errors: 1 }]);
  });

  it('buffers usage in memory: requests write none of it, a flush writes the batch in one statement, and shutdown what is left', async () => {
    // An instance whose buffer is written by the test alone (no timed flush within the test).
    const api = createPublicApi({ database: h.database, logger: silentLogger(), now: h.clock.now, usageFlush: { flushMs: HOUR_MS } });
    const app = new Hono<AppEnv>();
    app.use(requestId());
    app.onError(handleError);
    mountArea(app, api.routes());
    const token = await h.token(userId, { rateLimit: 100 });
    const send = async (path: string) => (await app.request(path, { headers: { Authorization: `Bearer ${token.secret}` } })).status;
    const stored = async () => ({
      usage: await db().selectFrom('api_token_usage').select(['requests', 'errors']).where('token_id', '=', token.id).execute(),
      log: (await db().selectFrom('api_requests').select('status').where('token_id', '=', token.id).orderBy('id').execute()).map((row) => row.status),
    });

    expect([await send('/v1/credits'), await send('/v1/nope'), await send('/v1/credits')]).toEqual([200, 404, 200]);
    expect(await stored()).toEqual({ usage: [], log: [] });

    // (The harness's own app has nothing buffered either: only this flush is counted.)
    await h.flushUsage();
    const before = h.queries();
    await api.flushUsage();
    expect(h.queries() - before).toBe(1);
    expect(await stored()).toEqual({ usage: [{ requests: 3, errors: 1 }], log: [200, 404, 200] });
    // Nothing buffered: a flush sends nothing.
    await api.flushUsage();
    expect(h.queries() - before).toBe(1);

    expect(await send('/v1/credits')).toBe(200);
    await api.close();
    expect(await stored()).toEqual({ usage: [{ requests: 4, errors: 1 }], log: [200, 404, 200, 200] });
    // A request answered after the close (in-flight ones at shutdown) is written at once.
    expect(await send('/v1/gone')).toBe(404);
    await waitUntil(async () => (await stored()).log.length === 5);
    expect(await stored()).toEqual({ usage: [{ requests: 5, errors: 2 }], log: [200, 404, 200, 200, 404] });
  });

  it('writes the buffer on its own: every flush interval, and as soon as enough rows wait', async () => {
    const token = await h.token(userId, { rateLimit: 100 });
    const logged = async () => (await db().selectFrom('api_requests').select('id').where('token_id', '=', token.id).execute()).length;
    const serve = (usageFlush: { flushMs: number; flushRows?: number }) => {
      const api = createPublicApi({ database: h.test.database, logger: silentLogger(), now: h.clock.now, usageFlush });
      const app = new Hono<AppEnv>();
      app.onError(handleError);
      mountArea(app, api.routes());
      return { api, send: async () => (await app.request('/v1/credits', { headers: { Authorization: `Bearer ${token.secret}` } })).status };
    };
    // Three rows trigger a write; no timer would within the test.
    const byRows = serve({ flushMs: HOUR_MS, flushRows: 3 });
    expect([await byRows.send(), await byRows.send()]).toEqual([200, 200]);
    expect(await logged()).toBe(0);
    expect(await byRows.send()).toBe(200);
    await waitUntil(async () => (await logged()) === 3);
    await byRows.api.close();
    // A short interval writes without being asked.
    const timed = serve({ flushMs: 20 });
    expect(await timed.send()).toBe(200);
    await waitUntil(async () => (await logged()) === 4);
    await timed.api.close();
  });

  it('keeps the answer when the request cannot be counted (its token was deleted while it ran)', async () => {
    const token = await h.token(userId);
    const extra = new Hono<ApiTokenEnv>().delete('/me', async (c) => {
      await db().deleteFrom('api_tokens').where('id', '=', c.get('apiToken').id).execute();
      return c.body(null, 204);
    });
    const logs = captureLogs();
    const app = new Hono<AppEnv>();
    app.onError(handleError);
    const api = createPublicApi({ database: h.test.database, logger: logs.logger, now: h.clock.now, extraRouters: [extra] });
    mountArea(app, api.routes());
    const answer = await app.request('/v1/me', { method: 'DELETE', headers: { Authorization: `Bearer ${token.secret}` } });
    expect(answer.status).toBe(204);
    await api.close();
    expect(logs.lines.filter((line) => line.msg === 'API token usage not recorded').map((line) => line.tokenId)).toEqual([token.id]);
  });
});
