/**
 * Brute-force limits on login and code verification: per account and per client address,
 * counted in the database (so every process shares them), answered 429 with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  MAILS_PER_ACCOUNT,
  OTP_FAILURES_PER_ACCOUNT,
  RATE_WINDOW_MS,
} from '../../server/auth/rate-limit.ts';
import { createAccountsHarness, MINUTE_MS, otpOf, PASSWORD, type AccountsHarness } from './helpers/accounts.ts';
import { DRIVER } from './helpers/database.ts';

let h: AccountsHarness;

beforeAll(async () => {
  h = await createAccountsHarness({ trustProxy: true });
});

afterAll(async () => {
  await h.dispose();
});

let nextAddress = 1;
/** A client address of its own for each test (X-Forwarded-For, believed with TRUST_PROXY=1). */
const newAddress = () => ({ 'X-Forwarded-For': `198.51.100.${nextAddress++}` });

const login = (email: string, password: string, from: Record<string, string>, app = h.app) =>
  app.request('/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json', ...from }, body: JSON.stringify({ username: email, password }) });

describe(`login limits (${DRIVER})`, () => {
  it(`allows ${LOGIN_FAILURES_PER_ACCOUNT.limit} failures per account, then 429 with Retry-After, even for the right password`, async () => {
    await h.signUp({ email: 'target@example.com' });
    const statuses: number[] = [];
    // Each failure from another address: only the per-account counter can trip.
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT.limit; i += 1) statuses.push((await login('target@example.com', `guess ${i}`, newAddress())).status);
    expect(statuses).toEqual(Array.from({ length: LOGIN_FAILURES_PER_ACCOUNT.limit }, () => 401));

    const limited = await login('target@example.com', PASSWORD, newAddress());
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe(String(RATE_WINDOW_MS / 1000));
    expect(await limited.json()).toEqual({
      detail: 'Too many attempts. Please wait 15 minutes and try again.',
      code: 'tooManyAttempts',
      retry_after_seconds: RATE_WINDOW_MS / 1000,
    });

    // The oldest failure leaves the window after 15 minutes: one more try, with the right password.
    h.clock.advance(RATE_WINDOW_MS - MINUTE_MS);
    const stillLimited = await login('target@example.com', PASSWORD, newAddress());
    expect(stillLimited.status).toBe(429);
    expect(stillLimited.headers.get('retry-after')).toBe('60');
    expect((await stillLimited.json()).detail).toBe('Too many attempts. Please wait 1 minutes and try again.');
    h.clock.advance(MINUTE_MS);
    expect((await login('target@example.com', PASSWORD, newAddress())).status).toBe(200);
  });

  it('does not count successful logins', async () => {
    await h.signUp({ email: 'often@example.com' });
    const from = newAddress();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT.limit + 2; i += 1) expect((await login('often@example.com', PASSWORD, from)).status).toBe(200);
  });

  it(`allows ${LOGIN_FAILURES_PER_ADDRESS.limit} failures per client address across accounts`, async () => {
    const from = newAddress();
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS.limit; i += 1) {
      expect((await login(`spray-${i}@example.com`, 'guess', from)).status).toBe(401);
    }
    const limited = await login('spray-new@example.com', 'guess', from);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login('spray-new@example.com', 'guess', newAddress())).status).toBe(401);
  });

  it('is shared by every process on the database', async () => {
    await h.signUp({ email: 'shared@example.com' });
    const otherProcess = h.another();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT.limit; i += 1) {
      const app = i % 2 === 0 ? h.app : otherProcess;
      expect((await login('shared@example.com', 'guess', newAddress(), app)).status).toBe(401);
    }
    expect((await login('shared@example.com', PASSWORD, newAddress(), otherProcess)).status).toBe(429);
    const rows = await h.database.kysely.selectFrom('rate_limit_events').selectAll().where('bucket', '=', LOGIN_FAILURES_PER_ACCOUNT.bucket).where('key', '=', 'shared@example.com').execute();
    expect(rows).toHaveLength(LOGIN_FAILURES_PER_ACCOUNT.limit);
  });

  it('counts attempts made in parallel (recorded before the password is checked)', async () => {
    await h.signUp({ email: 'burst@example.com' });
    const burst = await Promise.all(Array.from({ length: LOGIN_FAILURES_PER_ACCOUNT.limit + 5 }, () => login('burst@example.com', 'guess', newAddress())));
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ACCOUNT.limit);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5);
  });
});

/** A code that is certainly wrong. */
const wrongFor = (code: string) => (Number(code) === 999_999 ? 100_000 : Number(code) + 1);

describe(`verification code limits (${DRIVER})`, () => {
  it(`allows ${OTP_FAILURES_PER_ACCOUNT.limit} wrong codes per account across codes, then 429`, async () => {
    expect((await h.post('/auth/register', { name: 'Mai', email: 'otp@example.com', password: PASSWORD })).status).toBe(201);
    const answers: number[] = [];
    for (let round = 0; answers.length < OTP_FAILURES_PER_ACCOUNT.limit; round += 1) {
      await h.post('/auth/generate_otp', { email: 'otp@example.com' }, newAddress());
      const code = otpOf(await h.lastMail('otp@example.com', 'otp'));
      for (let i = 0; i < 5 && answers.length < OTP_FAILURES_PER_ACCOUNT.limit; i += 1) {
        answers.push((await h.post('/auth/verify_otp', { email: 'otp@example.com', otp: wrongFor(code) }, newAddress())).status);
      }
    }
    expect(answers.every((status) => status === 400)).toBe(true);
    await h.post('/auth/generate_otp', { email: 'otp@example.com' }, newAddress());
    const code = otpOf(await h.lastMail('otp@example.com', 'otp'));
    const limited = await h.post('/auth/verify_otp', { email: 'otp@example.com', otp: Number(code) }, newAddress());
    expect(limited).toMatchObject({ status: 429, body: { code: 'tooManyAttempts' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // 15 minutes on, that code has expired (10 minutes), but a new one is accepted.
    h.clock.advance(RATE_WINDOW_MS);
    await h.post('/auth/generate_otp', { email: 'otp@example.com' }, newAddress());
    const fresh = otpOf(await h.lastMail('otp@example.com', 'otp'));
    expect((await h.post('/auth/verify_otp', { email: 'otp@example.com', otp: Number(fresh) }, newAddress())).status).toBe(200);
  });

  it(`sends at most ${MAILS_PER_ACCOUNT.limit} codes per account per 15 minutes`, async () => {
    expect((await h.post('/auth/register', { name: 'Mai', email: 'flood@example.com', password: PASSWORD })).status).toBe(201);
    for (let i = 0; i < MAILS_PER_ACCOUNT.limit; i += 1) expect((await h.post('/auth/generate_otp', { email: 'flood@example.com' }, newAddress())).status).toBe(200);
    expect(await h.post('/auth/generate_otp', { email: 'flood@example.com' }, newAddress())).toMatchObject({ status: 429, body: { code: 'tooManyAttempts' } });
    expect(await h.post('/auth/forgot-password', { email: 'flood@example.com' }, newAddress())).toMatchObject({ status: 429 });
    expect((await h.outbox()).filter((mail) => mail.to === 'flood@example.com')).toHaveLength(MAILS_PER_ACCOUNT.limit);
  });
});
