import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * A fresh signed-in user, fast: register, read the code from the dev-tools outbox, verify and log
 * in through the API (the modal's own flow is tested in auth.spec.ts), then the token goes where
 * the app keeps it (localStorage `access_token`, src/lib/session.ts) before the page loads.
 */

export const PASSWORD = 'mat-khau-an-toan-1';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@atelier.test`;
}

interface OutboxMail {
  to: string;
  text: string;
}

export interface TestUser {
  email: string;
  token: string;
}

/** 1 to 254: one byte of a private IPv4 address. */
const addressByte = () => Math.floor(Math.random() * 254) + 1;

/** A client address of its own for each test user (the e2e server trusts X-Forwarded-For). */
export function clientAddress(): string {
  const byte = addressByte;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** A new verified account, signed in; `email` for an address the test needs (an admin's), else a unique one. */
export async function createUser(request: APIRequestContext, prefix = 'studio', email = uniqueEmail(prefix)): Promise<TestUser> {
  const headers = { 'X-Forwarded-For': clientAddress() };
  const registered = await request.post('/auth/register', { headers, data: { name: 'Người Thử', email, password: PASSWORD, language: 'vi' } });
  expect(registered.status()).toBe(201);
  // The app asks for the code right after registering (src/features/auth), as here.
  expect((await request.post('/auth/generate_otp', { headers, data: { email } })).ok()).toBe(true);
  let code = '';
  await expect
    .poll(async () => {
      const { mails } = (await (await request.get('/api/dev-tools/outbox')).json()) as { mails: OutboxMail[] };
      code = /\b(\d{6})\b/.exec(mails.find((mail) => mail.to.includes(email))?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  expect((await request.post('/auth/verify_otp', { data: { email, otp: Number(code) } })).ok()).toBe(true);
  const login = await request.post('/auth/login', { data: { username: email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { email, token };
}

/** Signs a fresh user in for every page load of this test; returns the user (its token works with `request` too). */
export async function signIn(page: Page, request: APIRequestContext, options: { seenTutorials?: readonly string[] } = {}): Promise<TestUser> {
  const user = await createUser(request);
  await page.addInitScript(
    ([token, seen]) => {
      localStorage.setItem('access_token', token);
      for (const id of seen) localStorage.setItem(`atelier.tutorial-seen.${id}`, new Date().toISOString());
    },
    [user.token, options.seenTutorials ?? []] as const,
  );
  return user;
}
