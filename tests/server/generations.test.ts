/**
 * Generations: submit, the credit ledger (reserve, commit, refund exactly once), idempotency,
 * prerequisites, ownership, cancel, time limits, retries, list, delete and regenerate — through
 * the HTTP API, a real queue and media area, and a controllable test engine.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GENERATION_MESSAGES } from '../../src/contract/generation-messages.ts';
import { GenerationCatalogSchema, GenerationPageSchema, GenerationSchema, InsufficientCreditsBodySchema } from '../../src/contract/generations.schema.ts';
import { VIDEO_MODEL_CATALOG } from '../../src/contract/generation-params.ts';
import { DEFAULT_EXPECTED_SECONDS, EXPECTED_MIN_SAMPLES } from '../../src/contract/expected-durations.ts';
import { ExpectedDurationsSchema } from '../../src/contract/expected-durations.schema.ts';
import { FEATURES } from '../../src/contract/tools.ts';
import { EngineError } from '../../server/engines/types.ts';
import { ledgerKey } from '../../server/generations/repository.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, waitFor, type GenerationsHarness, type Person } from './helpers/generations.ts';
import { makeImage } from './helpers/media-fixtures.ts';
import { abortableSleep, createTestEngine, type TestEngine } from './helpers/test-engine.ts';

const BODY = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'female', height: 165, weight: 55, age: 28, skin_tone: 'light', body_type: 'mesomorph', aspect_ratio: '3:4' },
} as const;

/** The time limit the tests give image editing, in ms (production: 300 s). */
const SHORT_TIMEOUT_MS = 1_500;

let h: GenerationsHarness;
let engine: TestEngine;

beforeAll(async () => {
  engine = createTestEngine();
  h = await createGenerationsHarness({
    engine,
    workers: 2,
    tuning: {
      timeoutMs: (feature) => (feature === 'image-editing' ? SHORT_TIMEOUT_MS : 60_000),
      retryDelaySeconds: 1,
    },
  });
});

afterAll(async () => {
  await h?.dispose();
});

beforeEach(() => {
  engine.setBehaviour(null);
});

/** Holds runs until `release()`; resolves `started` when the first one starts. */
function gate() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  engine.setBehaviour(async (run) => {
    await Promise.race([released, abortableSleep(60_000, run.signal)]);
  });
  return { release };
}

async function ledgerKinds(person: Person) {
  return (await h.ledger(person.id)).filter((row) => row.kind !== 'grant');
}

/** For each job: one reserve; completed → one commit (0), no refund; failed or cancelled → one refund (+cost), no commit. */
async function expectExactLedger(person: Person) {
  const jobs = await h.database.kysely.selectFrom('generations').select(['id', 'status', 'cost']).where('user_id', '=', person.id).execute();
  const ledger = await h.ledger(person.id);
  const grants = ledger.filter((row) => row.kind === 'grant').reduce((sum, row) => sum + row.amount, 0);
  for (const job of jobs) {
    const rows = ledger.filter((row) => row.idempotency_key.startsWith(`gen:${job.id}:`));
    const ended =
      job.status === 'completed'
        ? [{ kind: 'commit', amount: 0 }]
        : job.status === 'failed' || job.status === 'cancelled'
          ? [{ kind: 'refund', amount: job.cost }]
          : [];
    expect(rows.map(({ kind, amount }) => ({ kind, amount })).toSorted((a, b) => a.kind.localeCompare(b.kind))).toEqual(
      [{ kind: 'reserve', amount: -job.cost }, ...ended].toSorted((a, b) => a.kind.localeCompare(b.kind)),
    );
  }
  const spent = jobs.filter((job) => job.status !== 'failed' && job.status !== 'cancelled').reduce((sum, job) => sum + job.cost, 0);
  expect(await h.balance(person.id)).toBe(grants - spent);
}

