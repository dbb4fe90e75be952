/**
 * A fal result whose file URL points into the server's own network (another loopback port, the
 * cloud metadata address, or a redirect to one) is never fetched: the job fails for good and its
 * credits are refunded. The whole path: POST /api/generations, the queue, the fal engine against
 * the loopback fake (FAL_QUEUE_URL's origin, the one private origin allowed), the refund.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATION_MESSAGES } from '../../src/contract/generation-messages.ts';
import { createFalEngine } from '../../server/engines/fal/index.ts';
import { DRIVER } from './helpers/database.ts';
import { FAKE_FAL_KEY, startFakeFal, type FakeFal } from './helpers/fake-fal.ts';
import { createGenerationsHarness, type GenerationsHarness } from './helpers/generations.ts';
import { silentLogger } from './helpers/logs.ts';

const BODY = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'female', height: 165, weight: 55, age: 28, skin_tone: 'light', body_type: 'mesomorph', aspect_ratio: '3:4' },
} as const;

let fake: FakeFal;
let h: GenerationsHarness;
let bystander: Server;
let bystanderUrl = '';
let bystanderHits = 0;

beforeAll(async () => {
  fake = await startFakeFal();
  bystander = createServer((_request, response) => {
    bystanderHits += 1;
    response.writeHead(200, { 'Content-Type': 'image/png' }).end(fake.png);
  });
  await new Promise<void>((resolve) => bystander.listen(0, '127.0.0.1', resolve));
  bystanderUrl = `http://127.0.0.1:${(bystander.address() as AddressInfo).port}`;
  // The fal engine stands in for the local one: every tool runs on the fake.
  const engine = createFalEngine({
    config: { key: FAKE_FAL_KEY, queueUrl: fake.url },
    publicUrl: 'http://localhost:8080',
    logger: silentLogger(),
    pollIntervalMs: 20,
  });
  h = await createGenerationsHarness({ engine });
});

afterAll(async () => {
  await h?.dispose();
  await new Promise((resolve) => bystander?.close(resolve));
  await fake?.close();
});

describe(`fal result URLs into the server's network (${DRIVER})`, () => {
  it('a payload pointing at a good file on the fake completes (the configured origin is allowed)', async () => {
    const person = await h.person(3);
    const file = fake.serve('body.png', fake.png, 'image/png');
    fake.scenarios.push({ result: () => ({ images: [{ url: file }], image: { url: file } }) });
    const { body: job } = await person.submit(BODY);
    expect((await person.settled(job.id)).status).toBe('completed');
    expect(await h.balance(person.id)).toBe(2);
  });

  it.each([
    ['another loopback port', () => `${bystanderUrl}/secret.png`],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a redirect to another loopback port', () => `${fake.url}/redirect?to=${encodeURIComponent(`${bystanderUrl}/secret.png`)}`],
  ])('%s: refused, the job fails and is refunded', async (_what, target) => {
    const person = await h.person(3);
    const url = target();
    fake.scenarios.push({ result: () => ({ images: [{ url }], image: { url } }) });
    const { body: job } = await person.submit(BODY);
    const done = await person.settled(job.id);
    expect(done).toMatchObject({ status: 'failed', results: [], error: { code: 'failedToProcess', message: GENERATION_MESSAGES.failedToProcess } });
    expect(await h.balance(person.id)).toBe(3);
    expect(
      (await h.ledger(person.id))
        .filter((row) => row.idempotency_key.startsWith(`gen:${job.id}:`))
        .map((row) => row.kind)
        .toSorted(),
    ).toEqual(['refund', 'reserve']);
    expect(bystanderHits).toBe(0);
  });
});
