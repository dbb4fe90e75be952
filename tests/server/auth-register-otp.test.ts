/**
 * Registration, email verification codes and login (docs/product-rules.md#auth-flow, #form-rules, #auth-api, #messages-auth), on the database under
 * test, with a movable clock and the real outbox.
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, LoginResponseSchema, RegisterResponseSchema, UserSchema } from '../../src/contract/auth.schema.ts';
import { createAccountsHarness, jwtPayload, MINUTE_MS, otpOf, PASSWORD, type AccountsHarness } from './helpers/accounts.ts';
import { DRIVER } from './helpers/database.ts';

let h: AccountsHarness;

beforeAll(async () => {
  h = await createAccountsHarness({ env: { PUBLIC_URL: 'https://atelier.example' } });
});

afterAll(async () => {
  await h.dispose();
});

let registrations = 0;
/** Each registration from an address of its own: the per-address registration limit is tested in auth-rate-limit. */
const register = (email: string, extra: Record<string, unknown> = {}) =>
  h.call('POST', '/auth/register', { body: { name: 'Nguyễn Thị Lan', email, password: PASSWORD, ...extra }, address: `192.0.2.${(registrations += 1)}` });

/** Registers and asks for a code; answers the code from the outbox. */
async function registeredWithCode(email: string, language: 'vi' | 'en' = 'vi'): Promise<string> {
  expect((await register(email, { language })).status).toBe(201);
  expect((await h.post('/auth/generate_otp', { email })).status).toBe(200);
  return otpOf(await h.lastMail(email, 'otp'));
}

const userRow = (email: string) => h.database.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