describe(`submit and run (${DRIVER})`, () => {
  it('queues a job (202, Location), runs it, stores the result and commits the credits', async () => {
    const person = await h.person(5);
    const submitted = await person.submit(BODY);
    expect(submitted.status).toBe(202);
    const queued = v.parse(GenerationSchema, submitted.body);
    expect(submitted.headers.get('location')).toBe(`/api/generations/${queued.id}`);
    expect(queued).toMatchObject({
      feature: 'body-generator',
      status: 'queued',
      stage: 'queued',
      cost: 1,
      engine: 'local',
      error: null,
      results: [],
      started_at: null,
    });

    const done = await person.settled(queued.id);
    expect(done).toMatchObject({ status: 'completed', stage: null, progress: 100, error: null });
    expect(done.results).toHaveLength(1);
    expect(done.results[0]).toMatchObject({ source: 'generation', generation_id: queued.id, media_type: 'image', width: 16, height: 16 });
    expect(done.results[0]?.metadata).toMatchObject({ engine: 'local', test: true });
    expect(done.processing_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(done.finished_at ?? '')).toBeGreaterThanOrEqual(Date.parse(done.started_at ?? ''));

    expect(await ledgerKinds(person)).toEqual([
      { kind: 'reserve', amount: -1, idempotency_key: ledgerKey(queued.id, 'reserve') },
      { kind: 'commit', amount: 0, idempotency_key: ledgerKey(queued.id, 'commit') },
    ]);
    expect(await h.balance(person.id)).toBe(4);
    // The result belongs to its owner's library.
    const asset = await person.call('GET', `/api/assets/${done.results[0]?.id}`);
    expect(asset.status).toBe(200);
  });

  it('reports progress while running, never going backwards, and the stage text key', async () => {
    const person = await h.person(5);
    const { release } = gate();
    const { body } = await person.submit(BODY);
    const seen = await waitFor(async () => {
      const current = await person.generation(body.id);
      return current.status === 'processing' && current.progress >= 10 ? current : undefined;
    });
    expect(seen).toMatchObject({ stage: 'analyzingComposition', progress: 10 });
    expect(seen.started_at).not.toBeNull();
    release();
    const done = await person.settled(body.id);
    expect(done.progress).toBe(100);
  });
});

describe(`credits (${DRIVER})`, () => {
  it('answers 402 with balance, cost and shortage, and writes nothing', async () => {
    const person = await h.person(1);
    // 1080p needs a paid plan (tests/server/plan-gates.test.ts): the credit check comes after.
    await h.database.kysely.updateTable('users').set({ plan: 'pro' }).where('id', '=', person.id).execute();
    const result = await person.submit({
      feature: 'image-to-video',
      inputs: { image: (await person.upload(await makeImage(64, 64, 'png'), 'a.png')).id },
      params: { model: 'seedance-v1', duration: 10, resolution: '1080p' },
    });
    expect(result.status).toBe(402);
    const body = v.parse(InsufficientCreditsBodySchema, result.body);
    const cost = VIDEO_MODEL_CATALOG['seedance-v1'].options.find((o) => o.duration === 10 && o.resolution === '1080p')?.credits ?? 0;
    expect(body).toEqual({
      detail: `Not enough credits: this generation costs ${cost} credits, you have 1 (${cost - 1} more needed).`,
      code: 'insufficientCredits',
      balance: 1,
      cost,
      shortage: cost - 1,
    });
    expect(await h.database.kysely.selectFrom('generations').select('id').where('user_id', '=', person.id).execute()).toEqual([]);
    expect(await ledgerKinds(person)).toEqual([]);
  });

  it('never lets concurrent submits take the balance below zero', async () => {
    const person = await h.person(3);
    const { release } = gate();
    const results = await Promise.all(Array.from({ length: 8 }, () => person.submit(BODY)));
    expect(results.map((r) => r.status).toSorted()).toEqual([202, 202, 202, 402, 402, 402, 402, 402]);
    expect(await h.balance(person.id)).toBe(0);
    release();
    for (const r of results.filter((x) => x.status === 202)) await person.settled(r.body.id);
    await expectExactLedger(person);
  });
});

