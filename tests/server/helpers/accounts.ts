/**
 * The accounts area on a fresh database: the app with a movable clock, a temp DATA_DIR (outbox,
 * signing key), background work that can be awaited, and helpers to call the API as the PWA does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Billing } from '../../../server/billing/index.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import * as v from 'valibot';
import { LoginResponseSchema, type LoginResponse } from '../../../src/contract/auth.schema.ts';
import type { OutboxMail } from '../../../src/contract/dev-tools.schema.ts';
import { createBackgroundTasks, type BackgroundTasks } from '../../../server/platform/background.ts';
import type { Accounts } from '../../../server/auth/index.ts';
import type { Database } from '../../../server/db/connection.ts';
import { createOutboxTransport, listOutbox, OUTBOX_DIR, type MailTransport } from '../../../server/mail/transport.ts';
import { createTestApp, type TestAppOptions } from './app.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { silentLogger } from './logs.ts';

export interface Clock {
  now(): number;
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void;
}

export function createClock(start: number = Date.now()): Clock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
  };
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export interface CallResult {
  status: number;
  headers: Headers;
  // oxlint-disable-next-line typescript/no-explicit-any -- each test reads the fields it expects
  body: any;
}

export interface AccountsHarness {
  test: TestDatabase;
  database: Database;
  app: ReturnType<typeof createTestApp>;
  clock: Clock;
  tasks: BackgroundTasks;
  dataDir: string;
  accounts: Accounts;
  /** The billing area of the first app (its scheduled work, its service, the sandbox). */
  billing: Billing;
  /** Builds another app (another "process") on the same database, data directory and clock. */
  another(options?: Partial<TestAppOptions>): ReturnType<typeof createTestApp>;
  /**
   * `address`: the socket peer the request comes from (without it, none: the limits count it
   * under 'unknown').
   */
  call(method: string, url: string, options?: { body?: unknown; token?: string; headers?: Record<string, string>; address?: string }): Promise<CallResult>;
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<CallResult>;
  /** The outbox, newest first, after background mails went out. */
  outbox(): Promise<OutboxMail[]>;
  /** The newest mail to `email` of that kind. */
  lastMail(email: string, kind: OutboxMail['kind']): Promise<OutboxMail>;
  /**
   * Registers, verifies through the mailed code, and logs in, from an address of its own (so
   * the per-address registration limit does not stop a file's sign-ups), or from `address`.
   */
  signUp(input: { email: string; password?: string; name?: string; language?: 'vi' | 'en'; address?: string }): Promise<LoginResponse>;
  /** The delays the limits asked for, in ms, in order (they are recorded, not waited). */
  delays: number[];
  /** Every row of every table, as JSON text: for "never stored in clear" checks. */
  dump(): Promise<string>;
  dispose(): Promise<void>;
}

export const PASSWORD = 'correct horse battery';

