/**
 * The generations area on a fresh database, around a real queue (pg-boss with in-process
 * workers), the real media area (local storage in a temp DATA_DIR) and an engine of the test's
 * choosing (the controllable test engine by default, or the real local engine). People are made
 * straight in the database with the credits a test wants; calls go through the HTTP app.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { KyselyPlugin } from 'kysely';
import * as v from 'valibot';
import { GenerationSchema, type Generation } from '../../../src/contract/generations.schema.ts';
import { AssetSchema, type Asset } from '../../../src/contract/media.schema.ts';
import { createSessionsRepository, startSessionToken } from '../../../server/auth/sessions.ts';
import { createAccessTokens } from '../../../server/auth/tokens.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/connection.ts';
import { startNotifications, type Notifications } from '../../../server/db/notifications.ts';
import { createEngineRegistry } from '../../../server/engines/index.ts';
import type { Engine } from '../../../server/engines/types.ts';
import { createGenerations, type Generations, type GenerationsTuning } from '../../../server/generations/index.ts';
import { createMedia, type Media } from '../../../server/media/index.ts';
import { startQueue, type Queue } from '../../../server/queue/index.ts';
import { createUsersRepository } from '../../../server/auth/users-repository.ts';
import { createTestApp, TEST_SIGNING_KEY } from './app.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { silentLogger } from './logs.ts';
import { describeStatement, type Statement } from './statements.ts';

export type { Statement } from './statements.ts';

export interface CallResult {
  status: number;
  headers: Headers;
  // oxlint-disable-next-line typescript/no-explicit-any -- each test reads the fields it expects
  body: any;
}

export interface Person {
  id: string;
  email: string;
  token: string;
  call(method: string, url: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<CallResult>;
  /** POST /api/generations (with an Idempotency-Key when given). */
  submit(body: unknown, idempotencyKey?: string): Promise<CallResult>;
  /** Uploads an image or video and returns the asset. */
  upload(bytes: Buffer, filename: string, fields?: { purpose?: string; role?: string }): Promise<Asset>;
  generation(id: string): Promise<Generation>;
  /** Polls the job until it has ended (completed, failed, cancelled). */
  settled(id: string, timeoutMs?: number): Promise<Generation>;
}

export interface LedgerRow {
  kind: string;
  amount: number;
  idempotency_key: string;
}

export interface GenerationsHarness {
  test: TestDatabase;
  database: Database;
  /** The database's notifications, as a server process has them (Postgres; null on PGlite). */
  notifications: Notifications | null;
  /** The same database through the Kysely the harness's areas use, whose statements queriesDuring counts. */
  countedDatabase: Database;
  queue: Queue;
  media: Media;
  generations: Generations;
  app: ReturnType<typeof createTestApp>;
  dataDir: string;
  /** A verified account with `credits` (default 10), named `name` (default a Vietnamese full name). */
  person(credits?: number, options?: { name?: string }): Promise<Person>;
  ledger(userId: string): Promise<LedgerRow[]>;
  balance(userId: string): Promise<number>;
  /**
   * Runs `fn` and answers the database statements it issued (their kind: SelectQueryNode, …),
   * counted by a Kysely plugin in `fn`'s async context only (workers and other requests are not).
   */
  queriesDuring<T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[] }>;
  /** As queriesDuring, with whether each statement writes (an INSERT, UPDATE or DELETE anywhere in it). */
  statementsDuring<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }>;
  dispose(): Promise<void>;
}

export interface GenerationsHarnessOptions {
  /** The engine that stands in for `local` (default: the real local engine). */
  engine?: Engine;
  tuning?: GenerationsTuning;
  /** In-process workers (WORKERS). */
  workers?: number;
  /** Server variables of the app on top of the harness's own (e.g. DEV_TOOLS). */
  env?: Record<string, string>;
}

/** Polls `probe` every 50 ms until it returns a value other than undefined. */
export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await sleep(50);
  }
}

const ENDED = new Set(['completed', 'failed', 'cancelled']);

/** Grant rows of test people (the reason the ledger shows). */
const TEST_GRANT_REASON = 'test credits';