describe(`idempotency (${DRIVER})`, () => {
  it('returns the first job for a repeated key (200), never charging twice', async () => {
    const person = await h.person(5);
    const key = randomUUID();
    const first = await person.submit(BODY, key);
    expect(first.status).toBe(202);
    const again = await person.submit(BODY, key);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    await person.settled(first.body.id);
    const later = await person.submit(BODY, key);
    expect(later).toMatchObject({ status: 200, body: { id: first.body.id, status: 'completed' } });
    expect((await ledgerKinds(person)).filter((row) => row.kind === 'reserve')).toHaveLength(1);
    expect(await h.balance(person.id)).toBe(4);
  });

  it('the same request with its keys in another order is the same request', async () => {
    const person = await h.person(5);
    const key = randomUUID();
    const first = await person.submit(BODY, key);
    const reordered = { params: Object.fromEntries(Object.entries(BODY.params).toReversed()), inputs: {}, feature: 'body-generator' };
    expect(await person.submit(reordered, key)).toMatchObject({ status: 200, body: { id: first.body.id } });
  });

  it('answers concurrent requests with one key with one job and one charge', async () => {
    const person = await h.person(5);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 6 }, () => person.submit(BODY, key)));
    expect(results.map((r) => r.status).toSorted()).toEqual([200, 200, 200, 200, 200, 202]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await h.database.kysely.selectFrom('generations').select('id').where('user_id', '=', person.id).execute()).toHaveLength(1);
    expect(await h.balance(person.id)).toBe(4);
  });

  it('refuses a key reused with another request, and keys are per person', async () => {
    const person = await h.person(5);
    const key = randomUUID();
    await person.submit(BODY, key);
    const other = await person.submit({ ...BODY, params: { ...BODY.params, age: 40 } }, key);
    expect(other).toMatchObject({ status: 400, body: { code: 'idempotencyMismatch', detail: GENERATION_MESSAGES.idempotencyMismatch } });
    const someoneElse = await h.person(5);
    expect((await someoneElse.submit(BODY, key)).status).toBe(202);
  });

  it('refuses an empty or oversized Idempotency-Key', async () => {
    const person = await h.person(5);
    expect((await person.submit(BODY, 'x'.repeat(201))).status).toBe(400);
    expect((await person.submit(BODY, ' ')).status).toBe(400);
    expect(await ledgerKinds(person)).toEqual([]);
  });
});

describe(`prerequisites (${DRIVER})`, () => {
  it('answers each missing input or parameter with its message and code', async () => {
    const person = await h.person(5);
    const image = (await person.upload(await makeImage(64, 64, 'png'), 'i.png')).id;
    const cases: Array<[unknown, keyof typeof GENERATION_MESSAGES]> = [
      [{ feature: 'virtual-tryon', inputs: { model: image, garments: [] } }, 'selectModelAndGarment'],
      [{ feature: 'virtual-tryon', inputs: { garments: [{ asset_id: image, category: 'tops' }] } }, 'modelFirst'],
      [{ feature: 'image-editing', inputs: { images: [] }, params: { prompt: 'brighter' } }, 'missingImage'],
      [{ feature: 'image-editing', inputs: { images: Array.from({ length: 11 }, () => image) }, params: { prompt: 'brighter' } }, 'imageCount'],
      [{ feature: 'image-editing', inputs: { images: [image] }, params: { prompt: '   ' } }, 'missingPrompt'],
      [{ feature: 'body-generator', params: { ...BODY.params, age: null } }, 'bodyParametersRequired'],
      [{ feature: 'hairstyle-changer', inputs: { image }, params: {} }, 'selectImageAndHairstyle'],
      [{ feature: 'hairstyle-changer', inputs: {}, params: { style: 'pixie' } }, 'selectImageAndHairstyle'],
      [{ feature: 'image-to-video', inputs: {}, params: {} }, 'missingImage'],
      [{ feature: 'image-to-video', inputs: { image }, params: { model: 'veo3', duration: 5, resolution: '480p' } }, 'unsupportedOption'],
      [{ feature: 'image-to-video', inputs: { image }, params: { model: 'seedance-v1', generate_audio: true } }, 'unsupportedOption'],
      [{ feature: 'upscaler-image', inputs: {}, params: {} }, 'missingImage'],
      [{ feature: 'upscaler-video', inputs: {}, params: {} }, 'missingVideo'],
    ];
    for (const [body, code] of cases) {
      const result = await person.submit(body);
      expect(result, JSON.stringify(body)).toMatchObject({ status: 422, body: { code, detail: GENERATION_MESSAGES[code] } });
    }
    expect(await ledgerKinds(person)).toEqual([]);
  });

  it('refuses a malformed request with a 422 naming the field', async () => {
    const person = await h.person(5);
    const result = await person.submit({ feature: 'image-to-video', inputs: { image: 'x' }, params: { duration: 7 } });
    expect(result.status).toBe(422);
    expect(result.body.detail).toMatch(/duration/);
    expect((await person.submit({ feature: 'teleport' })).status).toBe(422);
  });
});