export async function createAccountsHarness(
  options: {
    env?: Record<string, string>;
    trustProxy?: boolean;
    /** How long the outbox takes to write each mail, in real ms (0 unless given): races between mails. */
    mailDelayMs?: (mail: Parameters<MailTransport['send']>[0]) => number;
  } = {},
): Promise<AccountsHarness> {
  const test = await createTestDatabase({ migrated: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-accounts-'));
  const clock = createClock();
  const tasks = createBackgroundTasks(silentLogger());
  const closers: Array<() => Promise<void>> = [];
  let accounts: Accounts | undefined;
  const delays: number[] = [];

  const outboxTransport = createOutboxTransport(path.join(dataDir, OUTBOX_DIR));
  const { mailDelayMs } = options;
  const mailTransport: MailTransport | undefined = mailDelayMs && {
    name: 'outbox',
    async send(mail, now) {
      const ms = mailDelayMs(mail);
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
      await outboxTransport.send(mail, now);
    },
  };
  const build = (extra: Partial<TestAppOptions> = {}) =>
    createTestApp({
      ...(mailTransport ? { mailTransport } : {}),
      database: test.database,
      trustProxy: options.trustProxy ?? false,
      now: clock.now,
      sleep: async (ms: number) => {
        delays.push(ms);
      },
      tasks,
      ...extra,
      env: { DATA_DIR: dataDir, ...options.env, ...extra.env },
      onAccounts: (assembled) => {
        accounts ??= assembled;
        closers.push(() => assembled.close());
      },
    });
  let billing: Billing | undefined;
  const app = build({ onBilling: (built) => (billing ??= built) });
  if (!accounts || !billing) throw new Error('accounts or billing were not assembled');

  const call: AccountsHarness['call'] = async (method, url, callOptions = {}) => {
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.body !== undefined) headers['Content-Type'] = 'application/json';
    if (callOptions.token) headers.Authorization = `Bearer ${callOptions.token}`;
    const init: RequestInit = { method, headers };
    if (callOptions.body !== undefined) init.body = JSON.stringify(callOptions.body);
    const response = await app.request(url, init, callOptions.address ? socketFrom(callOptions.address) : undefined);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
  const post = (url: string, body: unknown, headers?: Record<string, string>) => call('POST', url, headers ? { body, headers } : { body });
  let signUps = 0;

  const outbox = async () => {
    await tasks.settle();
    return listOutbox(path.join(dataDir, OUTBOX_DIR));
  };
  const lastMail = async (email: string, kind: OutboxMail['kind']) => {
    const mail = (await outbox()).find((item) => item.to === email && item.kind === kind);
    if (!mail) throw new Error(`no ${kind} mail to ${email} in the outbox`);
    return mail;
  };

  return {
    test,
    database: test.database,
    app,
    clock,
    tasks,
    dataDir,
    accounts,
    billing,
    another: build,
    call,
    post,
    outbox,
    lastMail,
    delays,
    async signUp(input) {
      const password = input.password ?? PASSWORD;
      signUps += 1;
      const address = input.address ?? `2001:db8:5::${signUps.toString(16)}`;
      const from = (body: unknown) => ({ body, address });
      const registered = await call(
        'POST',
        '/auth/register',
        from({ name: input.name ?? 'Nguyễn Thị Lan', email: input.email, password, language: input.language ?? 'vi' }),
      );
      if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered)}`);
      await call('POST', '/auth/generate_otp', from({ email: input.email }));
      const code = otpOf(await lastMail(input.email, 'otp'));
      const verified = await call('POST', '/auth/verify_otp', from({ email: input.email, otp: Number(code) }));
      if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified)}`);
      const login = await call('POST', '/auth/login', from({ username: input.email, password }));
      if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login)}`);
      return v.parse(LoginResponseSchema, login.body);
    },
    async dump() {
      const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(
        test.database.kysely,
      );
      const parts: string[] = [];
      for (const { name } of tables.rows) {
        const rows = await sql<{ row: unknown }>`select row_to_json(t)::text as row from ${sql.table(name)} t`.execute(test.database.kysely);
        parts.push(...rows.rows.map((r) => String(r.row)));
      }
      return parts.join('\n');
    },
    async dispose() {
      await tasks.settle();
      for (const close of closers) await close();
      await test.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The bindings of a request that came through a socket from `address` (what @hono/node-server passes). */
export function socketFrom(address: string): { incoming: { socket: { remoteAddress: string } } } {
  return { incoming: { socket: { remoteAddress: address } } };
}

/** The 6-digit code of an OTP mail (from its text). */
export function otpOf(mail: OutboxMail): string {
  const code = /^\s{4}(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}

/** The reset token of a reset mail (from its link). */
export function resetTokenOf(mail: OutboxMail): { link: URL; token: string; email: string } {
  const href = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!href) throw new Error(`no link in mail: ${mail.text}`);
  const link = new URL(href);
  return { link, token: link.searchParams.get('token') ?? '', email: link.searchParams.get('email') ?? '' };
}

/** The payload of a JWT, without verifying it. */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}
