/**
 * `POST /auth/google/callback` against a local stub of Google's token endpoint (GOOGLE_TOKEN_URL),
 * and the 503 of both Google endpoints when the server has no configuration for them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UnsecuredJWT } from 'jose';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, IdentityLoginResponseSchema } from '../../src/contract/auth.schema.ts';
import { createAccountsHarness, PASSWORD, type AccountsHarness } from './helpers/accounts.ts';
import { createTestApp } from './helpers/app.ts';
import { DRIVER } from './helpers/database.ts';

const CLIENT_ID = 'atelier-test.apps.googleusercontent.com';
const CLIENT_SECRET = 'test-client-secret';
const REDIRECT_URI = 'https://atelier.example/auth/google/callback';

let h: AccountsHarness;
let stub: Server;
let tokenUrl: string;
/** The form bodies the stub received. */
const received: URLSearchParams[] = [];
/** Authorization code → claims of the ID token the stub answers with. */
const codes = new Map<string, Record<string, unknown>>();

function idToken(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  return new UnsecuredJWT({ iss: 'https://accounts.google.com', aud: CLIENT_ID, iat: now, exp: now + 3600, ...claims }).encode();
}

beforeAll(async () => {
  stub = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(text);
      received.push(form);
      const claims = codes.get(form.get('code') ?? '');
      const valid =
        claims && form.get('client_id') === CLIENT_ID && form.get('client_secret') === CLIENT_SECRET && form.get('grant_type') === 'authorization_code';
      response.setHeader('Content-Type', 'application/json');
      if (!valid) {
        response.statusCode = 400;
        response.end(JSON.stringify({ error: 'invalid_grant', error_description: 'Bad Request' }));
        return;
      }
      response.end(JSON.stringify({ access_token: 'ya29.test', expires_in: 3599, token_type: 'Bearer', id_token: idToken(claims) }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  tokenUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/token`;
  h = await createAccountsHarness({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, GOOGLE_TOKEN_URL: tokenUrl } });
});

afterAll(async () => {
  await h.dispose();
  await new Promise((resolve) => stub.close(resolve));
});

const callback = (code: string, app = h.app) =>
  app.request('/auth/google/callback', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, redirect_uri: REDIRECT_URI }),
  });

describe(`POST /auth/google/callback (${DRIVER})`, () => {
  it('exchanges the code at GOOGLE_TOKEN_URL and signs in to a new account', async () => {
    codes.set('code-new', {
      sub: '1001',
      email: 'Quynh@Example.com',
      email_verified: true,
      name: 'Quỳnh Anh',
      picture: 'https://lh3.googleusercontent.com/a/q',
    });
    const response = await callback('code-new');
    expect(response.status).toBe(200);
    const answer = v.parse(IdentityLoginResponseSchema, await response.json());
    expect(answer).toMatchObject({
      is_new_user: true,
      user: { email: 'quynh@example.com', name: 'Quỳnh Anh', profile_picture: 'https://lh3.googleusercontent.com/a/q', is_verified: true, credits: 5 },
      traditional_login: { credentials: { email: 'quynh@example.com' } },
    });
    const form = received.at(-1);
    expect(Object.fromEntries(form ?? [])).toEqual({
      code: 'code-new',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uri: REDIRECT_URI,
      grant_type: 'authorization_code',
    });
    expect(await h.call('GET', '/auth/profile', { token: answer.access_token })).toMatchObject({ status: 200, body: { email: 'quynh@example.com' } });
  });

  it('finds the account on the next sign-in (is_new_user false)', async () => {
    codes.set('code-again', { sub: '1001', email: 'quynh@example.com', email_verified: true });
    expect(await (await callback('code-again')).json()).toMatchObject({ is_new_user: false, user: { email: 'quynh@example.com' } });
  });

  it('answers 401 googleLoginFailed when Google refuses the code or the token is for another client', async () => {
    const refused = await callback('no-such-code');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: AUTH_MESSAGES.googleLoginFailed, code: 'googleLoginFailed' });

    codes.set('code-other-client', { sub: '2002', email: 'x@example.com', email_verified: true, aud: 'someone-else' });
    expect((await callback('code-other-client')).status).toBe(401);
    codes.set('code-expired', { sub: '2003', email: 'y@example.com', email_verified: true, exp: Math.floor(Date.now() / 1000) - 10 });
    expect((await callback('code-expired')).status).toBe(401);
    expect(await h.database.kysely.selectFrom('users').select('id').where('email', 'in', ['x@example.com', 'y@example.com']).execute()).toEqual([]);
  });

  it('refuses an unverified Google email (403 identityUnverified): it neither links a password account nor creates one', async () => {
    await h.signUp({ email: 'owner@example.com' });
    codes.set('code-unverified', { sub: '3003', email: 'owner@example.com', email_verified: false });
    const response = await callback('code-unverified');
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ detail: AUTH_MESSAGES.identityUnverified, code: 'identityUnverified' });
    expect((await h.post('/auth/login', { username: 'owner@example.com', password: PASSWORD })).status).toBe(200);

    codes.set('code-unverified-new', { sub: '3004', email: 'nobody-yet@example.com', email_verified: false });
    expect((await callback('code-unverified-new')).status).toBe(403);
    expect(await h.database.kysely.selectFrom('users').select('id').where('email', '=', 'nobody-yet@example.com').execute()).toEqual([]);
  });

  it('answers 502 when the token endpoint cannot be reached, and 422 for a bad redirect_uri', async () => {
    const unreachable = h.another({ env: { GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token' } });
    const response = await callback('code-new', unreachable);
    expect(response.status).toBe(502);
    expect((await response.json()).code).toBe('googleLoginFailed');
    expect((await h.post('/auth/google/callback', { code: 'x', redirect_uri: 'not a url' })).status).toBe(422);
  });
});

describe('Google sign-in without configuration', () => {
  it('answers 503 with a clear detail on the Google and Firebase endpoints', async () => {
    const app = createTestApp({ database: h.database });
    for (const [url, payload] of [
      ['/auth/google/callback', { code: 'abc', redirect_uri: REDIRECT_URI }],
      ['/auth/firebase/login', { idToken: 'x'.repeat(120), userData: { uid: 'u', email: 'a@example.com' } }],
      ['/auth/firebase/register', { idToken: 'x'.repeat(120), userData: { uid: 'u', email: 'a@example.com' } }],
    ] as const) {
      const response = await app.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ detail: 'Google sign-in is not configured on this server.', code: 'googleNotConfigured' });
    }
  });
});
