/**
 * The token management API (/api/tokens) through HTTP, on PGlite (or Postgres with DATABASE_URL):
 * secrets kept only as hashes and sent only once, the spec's validation messages, the plan gate,
 * expiry presets against a moving clock, toggling, regenerating, deleting with everything of the
 * token, the stats and the 30-day chart on Vietnam's calendar, the per-account limit, the webhook
 * URL policy, resending a delivery, and another account's ids answering like unknown ones.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { PlanId } from '../../src/contract/plans.ts';
import { CreatedTokenSchema, DeliverySchema, TokenDetailSchema, TokenListSchema, usageDay, type ApiToken } from '../../src/contract/tokens.schema.ts';
import { REQUEST_LOG_SIZE, TOKEN_MESSAGES, TOKENS_BODY_MAX_BYTES, TOKENS_PER_ACCOUNT_MAX, USAGE_DAYS } from '../../src/contract/tokens.ts';
import { mountArea } from '../../server/http/area.ts';
import { handleError } from '../../server/http/errors.ts';
import type { AppEnv } from '../../server/http/types.ts';
import { isWellFormedToken } from '../../server/tokens/format.ts';
import { createTokens } from '../../server/tokens/index.ts';
import { createAccountsHarness, DAY_MS, type AccountsHarness, type CallResult } from './helpers/accounts.ts';
import { DRIVER } from './helpers/database.ts';
import { silentLogger } from './helpers/logs.ts';

let h: AccountsHarness;

beforeAll(async () => {
  // Sessions outlive the clock moves of the expiry tests (up to a few days).
  h = await createAccountsHarness({ env: { ACCESS_TOKEN_TTL: '400d' } });
}, 120_000);

afterAll(async () => {
  await h?.dispose();
});

interface Person {
  id: string;
  token: string;
  call(method: string, url: string, body?: unknown): Promise<CallResult>;
}

let people = 0;

async function person(plan: PlanId = 'pro'): Promise<Person> {
  people += 1;
  const login = await h.signUp({ email: `token-owner-${people}@example.com` });
  await setPlan(login.user.id, plan);
  const token = login.access_token;
  return { id: login.user.id, token, call: (method, url, body) => h.call(method, url, body === undefined ? { token } : { token, body }) };
}

async function setPlan(userId: string, plan: PlanId): Promise<void> {
  await h.database.kysely.updateTable('users').set({ plan }).where('id', '=', userId).execute();
}

const BASE = { name: 'Cửa hàng chính', permissions: ['virtual-tryon', 'upscaler'] };

async function create(p: Person, body: Record<string, unknown> = {}) {
  const result = await p.call('POST', '/api/tokens', { ...BASE, ...body });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return v.parse(CreatedTokenSchema, result.body);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function tokenRow(id: string) {
  return h.database.kysely.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

async function countRows(
  table: 'api_tokens' | 'api_token_usage' | 'api_requests' | 'webhook_deliveries' | 'webhook_attempts',
  column: 'token_id' | 'user_id' | 'delivery_id',
  value: string,
): Promise<number> {
  const result = await sql<{ count: string }>`select count(*) as count from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(h.database.kysely);
  return Number(result.rows[0]?.count);
}

async function insertDelivery(
  p: Person,
  tokenId: string,
  fields: { status?: 'pending' | 'delivered' | 'failed'; queued?: boolean; attempts?: number; createdAt?: Date } = {},
): Promise<string> {
  const id = `msg_${randomUUID().replaceAll('-', '')}`;
  await h.database.kysely
    .insertInto('webhook_deliveries')
    .values({
      id,
      token_id: tokenId,
      user_id: p.id,
      generation_id: randomUUID(),
      event: 'generation.completed',
      url: 'https://hooks.example.com/atelier',
      status: fields.status ?? 'failed',
      attempts: fields.attempts ?? 8,
      queued: fields.queued ?? true,
      next_attempt_at: null,
      last_status_code: 500,
      last_error: 'HTTP 500',
      created_at: fields.createdAt ?? new Date(h.clock.now()),
      delivered_at: null,
    })
    .execute();
  return id;
}

async function insertRequests(tokenId: string, count: number): Promise<void> {
  const at = h.clock.now();
  await h.database.kysely
    .insertInto('api_requests')
    .values(
      Array.from({ length: count }, (_, index) => ({
        token_id: tokenId,
        at: new Date(at + index),
        method: 'GET',
        path: `/v1/generations/${index}`,
        status: index % 10 === 0 ? 429 : 200,
        duration_ms: index,
        request_id: null,
      })),
    )
    .execute();
}

/** Moves the clock forward to the next `hourUtc`:00:00.000 UTC, less `beforeMs`. */
function moveToNext(hourUtc: number, beforeMs: number): void {
  const now = h.clock.now();
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  let target = day + hourUtc * 3_600_000 - beforeMs;
  while (target <= now) target += DAY_MS;
  h.clock.advance(target - now);
}

