/** `/api/me`: the signed-in account, editing it, and deleting it with everything it owns. */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, UserSchema } from '../../src/contract/auth.schema.ts';
import { createAccountsHarness, PASSWORD, type AccountsHarness } from './helpers/accounts.ts';
import { DRIVER } from './helpers/database.ts';

let h: AccountsHarness;

beforeAll(async () => {
  h = await createAccountsHarness();
});

afterAll(async () => {
  await h.dispose();
});

describe(`GET and PUT /api/me (${DRIVER})`, () => {
  it('answers the account, and edits name, picture and language', async () => {
    const session = await h.signUp({ email: 'me@example.com', name: 'Phạm Hùng' });
    expect(await h.call('GET', '/api/me', { token: session.access_token })).toMatchObject({ status: 200, body: session.user });

    const changes = { name: '  Phạm Văn Hùng ', profile_picture: 'https://cdn.example.com/hung.png', language: 'en' };
    const updated = await h.call('PUT', '/api/me', { token: session.access_token, body: changes });
    expect(updated.status).toBe(200);
    expect(v.parse(UserSchema, updated.body)).toMatchObject({
      name: 'Phạm Văn Hùng',
      profile_picture: 'https://cdn.example.com/hung.png',
      language: 'en',
      email: 'me@example.com',
    });
    expect((await h.call('GET', '/auth/profile', { token: session.access_token })).body).toEqual(updated.body);

    // Only what is sent changes; null clears the picture.
    const cleared = await h.call('PUT', '/api/me', { token: session.access_token, body: { profile_picture: null } });
    expect(cleared.body).toMatchObject({ name: 'Phạm Văn Hùng', profile_picture: null, language: 'en' });
  });

  it('refuses invalid changes (422) and callers without a token (401 { detail, code })', async () => {
    const session = await h.signUp({ email: 'strict@example.com' });
    expect(await h.call('PUT', '/api/me', { token: session.access_token, body: { name: 'X' } })).toMatchObject({
      status: 422,
      body: { detail: AUTH_MESSAGES.nameTooShort, code: 'nameTooShort' },
    });
    expect((await h.call('PUT', '/api/me', { token: session.access_token, body: { language: 'fr' } })).status).toBe(422);
    expect((await h.call('PUT', '/api/me', { token: session.access_token, body: { profile_picture: 'javascript:alert(1)' } })).status).toBe(422);
    expect(await h.call('PUT', '/api/me', { body: { name: 'Someone' } })).toMatchObject({
      status: 401,
      body: { detail: AUTH_MESSAGES.signInRequired, code: 'signInRequired' },
    });
    expect(await h.call('GET', '/api/me')).toMatchObject({ status: 401, body: { message: AUTH_MESSAGES.signInRequired } });
  });
});

describe(`DELETE /api/me (${DRIVER})`, () => {
  it('asks for the password, then deletes the account and all its rows', async () => {
    const session = await h.signUp({ email: 'leaving@example.com' });
    const id = session.user.id;
    const db = h.database.kysely;
    // Something in every table that belongs to the account.
    await h.post('/auth/forgot-password', { email: 'leaving@example.com' });
    await h.tasks.settle();
    await h.post('/auth/login', { username: 'leaving@example.com', password: 'a wrong guess' });
    const at = new Date(h.clock.now());
    await db
      .insertInto('email_otps')
      .values({ user_id: id, code_hash: 'x'.repeat(64), expires_at: at, created_at: at })
      .execute();
    await db
      .insertInto('temporary_credentials')
      .values({ user_id: id, secret_hash: 'y'.repeat(64), expires_at: at, created_at: at })
      .execute();

    const rowsOf = async () => ({
      users: (await db.selectFrom('users').select('id').where('id', '=', id).execute()).length,
      credit_ledger: (await db.selectFrom('credit_ledger').select('id').where('user_id', '=', id).execute()).length,
      email_otps: (await db.selectFrom('email_otps').select('user_id').where('user_id', '=', id).execute()).length,
      password_reset_tokens: (await db.selectFrom('password_reset_tokens').select('user_id').where('user_id', '=', id).execute()).length,
      temporary_credentials: (await db.selectFrom('temporary_credentials').select('user_id').where('user_id', '=', id).execute()).length,
      rate_limit_events: (await db.selectFrom('rate_limit_events').select('id').where('key', '=', 'leaving@example.com').execute()).length,
    });
    expect(Object.values(await rowsOf()).every((count) => count > 0)).toBe(true);

    const wrong = await h.call('DELETE', '/api/me', { token: session.access_token, body: { password: 'not it' } });
    expect(wrong).toMatchObject({ status: 401, body: { detail: 'Please check your credentials and try again.', code: 'checkCredentials' } });
    expect((await rowsOf()).users).toBe(1);
    expect((await h.call('DELETE', '/api/me', { token: session.access_token, body: {} })).status).toBe(422);

    const deleted = await h.call('DELETE', '/api/me', { token: session.access_token, body: { password: PASSWORD } });
    expect(deleted).toMatchObject({ status: 200, body: { status: 'success' } });
    expect(await rowsOf()).toEqual({ users: 0, credit_ledger: 0, email_otps: 0, password_reset_tokens: 0, temporary_credentials: 0, rate_limit_events: 0 });

    // The token of a deleted account no longer works, and the email is free again.
    expect(await h.call('GET', '/auth/profile', { token: session.access_token })).toMatchObject({ status: 401, body: { code: 'sessionExpired' } });
    expect((await h.post('/auth/login', { username: 'leaving@example.com', password: PASSWORD })).status).toBe(401);
    expect((await h.post('/auth/register', { name: 'Back again', email: 'leaving@example.com', password: PASSWORD })).status).toBe(201);
  });

  it('leaves other accounts alone', async () => {
    const stays = await h.signUp({ email: 'stays@example.com' });
    const goes = await h.signUp({ email: 'goes@example.com' });
    expect((await h.call('DELETE', '/api/me', { token: goes.access_token, body: { password: PASSWORD } })).status).toBe(200);
    expect(await h.call('GET', '/api/me', { token: stays.access_token })).toMatchObject({ status: 200, body: { credits: 5 } });
  });
});
