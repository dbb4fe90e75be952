/**
 * Webhook deliveries end to end (docs/product-rules.md#api-webhooks): a /v1 job ends (the trigger
 * writes the message), the relay hands it to a real pg-boss queue, the worker signs it and POSTs
 * it to a loopback receiver; retries, the final failure, resend, the address policy and two
 * relays at once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GenerationSchema, type Generation } from '../../src/contract/generations.schema.ts';
import { WebhookPayloadSchema } from '../../src/contract/public-api.schema.ts';
import type { GenerationStatusColumn } from '../../server/db/schema.ts';
import { createWebhooks, WEBHOOK_QUEUE, type Webhooks, type WebhooksTuning } from '../../server/public-api/webhooks/index.ts';
import { MAX_ATTEMPTS } from '../../server/public-api/webhooks/schedule.ts';
import { WEBHOOK_USER_AGENT } from '../../server/public-api/webhooks/worker.ts';
import { QUEUE_SCHEMA, startQueue, type Queue } from '../../server/queue/index.ts';
import { createTestDatabase, DRIVER, type TestDatabase } from './helpers/database.ts';
import { captureLogs } from './helpers/logs.ts';

let test: TestDatabase;
const running: Array<{ webhooks: Webhooks; queue: Queue }> = [];
/** What the queues and the webhooks log (warnings and errors end up in a timeout's message). */
let logs = captureLogs();
/**
 * pg-boss retries an attempt whose worker crashed (a database error mid-attempt) after 30 s in
 * production; here after 1 s, so such a retry ends within a test's wait.
 */
const CRASH_RETRY_DELAY_SECONDS = 1;
const servers: Server[] = [];

beforeAll(async () => {
  test = await createTestDatabase({ migrated: true });
}, 120_000);