describe(`ownership (${DRIVER})`, () => {
  it("keeps a person's jobs and assets to themselves", async () => {
    const a = await h.person(5);
    const b = await h.person(5);
    const { body: job } = await a.submit(BODY);
    await a.settled(job.id);
    for (const [method, url] of [
      ['GET', `/api/generations/${job.id}`],
      ['POST', `/api/generations/${job.id}/cancel`],
      ['DELETE', `/api/generations/${job.id}`],
      ['POST', `/api/generations/${job.id}/regenerate`],
    ] as const) {
      const result = await b.call(method, url);
      expect(result, `${method} ${url}`).toMatchObject({ status: 404, body: { code: 'notFound' } });
    }
    expect((await b.call('GET', '/api/generations')).body.items).toEqual([]);
    // A's image as B's input is as unknown as a made-up id.
    const image = await a.upload(await makeImage(64, 64, 'png'), 'mine.png');
    const stolen = await b.submit({ feature: 'upscaler-image', inputs: { image: image.id }, params: {} });
    expect(stolen).toMatchObject({ status: 422, body: { code: 'assetNotFound' } });
    expect(await b.submit({ feature: 'upscaler-image', inputs: { image: randomUUID() }, params: {} })).toMatchObject({
      status: 422,
      body: { code: 'assetNotFound' },
    });
    expect(await ledgerKinds(b)).toEqual([]);
    expect((await a.generation(job.id)).status).toBe('completed');
  });

  it('refuses an input of the wrong media type', async () => {
    const person = await h.person(5);
    const image = await person.upload(await makeImage(64, 64, 'png'), 'still.png');
    expect(await person.submit({ feature: 'upscaler-video', inputs: { video: image.id }, params: {} })).toMatchObject({
      status: 422,
      body: { code: 'wrongAssetType' },
    });
  });

  it('asks for a signed-in caller', async () => {
    const response = await h.app.request('/api/generations');
    expect(response.status).toBe(401);
  });
});