describe(`POST /auth/register (${DRIVER})`, () => {
  it('creates an unverified account with 5 credits and sends no mail by itself', async () => {
    const result = await register('  Lan.Nguyen@Example.com ');
    expect(result.status).toBe(201);
    expect(v.parse(RegisterResponseSchema, result.body)).toEqual({
      status: 'success',
      message: expect.any(String),
      email: 'lan.nguyen@example.com',
      requires_verification: true,
    });
    const row = await userRow('lan.nguyen@example.com');
    expect(row).toMatchObject({ name: 'Nguyễn Thị Lan', is_verified: false, plan: 'free', language: 'vi', firebase_uid: null, last_login_at: null });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const ledger = await h.database.kysely.selectFrom('credit_ledger').selectAll().where('user_id', '=', row.id).execute();
    expect(ledger).toEqual([expect.objectContaining({ kind: 'grant', amount: 5, idempotency_key: 'signup-grant' })]);
    expect((await h.outbox()).filter((mail) => mail.to === 'lan.nguyen@example.com')).toEqual([]);
  });

  it('refuses an email that already has an account, whatever its case (409 emailTaken)', async () => {
    const result = await register('LAN.NGUYEN@example.com');
    expect(result).toMatchObject({ status: 409, body: { detail: AUTH_MESSAGES.emailTaken, code: 'emailTaken' } });
  });

  it('answers the texts of the contract with their codes for invalid input (422)', async () => {
    expect(await h.post('/auth/register', { name: 'L', email: 'x@example.com', password: PASSWORD })).toMatchObject({
      status: 422,
      body: { detail: 'Name must be at least 2 characters', code: 'nameTooShort' },
    });
    expect(await h.post('/auth/register', { name: 'Lan', email: 'not-an-email', password: PASSWORD })).toMatchObject({
      status: 422,
      body: { detail: 'Please enter a valid email', code: 'invalidEmail' },
    });
    expect(await h.post('/auth/register', { name: 'Lan', email: 'short@example.com', password: 'short' })).toMatchObject({
      status: 422,
      body: { detail: 'Password must be at least 8 characters', code: 'passwordTooShort' },
    });
    const malformed = await h.app.request('/auth/register', { method: 'POST', body: '{oops', headers: { 'Content-Type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ detail: 'The request body must be valid JSON.', code: 'invalidJson' });
  });
});

describe(`verification codes (${DRIVER})`, () => {
  it('mails a 6-digit code in Vietnamese, stored only as a keyed hash', async () => {
    const code = await registeredWithCode('vi@example.com', 'vi');
    expect(code).toMatch(/^[1-9]\d{5}$/);
    const mail = await h.lastMail('vi@example.com', 'otp');
    expect(mail.subject).toBe('Mã xác minh Atelier của bạn');
    expect(mail.text).toContain('Xin chào Nguyễn Thị Lan,');
    expect(mail.text).toContain('Mã có hiệu lực trong 10 phút');
    expect(mail.html).toContain('<html lang="vi">');
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('Atelier');
    expect(mail.html).toMatch(/style="/);

    const user = await userRow('vi@example.com');
    const row = await h.database.kysely.selectFrom('email_otps').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    // Keyed: not the plain sha256 of the code either.
    expect(row.code_hash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(await h.dump()).not.toContain(code);
  });

  it('writes the English mail for an account registered in English', async () => {
    await registeredWithCode('en@example.com', 'en');
    const mail = await h.lastMail('en@example.com', 'otp');
    expect(mail.subject).toBe('Your Atelier verification code');
    expect(mail.text).toContain('Hello Nguyễn Thị Lan,');
    expect(mail.text).toContain('works for 10 minutes');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('answers the same for an unknown email, and sends nothing', async () => {
    const before = (await h.outbox()).length;
    const result = await h.post('/auth/generate_otp', { email: 'nobody@example.com' });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'success', message: expect.any(String) });
    expect((await h.outbox()).length).toBe(before);
  });

  it('verifies the account with the right code (sent as an integer), once', async () => {
    const code = await registeredWithCode('verify@example.com');
    const ok = await h.post('/auth/verify_otp', { email: 'verify@example.com', otp: Number(code) });
    expect(ok).toMatchObject({ status: 200, body: { status: 'success' } });
    expect((await userRow('verify@example.com')).is_verified).toBe(true);

    const again = await h.post('/auth/verify_otp', { email: 'verify@example.com', otp: Number(code) });
    expect(again).toMatchObject({ status: 400, body: { detail: AUTH_MESSAGES.otpExpired, code: 'otpExpired' } });
  });

  it('refuses a wrong code with the text of the contract, and a code sent as a string', async () => {
    const code = await registeredWithCode('wrong@example.com');
    const wrong = String(((Number(code) - 100_000 + 1) % 900_000) + 100_000);
    expect(await h.post('/auth/verify_otp', { email: 'wrong@example.com', otp: Number(wrong) })).toMatchObject({
      status: 400,
      body: { detail: 'Invalid OTP. Please try again.', code: 'invalidOtp' },
    });
    expect((await h.post('/auth/verify_otp', { email: 'wrong@example.com', otp: code })).status).toBe(422);
    expect((await userRow('wrong@example.com')).is_verified).toBe(false);
  });

  it('expires a code after 10 minutes', async () => {
    const code = await registeredWithCode('expiry@example.com');
    h.clock.advance(10 * MINUTE_MS);
    expect(await h.post('/auth/verify_otp', { email: 'expiry@example.com', otp: Number(code) })).toMatchObject({
      status: 400,
      body: { code: 'otpExpired' },
    });
    expect((await userRow('expiry@example.com')).is_verified).toBe(false);
  });

  it('accepts a code just before its 10 minutes are over', async () => {
    const code = await registeredWithCode('in-time@example.com');
    h.clock.advance(10 * MINUTE_MS - 1_000);
    expect((await h.post('/auth/verify_otp', { email: 'in-time@example.com', otp: Number(code) })).status).toBe(200);
  });

  it('kills a code after 5 wrong tries: even the right code then needs a new one', async () => {
    const code = await registeredWithCode('tries@example.com');
    const wrong = Number(code) === 999_999 ? 100_000 : Number(code) + 1;
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) answers.push((await h.post('/auth/verify_otp', { email: 'tries@example.com', otp: wrong })).body.code);
    expect(answers).toEqual(['invalidOtp', 'invalidOtp', 'invalidOtp', 'invalidOtp', 'otpTooManyTries']);
    expect(await h.post('/auth/verify_otp', { email: 'tries@example.com', otp: Number(code) })).toMatchObject({
      status: 400,
      body: { detail: AUTH_MESSAGES.otpTooManyTries, code: 'otpTooManyTries' },
    });

    await h.post('/auth/generate_otp', { email: 'tries@example.com' });
    const fresh = otpOf(await h.lastMail('tries@example.com', 'otp'));
    expect((await h.post('/auth/verify_otp', { email: 'tries@example.com', otp: Number(fresh) })).status).toBe(200);
  });

  it('invalidates the previous code when a new one is sent', async () => {
    const first = await registeredWithCode('renew@example.com');
    h.clock.advance(1_000);
    await h.post('/auth/generate_otp', { email: 'renew@example.com' });
    const second = otpOf(await h.lastMail('renew@example.com', 'otp'));
    // (A one-in-900,000 chance makes both codes equal; then this line fails, and that is fine.)
    expect((await h.post('/auth/verify_otp', { email: 'renew@example.com', otp: Number(first) })).body.code).toBe('invalidOtp');
    expect((await h.post('/auth/verify_otp', { email: 'renew@example.com', otp: Number(second) })).status).toBe(200);
    expect(await h.database.kysely.selectFrom('email_otps').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ user_id: (await userRow('renew@example.com')).id }),
    );
  });
});

describe(`POST /auth/login (${DRIVER})`, () => {
  it('refuses an unverified account with 403 emailNotVerified and mails a new code', async () => {
    expect((await register('unverified@example.com')).status).toBe(201);
    const result = await h.post('/auth/login', { username: 'unverified@example.com', password: PASSWORD });
    expect(result).toMatchObject({
      status: 403,
      body: { detail: 'Please verify your email before logging in. We sent you a verification code.', code: 'emailNotVerified' },
    });
    const code = otpOf(await h.lastMail('unverified@example.com', 'otp'));
    expect((await h.post('/auth/verify_otp', { email: 'unverified@example.com', otp: Number(code) })).status).toBe(200);
    expect((await h.post('/auth/login', { username: 'unverified@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('signs in with {access_token, user}: a HS256 JWT with id, name, email, sub, iat, exp (7 days)', async () => {
    const session = await h.signUp({ email: 'login@example.com', name: 'Trần Minh' });
    expect(v.is(LoginResponseSchema, session)).toBe(true);
    expect(session.user).toMatchObject({ email: 'login@example.com', name: 'Trần Minh', role: 'user', credits: 5, is_verified: true, plan: 'free' });
    const [header] = session.access_token.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = jwtPayload(session.access_token);
    expect(claims).toMatchObject({ id: session.user.id, sub: session.user.id, name: 'Trần Minh', email: 'login@example.com' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(7 * 24 * 3600);
    expect(Number(claims.iat)).toBe(Math.floor(h.clock.now() / 1000));
    expect(await h.dump()).not.toContain(session.access_token);
  });

  it('updates last_login_at on every login', async () => {
    await h.signUp({ email: 'twice@example.com' });
    const first = (await userRow('twice@example.com')).last_login_at;
    h.clock.advance(5 * MINUTE_MS);
    const again = await h.post('/auth/login', { username: 'twice@example.com', password: PASSWORD });
    expect(again.body.user.last_login_at).toBe(new Date(h.clock.now()).toISOString());
    expect((await userRow('twice@example.com')).last_login_at?.getTime()).toBe((first?.getTime() ?? 0) + 5 * MINUTE_MS);
  });

  it('answers a wrong password and an unknown email alike (401 checkCredentials)', async () => {
    await h.signUp({ email: 'careful@example.com' });
    const wrongPassword = await h.post('/auth/login', { username: 'careful@example.com', password: 'not the password' });
    const unknownEmail = await h.post('/auth/login', { username: 'ghost@example.com', password: 'not the password' });
    for (const result of [wrongPassword, unknownEmail]) {
      expect(result).toEqual({
        status: 401,
        headers: expect.anything(),
        body: { detail: 'Please check your credentials and try again.', code: 'checkCredentials' },
      });
      expect(result.headers.get('cache-control')).toBe('no-store');
    }
    expect(await h.post('/auth/login', { username: 'careful@example.com' })).toMatchObject({ status: 422 });
  });
});

describe(`GET /auth/profile (${DRIVER})`, () => {
  it('answers the signed-in user with role and credits', async () => {
    const session = await h.signUp({ email: 'profile@example.com' });
    const result = await h.call('GET', '/auth/profile', { token: session.access_token });
    expect(result.status).toBe(200);
    expect(v.parse(UserSchema, result.body)).toEqual({ ...session.user });
    expect(result.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 { message, code } without a token, with a bad one, and with an expired one', async () => {
    const session = await h.signUp({ email: 'expired@example.com' });
    const none = await h.call('GET', '/auth/profile');
    expect(none).toMatchObject({ status: 401, body: { message: AUTH_MESSAGES.signInRequired, code: 'signInRequired' } });
    expect(none.headers.get('www-authenticate')).toBe('Bearer');

    const tampered = `${session.access_token.slice(0, -4)}AAAA`;
    expect(await h.call('GET', '/auth/profile', { token: tampered })).toMatchObject({ status: 401, body: { code: 'sessionExpired' } });
    expect(await h.call('GET', '/auth/profile', { headers: { Authorization: 'Basic abc' } })).toMatchObject({ status: 401, body: { code: 'signInRequired' } });

    h.clock.advance(7 * 24 * 60 * MINUTE_MS);
    expect(await h.call('GET', '/auth/profile', { token: session.access_token })).toMatchObject({
      status: 401,
      body: { message: AUTH_MESSAGES.sessionExpired, code: 'sessionExpired' },
    });
  });
});