afterEach(async () => {
  for (const { webhooks, queue } of running.splice(0)) {
    await webhooks.stop();
    await queue.stop({ timeoutMs: 1_000 });
  }
  // A crashed attempt that its retry made good still deserves a look: say what it was.
  const errors = logs.lines.filter((line) => Number(line.level) >= 50);
  if (errors.length > 0) console.warn('webhook errors during the test:', JSON.stringify(errors, null, 1));
  logs = captureLogs();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

afterAll(async () => {
  await test.dispose();
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A loopback receiver: `respond(n)` answers its n-th request (from 1). */
async function receiver(respond: (n: number, response: ServerResponse) => void | Promise<void> = (_n, response) => void response.writeHead(200).end('ok')) {
  const received: Received[] = [];
  let connections = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      void respond(received.length, response);
    });
  });
  server.on('connection', () => (connections += 1));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/hooks/atelier`, port, received, connections: () => connections };
}

/** What GET /v1/generations/{id} would answer, read from the row (the lead wires the real one). */
async function view(userId: string, generationId: string): Promise<Generation | null> {
  const row = await test.database.kysely.selectFrom('generations').selectAll().where('id', '=', generationId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  return v.parse(GenerationSchema, {
    id: row.id,
    feature: row.feature,
    status: row.status,
    stage: null,
    progress: 100,
    inputs: {},
    params: {},
    input_assets: [],
    results: [],
    cost: row.cost,
    engine: row.engine,
    error: null,
    regenerated_from: null,
    shared: false,
    created_at: row.created_at.toISOString(),
    started_at: null,
    finished_at: null,
    processing_ms: null,
  });
}

async function startWebhooks(options: { allowLocal?: boolean; tuning?: WebhooksTuning } = {}): Promise<Webhooks> {
  const queue = await startQueue({ config: { workers: 2 }, db: test.database, logger: logs.logger });
  const webhooks = createWebhooks({
    database: test.database,
    queue,
    logger: logs.logger,
    policy: { allowLocal: options.allowLocal ?? true },
    view,
    // The relay runs when a test calls it unless the test asks for ticks.
    tuning: { relayIntervalMs: 3_600_000, crashRetryDelaySeconds: CRASH_RETRY_DELAY_SECONDS, ...options.tuning },
  });
  running.push({ webhooks, queue });
  await webhooks.start();
  return webhooks;
}

interface Setup {
  userId: string;
  tokenId: string;
  secret: string;
}

/** An account with a token (and its signing secret), as the tokens API makes them. */
async function account(): Promise<Setup> {
  const userId = randomUUID();
  const tokenId = randomUUID();
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const db = test.database.kysely;
  await db
    .insertInto('users')
    .values({
      id: userId,
      email: `${userId}@example.com`,
      name: 'Trần Minh Anh',
      password_hash: null,
      profile_picture: null,
      firebase_uid: null,
      created_at: new Date(),
      plan: 'pro',
    })
    .execute();
  await db
    .insertInto('api_tokens')
    .values({
      id: tokenId,
      user_id: userId,
      name: 'catalogue sync',
      token_hash: randomBytes(32).toString('hex'),
      token_prefix: 'atl_live_abcd',
      permissions: JSON.stringify(['body-generator']),
      rate_limit: 60,
      expires_at: null,
      credit_cap: null,
      webhook_url: null,
      webhook_secret: secret,
      created_at: new Date(),
    })
    .execute();
  return { userId, tokenId, secret };
}

/** A job the token created, with its webhook target; answers the job id. */
async function apiJob(setup: Setup, webhookUrl: string): Promise<string> {
  const id = randomUUID();
  const db = test.database.kysely;
  await db
    .insertInto('generations')
    .values({
      id,
      user_id: setup.userId,
      feature: 'body-generator',
      status: 'processing',
      stage: null,
      inputs: '{}',
      params: '{}',
      cost: 3,
      engine: 'local',
      idempotency_key: null,
      request_hash: null,
      error_code: null,
      error_message: null,
      external_id: null,
      regenerated_from: null,
      created_at: new Date(),
      started_at: new Date(),
      finished_at: null,
    })
    .execute();
  await db
    .insertInto('api_generations')
    .values({ generation_id: id, token_id: setup.tokenId, user_id: setup.userId, cost: 3, webhook_url: webhookUrl, created_at: new Date() })
    .execute();
  return id;
}

/** Ends the job as a worker would: the status change fires the trigger that writes the message. */
async function end(generationId: string, status: GenerationStatusColumn = 'completed'): Promise<string> {
  await test.database.kysely.updateTable('generations').set({ status, finished_at: new Date() }).where('id', '=', generationId).execute();
  const written = await test.database.kysely.selectFrom('webhook_deliveries').select('id').where('generation_id', '=', generationId).executeTakeFirstOrThrow();
  return written.id;
}

async function delivery(id: string) {
  return test.database.kysely.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function attempts(id: string) {
  return test.database.kysely.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', id).orderBy('id').execute();
}

/** Polls until the delivery has left `pending` (or has `count` attempts), within `timeoutMs`. */
async function settled(id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await delivery(id);
    if (row.status !== 'pending') return row;
    if (Date.now() > deadline) throw new Error(`delivery ${id} still pending after ${timeoutMs} ms (attempts ${row.attempts})\n${await diagnosis()}`);
    await sleep(50);
  }
}

async function attemptCount(id: string, count: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await attempts(id)).length < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} attempts of ${id} after ${timeoutMs} ms\n${await diagnosis()}`);
    await sleep(50);
  }
}

