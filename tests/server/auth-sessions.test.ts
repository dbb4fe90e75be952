/**
 * Server-side sessions: every token names its session (`sid`), logout revokes it, "sign out
 * everywhere" revokes them all, account deletion ends them, and the guard reads account and
 * session together.
 */
import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogoutAllResponseSchema } from '../../src/contract/auth.schema.ts';
import { createSecretHasher } from '../../server/platform/secrets.ts';
import { SESSION_TOUCH_INTERVAL_MS } from '../../server/auth/sessions.ts';
import { createAccessTokens } from '../../server/auth/tokens.ts';
import { createAccountsHarness, MINUTE_MS, PASSWORD, jwtPayload, type AccountsHarness } from './helpers/accounts.ts';
import { TEST_SIGNING_KEY } from './helpers/app.ts';
import { DRIVER } from './helpers/database.ts';

let h: AccountsHarness;

beforeAll(async () => {
  h = await createAccountsHarness();
});

afterAll(async () => {
  await h.dispose();
});

/** Another device's sign-in to the same account. */
async function loginAgain(email: string, headers: Record<string, string> = {}): Promise<string> {
  const login = await h.post('/auth/login', { username: email, password: PASSWORD }, headers);
  expect(login.status).toBe(200);
  return login.body.access_token as string;
}

const profileStatus = async (token: string) => (await h.call('GET', '/auth/profile', { token })).status;
const sessionsOf = (userId: string) => h.database.kysely.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

