/**
 * Brute-force and abuse limits: per (account, address) pair and per address (refused, 429 with
 * Retry-After), per account across addresses (slowed, never refused: the owner is not locked
 * out, neither from signing in nor from getting a code or a reset link), registrations per
 * address and per email, account deletion guesses; counted in the database (so every process
 * shares them), and keyed on the address the trusted proxy appended, not the client's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETE_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_PAIR,
  MAILS_PER_ACCOUNT,
  MAILS_PER_ADDRESS,
  MAILS_PER_PAIR,
  OTP_FAILURES_PER_PAIR,
  RATE_WINDOW_MS,
  REGISTRATIONS_PER_ACCOUNT,
  REGISTRATIONS_PER_ADDRESS,
  RESET_FAILURES_PER_PAIR,
} from '../../server/auth/rate-limit.ts';
import { SLOWDOWN_BASE_MS, SLOWDOWN_MAX_MS } from '../../server/platform/rate-limit.ts';
import { createAccountsHarness, MINUTE_MS, otpOf, PASSWORD, resetTokenOf, type AccountsHarness } from './helpers/accounts.ts';
import { DRIVER } from './helpers/database.ts';

let h: AccountsHarness;

beforeAll(async () => {
  h = await createAccountsHarness({ trustProxy: true });
});

afterAll(async () => {
  await h.dispose();
});

let nextAddress = 1;
/** A client address of its own for each test, as the trusted proxy appends it to X-Forwarded-For. */
const newAddress = () => ({ 'X-Forwarded-For': `198.51.100.${nextAddress++}` });
/** What a client that writes its own X-Forwarded-For sends through the proxy: a fresh lie, then its real address. */
const spoofed = (real: string) => ({ 'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 250) + 1}, 10.${nextAddress++}.0.1, ${real}` });

const login = (email: string, password: string, from: Record<string, string>, app = h.app) =>
  app.request('/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json', ...from }, body: JSON.stringify({ username: email, password }) });