/** The queue's jobs, its workers and what was logged: a wait that timed out says why. */
async function diagnosis(): Promise<string> {
  const jobs =
    await sql`select id, state, singleton_key, data, start_after, created_on, started_on, completed_on, retry_count, output, now() as db_now from ${sql.table(`${QUEUE_SCHEMA}.job`)} where name = ${WEBHOOK_QUEUE} order by created_on`.execute(
      test.database.kysely,
    );
  const workers = running.map(({ queue }) => queue.boss.getWipData());
  const logged = logs.lines.filter((line) => Number(line.level) >= 40);
  return JSON.stringify({ now: new Date().toISOString(), jobs: jobs.rows, workers, logged }, null, 1);
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Jobs of the webhook queue for a delivery (pg-boss keeps them in its own table). */
async function jobsOf(deliveryId: string): Promise<number> {
  const rows = await sql<{
    n: number;
  }>`select count(*)::int as n from ${sql.table(`${QUEUE_SCHEMA}.job`)} where name = ${WEBHOOK_QUEUE} and singleton_key = ${deliveryId}`.execute(
    test.database.kysely,
  );
  return Number(rows.rows[0]?.n ?? 0);
}

describe(`webhook deliveries (${DRIVER})`, () => {
  it('sends a finished job once, signed per Standard Webhooks, with the job as the API shows it', async () => {
    const target = await receiver();
    const webhooks = await startWebhooks();
    const setup = await account();
    const generationId = await apiJob(setup, target.url);
    const deliveryId = await end(generationId);

    expect(await webhooks.relayOnce()).toBe(1);
    const row = await settled(deliveryId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200, last_error: null, queued: false, next_attempt_at: null });
    expect(row.delivered_at).toBeInstanceOf(Date);

    expect(target.received).toHaveLength(1);
    const [message] = target.received;
    if (!message) throw new Error('no message');
    expect(message.headers['content-type']).toBe('application/json');
    expect(message.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
    expect(message.headers['webhook-id']).toBe(deliveryId);
    const verified = new Webhook(setup.secret).verify(message.body, message.headers as Record<string, string>);
    const payload = v.parse(WebhookPayloadSchema, verified);
    expect(payload.type).toBe('generation.completed');
    expect(v.parse(GenerationSchema, payload.data.generation)).toMatchObject({ id: generationId, status: 'completed', feature: 'body-generator' });
    expect(() => new Webhook(`whsec_${randomBytes(24).toString('base64')}`).verify(message.body, message.headers as Record<string, string>)).toThrow(
      /signature/i,
    );

    const logged = await attempts(deliveryId);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ status_code: 200, error: null });

    // Nothing is due any more: another pass sends nothing, and one job was ever queued.
    expect(await webhooks.relayOnce()).toBe(0);
    expect(await jobsOf(deliveryId)).toBe(1);
    expect(target.received).toHaveLength(1);
  });

  it('retries a failing receiver with growing waits until it answers 2xx', async () => {
    const waits: number[] = [];
    const target = await receiver(async (n, response) => {
      if (n > 1) {
        // The wait the worker scheduled after the previous attempt: next_attempt_at − that attempt's time.
        const id = String(target.received[n - 1]?.headers['webhook-id']);
        const row = await delivery(id);
        const [last] = (await attempts(id)).slice(-1);
        if (row.next_attempt_at && last) waits.push(row.next_attempt_at.getTime() - last.at.getTime());
      }
      response.writeHead(n <= 2 ? 500 : 200).end(n <= 2 ? 'database is down' : 'ok');
    });
    const webhooks = await startWebhooks({ tuning: { baseDelayMs: 200, maxDelayMs: 60_000 } });
    const setup = await account();
    const deliveryId = await end(await apiJob(setup, target.url), 'failed');

    expect(await webhooks.relayOnce()).toBe(1);
    const row = await settled(deliveryId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 200, last_error: null });
    const logged = await attempts(deliveryId);
    expect(logged.map((attempt) => attempt.status_code)).toEqual([500, 500, 200]);
    expect(logged[0]?.error).toBe('HTTP 500 Internal Server Error: database is down');
    // 200 ms then 800 ms, each ±10 %.
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(180);
    expect(waits[0]).toBeLessThanOrEqual(220);
    expect(waits[1]).toBeGreaterThanOrEqual(720);
    expect(waits[1]).toBeLessThanOrEqual(880);
    // Every attempt carried the same message id, and the message is the job's failure.
    expect(new Set(target.received.map((message) => message.headers['webhook-id']))).toEqual(new Set([deliveryId]));
    expect(JSON.parse(target.received[0]?.body ?? '{}')).toMatchObject({ type: 'generation.failed' });
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts on a receiver that never answers 2xx`, async () => {
    const target = await receiver((_n, response) => void response.writeHead(503).end());
    const webhooks = await startWebhooks({ tuning: { baseDelayMs: 10, maxDelayMs: 50 } });
    const deliveryId = await end(await apiJob(await account(), target.url), 'cancelled');

    await webhooks.relayOnce();
    const row = await settled(deliveryId, 60_000);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      last_status_code: 503,
      last_error: 'HTTP 503 Service Unavailable',
      queued: false,
      next_attempt_at: null,
      delivered_at: null,
    });
    expect(await attempts(deliveryId)).toHaveLength(MAX_ATTEMPTS);
    expect(target.received).toHaveLength(MAX_ATTEMPTS);
    expect(await webhooks.relayOnce()).toBe(0);
  }, 90_000);

  it('sends a message again with the same webhook-id when it is resent', async () => {
    const target = await receiver();
    const webhooks = await startWebhooks();
    const setup = await account();
    const deliveryId = await end(await apiJob(setup, target.url));
    await webhooks.relayOnce();
    await settled(deliveryId);

    // What POST /api/tokens/{id}/deliveries/{deliveryId}/resend does to the row.
    await test.database.kysely
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', queued: false, next_attempt_at: new Date() })
      .where('id', '=', deliveryId)
      .execute();
    expect(await webhooks.relayOnce()).toBe(1);
    const row = await settled(deliveryId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(target.received).toHaveLength(2);
    expect(target.received.map((message) => message.headers['webhook-id'])).toEqual([deliveryId, deliveryId]);
    for (const message of target.received) expect(new Webhook(setup.secret).verify(message.body, message.headers as Record<string, string>)).toBeTruthy();
  });

  it('brings a waiting retry forward when the message is resent, instead of sending it twice', async () => {
    const target = await receiver((n, response) => void response.writeHead(n === 1 ? 502 : 200).end());
    // The retry after the first failure would wait an hour.
    const webhooks = await startWebhooks({ tuning: { baseDelayMs: 3_600_000 } });
    const deliveryId = await end(await apiJob(await account(), target.url));
    await webhooks.relayOnce();
    await attemptCount(deliveryId, 1);
    expect(await delivery(deliveryId)).toMatchObject({ status: 'pending', attempts: 1, queued: true, last_status_code: 502 });
    expect(await jobsOf(deliveryId)).toBe(2);

    await test.database.kysely
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', queued: false, next_attempt_at: new Date() })
      .where('id', '=', deliveryId)
      .execute();
    expect(await webhooks.relayOnce()).toBe(1);
    expect(await settled(deliveryId)).toMatchObject({ status: 'delivered', attempts: 2 });
    // The waiting job was moved, not joined by another one.
    expect(await jobsOf(deliveryId)).toBe(2);
    expect(target.received).toHaveLength(2);
  });

  it('in production refuses a private address without connecting, and logs the attempt', async () => {
    const target = await receiver();
    // Far-off retries: the test looks at the first attempt only.
    const webhooks = await startWebhooks({ allowLocal: false, tuning: { baseDelayMs: 3_600_000 } });
    const deliveryId = await end(await apiJob(await account(), `https://127.0.0.1:${target.port}/hooks/atelier`));

    await webhooks.relayOnce();
    await attemptCount(deliveryId, 1);
    const [attempt] = await attempts(deliveryId);
    expect(attempt).toMatchObject({ status_code: null, error: 'refused: 127.0.0.1 resolves to a private address' });
    const row = await delivery(deliveryId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, queued: true, last_status_code: null });
    expect(row.next_attempt_at?.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    expect(target.connections()).toBe(0);
  });

  it('sends each message once when two relays run at once', async () => {
    const target = await receiver();
    // Two processes: two queues (pg-boss instances) and two relays on the same database.
    const first = await startWebhooks();
    const second = await startWebhooks();
    const setup = await account();
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) ids.push(await end(await apiJob(setup, target.url)));

    const counts = await Promise.all([first.relayOnce(), second.relayOnce(), first.relayOnce(), second.relayOnce()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(ids.length);
    for (const id of ids) expect((await settled(id)).status).toBe('delivered');
    for (const id of ids) expect(await jobsOf(id)).toBe(1);
    expect(target.received.map((message) => message.headers['webhook-id']).toSorted()).toEqual(ids.toSorted());
  });

  it('sends again a queued message whose job was lost, but not one merely late', async () => {
    const target = await receiver();
    const setup = await account();
    const lost = await end(await apiJob(setup, target.url));
    const late = await end(await apiJob(setup, target.url));
    // Handed to a queue that lost the job an hour and more ago; the other one is a minute late.
    await test.database.kysely
      .updateTable('webhook_deliveries')
      .set({ queued: true, next_attempt_at: minutesAgo(61) })
      .where('id', '=', lost)
      .execute();
    await test.database.kysely
      .updateTable('webhook_deliveries')
      .set({ queued: true, next_attempt_at: minutesAgo(1) })
      .where('id', '=', late)
      .execute();

    const webhooks = await startWebhooks();
    // A process's first pass sweeps for lost jobs.
    expect(await webhooks.relayOnce()).toBe(1);
    expect((await settled(lost)).status).toBe('delivered');
    expect(target.received.map((message) => message.headers['webhook-id'])).toEqual([lost]);
    expect(await delivery(late)).toMatchObject({ status: 'pending', queued: true, attempts: 0 });
    expect(await jobsOf(late)).toBe(0);
  });

  it('runs the relay on its own every interval once started', async () => {
    const target = await receiver();
    await startWebhooks({ tuning: { relayIntervalMs: 100 } });
    const deliveryId = await end(await apiJob(await account(), target.url));
    expect((await settled(deliveryId)).status).toBe('delivered');
    expect(target.received).toHaveLength(1);
  });
});