describe(`sessions (${DRIVER})`, () => {
  it('gives every sign-in its own session, named by the sid claim, with a device label', async () => {
    const phone = await h.signUp({ email: 'two-devices@example.com' });
    const laptop = await loginAgain('two-devices@example.com', { 'User-Agent': `Mozilla/5.0 (X11; Linux x86_64) ${'x'.repeat(300)}` });
    const sids = [jwtPayload(phone.access_token).sid, jwtPayload(laptop).sid];
    expect(sids[0]).toEqual(expect.any(String));
    expect(sids[0]).not.toBe(sids[1]);
    const rows = await sessionsOf(phone.user.id);
    expect(rows.map((row) => row.id).toSorted()).toEqual([...sids].toSorted());
    const laptopRow = rows.find((row) => row.id === sids[1]);
    expect(laptopRow?.user_agent).toHaveLength(120);
    expect(laptopRow?.user_agent?.startsWith('Mozilla/5.0 (X11; Linux x86_64)')).toBe(true);
    expect(laptopRow?.expires_at.getTime()).toBe((jwtPayload(laptop).exp as number) * 1000);
  });

  it('POST /auth/logout revokes this session only: the same token gets 401, another device keeps working', async () => {
    const phone = await h.signUp({ email: 'logout@example.com' });
    const laptop = await loginAgain('logout@example.com');
    const out = await h.call('POST', '/auth/logout', { token: phone.access_token });
    expect(out.status).toBe(204);
    expect(await profileStatus(phone.access_token)).toBe(401);
    expect(await h.call('GET', '/api/me', { token: phone.access_token })).toMatchObject({ status: 401, body: { code: 'sessionExpired' } });
    expect(await profileStatus(laptop)).toBe(200);
    // Idempotent: logging out again is still a success.
    expect((await h.call('POST', '/auth/logout', { token: phone.access_token })).status).toBe(204);
    expect(await h.call('POST', '/auth/logout')).toMatchObject({ status: 401, body: { code: 'signInRequired' } });
    expect(await h.call('POST', '/auth/logout', { token: 'not.a.token' })).toMatchObject({ status: 401, body: { code: 'sessionExpired' } });
  });

  it('POST /auth/logout-all revokes every session and one-time credential of the account, not of others', async () => {
    const first = await h.signUp({ email: 'everywhere@example.com' });
    const second = await loginAgain('everywhere@example.com');
    const third = await loginAgain('everywhere@example.com');
    const bystander = await h.signUp({ email: 'bystander@example.com' });
    await h.database.kysely
      .insertInto('temporary_credentials')
      .values({
        secret_hash: createSecretHasher(TEST_SIGNING_KEY)('left-behind'),
        user_id: first.user.id,
        expires_at: new Date(h.clock.now() + 60 * MINUTE_MS),
        created_at: new Date(h.clock.now()),
      })
      .execute();

    const result = await h.call('POST', '/auth/logout-all', { token: second });
    expect(result.status).toBe(200);
    expect(v.parse(LogoutAllResponseSchema, result.body)).toEqual({
      status: 'success',
      message: 'You have been signed out on every device.',
      revoked_sessions: 3,
    });
    for (const token of [first.access_token, second, third]) expect(await profileStatus(token)).toBe(401);
    expect(await profileStatus(bystander.access_token)).toBe(200);
    expect((await h.post('/auth/login', { username: 'everywhere@example.com', password: 'left-behind' })).status).toBe(401);
    // A revoked token cannot do it again; the password still signs in.
    expect((await h.call('POST', '/auth/logout-all', { token: second })).status).toBe(401);
    expect(await profileStatus(await loginAgain('everywhere@example.com'))).toBe(200);
  });

  it('account deletion ends every session of the account', async () => {
    const phone = await h.signUp({ email: 'leaving@example.com' });
    const laptop = await loginAgain('leaving@example.com');
    expect((await h.call('DELETE', '/api/me', { token: phone.access_token, body: { password: PASSWORD } })).status).toBe(200);
    expect(await profileStatus(laptop)).toBe(401);
    expect(await sessionsOf(phone.user.id)).toEqual([]);
  });

  it('refuses a token whose session expired, was revoked in the database, belongs to another account, or is missing', async () => {
    const owner = await h.signUp({ email: 'rules@example.com' });
    const other = await h.signUp({ email: 'rules-other@example.com' });
    const { sid } = jwtPayload(owner.access_token) as { sid: string };
    const tokens = createAccessTokens({ secret: TEST_SIGNING_KEY, ttlSeconds: 3_600, now: h.clock.now });
    const expiry = tokens.expiryFromNow();
    // A validly signed token naming the owner's session for the other account: refused.
    const borrowed = await tokens.issue({ id: other.user.id, name: 'x', email: other.user.email, sid }, expiry);
    expect(await profileStatus(borrowed)).toBe(401);
    // A token without a session (as issued before sessions existed): refused.
    const { SignJWT } = await import('jose');
    const now = Math.floor(h.clock.now() / 1000);
    const sessionless = await new SignJWT({ id: owner.user.id, name: 'x', email: owner.user.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(owner.user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 3_600)
      .sign(new TextEncoder().encode(TEST_SIGNING_KEY));
    expect(await profileStatus(sessionless)).toBe(401);

    expect(await profileStatus(owner.access_token)).toBe(200);
    await sql`update sessions set expires_at = ${new Date(h.clock.now())} where id = ${sid}`.execute(h.database.kysely);
    expect(await profileStatus(owner.access_token)).toBe(401);
  });

  it('records when a session was last used, at most every few minutes', async () => {
    const user = await h.signUp({ email: 'touch@example.com' });
    const { sid } = jwtPayload(user.access_token) as { sid: string };
    const lastUsed = async () =>
      (await h.database.kysely.selectFrom('sessions').select('last_used_at').where('id', '=', sid).executeTakeFirstOrThrow()).last_used_at.getTime();
    const signedInAt = h.clock.now();
    h.clock.advance(MINUTE_MS);
    expect(await profileStatus(user.access_token)).toBe(200);
    expect(await lastUsed()).toBe(signedInAt);
    h.clock.advance(SESSION_TOUCH_INTERVAL_MS);
    expect(await profileStatus(user.access_token)).toBe(200);
    expect(await lastUsed()).toBe(h.clock.now());
  });
});