/** The calendar day `n` days before `day` (YYYY-MM-DD). */
function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
}

describe(`API tokens: management (${DRIVER})`, () => {
  it('keeps only the SHA-256 and the prefix of a secret, and sends the secret only when it is made', async () => {
    const p = await person();
    const created = await create(p);
    const { secret } = created;
    expect(isWellFormedToken(secret)).toBe(true);
    expect(created.token).toMatchObject({ name: BASE.name, prefix: secret.slice(0, 13), status: 'active', rate_limit: 60, credit_cap: null, credits_used: 0 });

    const row = await tokenRow(created.token.id);
    expect(row?.token_hash).toBe(sha256(secret));
    expect(row?.token_prefix).toBe(secret.slice(0, 13));
    expect(row?.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Object.values(row ?? {}).map(String)).not.toContain(secret);
    // Nowhere in the whole database, in any table or column.
    expect(await h.dump()).not.toContain(secret);

    const list = await p.call('GET', '/api/tokens');
    const detail = await p.call('GET', `/api/tokens/${created.token.id}`);
    for (const answer of [list, detail]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(JSON.stringify(answer.body)).not.toContain(secret);
      expect(JSON.stringify(answer.body)).not.toContain(sha256(secret));
    }

    h.clock.advance(1_000);
    const regenerated = await p.call('POST', `/api/tokens/${created.token.id}/regenerate`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.headers.get('cache-control')).toBe('no-store');
    const fresh = v.parse(CreatedTokenSchema, regenerated.body);
    expect(fresh.secret).not.toBe(secret);
    expect(isWellFormedToken(fresh.secret)).toBe(true);
    expect(fresh.token.prefix).toBe(fresh.secret.slice(0, 13));
    const after = await tokenRow(created.token.id);
    expect(after?.token_hash).toBe(sha256(fresh.secret));
    expect(after?.token_prefix).toBe(fresh.secret.slice(0, 13));
    expect(after?.regenerated_at?.getTime()).toBe(h.clock.now());
    // The old secret's hash is gone: nothing can find a token with it any more.
    expect(await h.database.kysely.selectFrom('api_tokens').select('id').where('token_hash', '=', sha256(secret)).execute()).toEqual([]);
    const dump = await h.dump();
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(fresh.secret);
    expect(JSON.stringify((await p.call('GET', `/api/tokens/${created.token.id}`)).body)).not.toContain(fresh.secret);
  });

  it.each([
    ['an empty name', { name: '' }, 'nameRequired'],
    ['a name of spaces only', { name: '   ' }, 'nameRequired'],
    // Keys left out (JSON drops undefined) or of the wrong type get the same sentences.
    ['no name at all', { name: undefined }, 'nameRequired'],
    ['a name that is not text', { name: 42 }, 'nameRequired'],
    ['no permissions at all', { permissions: undefined }, 'permissionsRequired'],
    ['a rate limit sent as text', { rate_limit: '60' }, 'rateLimitRange'],
    ['no permission', { permissions: [] }, 'permissionsRequired'],
    ['a rate limit of 0', { rate_limit: 0 }, 'rateLimitRange'],
    ['a rate limit of 1001', { rate_limit: 1001 }, 'rateLimitRange'],
    ['a rate limit of 1.5', { rate_limit: 1.5 }, 'rateLimitRange'],
    ['a credit cap of 0', { credit_cap: 0 }, 'creditCapRange'],
    ['a webhook URL that is not http(s)', { webhook_url: 'ftp://hooks.example.com/x' }, 'invalidWebhookUrl'],
  ] as const)("refuses %s with the spec's message, creating nothing", async (_what, change, code) => {
    const p = await person();
    const result = await p.call('POST', '/api/tokens', { ...BASE, ...change });
    expect(result.status).toBe(422);
    expect(result.body).toEqual({ detail: TOKEN_MESSAGES[code], code });
    expect(await countRows('api_tokens', 'user_id', p.id)).toBe(0);
  });

  it('refuses an unknown or repeated permission, and a PATCH with the same rules', async () => {
    const p = await person();
    for (const permissions of [['mind-reading'], ['upscaler', 'upscaler']]) {
      const result = await p.call('POST', '/api/tokens', { ...BASE, permissions });
      expect(result.status).toBe(422);
      expect(result.body.detail).toMatch(/^Invalid input: permissions/);
      expect(result.body.code).toBe('invalidInput');
    }
    expect(await countRows('api_tokens', 'user_id', p.id)).toBe(0);
    const { token } = await create(p);
    const cases = [
      [{ name: ' ' }, 'nameRequired'],
      [{ permissions: [] }, 'permissionsRequired'],
      [{ rate_limit: 1001 }, 'rateLimitRange'],
      [{}, 'nothingToUpdate'],
    ] as const;
    for (const [body, code] of cases) {
      const result = await p.call('PATCH', `/api/tokens/${token.id}`, body);
      expect(result.status, code).toBe(422);
      expect(result.body).toEqual({ detail: TOKEN_MESSAGES[code], code });
    }
    expect(v.parse(TokenDetailSchema, (await p.call('GET', `/api/tokens/${token.id}`)).body).token).toEqual(token);
  });

  it('creates and regenerates only on a plan with API access; the rest works on any plan', async () => {
    const free = await person('free');
    const refused = await free.call('POST', '/api/tokens', BASE);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: TOKEN_MESSAGES.planRequired, code: 'planRequired' });
    expect(await countRows('api_tokens', 'user_id', free.id)).toBe(0);
    expect((await free.call('GET', '/api/tokens')).body).toMatchObject({ tokens: [], api_allowed: false });

    const pro = await person('pro');
    const { token } = await create(pro);
    expect((await pro.call('GET', '/api/tokens')).body.api_allowed).toBe(true);

    // The plan lapses: the token can be seen, changed and deleted, not given a new secret.
    await setPlan(pro.id, 'free');
    const hashBefore = (await tokenRow(token.id))?.token_hash;
    const regenerate = await pro.call('POST', `/api/tokens/${token.id}/regenerate`);
    expect(regenerate.status).toBe(403);
    expect(regenerate.body.code).toBe('planRequired');
    expect((await tokenRow(token.id))?.token_hash).toBe(hashBefore);
    expect((await pro.call('GET', '/api/tokens')).body).toMatchObject({ api_allowed: false, tokens: [{ id: token.id }] });
    expect((await pro.call('GET', `/api/tokens/${token.id}`)).status).toBe(200);
    expect((await pro.call('PATCH', `/api/tokens/${token.id}`, { active: false })).body.status).toBe('inactive');
    expect((await pro.call('DELETE', `/api/tokens/${token.id}`)).status).toBe(204);
  });

  it('sets expires_at from the preset (90 days by default, none for never) and lists a token past it as expired', async () => {
    const p = await person();
    const madeAt = h.clock.now();
    const byPreset = new Map<string, ApiToken>();
    for (const preset of ['1', '7', '30', '90', 'never'] as const) byPreset.set(preset, (await create(p, { name: `Hạn ${preset}`, expires_in: preset })).token);
    const byDefault = (await create(p, { name: 'Mặc định' })).token;
    for (const days of [1, 7, 30, 90]) expect(byPreset.get(String(days))?.expires_at).toBe(new Date(madeAt + days * DAY_MS).toISOString());
    expect(byPreset.get('never')?.expires_at).toBeNull();
    expect(byDefault.expires_at).toBe(new Date(madeAt + 90 * DAY_MS).toISOString());
    expect(byDefault.created_at).toBe(new Date(madeAt).toISOString());

    const statuses = async () => {
      const list = v.parse(TokenListSchema, (await p.call('GET', '/api/tokens')).body);
      return { byName: Object.fromEntries(list.tokens.map((token) => [token.name, token.status])), stats: list.stats };
    };
    h.clock.advance(DAY_MS - 1);
    expect((await statuses()).byName['Hạn 1']).toBe('active');
    // At the very instant of expires_at the token has expired.
    h.clock.advance(1);
    const now = await statuses();
    expect(now.byName).toEqual({ 'Hạn 1': 'expired', 'Hạn 7': 'active', 'Hạn 30': 'active', 'Hạn 90': 'active', 'Hạn never': 'active', 'Mặc định': 'active' });
    expect(now.stats).toMatchObject({ total_tokens: 6, active_tokens: 5 });
    // Expired wins over the toggle, either way.
    const expiredId = byPreset.get('1')?.id ?? '';
    expect((await p.call('PATCH', `/api/tokens/${expiredId}`, { active: true })).body).toMatchObject({ active: true, status: 'expired' });
    expect((await p.call('PATCH', `/api/tokens/${expiredId}`, { active: false })).body).toMatchObject({ active: false, status: 'expired' });
  });

  it('lists newest first, toggles a token, and updates each field', async () => {
    const p = await person();
    const first = (await create(p, { name: 'Cũ' })).token;
    h.clock.advance(1_000);
    const second = (await create(p, { name: 'Mới' })).token;
    const list = async () => v.parse(TokenListSchema, (await p.call('GET', '/api/tokens')).body);
    expect((await list()).tokens.map((token) => token.id)).toEqual([second.id, first.id]);

    const off = await p.call('PATCH', `/api/tokens/${first.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.headers.get('cache-control')).toBe('no-store');
    expect(off.body).toMatchObject({ id: first.id, active: false, status: 'inactive' });
    expect((await tokenRow(first.id))?.active).toBe(false);
    expect((await list()).stats).toMatchObject({ total_tokens: 2, active_tokens: 1 });
    expect((await p.call('PATCH', `/api/tokens/${first.id}`, { active: true })).body.status).toBe('active');
    expect((await list()).stats.active_tokens).toBe(2);

    const changed = await p.call('PATCH', `/api/tokens/${first.id}`, {
      name: '  Kho ảnh  ',
      permissions: ['image-to-video'],
      rate_limit: 1000,
      credit_cap: 500,
      webhook_url: 'https://hooks.example.com/a',
    });
    expect(changed.body).toMatchObject({
      name: 'Kho ảnh',
      permissions: ['image-to-video'],
      rate_limit: 1000,
      credit_cap: 500,
      webhook_url: 'https://hooks.example.com/a',
    });
    const cleared = await p.call('PATCH', `/api/tokens/${first.id}`, { credit_cap: null, webhook_url: null });
    expect(cleared.body).toMatchObject({ name: 'Kho ảnh', credit_cap: null, webhook_url: null, rate_limit: 1000 });
    expect(v.parse(TokenDetailSchema, (await p.call('GET', `/api/tokens/${first.id}`)).body).token).toEqual(cleared.body);

    // What the public API writes on the row shows as is.
    const lastUsed = new Date(Math.floor(h.clock.now() / 60_000) * 60_000);
    await h.database.kysely.updateTable('api_tokens').set({ last_used_at: lastUsed, credits_used: 12 }).where('id', '=', second.id).execute();
    expect((await list()).tokens[0]).toMatchObject({ id: second.id, last_used_at: lastUsed.toISOString(), credits_used: 12 });
  });

  it("counts today's requests and errors of the account's tokens, and draws 30 days on Vietnam's calendar", async () => {
    const p = await person();
    const other = await person();
    const a = (await create(p, { name: 'A' })).token;
    const b = (await create(p, { name: 'B' })).token;
    const theirs = (await create(other, { name: 'Của người khác' })).token;
    // One millisecond before midnight in Vietnam (17:00 UTC).
    moveToNext(17, 1);
    const today = usageDay(h.clock.now());
    const tomorrow = usageDay(h.clock.now() + 1);
    expect(tomorrow).not.toBe(today);
    await h.database.kysely
      .insertInto('api_token_usage')
      .values([
        { token_id: a.id, day: today, requests: 10, errors: 2 },
        { token_id: b.id, day: today, requests: 5, errors: 1 },
        { token_id: a.id, day: daysBefore(today, 1), requests: 100, errors: 0 },
        // The first day of tomorrow's chart, and the day before it (outside the chart).
        { token_id: a.id, day: daysBefore(tomorrow, USAGE_DAYS - 1), requests: 4, errors: 4 },
        { token_id: a.id, day: daysBefore(tomorrow, USAGE_DAYS), requests: 7, errors: 7 },
        { token_id: theirs.id, day: today, requests: 1_000, errors: 1_000 },
      ])
      .execute();

    const stats = async () => v.parse(TokenListSchema, (await p.call('GET', '/api/tokens')).body).stats;
    expect(await stats()).toEqual({ total_tokens: 2, active_tokens: 2, requests_today: 15, errors_today: 3, error_rate: 0.2 });
    const before = v.parse(TokenDetailSchema, (await p.call('GET', `/api/tokens/${a.id}`)).body);
    expect(before.usage).toHaveLength(USAGE_DAYS);
    expect(before.usage.at(-1)).toEqual({ day: today, requests: 10, errors: 2 });
    expect(before.usage.at(-2)).toEqual({ day: daysBefore(today, 1), requests: 100, errors: 0 });

    // Midnight in Vietnam: a new day without requests.
    h.clock.advance(1);
    expect(await stats()).toEqual({ total_tokens: 2, active_tokens: 2, requests_today: 0, errors_today: 0, error_rate: null });
    const after = v.parse(TokenDetailSchema, (await p.call('GET', `/api/tokens/${a.id}`)).body);
    expect(after.usage.map((day) => day.day)).toEqual(Array.from({ length: USAGE_DAYS }, (_, index) => daysBefore(tomorrow, USAGE_DAYS - 1 - index)));
    expect(after.usage.at(-1)).toEqual({ day: tomorrow, requests: 0, errors: 0 });
    expect(after.usage.at(-2)).toEqual({ day: today, requests: 10, errors: 2 });
    expect(after.usage[0]).toEqual({ day: daysBefore(tomorrow, USAGE_DAYS - 1), requests: 4, errors: 4 });
    expect(after.usage.reduce((sum, day) => sum + day.requests, 0)).toBe(114);
  });

  it('lists the last requests newest first and the latest deliveries', async () => {
    const p = await person();
    const { token } = await create(p);
    await insertRequests(token.id, REQUEST_LOG_SIZE + 5);
    const older = await insertDelivery(p, token.id, { createdAt: new Date(h.clock.now() - 60_000) });
    const newer = await insertDelivery(p, token.id, { status: 'delivered', queued: false, attempts: 1 });
    const detail = v.parse(TokenDetailSchema, (await p.call('GET', `/api/tokens/${token.id}`)).body);
    expect(detail.requests).toHaveLength(REQUEST_LOG_SIZE);
    expect(detail.requests[0]).toMatchObject({ path: `/v1/generations/${REQUEST_LOG_SIZE + 4}`, duration_ms: REQUEST_LOG_SIZE + 4 });
    expect(detail.requests.at(-1)).toMatchObject({ path: '/v1/generations/5' });
    expect(detail.deliveries.map((delivery) => delivery.id)).toEqual([newer, older]);
    expect(detail.deliveries[1]).toMatchObject({ status: 'failed', attempts: 8, last_status_code: 500, last_error: 'HTTP 500' });
    expect(detail.webhook_secret).toBe((await tokenRow(token.id))?.webhook_secret);
  });

  it('regenerating keeps the usage, the request log and the deliveries', async () => {
    const p = await person();
    const { token } = await create(p);
    await h.database.kysely
      .insertInto('api_token_usage')
      .values({ token_id: token.id, day: usageDay(h.clock.now()), requests: 3, errors: 1 })
      .execute();
    await insertRequests(token.id, 3);
    await insertDelivery(p, token.id);
    const before = v.parse(TokenDetailSchema, (await p.call('GET', `/api/tokens/${token.id}`)).body);
    const hash = (await tokenRow(token.id))?.token_hash;
    const fresh = v.parse(CreatedTokenSchema, (await p.call('POST', `/api/tokens/${token.id}/regenerate`)).body);
    expect(fresh.token.prefix).not.toBe(token.prefix);
    expect((await tokenRow(token.id))?.token_hash).not.toBe(hash);
    const after = v.parse(TokenDetailSchema, (await p.call('GET', `/api/tokens/${token.id}`)).body);
    expect({ usage: after.usage, requests: after.requests, deliveries: after.deliveries, webhook_secret: after.webhook_secret }).toEqual({
      usage: before.usage,
      requests: before.requests,
      deliveries: before.deliveries,
      webhook_secret: before.webhook_secret,
    });
    expect(after.usage.at(-1)).toMatchObject({ requests: 3, errors: 1 });
  });

  it('deletes a token with its usage, requests and deliveries', async () => {
    const p = await person();
    const { token } = await create(p);
    const kept = (await create(p, { name: 'Giữ lại' })).token;
    await h.database.kysely
      .insertInto('api_token_usage')
      .values({ token_id: token.id, day: usageDay(h.clock.now()), requests: 3, errors: 1 })
      .execute();
    await insertRequests(token.id, 3);
    const delivery = await insertDelivery(p, token.id);
    await h.database.kysely
      .insertInto('webhook_attempts')
      .values({ delivery_id: delivery, at: new Date(h.clock.now()), status_code: 500, error: null, duration_ms: 12 })
      .execute();
    await insertRequests(kept.id, 2);

    const deleted = await p.call('DELETE', `/api/tokens/${token.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    expect(await tokenRow(token.id)).toBeUndefined();
    for (const table of ['api_token_usage', 'api_requests', 'webhook_deliveries'] as const) expect(await countRows(table, 'token_id', token.id), table).toBe(0);
    expect(await countRows('webhook_attempts', 'delivery_id', delivery)).toBe(0);
    expect(await countRows('api_requests', 'token_id', kept.id)).toBe(2);
    expect((await p.call('GET', `/api/tokens/${token.id}`)).body).toEqual({ message: TOKEN_MESSAGES.notFound, code: 'notFound' });
    expect((await p.call('DELETE', `/api/tokens/${token.id}`)).status).toBe(404);
  });

  it(`holds an account to ${TOKENS_PER_ACCOUNT_MAX} tokens`, async () => {
    const p = await person();
    const made: string[] = [];
    for (let index = 0; index < TOKENS_PER_ACCOUNT_MAX; index += 1) made.push((await create(p, { name: `Token ${index}` })).token.id);
    const refused = await p.call('POST', '/api/tokens', BASE);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: TOKEN_MESSAGES.tooManyTokens, code: 'tooManyTokens' });
    expect(await countRows('api_tokens', 'user_id', p.id)).toBe(TOKENS_PER_ACCOUNT_MAX);
    // Another account is not held by this one's count; a deletion frees a place.
    await create(await person());
    expect((await p.call('DELETE', `/api/tokens/${made[0]}`)).status).toBe(204);
    await create(p);
  });

  it('accepts a local http webhook outside production', async () => {
    const p = await person();
    const { token } = await create(p, { webhook_url: 'http://127.0.0.1:8787/hooks' });
    expect(token.webhook_url).toBe('http://127.0.0.1:8787/hooks');
    expect((await p.call('PATCH', `/api/tokens/${token.id}`, { webhook_url: 'http://localhost:3000/x' })).body.webhook_url).toBe('http://localhost:3000/x');
  });

  it('refuses http and private webhook hosts where local ones are not allowed (production)', async () => {
    const p = await person();
    const strict = createTokens({ database: h.database, logger: silentLogger(), now: h.clock.now, webhookPolicy: { allowLocal: false } });
    const app = new Hono<AppEnv>();
    app.onError(handleError);
    mountArea(app, strict.routes(h.accounts.guards));
    const call = async (method: string, url: string, body: unknown) => {
      const response = await app.request(url, {
        method,
        body: JSON.stringify(body),
        headers: { Authorization: `Bearer ${p.token}`, 'Content-Type': 'application/json' },
      });
      return { status: response.status, body: await response.json() };
    };
    for (const url of [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://localhost/x',
      'https://printer.local/x',
      'https://user:pw@hooks.example.com/x',
    ]) {
      const result = await call('POST', '/api/tokens', { ...BASE, webhook_url: url });
      expect(result, url).toEqual({ status: 422, body: { detail: TOKEN_MESSAGES.invalidWebhookUrl, code: 'invalidWebhookUrl' } });
    }
    expect(await countRows('api_tokens', 'user_id', p.id)).toBe(0);
    const made = await call('POST', '/api/tokens', { ...BASE, webhook_url: 'https://hooks.example.com/atelier' });
    expect(made.status).toBe(201);
    const patched = await call('PATCH', `/api/tokens/${made.body.token.id}`, { webhook_url: 'https://192.168.1.10/hook' });
    expect(patched).toEqual({ status: 422, body: { detail: TOKEN_MESSAGES.invalidWebhookUrl, code: 'invalidWebhookUrl' } });
    expect((await tokenRow(made.body.token.id))?.webhook_url).toBe('https://hooks.example.com/atelier');
  });

  it("resends only the owner's delivery: pending again, off the queue, due now", async () => {
    const a = await person();
    const b = await person();
    const { token } = await create(a);
    const own = (await create(b)).token;
    const delivery = await insertDelivery(a, token.id);
    const rowOf = () => h.database.kysely.selectFrom('webhook_deliveries').selectAll().where('id', '=', delivery).executeTakeFirstOrThrow();
    const untouched = await rowOf();

    const notFound = { detail: TOKEN_MESSAGES.deliveryNotFound, code: 'deliveryNotFound' };
    for (const url of [
      `/api/tokens/${token.id}/deliveries/${delivery}/resend`,
      `/api/tokens/${own.id}/deliveries/${delivery}/resend`,
      `/api/tokens/${own.id}/deliveries/msg_${'0'.repeat(32)}/resend`,
    ]) {
      const result = await b.call('POST', url);
      expect({ status: result.status, body: result.body }, url).toEqual({ status: 404, body: notFound });
    }
    expect(await rowOf()).toEqual(untouched);
    // The owner's other token does not reach it either, nor does a malformed id.
    const second = (await create(a, { name: 'Khác' })).token;
    expect((await a.call('POST', `/api/tokens/${second.id}/deliveries/${delivery}/resend`)).status).toBe(404);
    expect((await a.call('POST', `/api/tokens/${token.id}/deliveries/${encodeURIComponent('msg_1; drop')}/resend`)).body).toEqual(notFound);
    expect(await rowOf()).toEqual(untouched);

    const resent = await a.call('POST', `/api/tokens/${token.id}/deliveries/${delivery}/resend`);
    expect(resent.status).toBe(202);
    const answer = v.parse(DeliverySchema, resent.body);
    expect(answer).toMatchObject({ id: delivery, status: 'pending', attempts: 8 });
    expect(answer.next_attempt_at).not.toBeNull();
    const row = await rowOf();
    expect(row).toMatchObject({ status: 'pending', queued: false, attempts: 8, generation_id: untouched.generation_id });
    expect(row.next_attempt_at).toBeInstanceOf(Date);
  });

  it("answers another account's token ids exactly like unknown ones, and changes nothing", async () => {
    const a = await person();
    const b = await person();
    const { token } = await create(a);
    const delivery = await insertDelivery(a, token.id);
    const snapshot = async () => ({ detail: (await a.call('GET', `/api/tokens/${token.id}`)).body, row: await tokenRow(token.id) });
    const before = await snapshot();
    const attempts: Array<[string, (id: string) => string, unknown?]> = [
      ['GET', (id) => `/api/tokens/${id}`],
      ['PATCH', (id) => `/api/tokens/${id}`, { active: false, name: 'Của B' }],
      ['POST', (id) => `/api/tokens/${id}/regenerate`],
      ['DELETE', (id) => `/api/tokens/${id}`],
      ['POST', (id) => `/api/tokens/${id}/deliveries/${delivery}/resend`],
    ];
    for (const [method, url, body] of attempts) {
      const theirs = await b.call(method, url(token.id), body);
      const unknown = await b.call(method, url(randomUUID()), body);
      const malformed = await b.call(method, url('not-a-uuid'), body);
      expect(theirs.status, `${method} ${url(':id')}`).toBe(404);
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: theirs.status, body: theirs.body });
      expect({ status: malformed.status, body: malformed.body }).toEqual({ status: theirs.status, body: theirs.body });
    }
    expect(await snapshot()).toEqual(before);
    expect((await b.call('GET', '/api/tokens')).body.tokens).toEqual([]);
  });

  it(`takes a body of ${TOKENS_BODY_MAX_BYTES} bytes and refuses one byte more`, async () => {
    const p = await person();
    const send = async (bytes: number) => {
      const json = JSON.stringify(BASE);
      // JSON allows whitespace between tokens: the same body, padded to `bytes`.
      const body = `{${' '.repeat(bytes - Buffer.byteLength(json))}${json.slice(1)}`;
      expect(Buffer.byteLength(body)).toBe(bytes);
      const response = await h.app.request('/api/tokens', {
        method: 'POST',
        body,
        headers: { Authorization: `Bearer ${p.token}`, 'Content-Type': 'application/json' },
      });
      return { status: response.status, body: (await response.json()) as { detail?: string } };
    };
    expect((await send(TOKENS_BODY_MAX_BYTES)).status).toBe(201);
    const over = await send(TOKENS_BODY_MAX_BYTES + 1);
    expect(over.status).toBe(413);
    expect(over.body.detail).toContain('4 KiB');
    expect(await countRows('api_tokens', 'user_id', p.id)).toBe(1);
  });

  it('needs a signed-in account', async () => {
    const anonymous = await h.call('GET', '/api/tokens');
    expect(anonymous.status).toBe(401);
    expect((await h.call('POST', '/api/tokens', { body: BASE })).status).toBe(401);
  });
});
