/**
 * /v1 on the generations harness (a real queue, media area and engine): a second app of the same
 * areas, with the real token guard, rate limit and usage counting in front of the generation and
 * media routes. Tokens are rows inserted with the real format.
 */
import { randomUUID } from 'node:crypto';
import { API_TOKEN_SERVICES, RATE_LIMIT_MAX, type ApiTokenService } from '../../../src/contract/token-terms.ts';
import type { AppEnv } from '../../../server/http/types.ts';
import { displayPrefix, generateToken, hashToken } from '../../../server/tokens/format.ts';
import type { Hono } from 'hono';
import type { PublicApi } from '../../../server/public-api/index.ts';
import { createTestApp, type TestAppOptions } from './app.ts';
import { createGenerationsHarness, type CallResult, type GenerationsHarness, type GenerationsHarnessOptions, type Person } from './generations.ts';

/** The origin /v1 answers make asset links absolute with. */
export const TEST_PUBLIC_URL = 'https://atelier.test';

export interface TokenOptions {
  permissions?: readonly ApiTokenService[];
  creditCap?: number | null;
  webhookUrl?: string | null;
}

/** An account with an API token, calling /v1. */
export interface ApiClient {
  person: Person;
  tokenId: string;
  secret: string;
  call(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<CallResult>;
  /** POST /v1/generations (with an Idempotency-Key when given). */
  submit(body: unknown, idempotencyKey?: string): Promise<CallResult>;
  /** POST /v1/media, multipart. */
  upload(bytes: Buffer, filename: string, headers?: Record<string, string>): Promise<CallResult>;
}

export interface V1Harness {
  h: GenerationsHarness;
  /** The app whose /v1 has the routers under test. */
  app: Hono<AppEnv>;
  /** The clock the /v1 rules see (the Idempotency-Key's age), in ms since the epoch. */
  now(): number;
  /** Moves that clock forward, in ms. */
  advance(ms: number): void;
  /** A new account with `credits` (default 10) and a token; `plan` is written to users.plan. */
  client(options?: TokenOptions & { credits?: number; plan?: string; person?: Person }): Promise<ApiClient>;
  /** Another token of the same account. */
  token(person: Person, options?: TokenOptions): Promise<ApiClient>;
  creditsUsed(tokenId: string): Promise<number>;
  /** Writes the /v1 usage the app has buffered (server/public-api/usage.ts). */
  flushUsage(): Promise<void>;
  jobCount(userId: string): Promise<number>;
}

export async function createV1Harness(
  options: GenerationsHarnessOptions & { allowLocalWebhooks?: boolean; usageFlush?: TestAppOptions['usageFlush'] } = {},
): Promise<V1Harness> {
  const h = await createGenerationsHarness(options);
  const db = h.database.kysely;
  let offset = 0;
  const now = () => Date.now() + offset;
  let publicApi: PublicApi | undefined;
  const app = createTestApp({
    // Counted like the harness's own areas (statementsDuring).
    database: h.countedDatabase,
    queue: h.queue,
    media: h.media,
    generations: h.generations,
    // PUBLIC_URL unless a test unsets it (`env: { PUBLIC_URL: '' }`: links follow the request's origin).
    env: { PUBLIC_URL: TEST_PUBLIC_URL, ...options.env, DATA_DIR: h.dataDir },
    now,
    webhookPolicy: { allowLocal: options.allowLocalWebhooks ?? false },
    onPublicApi: (assembled) => {
      publicApi = assembled;
    },
    ...(options.usageFlush ? { usageFlush: options.usageFlush } : {}),
  });

  const request = async (
    secret: string,
    method: string,
    path: string,
    init: { body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
  ): Promise<CallResult> => {
    const headers: Record<string, string> = { Authorization: `Bearer ${secret}`, ...init.headers };
    const requestInit: RequestInit = { method, headers };
    if (init.form) requestInit.body = init.form;
    else if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      requestInit.body = JSON.stringify(init.body);
    }
    const response = await app.request(path, requestInit);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };

  async function token(person: Person, tokenOptions: TokenOptions = {}): Promise<ApiClient> {
    const secret = generateToken();
    const tokenId = randomUUID();
    await db
      .insertInto('api_tokens')
      .values({
        id: tokenId,
        user_id: person.id,
        name: 'Cửa hàng Minh Anh',
        token_hash: hashToken(secret),
        token_prefix: displayPrefix(secret),
        permissions: JSON.stringify(tokenOptions.permissions ?? API_TOKEN_SERVICES),
        // The highest limit: these suites poll jobs and are not about the rate limit.
        rate_limit: RATE_LIMIT_MAX,
        credit_cap: tokenOptions.creditCap ?? null,
        webhook_url: tokenOptions.webhookUrl ?? null,
        webhook_secret: 'whsec_dGVzdC13ZWJob29rLXNlY3JldA==',
        expires_at: null,
        created_at: new Date(),
      })
      .execute();
    const call: ApiClient['call'] = (method, path, callOptions = {}) => request(secret, method, path, callOptions);
    return {
      person,
      tokenId,
      secret,
      call,
      submit: (body, key) => call('POST', '/v1/generations', key === undefined ? { body } : { body, headers: { 'Idempotency-Key': key } }),
      upload(bytes, filename, headers = {}) {
        const form = new FormData();
        form.append('file', new File([new Uint8Array(bytes)], filename));
        return request(secret, 'POST', '/v1/media', { form, headers });
      },
    };
  }

  return {
    h,
    app,
    now,
    advance: (ms) => void (offset += ms),
    async client(clientOptions = {}) {
      const person = clientOptions.person ?? (await h.person(clientOptions.credits ?? 10));
      // API access is a plan feature: Pro unless the test says otherwise.
      await db
        .updateTable('users')
        .set({ plan: clientOptions.plan ?? 'pro' })
        .where('id', '=', person.id)
        .execute();
      return token(person, clientOptions);
    },
    token,
    flushUsage: async () => publicApi?.flushUsage(),
    async creditsUsed(tokenId) {
      const row = await db.selectFrom('api_tokens').select('credits_used').where('id', '=', tokenId).executeTakeFirstOrThrow();
      return row.credits_used;
    },
    async jobCount(userId) {
      const rows = await db.selectFrom('generations').select('id').where('user_id', '=', userId).execute();
      return rows.length;
    },
  };
}
