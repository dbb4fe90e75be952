/**
 * `/api/dev-tools/credits` and `/api/dev-tools/engine-delay`: grants land in the ledger; a
 * delayed account's runs wait (reporting progress) before the engine starts, only theirs, in
 * every process (the delay is the database's), and the wait ends at once on cancel (refunded) or
 * at the time limit.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EngineDelayResponseSchema, GrantCreditsResponseSchema } from '../../src/contract/dev-tools.schema.ts';
import { GENERATION_MESSAGES } from '../../src/contract/generation-messages.ts';
import type { Generation } from '../../src/contract/generations.schema.ts';
import { createEngineDelays } from '../../server/generations/engine-delays-repository.ts';
import { createTestApp, FROM_LOOPBACK } from './helpers/app.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, waitFor, type GenerationsHarness, type Person } from './helpers/generations.ts';
import { makeImage } from './helpers/media-fixtures.ts';
import { createTestEngine, type TestEngine } from './helpers/test-engine.ts';

const BODY = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'female', height: 165, weight: 55, age: 28, skin_tone: 'light', body_type: 'mesomorph', aspect_ratio: '3:4' },
} as const;

/** The time limit the tests give image editing, in ms. */
const SHORT_TIMEOUT_MS = 1_500;
/** A delay long enough to watch, short enough for a test, in ms. */
const DELAY_MS = 1_500;

let h: GenerationsHarness;
let engine: TestEngine;

beforeAll(async () => {
  engine = createTestEngine();
  h = await createGenerationsHarness({
    engine,
    workers: 3,
    env: { DEV_TOOLS: '1' },
    tuning: { timeoutMs: (feature) => (feature === 'image-editing' ? SHORT_TIMEOUT_MS : 60_000) },
  });
});

afterAll(async () => {
  await h?.dispose();
});

beforeEach(() => {
  engine.setBehaviour(null);
});

async function post(url: string, body: unknown) {
  const response = await h.app.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, FROM_LOOPBACK);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

const runsOf = (id: string) => engine.runs.filter((run) => run.id === id).length;

describe(`POST /api/dev-tools/credits (${DRIVER})`, () => {
  it('adds a grant row and answers the new balance; grants add up', async () => {
    const person = await h.person(5);
    const first = await post('/api/dev-tools/credits', { email: person.email.toUpperCase(), amount: 25 });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(v.parse(GrantCreditsResponseSchema, first.body)).toEqual({ balance: 30 });
    expect((await post('/api/dev-tools/credits', { email: person.email, amount: 25 })).body).toEqual({ balance: 55 });
    expect(await h.balance(person.id)).toBe(55);
    const grants = (await h.ledger(person.id)).filter((row) => row.kind === 'grant');
    expect(grants.map((row) => row.amount).toSorted()).toEqual([25, 25, 5]);
    expect((await person.call('GET', '/api/me')).body.credits).toBe(55);
  });

  it('answers 404 for an unknown email and 422 for a bad amount', async () => {
    expect(await post('/api/dev-tools/credits', { email: 'nobody@example.com', amount: 5 })).toMatchObject({
      status: 404,
      body: { detail: 'No account uses this email address.', code: 'unknownEmail' },
    });
    const person = await h.person(5);
    for (const amount of [0, -3, 1.5, 100_001, '5']) expect((await post('/api/dev-tools/credits', { email: person.email, amount })).status).toBe(422);
    expect(await h.balance(person.id)).toBe(5);
  });

  it('is not served when DEV_TOOLS is 0 or unset', async () => {
    for (const env of [{ DEV_TOOLS: '0' }, {}, { NODE_ENV: 'development' }] as Array<Record<string, string>>) {
      const off = createTestApp({ database: h.database, env });
      const response = await off.request(
        '/api/dev-tools/credits',
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":"a@b.co","amount":1}' },
        FROM_LOOPBACK,
      );
      expect(response.status).toBe(404);
    }
  });

  it('is served to production only with DEV_TOOLS=force', async () => {
    const person = await h.person(5);
    const forced = createTestApp({ database: h.database, env: { NODE_ENV: 'production', DEV_TOOLS: 'force' } });
    const response = await forced.request(
      '/api/dev-tools/credits',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: person.email, amount: 2 }) },
      FROM_LOOPBACK,
    );
    expect(response.status).toBe(200);
    expect(await h.balance(person.id)).toBe(7);
  });
});

