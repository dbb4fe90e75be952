/**
 * The token guard of /v1 (docs/product-rules.md#api-auth): which bearer tokens are let in, which
 * are refused with which code, that a mistyped token costs no database query, and the mount
 * (JSON 404 for unknown paths, CORS for any origin, the account endpoints).
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditsSchema } from '../../src/contract/public-api.schema.ts';
import { PUBLIC_API_MESSAGES, V1_JSON_BODY_MAX_BYTES } from '../../src/contract/public-api.ts';
import { generateToken, hashToken } from '../../server/tokens/format.ts';
import { DRIVER } from './helpers/database.ts';
import { createPublicApiHarness, type PublicApiHarness } from './helpers/public-api.ts';

let h: PublicApiHarness;
let proUser: string;

beforeAll(async () => {
  h = await createPublicApiHarness();
  proUser = await h.account('pro', 120);
}, 120_000);

afterAll(async () => {
  await h?.dispose();
});

/** The usage rows and request log entries of every token (what the app buffered written first). */
async function countedRequests(): Promise<number> {
  await h.flushUsage();
  const [usage, log] = await Promise.all([
    h.test.database.kysely
      .selectFrom('api_token_usage')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('requests'), eb.lit(0)).as('n'))
      .executeTakeFirstOrThrow(),
    h.test.database.kysely
      .selectFrom('api_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(usage.n) + Number(log.n);
}

/** Changes one character of the token body, keeping the format (so only the checksum can tell). */
function mistype(token: string): string {
  const index = 'atl_live_'.length + 10;
  const swapped = token[index] === 'a' ? 'b' : 'a';
  return token.slice(0, index) + swapped + token.slice(index + 1);
}

describe(`/v1 token authentication (${DRIVER})`, () => {
  it('lets a valid token in: 200 with the rate limit headers and the account balance', async () => {
    const { secret } = await h.token(proUser);
    const answer = await h.call('GET', '/v1/credits', { token: secret });
    expect(answer.status).toBe(200);
    expect(v.parse(CreditsSchema, answer.body)).toEqual({ balance: 120, plan: 'pro' });
    expect(answer.headers.get('ratelimit-policy')).toBe('"token";q=60;w=60');
    expect(answer.headers.get('ratelimit')).toBe('"token";r=59;t=1');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 missingToken with a Bearer challenge when there is no bearer token', async () => {
    for (const authorization of [undefined, '', 'Basic dXNlcjpwYXNz', 'Bearer']) {
      const answer = await h.call('GET', '/v1/credits', authorization === undefined ? {} : { authorization });
      expect(answer.status, String(authorization)).toBe(401);
      expect(answer.body, String(authorization)).toEqual({ message: PUBLIC_API_MESSAGES.missingToken, code: 'missingToken' });
      expect(answer.headers.get('www-authenticate'), String(authorization)).toMatch(/^Bearer/);
      expect(answer.headers.get('ratelimit')).toBeNull();
    }
  });

  it('refuses a mistyped or made-up token as malformed before any database query', async () => {
    const { secret } = await h.token(proUser);
    const candidates = [
      mistype(secret),
      `${secret}x`,
      secret.slice(0, -1),
      'atl_live_' + 'A'.repeat(49),
      'ghp_0123456789abcdefghijklmnopqrstuvwxyzABCD',
      secret.toUpperCase(),
    ];
    for (const candidate of candidates) {
      const before = h.queries();
      const answer = await h.call('POST', '/v1/generations', { token: candidate, body: {} });
      expect(answer.status, candidate).toBe(401);
      expect(answer.body, candidate).toEqual({ detail: PUBLIC_API_MESSAGES.malformedToken, code: 'malformedToken' });
      expect(answer.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(h.queries() - before, candidate).toBe(0);
    }
    // The counter does count: with the right token, finding and admitting it is one statement (its
    // usage is buffered, written by a later flush; an unknown path adds nothing of its own).
    const before = h.queries();
    expect((await h.call('GET', '/v1/nothing', { token: secret })).status).toBe(404);
    expect(h.queries() - before).toBe(1);
  });

  it('answers 401 invalidToken for an unknown, inactive, expired, deleted or regenerated token', async () => {
    const unknown = generateToken();
    const inactive = await h.token(proUser, { active: false });
    const expiresNow = await h.token(proUser, { expiresAt: new Date(h.clock.now()) });
    const deleted = await h.token(proUser);
    await h.test.database.kysely.deleteFrom('api_tokens').where('id', '=', deleted.id).execute();
    const regenerated = await h.token(proUser);
    const replacement = generateToken();
    await h.test.database.kysely
      .updateTable('api_tokens')
      .set({ token_hash: hashToken(replacement), regenerated_at: new Date() })
      .where('id', '=', regenerated.id)
      .execute();

    for (const [name, secret] of [
      ['unknown', unknown],
      ['inactive', inactive.secret],
      ['expired', expiresNow.secret],
      ['deleted', deleted.secret],
      ['regenerated', regenerated.secret],
    ] as const) {
      const answer = await h.call('GET', '/v1/credits', { token: secret });
      expect(answer.status, name).toBe(401);
      expect(answer.body, name).toEqual({ message: PUBLIC_API_MESSAGES.invalidToken, code: 'invalidToken' });
      expect(answer.headers.get('www-authenticate'), name).toBe('Bearer error="invalid_token"');
    }
    // The regenerated token's new secret works, with the same row.
    expect((await h.call('GET', '/v1/credits', { token: replacement })).status).toBe(200);
  });

  it('refuses a token from the first request after it changes, even while this process holds admissions reserved for it', async () => {
    const db = h.test.database.kysely;
    const freeUser = await h.account('pro', 10);
    // Each change, made the way the server's own code makes it.
    const changes = {
      deactivated: (id: string) => db.updateTable('api_tokens').set({ active: false }).where('id', '=', id).execute(),
      expired: (id: string) =>
        db
          .updateTable('api_tokens')
          .set({ expires_at: new Date(h.clock.now()) })
          .where('id', '=', id)
          .execute(),
      deleted: (id: string) => db.deleteFrom('api_tokens').where('id', '=', id).execute(),
      regenerated: (id: string) =>
        db
          .updateTable('api_tokens')
          .set({ token_hash: hashToken(generateToken()) })
          .where('id', '=', id)
          .execute(),
      // In a transaction, as billing changes a plan: heard at its commit.
      'plan lost': (_id: string) => db.transaction().execute((tx) => tx.updateTable('users').set({ plan: 'free' }).where('id', '=', freeUser).execute()),
    } as const;
    for (const [name, change] of Object.entries(changes)) {
      const token = await h.token(name === 'plan lost' ? freeUser : proUser);
      // Three reads: the second reserves spare admissions (a few seconds of the token's schedule), the third spends one of them.
      for (let i = 0; i < 3; i++) expect((await h.call('GET', '/v1/credits', { token: token.secret })).status, `${name} ${i}`).toBe(200);
      await change(token.id);
      const answer = await h.call('GET', '/v1/credits', { token: token.secret });
      expect(answer.body.code, name).toBe(name === 'plan lost' ? 'planRequired' : 'invalidToken');
    }
    // A lowered limit applies from the next request (its headers say the new policy).
    const lowered = await h.token(proUser);
    for (let i = 0; i < 3; i++) await h.call('GET', '/v1/credits', { token: lowered.secret });
    await db.updateTable('api_tokens').set({ rate_limit: 10 }).where('id', '=', lowered.id).execute();
    expect((await h.call('GET', '/v1/credits', { token: lowered.secret })).headers.get('ratelimit-policy')).toBe('"token";q=10;w=60');
  });

  it('lets a token in until the moment it expires', async () => {
    const expiresAt = new Date(h.clock.now() + 60_000);
    const { secret } = await h.token(proUser, { expiresAt });
    expect((await h.call('GET', '/v1/credits', { token: secret })).status).toBe(200);
    h.clock.advance(60_000);
    expect((await h.call('GET', '/v1/credits', { token: secret })).body.code).toBe('invalidToken');
  });

  it('answers 403 planRequired to the token of an account whose plan has no API access', async () => {
    const freeUser = await h.account('free', 30);
    const { secret } = await h.token(freeUser);
    const answer = await h.call('GET', '/v1/credits', { token: secret });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: PUBLIC_API_MESSAGES.planRequired, code: 'planRequired' });
    // An upgrade lets the same token in at once.
    await h.test.database.kysely.updateTable('users').set({ plan: 'premium' }).where('id', '=', freeUser).execute();
    const upgraded = await h.call('GET', '/v1/credits', { token: secret });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body).toEqual({ balance: 30, plan: 'premium' });
  });

  it('neither counts refused credentials in any usage nor moves any limiter', async () => {
    const freeUser = await h.account('free');
    const free = await h.token(freeUser, { rateLimit: 1 });
    const inactive = await h.token(proUser, { active: false, rateLimit: 1 });
    const before = await countedRequests();
    for (let i = 0; i < 3; i++) {
      await h.call('GET', '/v1/credits', { token: free.secret });
      await h.call('GET', '/v1/credits', { token: inactive.secret });
      await h.call('GET', '/v1/credits', { token: mistype(inactive.secret) });
    }
    expect(await countedRequests()).toBe(before);
    const states = await h.test.database.kysely.selectFrom('api_tokens').select('rl_tat').where('id', 'in', [free.id, inactive.id]).execute();
    expect(states.map((row) => row.rl_tat)).toEqual([null, null]);
  });

  it('answers a JSON 404 to a valid token on an unknown /v1 path, and 401 without one', async () => {
    const { secret } = await h.token(proUser);
    const unknown = await h.call('GET', '/v1/nothing/here', { token: secret });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not found', code: 'unknownPath' });
    expect(unknown.headers.get('ratelimit')).toBe('"token";r=59;t=1');
    expect((await h.call('GET', '/v1/nothing/here')).status).toBe(401);
    expect((await h.call('GET', '/v1')).status).toBe(401);
  });

  it('limits /v1 JSON bodies to 64 KiB, except uploads, which their route streams under the media limit', async () => {
    const { secret } = await h.token(proUser);
    const big = JSON.stringify({ prompt: 'x'.repeat(V1_JSON_BODY_MAX_BYTES) });
    const length = String(Buffer.byteLength(big));
    const json = await h.app.request('/v1/generations', {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', 'Content-Length': length },
      body: big,
    });
    expect(json.status).toBe(413);
    // An upload of the same size is not refused by the JSON limit (its route enforces its own).
    const upload = await h.app.request('/v1/media', {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/octet-stream', 'Content-Length': length },
      body: big,
    });
    expect(upload.status).not.toBe(413);
  });

  it('answers CORS preflights from any origin and exposes the rate limit headers', async () => {
    const preflight = await h.call('OPTIONS', '/v1/generations', {
      headers: {
        Origin: 'https://shop.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toBe('authorization,content-type,idempotency-key');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const { secret } = await h.token(proUser);
    const answer = await h.call('GET', '/v1/credits', { token: secret, headers: { Origin: 'https://shop.example.com' } });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')?.split(',')).toEqual([
      'RateLimit',
      'RateLimit-Policy',
      'Retry-After',
      'X-Request-Id',
      'Location',
    ]);
    // A browser client can read the refusals too.
    const refused = await h.call('GET', '/v1/credits', { headers: { Origin: 'https://shop.example.com' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });
});
