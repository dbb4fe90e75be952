/**
 * The /v1 core on a fresh database: the app with a movable clock (over a database that counts
 * its queries), accounts made directly in the database, and API tokens inserted as rows the way
 * the management API stores them (only the SHA-256 and the display prefix of the secret).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import type { Database } from '../../../server/db/connection.ts';
import { createUsersRepository } from '../../../server/auth/users-repository.ts';
import { displayPrefix, generateToken, hashToken } from '../../../server/tokens/format.ts';
import type { ApiTokenService } from '../../../src/contract/token-terms.ts';
import { createClock, type CallResult, type Clock } from './accounts.ts';
import { describeStatement } from './statements.ts';
import type { PublicApi } from '../../../server/public-api/index.ts';
import { createTestApp, type TestAppOptions } from './app.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface ApiTokenOptions {
  rateLimit?: number;
  active?: boolean;
  expiresAt?: Date | null;
  permissions?: ApiTokenService[];
  creditCap?: number | null;
}

export interface InsertedToken {
  id: string;
  secret: string;
}

export interface PublicApiHarness {
  test: TestDatabase;
  /** The database as the app sees it (queries counted). */
  database: Database;
  app: ReturnType<typeof createTestApp>;
  clock: Clock;
  /** Queries the app has sent to the database so far. */
  queries(): number;
  /** Those of them that write (statements.ts). */
  writes(): number;
  /** Writes the /v1 usage the app has buffered (server/public-api/usage.ts). */
  flushUsage(): Promise<void>;
  /** A verified account on `plan` holding `credits`. */
  account(plan?: string, credits?: number): Promise<string>;
  token(userId: string, options?: ApiTokenOptions): Promise<InsertedToken>;
  /** `token` goes in `Authorization: Bearer …`; `authorization` replaces the whole header. */
  call(
    method: string,
    url: string,
    options?: { token?: string; authorization?: string; headers?: Record<string, string>; body?: unknown },
  ): Promise<CallResult>;
  dispose(): Promise<void>;
}

/** `database` with a Kysely whose every query is counted (and, apart, every one that writes). */
function counting(database: Database): { database: Database; queries: () => number; writes: () => number } {
  let count = 0;
  let writes = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      count += 1;
      if (describeStatement(args.node).writes) writes += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { database: { ...database, kysely: database.kysely.withPlugin(plugin) } as Database, queries: () => count, writes: () => writes };
}

export async function insertToken(database: Database, userId: string, options: ApiTokenOptions = {}, at = new Date()): Promise<InsertedToken> {
  const secret = generateToken();
  const id = randomUUID();
  await database.kysely
    .insertInto('api_tokens')
    .values({
      id,
      user_id: userId,
      name: `Catalogue sync ${id.slice(0, 4)}`,
      token_hash: hashToken(secret),
      token_prefix: displayPrefix(secret),
      permissions: JSON.stringify(options.permissions ?? ['virtual-tryon', 'upscaler']),
      rate_limit: options.rateLimit ?? 60,
      active: options.active ?? true,
      expires_at: options.expiresAt === undefined ? null : options.expiresAt,
      credit_cap: options.creditCap ?? null,
      webhook_url: null,
      webhook_secret: `whsec_${randomBytes(24).toString('base64')}`,
      created_at: at,
    })
    .execute();
  return { id, secret };
}

export async function createAccount(database: Database, plan = 'pro', credits = 100): Promise<string> {
  const user = await createUsersRepository(database).create(
    {
      email: `api-${randomUUID()}@example.com`,
      name: 'Phạm Thu Trang',
      passwordHash: null,
      profilePicture: null,
      language: 'vi',
      isVerified: true,
      firebaseUid: null,
      createdAt: new Date(),
    },
    [{ kind: 'grant', amount: credits, reason: 'test credits', idempotencyKey: 'test-grant' }],
  );
  await database.kysely.updateTable('users').set({ plan }).where('id', '=', user.id).execute();
  return user.id;
}

export async function createPublicApiHarness(options: { start?: number; usageFlush?: TestAppOptions['usageFlush'] } = {}): Promise<PublicApiHarness> {
  const test = await createTestDatabase({ migrated: true });
  const counted = counting(test.database);
  const clock = createClock(options.start);
  let publicApi: PublicApi | undefined;
  const app = createTestApp({
    database: counted.database,
    now: clock.now,
    onPublicApi: (assembled) => {
      publicApi = assembled;
    },
    ...(options.usageFlush ? { usageFlush: options.usageFlush } : {}),
  });

  const call: PublicApiHarness['call'] = async (method, url, callOptions = {}) => {
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.token) headers.Authorization = `Bearer ${callOptions.token}`;
    if (callOptions.authorization !== undefined) headers.Authorization = callOptions.authorization;
    const init: RequestInit = { method, headers };
    if (callOptions.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(callOptions.body);
    }
    const response = await app.request(url, init);
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    };
  };

  return {
    test,
    database: counted.database,
    app,
    clock,
    queries: counted.queries,
    writes: counted.writes,
    flushUsage: async () => publicApi?.flushUsage(),
    account: (plan, credits) => createAccount(test.database, plan, credits),
    token: (userId, tokenOptions) => insertToken(test.database, userId, tokenOptions, new Date(clock.now())),
    call,
    dispose: async () => {
      await publicApi?.close();
      await test.dispose();
    },
  };
}