describe(`cancel (${DRIVER})`, () => {
  it('cancels a queued job at once and refunds it', async () => {
    const person = await h.person(5);
    const { release } = gate();
    // Two workers: two runs hold them, the third job waits in the queue.
    const held = [await person.submit(BODY), await person.submit(BODY)];
    await waitFor(() => (engine.runs.filter((run) => held.some((r) => r.body.id === run.id)).length === 2 ? true : undefined));
    const { body: waiting } = await person.submit(BODY);
    const cancelled = await person.call('POST', `/api/generations/${waiting.id}/cancel`);
    expect(cancelled).toMatchObject({
      status: 200,
      body: { status: 'cancelled', stage: null, error: { code: 'cancelled', message: GENERATION_MESSAGES.cancelled } },
    });
    const [queueJob] = await h.queue.boss.findJobs('generations', { id: waiting.id });
    expect(queueJob?.state).toBe('cancelled');
    release();
    for (const r of held) await person.settled(r.body.id);
    expect(engine.runs.some((run) => run.id === waiting.id)).toBe(false);
    expect(await person.call('POST', `/api/generations/${waiting.id}/cancel`)).toMatchObject({ status: 409, body: { code: 'notCancellable' } });
    await expectExactLedger(person);
    expect(await h.balance(person.id)).toBe(3);
  });

  it('cancels a running job: the engine is aborted, nothing is stored, the refund happens once', async () => {
    const person = await h.person(5);
    engine.setBehaviour((run) => abortableSleep(60_000, run.signal));
    const { body } = await person.submit(BODY);
    const run = await waitFor(() => engine.runs.find((r) => r.id === body.id));
    await waitFor(async () => ((await person.generation(body.id)).status === 'processing' ? true : undefined));
    const cancelled = await person.call('POST', `/api/generations/${body.id}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    await waitFor(() => (run.signal.aborted ? true : undefined), 3_000, 'engine abort');
    // The worker has wound down without overwriting the cancel.
    await waitFor(async () => ((await h.queue.boss.findJobs('generations', { id: body.id }))[0]?.state === 'completed' ? true : undefined));
    const after = await person.generation(body.id);
    expect(after).toMatchObject({ status: 'cancelled', results: [] });
    expect(await h.database.kysely.selectFrom('assets').select('id').where('generation_id', '=', body.id).execute()).toEqual([]);
    await expectExactLedger(person);
    expect(await person.call('POST', `/api/generations/${body.id}/cancel`)).toMatchObject({ status: 409 });
  });
});

describe(`time limits, failures and retries (${DRIVER})`, () => {
  it('ends a run past its time limit as failed "serverTimeout" and refunds it', async () => {
    const person = await h.person(5);
    const image = await person.upload(await makeImage(64, 64, 'png'), 'e.png');
    engine.setBehaviour((run) => abortableSleep(60_000, run.signal));
    const started = Date.now();
    const { body } = await person.submit({ feature: 'image-editing', inputs: { images: [image.id] }, params: { prompt: 'brighter' } });
    const done = await person.settled(body.id);
    expect(done).toMatchObject({ status: 'failed', error: { code: 'serverTimeout', message: GENERATION_MESSAGES.serverTimeout } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(SHORT_TIMEOUT_MS);
    expect(engine.runs.find((run) => run.id === body.id)?.signal.aborted).toBe(true);
    await expectExactLedger(person);
  });

  it("fails with the engine's message on a permanent EngineError, refunded", async () => {
    const person = await h.person(5);
    engine.once(() => {
      throw new EngineError('maskRequired');
    });
    const { body } = await person.submit(BODY);
    const done = await person.settled(body.id);
    expect(done).toMatchObject({ status: 'failed', error: { code: 'maskRequired', message: GENERATION_MESSAGES.maskRequired } });
    expect(engine.runs.filter((run) => run.id === body.id)).toHaveLength(1);
    await expectExactLedger(person);
  });

  it('fails an unexpected error as "failedToProcess" without leaking it', async () => {
    const person = await h.person(5);
    engine.once(() => {
      throw new Error('secret internal detail');
    });
    const { body } = await person.submit(BODY);
    const done = await person.settled(body.id);
    expect(done.error).toEqual({ code: 'failedToProcess', message: GENERATION_MESSAGES.failedToProcess });
    await expectExactLedger(person);
  });

  it('retries a transient failure with backoff, then completes: one charge', async () => {
    const person = await h.person(5);
    engine.once(() => {
      throw new EngineError('failedToProcess', { transient: true });
    });
    const { body } = await person.submit(BODY);
    const done = await person.settled(body.id);
    expect(done.status).toBe('completed');
    const runs = engine.runs.filter((run) => run.id === body.id);
    expect(runs.map((run) => run.attempt)).toEqual([1, 2]);
    await expectExactLedger(person);
  });

  it('gives up after the retries and fails with the message, refunded once', async () => {
    const person = await h.person(5);
    engine.setBehaviour(() => {
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    });
    const { body } = await person.submit(BODY);
    const done = await person.settled(body.id, 30_000);
    expect(done.error?.code).toBe('failedToProcess');
    expect(engine.runs.filter((run) => run.id === body.id)).toHaveLength(3);
    await expectExactLedger(person);
  });
});

describe(`list, pending, delete, regenerate (${DRIVER})`, () => {
  it('lists newest first with an opaque cursor, filters by feature and status, and lists pending jobs', async () => {
    const person = await h.person(20);
    const image = await person.upload(await makeImage(64, 64, 'png'), 'u.png');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await person.submit(BODY)).body.id);
    ids.push((await person.submit({ feature: 'upscaler-image', inputs: { image: image.id }, params: { factor: 2 } })).body.id);
    for (const id of ids) await person.settled(id);

    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const result = await person.call('GET', `/api/generations?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      const page = v.parse(GenerationPageSchema, result.body);
      pages.push(page.items.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages.flat()).toEqual(ids.toReversed());
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2]);

    const upscales = await person.call('GET', '/api/generations?feature=upscaler-image');
    expect(upscales.body.items.map((item: { id: string }) => item.id)).toEqual([ids[5]]);
    expect(upscales.body.items[0].input_assets.map((asset: { id: string }) => asset.id)).toEqual([image.id]);
    expect((await person.call('GET', '/api/generations?status=failed')).body.items).toEqual([]);
    expect((await person.call('GET', '/api/generations?limit=0')).status).toBe(422);
    expect((await person.call('GET', '/api/generations?cursor=garbage')).status).toBe(422);

    const { release } = gate();
    const { body: running } = await person.submit(BODY);
    const pending = v.parse(GenerationPageSchema, (await person.call('GET', '/api/generations/pending')).body);
    expect(pending.items.map((item) => item.id)).toEqual([running.id]);
    release();
    await person.settled(running.id);
    expect((await person.call('GET', '/api/generations/pending')).body.items).toEqual([]);
  });

  it('deletes an ended job and its results, keeping a result another job uses as input', async () => {
    const person = await h.person(20);
    const { body: first } = await person.submit(BODY);
    const done = await person.settled(first.id);
    const result = done.results[0]?.id ?? '';
    // The result becomes the input of another job.
    const { body: second } = await person.submit({ feature: 'upscaler-image', inputs: { image: result }, params: {} });
    await person.settled(second.id);
    expect(await person.call('DELETE', `/api/generations/${first.id}`)).toMatchObject({ status: 204 });
    expect((await person.call('GET', `/api/generations/${first.id}`)).status).toBe(404);
    expect((await person.call('GET', `/api/assets/${result}`)).status).toBe(200);

    const secondDone = await person.generation(second.id);
    const secondResult = secondDone.results[0]?.id ?? '';
    expect(await person.call('DELETE', `/api/generations/${second.id}`)).toMatchObject({ status: 204 });
    expect((await person.call('GET', `/api/assets/${secondResult}`)).status).toBe(404);
    // Inputs stay: they are the person's uploads or other results.
    expect((await person.call('GET', `/api/assets/${result}`)).status).toBe(200);
  });

  it('refuses to delete a running job', async () => {
    const person = await h.person(5);
    const { release } = gate();
    const { body } = await person.submit(BODY);
    expect(await person.call('DELETE', `/api/generations/${body.id}`)).toMatchObject({ status: 409, body: { code: 'stillRunning' } });
    release();
    await person.settled(body.id);
  });

  it('regenerates with the same inputs and parameters as a new, newly charged job', async () => {
    const person = await h.person(5);
    const { body: first } = await person.submit(BODY);
    await person.settled(first.id);
    const key = randomUUID();
    const again = await person.call('POST', `/api/generations/${first.id}/regenerate`, { headers: { 'Idempotency-Key': key } });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ feature: 'body-generator', params: first.params, inputs: first.inputs, regenerated_from: first.id, cost: 1 });
    expect(again.body.id).not.toBe(first.id);
    const repeat = await person.call('POST', `/api/generations/${first.id}/regenerate`, { headers: { 'Idempotency-Key': key } });
    expect(repeat).toMatchObject({ status: 200, body: { id: again.body.id } });
    await person.settled(again.body.id);
    expect(await h.balance(person.id)).toBe(3);
    await expectExactLedger(person);
  });

  it('answers the catalogue of models and prices', async () => {
    const person = await h.person(0);
    const result = await person.call('GET', '/api/generations/catalog');
    const catalog = v.parse(GenerationCatalogSchema, result.body);
    expect(catalog.video_models.map((model) => model.id)).toEqual(Object.keys(VIDEO_MODEL_CATALOG));
    expect(catalog.features.find((f) => f.feature === 'virtual-tryon')).toEqual({
      feature: 'virtual-tryon',
      timeout_seconds: 600,
      priced_per: 'garment',
      credits: 1,
    });
    expect(catalog.features.find((f) => f.feature === 'image-editing')?.timeout_seconds).toBe(300);
  });

  it('answers the wait to expect per tool on its engine: measured once jobs completed, the default before', async () => {
    const person = await h.person(5);
    const image = await person.upload(await makeImage(64, 64, 'png'), 'in.png');
    for (let index = 0; index < EXPECTED_MIN_SAMPLES; index++) {
      const { body } = await person.submit({ feature: 'image-editing', inputs: { images: [image.id] }, params: { prompt: `brighter ${index}` } });
      expect((await person.settled(body.id)).status).toBe('completed');
    }
    const result = await person.call('GET', '/api/generations/expected-durations');
    expect(result.status).toBe(200);
    const { items } = v.parse(ExpectedDurationsSchema, result.body);
    expect(items.map((item) => item.feature)).toEqual([...FEATURES]);
    const editing = items.find((item) => item.feature === 'image-editing')!;
    expect(editing).toMatchObject({ engine: 'local', samples: EXPECTED_MIN_SAMPLES });
    // The local engine ends in a second or so, nowhere near the hosted engine's 2-3 minutes.
    expect(editing.max_seconds).toBeLessThan(60);
    expect(items.find((item) => item.feature === 'upscaler-video')).toEqual({
      feature: 'upscaler-video',
      engine: 'local',
      min_seconds: DEFAULT_EXPECTED_SECONDS.local['upscaler-video'].min,
      max_seconds: DEFAULT_EXPECTED_SECONDS.local['upscaler-video'].max,
      samples: 0,
    });
  });
});

