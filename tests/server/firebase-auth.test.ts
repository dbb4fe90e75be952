/**
 * `/auth/firebase/register` and `/auth/firebase/login` against the real Firebase Auth emulator:
 * enhanced identity login (docs/product-rules.md#identity-rules), accounts created or found, and the one-time credentials.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, IdentityLoginResponseSchema } from '../../src/contract/auth.schema.ts';
import { createAccountsHarness, MINUTE_MS, PASSWORD, resetTokenOf, type AccountsHarness } from './helpers/accounts.ts';
import { DRIVER } from './helpers/database.ts';
import { startAuthEmulator, type AuthEmulator, type EmulatorUser } from './helpers/firebase-emulator.ts';

let emulator: AuthEmulator;
let h: AccountsHarness;

beforeAll(async () => {
  emulator = await startAuthEmulator();
  h = await createAccountsHarness({ env: { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, ADMIN_EMAILS: 'chief@example.com' } });
}, 120_000);

afterAll(async () => {
  await h?.dispose();
  await emulator?.stop();
}, 30_000);

/** What the PWA sends (docs/product-rules.md#identity-data): the ID token and the provider's user data. */
const body = (user: EmulatorUser, extra: Record<string, unknown> = {}) => ({
  idToken: user.idToken,
  userData: { uid: user.localId, email: user.email, displayName: null, photoURL: null, emailVerified: false, ...extra },
});

const userRow = (email: string) => h.database.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