describe(`login limits (${DRIVER})`, () => {
  it(`allows ${LOGIN_FAILURES_PER_PAIR.limit} failures per account from one address, then 429 with Retry-After there, even for the right password`, async () => {
    await h.signUp({ email: 'target@example.com' });
    const attacker = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES_PER_PAIR.limit; i += 1) statuses.push((await login('target@example.com', `guess ${i}`, attacker)).status);
    expect(statuses).toEqual(Array.from({ length: LOGIN_FAILURES_PER_PAIR.limit }, () => 401));

    const limited = await login('target@example.com', PASSWORD, attacker);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe(String(RATE_WINDOW_MS / 1000));
    expect(await limited.json()).toEqual({
      detail: 'Too many attempts. Please wait 15 minutes and try again.',
      code: 'tooManyAttempts',
      retry_after_seconds: RATE_WINDOW_MS / 1000,
    });

    // The oldest failure leaves the window after 15 minutes: one more try, with the right password.
    h.clock.advance(RATE_WINDOW_MS - MINUTE_MS);
    const stillLimited = await login('target@example.com', PASSWORD, attacker);
    expect(stillLimited.status).toBe(429);
    expect(stillLimited.headers.get('retry-after')).toBe('60');
    expect((await stillLimited.json()).detail).toBe('Too many attempts. Please wait 1 minutes and try again.');
    h.clock.advance(MINUTE_MS);
    expect((await login('target@example.com', PASSWORD, attacker)).status).toBe(200);
  });

  it('does not lock the owner out: failures from other addresses only slow further guesses down, with a growing delay', async () => {
    await h.signUp({ email: 'seller@example.com' });
    const owner = newAddress();
    h.delays.length = 0;
    // An attacker spread over many addresses, each under its own limits.
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT.limit; i += 1) expect((await login('seller@example.com', `guess ${i}`, newAddress())).status).toBe(401);
    expect(h.delays).toEqual([]);
    const slowed: number[] = [];
    for (let i = 0; i < 5; i += 1) slowed.push((await login('seller@example.com', `more ${i}`, newAddress())).status);
    expect(slowed).toEqual([401, 401, 401, 401, 401]);
    expect(h.delays).toEqual([SLOWDOWN_BASE_MS, 2 * SLOWDOWN_BASE_MS, 4 * SLOWDOWN_BASE_MS, SLOWDOWN_MAX_MS, SLOWDOWN_MAX_MS]);

    // The owner, from their own address, with the right password: in (after the delay).
    expect((await login('seller@example.com', PASSWORD, owner)).status).toBe(200);
    expect(h.delays.at(-1)).toBe(SLOWDOWN_MAX_MS);
    // A slip of the owner's finger is not a lockout either.
    expect((await login('seller@example.com', 'typo', owner)).status).toBe(401);
    expect((await login('seller@example.com', PASSWORD, owner)).status).toBe(200);
  });

  it('does not count successful logins', async () => {
    await h.signUp({ email: 'often@example.com' });
    const from = newAddress();
    for (let i = 0; i < LOGIN_FAILURES_PER_PAIR.limit + 2; i += 1) expect((await login('often@example.com', PASSWORD, from)).status).toBe(200);
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

  it('keys on the address the trusted proxy appended: a client-written X-Forwarded-For does not dodge the limits', async () => {
    await h.signUp({ email: 'spoofed@example.com' });
    const real = '192.0.2.77';
    for (let i = 0; i < LOGIN_FAILURES_PER_PAIR.limit; i += 1) expect((await login('spoofed@example.com', `guess ${i}`, spoofed(real))).status).toBe(401);
    expect((await login('spoofed@example.com', PASSWORD, spoofed(real))).status).toBe(429);
    // Nor across accounts.
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS.limit - LOGIN_FAILURES_PER_PAIR.limit; i += 1) {
      expect((await login(`spoofed-${i}@example.com`, 'guess', spoofed(real))).status).toBe(401);
    }
    expect((await login('spoofed-other@example.com', 'guess', spoofed(real))).status).toBe(429);
  });

  it('is shared by every process on the database', async () => {
    await h.signUp({ email: 'shared@example.com' });
    const otherProcess = h.another();
    const from = newAddress();
    for (let i = 0; i < LOGIN_FAILURES_PER_PAIR.limit; i += 1) {
      const app = i % 2 === 0 ? h.app : otherProcess;
      expect((await login('shared@example.com', 'guess', from, app)).status).toBe(401);
    }
    expect((await login('shared@example.com', PASSWORD, from, otherProcess)).status).toBe(429);
    const rows = await h.database.kysely
      .selectFrom('rate_limit_events')
      .selectAll()
      .where('bucket', '=', LOGIN_FAILURES_PER_PAIR.bucket)
      .where('key', 'like', 'shared@example.com|%')
      .execute();
    expect(rows).toHaveLength(LOGIN_FAILURES_PER_PAIR.limit);
  });

  it('counts attempts made in parallel (recorded before the password is checked)', async () => {
    await h.signUp({ email: 'burst@example.com' });
    const from = newAddress();
    const burst = await Promise.all(Array.from({ length: LOGIN_FAILURES_PER_PAIR.limit + 5 }, () => login('burst@example.com', 'guess', from)));
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LOGIN_FAILURES_PER_PAIR.limit);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5);
  });
});

const register = (email: string, from: Record<string, string>) => h.post('/auth/register', { name: 'Mai', email, password: PASSWORD }, from);