async function delay(person: Person, ms: number) {
  const result = await post('/api/dev-tools/engine-delay', { email: person.email, ms });
  expect(result.status).toBe(200);
  return v.parse(EngineDelayResponseSchema, result.body);
}

describe(`POST /api/dev-tools/engine-delay (${DRIVER})`, () => {
  it('holds only that account’s runs, reporting stage and progress, then runs the engine', async () => {
    const slow = await h.person(5);
    const other = await h.person(5);
    expect(await delay(slow, DELAY_MS)).toEqual({ ms: DELAY_MS });
    const started = Date.now();
    const { body: job } = await slow.submit(BODY);
    const { body: quick } = await other.submit(BODY);

    expect((await other.settled(quick.id)).status).toBe('completed');
    // Mid-delay: processing, the tool's first stage, some progress, and the engine not called yet.
    const midway = await waitFor(async () => {
      const current = await slow.generation(job.id);
      return current.status === 'processing' && current.progress > 0 ? current : undefined;
    });
    expect(midway).toMatchObject({ stage: 'analyzingComposition' });
    expect(midway.progress).toBeLessThanOrEqual(50);
    expect(runsOf(job.id)).toBe(0);

    const done = await slow.settled(job.id);
    expect(done.status).toBe('completed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_MS);
    expect(runsOf(job.id)).toBe(1);
  });

  it('is kept in the database: another process (worker processes too) reads the same delay', async () => {
    const person = await h.person(5);
    // What a worker process's runs read: the delays of its own generations area, on the same database.
    const elsewhere = createEngineDelays(h.database.kysely);
    expect(await delay(person, DELAY_MS)).toEqual({ ms: DELAY_MS });
    expect(await elsewhere.get(person.id)).toBe(DELAY_MS);
    expect(await delay(person, 0)).toEqual({ ms: 0 });
    expect(await elsewhere.get(person.id)).toBe(0);
  });

  it('ms 0 removes the delay; unknown email 404, out-of-range ms 422', async () => {
    const person = await h.person(5);
    await delay(person, 60_000);
    expect(await delay(person, 0)).toEqual({ ms: 0 });
    const { body: job } = await person.submit(BODY);
    const started = Date.now();
    expect((await person.settled(job.id)).status).toBe('completed');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await post('/api/dev-tools/engine-delay', { email: 'nobody@example.com', ms: 10 })).status).toBe(404);
    expect((await post('/api/dev-tools/engine-delay', { email: person.email, ms: 10 * 60_000 + 1 })).status).toBe(422);
    expect((await post('/api/dev-tools/engine-delay', { email: person.email, ms: -1 })).status).toBe(422);
  });

  it('a delayed job can be cancelled at once, and is refunded', async () => {
    const person = await h.person(5);
    await delay(person, 60_000);
    const { body: job } = await person.submit(BODY);
    await waitFor(async () => ((await person.generation(job.id)).status === 'processing' ? true : undefined));
    expect(await h.balance(person.id)).toBe(4);
    const cancelled = await person.call('POST', `/api/generations/${job.id}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    // The run winds down (its pg-boss job completes) without the engine ever starting.
    await waitFor(
      async () => ((await h.queue.boss.findJobs('generations', { id: job.id }))[0]?.state === 'completed' ? true : undefined),
      5_000,
      'run to wind down',
    );
    const after: Generation = await person.generation(job.id);
    expect(after).toMatchObject({ status: 'cancelled', results: [] });
    expect(runsOf(job.id)).toBe(0);
    expect(await h.balance(person.id)).toBe(5);
    expect(
      (await h.ledger(person.id))
        .filter((row) => row.idempotency_key.startsWith(`gen:${job.id}:`))
        .map((row) => row.kind)
        .toSorted(),
    ).toEqual(['refund', 'reserve']);
    await delay(person, 0);
  });

  it('the time limit ends a delay: failed "serverTimeout", refunded', async () => {
    const person = await h.person(5);
    const image = await person.upload(await makeImage(64, 64, 'png'), 'e.png');
    await delay(person, 60_000);
    const started = Date.now();
    const { body: job } = await person.submit({ feature: 'image-editing', inputs: { images: [image.id] }, params: { prompt: 'brighter' } });
    const done = await person.settled(job.id);
    expect(done).toMatchObject({ status: 'failed', error: { code: 'serverTimeout', message: GENERATION_MESSAGES.serverTimeout } });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(runsOf(job.id)).toBe(0);
    expect(await h.balance(person.id)).toBe(5);
    await delay(person, 0);
  });
});
