/** Forgotten passwords (docs/product-rules.md#auth-flow, #messages-auth): the neutral answer, the mailed link, single use, expiry. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/contract/auth.schema.ts';
import { createSecretHasher } from '../../server/platform/secrets.ts';
import { createAccountsHarness, MINUTE_MS, PASSWORD, resetTokenOf, type AccountsHarness } from './helpers/accounts.ts';
import { TEST_SIGNING_KEY } from './helpers/app.ts';
import { DRIVER } from './helpers/database.ts';

let h: AccountsHarness;

beforeAll(async () => {
  h = await createAccountsHarness({ env: { PUBLIC_URL: 'https://atelier.example/' } });
});

afterAll(async () => {
  await h.dispose();
});

const NEUTRAL = 'If an account with this email exists, you will receive reset instructions.';
const NEW_PASSWORD = 'a brand new passphrase';

async function requestReset(email: string) {
  const result = await h.post('/auth/forgot-password', { email });
  expect(result).toMatchObject({ status: 200, body: { status: 'success', message: NEUTRAL } });
  return resetTokenOf(await h.lastMail(email, 'reset'));
}

describe(`POST /auth/forgot-password (${DRIVER})`, () => {
  it('answers the same neutral message whether or not the account exists', async () => {
    await h.signUp({ email: 'known@example.com' });
    const known = await h.post('/auth/forgot-password', { email: 'known@example.com' });
    const unknown = await h.post('/auth/forgot-password', { email: 'unknown@example.com' });
    expect(known.body).toEqual({ status: 'success', message: NEUTRAL });
    expect(unknown.body).toEqual(known.body);
    expect(unknown.status).toBe(known.status);
    const mails = await h.outbox();
    expect(mails.filter((mail) => mail.kind === 'reset').map((mail) => mail.to)).toEqual(['known@example.com']);
  });

  it('answers before any account-dependent work (same timing): the mail goes out afterwards', async () => {
    await h.signUp({ email: 'slowmail@example.com' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent = 0;
    const slow = h.another({
      mailTransport: {
        name: 'smtp',
        send: async () => {
          await gate;
          sent += 1;
        },
      },
    });
    const response = await slow.request('/auth/forgot-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'slowmail@example.com' }),
    });
    expect(response.status).toBe(200);
    expect(sent).toBe(0);
    release();
    await h.tasks.settle();
    expect(sent).toBe(1);
  });

  it('mails a link to PUBLIC_URL/auth/reset-password with the token and email, in the account language', async () => {
    await h.signUp({ email: 'link@example.com', language: 'en' });
    const { link, token, email } = await requestReset('link@example.com');
    expect(`${link.origin}${link.pathname}`).toBe('https://atelier.example/auth/reset-password');
    expect(email).toBe('link@example.com');
    expect(token).toMatch(/^[\w-]{43}$/);
    const mail = await h.lastMail('link@example.com', 'reset');
    expect(mail.subject).toBe('Reset your Atelier password');
    expect(mail.text).toContain('The link works for 30 minutes');
    expect(mail.html).toContain(link.toString().replace(/&/g, '&amp;'));

    await h.signUp({ email: 'lien@example.com', language: 'vi' });
    await requestReset('lien@example.com');
    const vi = await h.lastMail('lien@example.com', 'reset');
    expect(vi.subject).toBe('Đặt lại mật khẩu Atelier');
    expect(vi.text).toContain('Liên kết có hiệu lực trong 30 phút và chỉ dùng được một lần.');
    expect(vi.html).toContain('Đặt lại mật khẩu</a>');
  });
});

describe(`POST /auth/reset-password (${DRIVER})`, () => {
  it('sets the new password once; the token is stored hashed and cannot be reused', async () => {
    await h.signUp({ email: 'reset@example.com' });
    const { token } = await requestReset('reset@example.com');
    expect(await h.dump()).not.toContain(token);
    const row = await h.database.kysely.selectFrom('password_reset_tokens').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const ok = await h.post('/auth/reset-password', { email: 'reset@example.com', reset_token: token, new_password: NEW_PASSWORD });
    expect(ok).toMatchObject({ status: 200, body: { status: 'success' } });
    expect((await h.post('/auth/login', { username: 'reset@example.com', password: NEW_PASSWORD })).status).toBe(200);
    expect((await h.post('/auth/login', { username: 'reset@example.com', password: PASSWORD })).status).toBe(401);

    const reuse = await h.post('/auth/reset-password', { email: 'reset@example.com', reset_token: token, new_password: 'yet another one' });
    expect(reuse).toMatchObject({ status: 400, body: { detail: 'Invalid or expired reset token.', code: 'invalidResetToken' } });
  });

  it('ends every way back in: all sessions, one-time credentials and the linked Firebase identity; a new login works', async () => {
    const { access_token: before, user } = await h.signUp({ email: 'stolen@example.com' });
    const otherDevice = (await h.post('/auth/login', { username: 'stolen@example.com', password: PASSWORD })).body.access_token as string;
    // What an attacker who got in may have left: a linked identity and a one-time password.
    await h.database.kysely.updateTable('users').set({ firebase_uid: 'attacker-firebase-uid' }).where('id', '=', user.id).execute();
    await h.database.kysely
      .insertInto('temporary_credentials')
      .values({
        secret_hash: createSecretHasher(TEST_SIGNING_KEY)('one-time-secret'),
        user_id: user.id,
        expires_at: new Date(h.clock.now() + 60 * MINUTE_MS),
        created_at: new Date(h.clock.now()),
      })
      .execute();
    expect((await h.call('GET', '/auth/profile', { token: before })).status).toBe(200);

    // Same second as the sign-ins: revocation does not depend on the tokens' issue time.
    const { token } = await requestReset('stolen@example.com');
    const ok = await h.post('/auth/reset-password', { email: 'stolen@example.com', reset_token: token, new_password: NEW_PASSWORD });
    expect(ok.status).toBe(200);
    expect((await h.call('GET', '/auth/profile', { token: before })).status).toBe(401);
    expect((await h.call('GET', '/api/me', { token: otherDevice })).status).toBe(401);
    const row = await h.database.kysely.selectFrom('users').select('firebase_uid').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.firebase_uid).toBeNull();
    expect(await h.database.kysely.selectFrom('temporary_credentials').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await h.post('/auth/login', { username: 'stolen@example.com', password: 'one-time-secret' })).status).toBe(401);
    const sessions = await h.database.kysely.selectFrom('sessions').select('revoked_at').where('user_id', '=', user.id).execute();
    expect(sessions.map((session) => session.revoked_at)).toEqual([new Date(h.clock.now()), new Date(h.clock.now())]);

    const login = await h.post('/auth/login', { username: 'stolen@example.com', password: NEW_PASSWORD });
    expect(login.status).toBe(200);
    expect((await h.call('GET', '/auth/profile', { token: login.body.access_token })).status).toBe(200);
  });

  it('expires the token after 30 minutes', async () => {
    await h.signUp({ email: 'late@example.com' });
    const { token } = await requestReset('late@example.com');
    h.clock.advance(30 * MINUTE_MS);
    expect(await h.post('/auth/reset-password', { email: 'late@example.com', reset_token: token, new_password: NEW_PASSWORD })).toMatchObject({
      status: 400,
      body: { code: 'invalidResetToken' },
    });
    expect((await h.post('/auth/login', { username: 'late@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('refuses a token of another account, an older link after a newer one, and a short password', async () => {
    await h.signUp({ email: 'one@example.com' });
    await h.signUp({ email: 'two@example.com' });
    const first = await requestReset('one@example.com');
    expect((await h.post('/auth/reset-password', { email: 'two@example.com', reset_token: first.token, new_password: NEW_PASSWORD })).body.code).toBe(
      'invalidResetToken',
    );
    h.clock.advance(1_000);
    const second = await requestReset('one@example.com');
    expect((await h.post('/auth/reset-password', { email: 'one@example.com', reset_token: first.token, new_password: NEW_PASSWORD })).body.code).toBe(
      'invalidResetToken',
    );
    expect(await h.post('/auth/reset-password', { email: 'one@example.com', reset_token: second.token, new_password: 'short' })).toMatchObject({
      status: 422,
      body: { detail: AUTH_MESSAGES.passwordTooShort, code: 'passwordTooShort' },
    });
    expect((await h.post('/auth/reset-password', { email: 'one@example.com', reset_token: second.token, new_password: NEW_PASSWORD })).status).toBe(200);
  });

  it('verifies an unverified account (the link proved the mailbox)', async () => {
    expect((await h.post('/auth/register', { name: 'Hoa', email: 'unverified@example.com', password: PASSWORD })).status).toBe(201);
    const { token } = await requestReset('unverified@example.com');
    expect((await h.post('/auth/reset-password', { email: 'unverified@example.com', reset_token: token, new_password: NEW_PASSWORD })).status).toBe(200);
    expect((await h.post('/auth/login', { username: 'unverified@example.com', password: NEW_PASSWORD })).status).toBe(200);
  });
});
