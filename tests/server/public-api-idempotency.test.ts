/**
 * POST /v1/generations and its Idempotency-Key, kept 24 h (docs/product-rules.md#api-idempotency):
 * a repeat answers the first job and never charges again, also when the duplicates arrive at
 * once; another body is refused; a key older than 24 h or abandoned by a stalled request starts
 * over; a failed submit gives the key back. And the request's webhook target as it is stored.
 * No workers: jobs stay queued, so every count below is the submit's own.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenerationSchema } from '../../src/contract/generations.schema.ts';
import { PUBLIC_API_MESSAGES } from '../../src/contract/public-api.ts';
import { creditLedger } from '../../server/credits/ledger.ts';
import { requestHash } from '../../server/generations/request-hash.ts';
import { ABANDONED_CLAIM_MS, IDEMPOTENCY_TTL_MS } from '../../server/public-api/idempotency-repository.ts';
import { DRIVER } from './helpers/database.ts';
import { createV1Harness, type ApiClient, type V1Harness } from './helpers/public-api-generations.ts';

const BODY = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'female', height: 165, weight: 55, age: 28, skin_tone: 'light', body_type: 'mesomorph', aspect_ratio: '3:4' },
} as const;
const OTHER_BODY = { ...BODY, params: { ...BODY.params, age: 40 } };

let x: V1Harness;

beforeAll(async () => {
  x = await createV1Harness({ workers: 0 });
}, 120_000);

afterAll(async () => {
  await x?.h.dispose();
});

/** The account's reservations (one per job created). */
async function reserves(client: ApiClient) {
  return (await x.h.ledger(client.person.id)).filter((row) => row.kind === 'reserve');
}

async function claims(client: ApiClient) {
  return x.h.database.kysely.selectFrom('api_idempotency').selectAll().where('user_id', '=', client.person.id).execute();
}

describe(`Idempotency-Key of POST /v1/generations (${DRIVER})`, () => {
  it('answers the first job (200) to the same key and body, charged once', async () => {
    const client = await x.client({ credits: 5 });
    const first = await client.submit(BODY, 'order-1001');
    expect(first.status).toBe(202);
    const job = v.parse(GenerationSchema, first.body);
    expect(first.headers.get('location')).toBe(`/v1/generations/${job.id}`);
    // The same request with its keys in another order is the same request.
    const again = await client.submit({ params: BODY.params, inputs: {}, feature: 'body-generator' }, 'order-1001');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: job.id, status: 'queued' });
    expect(again.headers.get('location')).toBeNull();
    expect(await x.jobCount(client.person.id)).toBe(1);
    expect(await reserves(client)).toHaveLength(1);
    expect(await x.h.balance(client.person.id)).toBe(4);
    expect(await x.creditsUsed(client.tokenId)).toBe(1);
    expect(await claims(client)).toMatchObject([{ key: 'order-1001', generation_id: job.id }]);
  });

  it('creates one job for concurrent duplicates: the others answer 200 with it or 409, never a second charge', async () => {
    const client = await x.client({ credits: 5 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.submit(BODY, 'burst-7')));
    const created = answers.filter((answer) => answer.status === 202);
    expect(created).toHaveLength(1);
    const id = created[0]?.body.id as string;
    // Every other answer is the job (200) or "still being created" (409).
    const others = answers
      .filter((answer) => answer.status !== 202)
      .map((answer) => (answer.status === 200 ? { status: 200, id: answer.body.id } : { status: answer.status, code: answer.body.code }));
    expect(others).toEqual(others.map((other) => (other.status === 200 ? { status: 200, id } : { status: 409, code: 'idempotencyInProgress' })));
    expect(await x.jobCount(client.person.id)).toBe(1);
    expect(await reserves(client)).toHaveLength(1);
    expect(await x.creditsUsed(client.tokenId)).toBe(1);
    // Once the first is done, every repeat gets it.
    expect(await client.submit(BODY, 'burst-7')).toMatchObject({ status: 200, body: { id } });
  });

  it('refuses the same key with another body, or another webhook target (422), and writes nothing', async () => {
    const client = await x.client({ credits: 5 });
    expect((await client.submit(BODY, 'k-mismatch')).status).toBe(202);
    for (const body of [OTHER_BODY, { ...BODY, webhook_url: null }]) {
      const refused = await client.submit(body, 'k-mismatch');
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'idempotencyMismatch', detail: PUBLIC_API_MESSAGES.idempotencyMismatch });
    }
    expect(await x.jobCount(client.person.id)).toBe(1);
    expect(await reserves(client)).toHaveLength(1);
  });

  it('forgets a key after 24 h: the same key then creates a new job', async () => {
    const client = await x.client({ credits: 5 });
    const first = await client.submit(BODY, 'daily-run');
    x.advance(IDEMPOTENCY_TTL_MS - 60_000);
    expect(await client.submit(BODY, 'daily-run')).toMatchObject({ status: 200, body: { id: first.body.id } });
    x.advance(2 * 60_000);
    const later = await client.submit(BODY, 'daily-run');
    expect(later.status).toBe(202);
    expect(later.body.id).not.toBe(first.body.id);
    // Another body is a new request too once the key has expired.
    expect(await x.jobCount(client.person.id)).toBe(2);
    expect(await claims(client)).toMatchObject([{ key: 'daily-run', generation_id: later.body.id }]);
  });

  it('gives the key back when the submit fails (402), so a retry with credits succeeds', async () => {
    const client = await x.client({ credits: 0 });
    const refused = await client.submit(BODY, 'needs-credits');
    expect(refused).toMatchObject({ status: 402, body: { code: 'insufficientCredits', balance: 0, cost: 1 } });
    expect(await claims(client)).toEqual([]);
    expect(await x.creditsUsed(client.tokenId)).toBe(0);
    await creditLedger(x.h.database.kysely).grant({ userId: client.person.id, amount: 3, reason: 'top-up', key: 'top-up-1', at: new Date() });
    const retried = await client.submit(BODY, 'needs-credits');
    expect(retried.status).toBe(202);
    expect(await reserves(client)).toHaveLength(1);
  });

  it('answers 409 while the first request is being created, and takes over a claim abandoned for a minute', async () => {
    const client = await x.client({ credits: 5 });
    // A request that claimed the key and is still submitting (or whose process died there).
    await x.h.database.kysely
      .insertInto('api_idempotency')
      .values({ user_id: client.person.id, key: 'stalled', request_hash: requestHash(BODY), generation_id: null, created_at: new Date(x.now()) })
      .execute();
    const busy = await client.submit(BODY, 'stalled');
    expect(busy).toMatchObject({ status: 409, body: { code: 'idempotencyInProgress' } });
    expect(await x.jobCount(client.person.id)).toBe(0);
    x.advance(ABANDONED_CLAIM_MS + 1_000);
    const taken = await client.submit(BODY, 'stalled');
    expect(taken.status).toBe(202);
    expect(await claims(client)).toMatchObject([{ key: 'stalled', generation_id: taken.body.id }]);
  });

  it('checks the key syntax (400) and keeps keys per account', async () => {
    const client = await x.client({ credits: 5 });
    expect((await client.submit(BODY, 'x'.repeat(201))).status).toBe(400);
    expect((await client.submit(BODY, 'two words')).status).toBe(400);
    const other = await x.client({ credits: 5 });
    const mine = await client.submit(BODY, 'shared-name');
    const theirs = await other.submit(OTHER_BODY, 'shared-name');
    expect([mine.status, theirs.status]).toEqual([202, 202]);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });
});