describe(`Firebase sign-in (${DRIVER})`, () => {
  it('register creates a verified account from a Google identity, with name, picture and 5 credits', async () => {
    const google = await emulator.signInWithGoogle({
      sub: 'g-lan',
      email: 'Lan@Example.com',
      name: 'Lan Nguyễn',
      picture: 'https://lh3.googleusercontent.com/a/lan',
    });
    const result = await h.post(
      '/auth/firebase/register',
      body(google, { displayName: 'Nguyễn Thị Lan', photoURL: 'https://lh3.googleusercontent.com/a/lan', emailVerified: true }),
    );
    expect(result.status).toBe(200);
    const answer = v.parse(IdentityLoginResponseSchema, result.body);
    expect(answer.is_new_user).toBe(true);
    expect(answer.user).toMatchObject({
      email: 'lan@example.com',
      name: 'Nguyễn Thị Lan',
      profile_picture: 'https://lh3.googleusercontent.com/a/lan',
      is_verified: true,
      credits: 5,
      role: 'user',
      last_login_at: new Date(h.clock.now()).toISOString(),
    });
    const row = await userRow('lan@example.com');
    expect(row).toMatchObject({ firebase_uid: google.localId, password_hash: null });

    // The temporary credentials: the account's email, a one-time secret, 1 hour.
    const { credentials } = answer.traditional_login;
    expect(credentials.email).toBe('lan@example.com');
    expect(credentials.password).toMatch(/^[\w-]{43}$/);
    expect(credentials.expires_at).toBe(new Date(h.clock.now() + 60 * MINUTE_MS).toISOString());
    const dump = await h.dump();
    expect(dump).not.toContain(credentials.password);
    expect(dump).not.toContain(answer.access_token);
    expect(dump).not.toContain(google.idToken);

    expect(await h.call('GET', '/auth/profile', { token: answer.access_token })).toMatchObject({ status: 200, body: { id: answer.user.id } });
  });

  it('login finds the same account (is_new_user false) and updates last_login_at', async () => {
    const google = await emulator.signInWithGoogle({ sub: 'g-lan', email: 'lan@example.com', name: 'Lan Nguyễn' });
    const before = await userRow('lan@example.com');
    h.clock.advance(MINUTE_MS);
    const result = await h.post('/auth/firebase/login', body(google, { emailVerified: true }));
    expect(result).toMatchObject({ status: 200, body: { is_new_user: false, user: { id: before.id, name: 'Nguyễn Thị Lan' } } });
    expect((await userRow('lan@example.com')).last_login_at?.toISOString()).toBe(new Date(h.clock.now()).toISOString());
  });

  it('login creates the account when there is none yet (is_new_user true)', async () => {
    const google = await emulator.signInWithGoogle({ sub: 'g-minh', email: 'minh@example.com', name: 'Trần Minh' });
    const result = await h.post('/auth/firebase/login', body(google));
    expect(result).toMatchObject({ status: 200, body: { is_new_user: true, user: { email: 'minh@example.com', name: 'Trần Minh', is_verified: true } } });
  });

  it('refuses an identity whose email the provider has not verified (403 identityUnverified): no account, no session', async () => {
    const account = await emulator.signUp('hoa.pham@example.com', 'firebase-password');
    // The client may claim emailVerified: only the verified token counts.
    const result = await h.post('/auth/firebase/register', body(account, { emailVerified: true }));
    expect(result).toMatchObject({ status: 403, body: { detail: AUTH_MESSAGES.identityUnverified, code: 'identityUnverified' } });
    expect(result.body.access_token).toBeUndefined();
    expect(await h.database.kysely.selectFrom('users').select('id').where('email', '=', 'hoa.pham@example.com').execute()).toEqual([]);
  });

  it('gives an ADMIN_EMAILS address no account (and no admin) through an unverified identity; a verified one is admin', async () => {
    const impostor = await emulator.signUp('chief@example.com', 'impostor-password');
    expect((await h.post('/auth/firebase/login', body(impostor))).status).toBe(403);
    expect(await h.database.kysely.selectFrom('users').select('id').where('email', '=', 'chief@example.com').execute()).toEqual([]);

    const chief = await emulator.signInWithGoogle({ sub: 'g-chief', email: 'chief@example.com' });
    const answer = v.parse(IdentityLoginResponseSchema, (await h.post('/auth/firebase/login', body(chief))).body);
    expect(answer.user).toMatchObject({ role: 'admin', is_verified: true });
    expect((await h.call('GET', '/api/admin/statistics/users', { token: answer.access_token })).status).toBe(200);
  });

  it('takes the password of an unverified registration away when the verified owner signs in (no pre-registered way in)', async () => {
    expect((await h.post('/auth/register', { name: 'Kẻ Gian', email: 'prey@example.com', password: 'attacker-chosen' })).status).toBe(201);
    const owner = await emulator.signInWithGoogle({ sub: 'g-prey', email: 'prey@example.com' });
    const answer = v.parse(IdentityLoginResponseSchema, (await h.post('/auth/firebase/login', body(owner))).body);
    expect(answer.user).toMatchObject({ email: 'prey@example.com', is_verified: true });
    expect((await userRow('prey@example.com')).password_hash).toBeNull();
    expect(await h.post('/auth/login', { username: 'prey@example.com', password: 'attacker-chosen' })).toMatchObject({
      status: 401,
      body: { code: 'checkCredentials' },
    });
  });

  it('a password reset unlinks the Firebase identity; its verified owner links it again by signing in', async () => {
    const session = await h.signUp({ email: 'relink@example.com' });
    const google = await emulator.signInWithGoogle({ sub: 'g-relink', email: 'relink@example.com' });
    const linked = v.parse(IdentityLoginResponseSchema, (await h.post('/auth/firebase/login', body(google))).body);
    expect((await userRow('relink@example.com')).firebase_uid).toBe(google.localId);

    await h.post('/auth/forgot-password', { email: 'relink@example.com' });
    const { token } = resetTokenOf(await h.lastMail('relink@example.com', 'reset'));
    expect((await h.post('/auth/reset-password', { email: 'relink@example.com', reset_token: token, new_password: 'a brand new passphrase' })).status).toBe(
      200,
    );
    expect((await userRow('relink@example.com')).firebase_uid).toBeNull();
    expect((await h.call('GET', '/auth/profile', { token: linked.access_token })).status).toBe(401);
    expect((await h.post('/auth/login', { username: 'relink@example.com', password: linked.traditional_login.credentials.password })).status).toBe(401);

    const again = await h.post('/auth/firebase/login', body(google));
    expect(again).toMatchObject({ status: 200, body: { is_new_user: false, user: { id: session.user.id } } });
    expect((await userRow('relink@example.com')).firebase_uid).toBe(google.localId);
  });

  it('the one-time password works once at /auth/login, within the hour', async () => {
    const google = await emulator.signInWithGoogle({ sub: 'g-once', email: 'once@example.com' });
    const first = v.parse(IdentityLoginResponseSchema, (await h.post('/auth/firebase/login', body(google))).body);
    const { email, password } = first.traditional_login.credentials;
    const login = await h.post('/auth/login', { username: email, password });
    expect(login).toMatchObject({ status: 200, body: { user: { id: first.user.id } } });
    expect(await h.post('/auth/login', { username: email, password })).toMatchObject({ status: 401, body: { code: 'checkCredentials' } });

    const second = v.parse(IdentityLoginResponseSchema, (await h.post('/auth/firebase/login', body(google))).body);
    h.clock.advance(60 * MINUTE_MS);
    expect((await h.post('/auth/login', { username: email, password: second.traditional_login.credentials.password })).status).toBe(401);
  });

  it('an identity-only account confirms DELETE /api/me with a fresh one-time password', async () => {
    const google = await emulator.signInWithGoogle({ sub: 'g-bye', email: 'bye@example.com' });
    const answer = v.parse(IdentityLoginResponseSchema, (await h.post('/auth/firebase/login', body(google))).body);
    expect((await h.call('DELETE', '/api/me', { token: answer.access_token, body: { password: 'anything' } })).status).toBe(401);
    const deleted = await h.call('DELETE', '/api/me', { token: answer.access_token, body: { password: answer.traditional_login.credentials.password } });
    expect(deleted.status).toBe(200);
    expect(await h.database.kysely.selectFrom('users').select('id').where('email', '=', 'bye@example.com').execute()).toEqual([]);
  });

  it('links a verified Google identity to the existing password account with that email', async () => {
    const session = await h.signUp({ email: 'both@example.com' });
    const google = await emulator.signInWithGoogle({ sub: 'g-both', email: 'both@example.com' });
    const result = await h.post('/auth/firebase/login', body(google, { emailVerified: true }));
    expect(result).toMatchObject({ status: 200, body: { is_new_user: false, user: { id: session.user.id } } });
    expect((await userRow('both@example.com')).firebase_uid).toBe(google.localId);
    // The password still works.
    expect((await h.post('/auth/login', { username: 'both@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('refuses an unverified identity claiming an existing password account (403)', async () => {
    const session = await h.signUp({ email: 'victim@example.com' });
    const impostor = await emulator.signUp('victim@example.com', 'impostor-password');
    // The client may claim emailVerified: only the verified token counts.
    const result = await h.post('/auth/firebase/login', body(impostor, { emailVerified: true }));
    expect(result).toMatchObject({ status: 403, body: { detail: AUTH_MESSAGES.identityUnverified, code: 'identityUnverified' } });
    expect((await userRow('victim@example.com')).firebase_uid).toBeNull();
    expect(session.user.email).toBe('victim@example.com');
  });

  it('enforces enhanced identity login: token length, matching uid and email, a token that verifies', async () => {
    const google = await emulator.signInWithGoogle({ sub: 'g-check', email: 'check@example.com' });
    expect(await h.post('/auth/firebase/login', body(google, { uid: 'someone-else' }))).toMatchObject({
      status: 400,
      body: { detail: AUTH_MESSAGES.identityMismatch, code: 'identityMismatch' },
    });
    expect((await h.post('/auth/firebase/login', body(google, { email: 'other@example.com' }))).body.code).toBe('identityMismatch');
    expect((await h.post('/auth/firebase/login', { ...body(google), idToken: google.idToken.slice(0, 99) })).status).toBe(422);
    expect((await h.post('/auth/firebase/login', { idToken: google.idToken, userData: { uid: google.localId } })).status).toBe(422);
    expect(await h.post('/auth/firebase/register', { ...body(google), idToken: `${'x'.repeat(120)}.${'y'.repeat(20)}.z` })).toMatchObject({
      status: 401,
      body: { detail: AUTH_MESSAGES.identityTokenInvalid, code: 'identityTokenInvalid' },
    });
    expect(await h.database.kysely.selectFrom('users').select('id').where('email', '=', 'check@example.com').execute()).toEqual([]);
  });
});