describe(`the tool of an asset (${DRIVER})`, () => {
  it('results carry their job’s feature, uploads null, in job answers and in the library (tool filter)', async () => {
    const person = await h.person(5);
    const image = await person.upload(await makeImage(64, 64, 'png'), 'in.png');
    expect(image.feature).toBeNull();
    const { body } = await person.submit({ feature: 'image-editing', inputs: { images: [image.id] }, params: { prompt: 'brighter' } });
    const done = await person.settled(body.id);
    expect(done.status).toBe('completed');
    expect(done.input_assets.map((asset) => asset.feature)).toEqual([null]);
    expect(done.results.map((asset) => asset.feature)).toEqual(['image-editing']);
    const result = done.results[0];

    expect((await person.call('GET', `/api/assets/${result?.id}`)).body.feature).toBe('image-editing');
    const edited = await person.call('GET', '/api/assets?tool=image-editing');
    expect(edited.body.items.map((asset: { id: string }) => asset.id)).toEqual([result?.id]);
    const uploads = await person.call('GET', '/api/assets?tool=upload');
    expect(uploads.body.items.map((asset: { id: string; feature: unknown }) => [asset.id, asset.feature])).toEqual([[image.id, null]]);
    const listed = (await person.call('GET', '/api/generations')).body.items.find((item: { id: string }) => item.id === body.id);
    expect(listed.results[0].feature).toBe('image-editing');
  });
});