export async function createGenerationsHarness(options: GenerationsHarnessOptions = {}): Promise<GenerationsHarness> {
  const test = await createTestDatabase({ migrated: true });
  const counting = new AsyncLocalStorage<Statement[]>();
  const counter: KyselyPlugin = {
    transformQuery(args) {
      counting.getStore()?.push(describeStatement(args.node));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  // Every area of the harness queries through the counting Kysely.
  const database: Database = { ...test.database, kysely: test.database.kysely.withPlugin(counter) };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-generations-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WORKERS: String(options.workers ?? 2) });
  const logger = silentLogger();
  const notifications = test.url ? await startNotifications({ connectionString: test.url, logger }) : null;
  const queue = await startQueue({ config, db: database, logger });
  const media = createMedia({ config, database, logger, signingKey: TEST_SIGNING_KEY });
  const engines = createEngineRegistry(options.engine ? { config, logger, overrides: { local: options.engine } } : { config, logger });
  const generations = createGenerations({
    database,
    notifications,
    queue,
    media: media.service,
    engines,
    logger,
    dataDir,
    ...(options.tuning ? { tuning: options.tuning } : {}),
  });
  await generations.start();
  const app = createTestApp({ database, queue, media, generations, env: { ...options.env, DATA_DIR: dataDir } });
  const users = createUsersRepository(database);
  const tokens = createAccessTokens({ secret: TEST_SIGNING_KEY, ttlSeconds: 3_600, now: Date.now });

  const request = async (token: string, method: string, url: string, callOptions: { body?: unknown; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, ...callOptions.headers };
    const init: RequestInit = { method, headers };
    if (callOptions.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(callOptions.body);
    }
    const response = await app.request(url, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };

  return {
    test,
    database: test.database,
    notifications,
    countedDatabase: database,
    queue,
    media,
    generations,
    app,
    dataDir,
    async person(credits = 10, personOptions = {}) {
      const email = `person-${randomUUID()}@example.com`;
      const user = await users.create(
        {
          email,
          name: personOptions.name ?? 'Trần Văn Minh',
          passwordHash: null,
          profilePicture: null,
          language: 'vi',
          isVerified: true,
          firebaseUid: null,
          createdAt: new Date(),
        },
        credits > 0 ? [{ kind: 'grant', amount: credits, reason: TEST_GRANT_REASON, idempotencyKey: 'test-grant' }] : [],
      );
      const token = await startSessionToken({ sessions: createSessionsRepository(database), tokens, now: Date.now }, user);
      const call: Person['call'] = (method, url, callOptions) => request(token, method, url, callOptions);
      const generation = async (id: string) => {
        const result = await call('GET', `/api/generations/${id}`);
        if (result.status !== 200) throw new Error(`GET generation ${id}: ${result.status} ${JSON.stringify(result.body)}`);
        return v.parse(GenerationSchema, result.body);
      };
      return {
        id: user.id,
        email,
        token,
        call,
        submit: (body, idempotencyKey) =>
          call('POST', '/api/generations', idempotencyKey === undefined ? { body } : { body, headers: { 'Idempotency-Key': idempotencyKey } }),
        async upload(bytes, filename, fields = {}) {
          const form = new FormData();
          if (fields.purpose) form.append('purpose', fields.purpose);
          if (fields.role) form.append('role', fields.role);
          form.append('file', new File([new Uint8Array(bytes)], filename));
          const response = await app.request('/api/media', { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
          const body: unknown = await response.json();
          if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
          return v.parse(AssetSchema, body);
        },
        generation,
        settled: (id, timeoutMs = 15_000) =>
          waitFor(
            async () => {
              const current = await generation(id);
              return ENDED.has(current.status) ? current : undefined;
            },
            timeoutMs,
            `generation ${id} to end`,
          ),
      };
    },
    ledger: (userId) =>
      test.database.kysely
        .selectFrom('credit_ledger')
        .select(['kind', 'amount', 'idempotency_key'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('kind')
        .execute(),
    async balance(userId) {
      const rows = await test.database.kysely.selectFrom('credit_ledger').select('amount').where('user_id', '=', userId).execute();
      return rows.reduce((sum, row) => sum + row.amount, 0);
    },
    async queriesDuring(fn) {
      const statements: Statement[] = [];
      const result = await counting.run(statements, fn);
      return { result, queries: statements.map((statement) => statement.kind) };
    },
    async statementsDuring(fn) {
      const statements: Statement[] = [];
      const result = await counting.run(statements, fn);
      return { result, statements };
    },
    async dispose() {
      await generations.stop(1_000);
      await queue.stop({ timeoutMs: 1_000 });
      await notifications?.close();
      await test.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