describe(`webhook target of a /v1 job (${DRIVER})`, () => {
  it("stores the request's URL, none for an explicit null, the token's default when absent", async () => {
    const client = await x.client({ credits: 5, webhookUrl: 'https://shop.example.com/hooks/token' });
    const given = await client.submit({ ...BODY, webhook_url: 'https://shop.example.com/hooks/job' });
    const none = await client.submit({ ...BODY, webhook_url: null });
    const absent = await client.submit(BODY);
    const links = await x.h.database.kysely.selectFrom('api_generations').selectAll().where('user_id', '=', client.person.id).execute();
    const link = (id: string) => links.find((row) => row.generation_id === id);
    expect(link(given.body.id)).toMatchObject({ token_id: client.tokenId, cost: 1, webhook_url: 'https://shop.example.com/hooks/job', no_webhook: false });
    expect(link(none.body.id)).toMatchObject({ webhook_url: null, no_webhook: true });
    expect(link(absent.body.id)).toMatchObject({ webhook_url: null, no_webhook: false });
  });

  it('refuses a webhook URL to a private or plain-http address (422) before anything is written', async () => {
    const client = await x.client({ credits: 5 });
    for (const url of ['http://shop.example.com/hook', 'https://127.0.0.1/hook', 'https://169.254.169.254/latest']) {
      const refused = await client.submit({ ...BODY, webhook_url: url }, `hook-${url}`);
      expect(refused, url).toMatchObject({ status: 422, body: { code: 'invalidWebhookUrl', detail: PUBLIC_API_MESSAGES.invalidWebhookUrl } });
    }
    expect(await x.jobCount(client.person.id)).toBe(0);
    expect(await claims(client)).toEqual([]);
  });

  it('sends no webhook for a job whose request said null, even when the token has one (the trigger)', async () => {
    const client = await x.client({ credits: 5, webhookUrl: 'https://shop.example.com/hooks/token' });
    const none = await client.submit({ ...BODY, webhook_url: null });
    const absent = await client.submit(BODY);
    for (const id of [none.body.id, absent.body.id]) expect((await client.call('POST', `/v1/generations/${id}/cancel`)).status).toBe(200);
    const deliveries = await x.h.database.kysely.selectFrom('webhook_deliveries').selectAll().where('user_id', '=', client.person.id).execute();
    expect(deliveries).toMatchObject([{ generation_id: absent.body.id, event: 'generation.cancelled', url: 'https://shop.example.com/hooks/token' }]);
  });
});
