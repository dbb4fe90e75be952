/**
 * A token's credit cap (docs/product-rules.md#api-credit-cap): a job's cost is held on the token
 * when it is submitted, in the submit's own transaction; a job past the cap is refused 402
 * creditCapReached with nothing written or charged; a failed or cancelled job gives its credits
 * back to the cap (the settle trigger of 0011_api_tokens.sql), a completed one keeps them; and
 * concurrent submits never pass the cap. Runs on the controllable test engine, one worker.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_API_MESSAGES } from '../../src/contract/public-api.ts';
import { EngineError } from '../../server/engines/types.ts';
import { DRIVER } from './helpers/database.ts';
import { waitFor } from './helpers/generations.ts';
import { makeImage } from './helpers/media-fixtures.ts';
import { createV1Harness, type ApiClient, type V1Harness } from './helpers/public-api-generations.ts';
import { abortableSleep, createTestEngine, type TestEngine } from './helpers/test-engine.ts';

/** 1 credit. */
const BODY = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'male', height: 178, weight: 72, age: 34, skin_tone: 'medium', body_type: 'ectomorph', aspect_ratio: '3:4' },
} as const;

let x: V1Harness;
let engine: TestEngine;

beforeAll(async () => {
  engine = createTestEngine();
  x = await createV1Harness({ engine, workers: 1, tuning: { retryDelaySeconds: 1 } });
}, 120_000);

afterAll(async () => {
  await x?.h.dispose();
});

beforeEach(() => {
  engine.setBehaviour(null);
});

/** Holds every run until `release()`. */
function hold() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  engine.setBehaviour(async (run) => {
    await Promise.race([released, abortableSleep(60_000, run.signal)]);
  });
  return { release };
}

/** An image-editing request of two images: 2 credits. */
async function twoCreditEdit(client: ApiClient) {
  const images: string[] = [];
  for (const name of ['front.png', 'back.png']) {
    const uploaded = await client.upload(await makeImage(48, 48, 'png'), name);
    expect(uploaded.status).toBe(201);
    images.push(uploaded.body.id as string);
  }
  return { feature: 'image-editing', inputs: { images }, params: { prompt: 'make the background plain white' } };
}

async function settled(client: ApiClient, id: string) {
  return waitFor(
    async () => {
      const { body } = await client.call('GET', `/v1/generations/${id}`);
      return ['completed', 'failed', 'cancelled'].includes(body.status) ? body : undefined;
    },
    15_000,
    `job ${id} to end`,
  );
}

async function reserves(client: ApiClient) {
  return (await x.h.ledger(client.person.id)).filter((row) => row.kind === 'reserve');
}

describe(`the credit cap of a token (${DRIVER})`, () => {
  it('refuses a job past the cap (402 creditCapReached) with no job, no charge and nothing held', async () => {
    const client = await x.client({ credits: 10, creditCap: 3 });
    const edit = await twoCreditEdit(client);
    const first = await client.submit(edit);
    expect(first).toMatchObject({ status: 202, body: { cost: 2 } });
    expect(await x.creditsUsed(client.tokenId)).toBe(2);

    const refused = await client.submit(edit, 'second-edit');
    expect(refused).toMatchObject({ status: 402, body: { code: 'creditCapReached', detail: PUBLIC_API_MESSAGES.creditCapReached } });
    expect(await x.jobCount(client.person.id)).toBe(1);
    expect(await reserves(client)).toHaveLength(1);
    expect(await x.h.balance(client.person.id)).toBe(8);
    expect(await x.creditsUsed(client.tokenId)).toBe(2);
    // Nothing of the refused request stays: its key is free again.
    expect(await x.h.database.kysely.selectFrom('api_idempotency').select('key').where('user_id', '=', client.person.id).execute()).toEqual([]);
    expect(await x.h.database.kysely.selectFrom('api_generations').select('generation_id').where('user_id', '=', client.person.id).execute()).toEqual([
      { generation_id: first.body.id },
    ]);

    // A 1-credit job still fits under the cap of 3.
    expect((await client.submit(BODY)).status).toBe(202);
    expect(await x.creditsUsed(client.tokenId)).toBe(3);
    // The cap is the token's: another token of the account has its own.
    const other = await x.token(client.person, { creditCap: 2 });
    expect((await other.submit(edit)).status).toBe(202);
    expect(await x.creditsUsed(other.tokenId)).toBe(2);
  });

  it("gives a cancelled job's credits back to the cap, so the next job fits", async () => {
    const gate = hold();
    const client = await x.client({ credits: 10, creditCap: 2 });
    const running = await client.submit(BODY);
    const queued = await client.submit(BODY);
    expect([running.status, queued.status]).toEqual([202, 202]);
    expect((await client.submit(BODY)).body.code).toBe('creditCapReached');

    const cancelled = await client.call('POST', `/v1/generations/${queued.body.id}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    expect(await x.creditsUsed(client.tokenId)).toBe(1);
    const third = await client.submit(BODY);
    expect(third.status).toBe(202);
    expect(await x.creditsUsed(client.tokenId)).toBe(2);

    gate.release();
    await settled(client, running.body.id);
    await settled(client, third.body.id);
    // Completed jobs keep their credits on the cap; the cancelled one was refunded to the account too.
    expect(await x.creditsUsed(client.tokenId)).toBe(2);
    expect(await x.h.balance(client.person.id)).toBe(8);
  });

  it("gives a failed job's credits back, and keeps a completed job's", async () => {
    const client = await x.client({ credits: 10, creditCap: 5 });
    engine.once(() => {
      throw new EngineError('failedToProcess');
    });
    const failing = await client.submit(BODY);
    expect(await x.creditsUsed(client.tokenId)).toBe(1);
    expect(await settled(client, failing.body.id)).toMatchObject({ status: 'failed' });
    expect(await x.creditsUsed(client.tokenId)).toBe(0);

    const working = await client.submit(BODY);
    expect(await settled(client, working.body.id)).toMatchObject({ status: 'completed' });
    expect(await x.creditsUsed(client.tokenId)).toBe(1);
  });

  it('never lets concurrent submits pass the cap', async () => {
    const client = await x.client({ credits: 20, creditCap: 5 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.submit(BODY)));
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 402 && answer.body.code === 'creditCapReached')).toHaveLength(5);
    expect(await x.creditsUsed(client.tokenId)).toBe(5);
    expect(await x.jobCount(client.person.id)).toBe(5);
    expect(await reserves(client)).toHaveLength(5);
    expect(await x.h.balance(client.person.id)).toBe(15);
  });
});