describe(`registration limits (${DRIVER})`, () => {
  it(`allows ${REGISTRATIONS_PER_ADDRESS.limit} registrations per address per hour, whatever the client writes in X-Forwarded-For`, async () => {
    const real = '192.0.2.88';
    for (let i = 0; i < REGISTRATIONS_PER_ADDRESS.limit; i += 1) expect((await register(`farm-${i}@example.com`, spoofed(real))).status).toBe(201);
    const limited = await register('farm-more@example.com', spoofed(real));
    expect(limited).toMatchObject({ status: 429, body: { code: 'tooManyAttempts' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await h.database.kysely.selectFrom('users').select('id').where('email', '=', 'farm-more@example.com').execute()).toEqual([]);
    // Somebody else is not affected; an hour later the address may register again.
    expect((await register('neighbour@example.com', newAddress())).status).toBe(201);
    h.clock.advance(REGISTRATIONS_PER_ADDRESS.windowMs);
    expect((await register('farm-more@example.com', spoofed(real))).status).toBe(201);
  });
});

describe(`registration limits per email (${DRIVER})`, () => {
  it(`allows ${REGISTRATIONS_PER_ACCOUNT.limit} registration attempts for one email per hour from anywhere (a taken address counts), then 429`, async () => {
    const answers: number[] = [];
    for (let i = 0; i < REGISTRATIONS_PER_ACCOUNT.limit; i += 1) answers.push((await register('wanted@example.com', newAddress())).status);
    expect(answers).toEqual([201, ...Array.from({ length: REGISTRATIONS_PER_ACCOUNT.limit - 1 }, () => 409)]);
    const limited = await register('wanted@example.com', newAddress());
    expect(limited).toMatchObject({ status: 429, body: { code: 'tooManyAttempts' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another email is not affected; an hour later the email may be tried again.
    expect((await register('unwanted@example.com', newAddress())).status).toBe(201);
    h.clock.advance(REGISTRATIONS_PER_ACCOUNT.windowMs);
    expect((await register('wanted@example.com', newAddress())).status).toBe(409);
  });
});

describe(`account deletion limits (${DRIVER})`, () => {
  it(`allows ${DELETE_FAILURES_PER_ACCOUNT.limit} wrong passwords on DELETE /api/me, then 429 even with the right one`, async () => {
    const victim = await h.signUp({ email: 'stolen-token@example.com' });
    const thief = newAddress();
    const attempt = (password: string) => h.call('DELETE', '/api/me', { token: victim.access_token, body: { password }, headers: thief });
    for (let i = 0; i < DELETE_FAILURES_PER_ACCOUNT.limit; i += 1) expect((await attempt(`guess ${i}`)).status).toBe(401);
    expect(await attempt(PASSWORD)).toMatchObject({ status: 429, body: { code: 'tooManyAttempts' } });
    expect(await h.database.kysely.selectFrom('users').select('id').where('id', '=', victim.user.id).execute()).toHaveLength(1);
    // Once the window is over, the right password deletes it.
    h.clock.advance(RATE_WINDOW_MS);
    expect((await attempt(PASSWORD)).status).toBe(200);
  });
});

describe(`password reset limits (${DRIVER})`, () => {
  it(`allows ${RESET_FAILURES_PER_PAIR.limit} wrong reset tokens per account from one address, then 429`, async () => {
    await h.signUp({ email: 'reset-guess@example.com' });
    const from = newAddress();
    const reset = (token: string) =>
      h.post('/auth/reset-password', { email: 'reset-guess@example.com', reset_token: token, new_password: 'a new passphrase' }, from);
    for (let i = 0; i < RESET_FAILURES_PER_PAIR.limit; i += 1) expect((await reset(`guess-${i}`)).status).toBe(400);
    expect(await reset('guess-more')).toMatchObject({ status: 429, body: { code: 'tooManyAttempts' } });
  });
});

/** A code that is certainly wrong. */
const wrongFor = (code: string) => (Number(code) === 999_999 ? 100_000 : Number(code) + 1);

describe(`verification code limits (${DRIVER})`, () => {
  it(`allows ${OTP_FAILURES_PER_PAIR.limit} wrong codes per account from one address across codes, then 429 there; the owner elsewhere still verifies`, async () => {
    expect((await h.post('/auth/register', { name: 'Mai', email: 'otp@example.com', password: PASSWORD }, newAddress())).status).toBe(201);
    const attacker = newAddress();
    const answers: number[] = [];
    for (let round = 0; answers.length < OTP_FAILURES_PER_PAIR.limit; round += 1) {
      await h.post('/auth/generate_otp', { email: 'otp@example.com' }, newAddress());
      const code = otpOf(await h.lastMail('otp@example.com', 'otp'));
      for (let i = 0; i < 5 && answers.length < OTP_FAILURES_PER_PAIR.limit; i += 1) {
        answers.push((await h.post('/auth/verify_otp', { email: 'otp@example.com', otp: wrongFor(code) }, attacker)).status);
      }
    }
    expect(answers.every((status) => status === 400)).toBe(true);
    await h.post('/auth/generate_otp', { email: 'otp@example.com' }, newAddress());
    const code = otpOf(await h.lastMail('otp@example.com', 'otp'));
    const limited = await h.post('/auth/verify_otp', { email: 'otp@example.com', otp: Number(code) }, attacker);
    expect(limited).toMatchObject({ status: 429, body: { code: 'tooManyAttempts' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, from their own address, verifies with the same code.
    expect((await h.post('/auth/verify_otp', { email: 'otp@example.com', otp: Number(code) }, newAddress())).status).toBe(200);
  });

  it(`sends at most ${MAILS_PER_PAIR.limit} mails per account from one address (codes and links alike), then 429 there only`, async () => {
    expect((await h.post('/auth/register', { name: 'Mai', email: 'flood@example.com', password: PASSWORD }, newAddress())).status).toBe(201);
    const from = newAddress();
    for (let i = 0; i < MAILS_PER_PAIR.limit; i += 1) expect((await h.post('/auth/generate_otp', { email: 'flood@example.com' }, from)).status).toBe(200);
    const limited = await h.post('/auth/generate_otp', { email: 'flood@example.com' }, from);
    expect(limited).toMatchObject({ status: 429, body: { code: 'tooManyAttempts' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await h.post('/auth/forgot-password', { email: 'flood@example.com' }, from)).toMatchObject({ status: 429 });
    expect((await h.outbox()).filter((mail) => mail.to === 'flood@example.com')).toHaveLength(MAILS_PER_PAIR.limit);
    // Another address may still ask for this account.
    expect((await h.post('/auth/generate_otp', { email: 'flood@example.com' }, newAddress())).status).toBe(200);
  });

  it(`slows mails to one account beyond ${MAILS_PER_ACCOUNT.limit} from anywhere, with a growing delay, and never refuses them`, async () => {
    expect((await h.post('/auth/register', { name: 'Mai', email: 'popular@example.com', password: PASSWORD }, newAddress())).status).toBe(201);
    h.delays.length = 0;
    for (let i = 0; i < MAILS_PER_ACCOUNT.limit; i += 1)
      expect((await h.post('/auth/generate_otp', { email: 'popular@example.com' }, newAddress())).status).toBe(200);
    expect(h.delays).toEqual([]);
    for (let i = 0; i < 5; i += 1) expect((await h.post('/auth/generate_otp', { email: 'popular@example.com' }, newAddress())).status).toBe(200);
    expect(h.delays).toEqual([SLOWDOWN_BASE_MS, 2 * SLOWDOWN_BASE_MS, 4 * SLOWDOWN_BASE_MS, SLOWDOWN_MAX_MS, SLOWDOWN_MAX_MS]);
  });

  it('does not lock an unverified owner out: after attackers on several addresses spent what they can, the owner gets a code within a bounded wait and verifies', async () => {
    const owner = newAddress();
    expect((await h.post('/auth/register', { name: 'Mai', email: 'besieged@example.com', password: PASSWORD }, owner)).status).toBe(201);
    const attackers = [newAddress(), newAddress(), newAddress()];
    for (const attacker of attackers) {
      // Every code it can have mailed (to the owner's inbox), each replacing the last…
      let mails = 0;
      while ((await h.post('/auth/generate_otp', { email: 'besieged@example.com' }, attacker)).status === 200) mails += 1;
      expect(mails).toBeLessThanOrEqual(MAILS_PER_ACCOUNT.limit);
      // …and every wrong guess it is allowed, killing the live code after its fifth.
      const wrong = wrongFor(otpOf(await h.lastMail('besieged@example.com', 'otp')));
      let guesses = 0;
      while ((await h.post('/auth/verify_otp', { email: 'besieged@example.com', otp: wrong }, attacker)).status === 400) guesses += 1;
      expect(guesses).toBeLessThanOrEqual(OTP_FAILURES_PER_PAIR.limit);
    }
    h.delays.length = 0;
    // The owner, from their own address, at once: a fresh code, and it works.
    expect((await h.post('/auth/generate_otp', { email: 'besieged@example.com' }, owner)).status).toBe(200);
    const code = otpOf(await h.lastMail('besieged@example.com', 'otp'));
    expect((await h.post('/auth/verify_otp', { email: 'besieged@example.com', otp: Number(code) }, owner)).status).toBe(200);
    expect((await login('besieged@example.com', PASSWORD, owner)).status).toBe(200);
    // The wait: a slowed step or two, each at most SLOWDOWN_MAX_MS.
    expect(h.delays.length).toBeGreaterThan(0);
    expect(h.delays.every((ms) => ms <= SLOWDOWN_MAX_MS)).toBe(true);
  });
});

describe(`password reset mail limits (${DRIVER})`, () => {
  it(`allows ${MAILS_PER_ADDRESS.limit} reset requests per client address across accounts, then 429 there only`, async () => {
    const from = newAddress();
    for (let i = 0; i < MAILS_PER_ADDRESS.limit; i += 1)
      expect((await h.post('/auth/forgot-password', { email: `forgetful-${i}@example.com` }, from)).status).toBe(200);
    const limited = await h.post('/auth/forgot-password', { email: 'forgetful-more@example.com' }, from);
    expect(limited).toMatchObject({ status: 429, body: { code: 'tooManyAttempts' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await h.post('/auth/forgot-password', { email: 'forgetful-more@example.com' }, newAddress())).status).toBe(200);
  });

  it('does not lock an owner out of a reset: after attackers on several addresses spent what they can, the owner gets a link within a bounded wait and resets', async () => {
    const owner = newAddress();
    await h.signUp({ email: 'reset-besieged@example.com', address: owner['X-Forwarded-For'] });
    const attackers = [newAddress(), newAddress(), newAddress()];
    for (const attacker of attackers) {
      let mails = 0;
      while ((await h.post('/auth/forgot-password', { email: 'reset-besieged@example.com' }, attacker)).status === 200) mails += 1;
      expect(mails).toBeLessThanOrEqual(MAILS_PER_ACCOUNT.limit);
      let guesses = 0;
      const wrong = () =>
        h.post('/auth/reset-password', { email: 'reset-besieged@example.com', reset_token: `guess-${guesses}`, new_password: 'a new passphrase' }, attacker);
      while ((await wrong()).status === 400) guesses += 1;
      expect(guesses).toBeLessThanOrEqual(RESET_FAILURES_PER_PAIR.limit);
    }
    h.delays.length = 0;
    expect((await h.post('/auth/forgot-password', { email: 'reset-besieged@example.com' }, owner)).status).toBe(200);
    const { token } = resetTokenOf(await h.lastMail('reset-besieged@example.com', 'reset'));
    expect(
      (await h.post('/auth/reset-password', { email: 'reset-besieged@example.com', reset_token: token, new_password: 'a new passphrase' }, owner)).status,
    ).toBe(200);
    expect((await login('reset-besieged@example.com', 'a new passphrase', owner)).status).toBe(200);
    expect(h.delays.length).toBeGreaterThan(0);
    expect(h.delays.every((ms) => ms <= SLOWDOWN_MAX_MS)).toBe(true);
  });
});
