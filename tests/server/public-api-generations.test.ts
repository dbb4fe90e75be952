/**
 * /v1 generations and media with an API token: a real job end to end on the local engine, the
 * service permissions of tokens, and ownership between accounts (another account's job or asset
 * answers exactly like an unknown one, and nothing is written).
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenerationPageSchema, GenerationSchema } from '../../src/contract/generations.schema.ts';
import type { Feature } from '../../src/contract/tools.ts';
import { AssetSchema } from '../../src/contract/media.schema.ts';
import { PUBLIC_API_MESSAGES } from '../../src/contract/public-api.ts';
import { serviceOf } from '../../src/contract/tokens.ts';
import { API_TOKEN_SERVICES, type ApiTokenService } from '../../src/contract/token-terms.ts';
import { ledgerKey } from '../../server/generations/repository.ts';
import { DRIVER } from './helpers/database.ts';
import { waitFor } from './helpers/generations.ts';
import { makeImage } from './helpers/media-fixtures.ts';
import { createV1Harness, TEST_PUBLIC_URL, type ApiClient, type V1Harness } from './helpers/public-api-generations.ts';

let x: V1Harness;

beforeAll(async () => {
  x = await createV1Harness({ workers: 1 });
}, 120_000);

afterAll(async () => {
  await x?.h.dispose();
});

async function uploadImage(client: ApiClient, name = 'portrait.png'): Promise<string> {
  const uploaded = await client.upload(await makeImage(64, 64, 'png'), name);
  expect(uploaded.status).toBe(201);
  return v.parse(AssetSchema, uploaded.body).id;
}

/** A valid request of each feature, on an image of the account. */
function requestOf(feature: Feature, image: string): Record<string, unknown> {
  switch (feature) {
    case 'virtual-tryon':
      return { feature, inputs: { model: image, garments: [{ asset_id: image, category: 'tops' }] } };
    case 'hairstyle-changer':
      // The built-in engine recolours inside a mask and does not reshape: accepted (docs/product-rules.md#engine-plan).
      return { feature, inputs: { image, mask: image }, params: { style: 'undercut', color: '#5a3a24' }, accept_not_done: ['hairstyleShape'] };
    case 'body-generator':
      return {
        feature,
        inputs: {},
        params: { gender: 'female', height: 160, weight: 50, age: 25, skin_tone: 'light', body_type: 'mesomorph', aspect_ratio: '3:4' },
      };
    case 'image-to-video':
      return { feature, inputs: { image }, params: { model: 'seedance-v1', duration: 5, resolution: '480p' }, accept_not_done: ['videoModelNotRun'] };
    case 'image-editing':
      return { feature, inputs: { images: [image] }, params: { prompt: 'brighter, more contrast' } };
    case 'upscaler-image':
      return { feature, inputs: { image }, params: { factor: 2, output_format: 'png' } };
    case 'upscaler-video':
      return { feature, inputs: { video: image }, params: { factor: 2 } };
  }
}

/** The feature each service is tried with (the upscaler's image mode). */
const FEATURE_OF: Record<ApiTokenService, Feature> = {
  'virtual-tryon': 'virtual-tryon',
  'hairstyle-changer': 'hairstyle-changer',
  'body-generator': 'body-generator',
  'image-to-video': 'image-to-video',
  'image-editing': 'image-editing',
  upscaler: 'upscaler-image',
};

const ENDED = new Set(['completed', 'failed', 'cancelled']);

/** How long the engine waits before running an account's jobs, in ms: they stay pending until the test cancels them. */
const HOLD_MS = 60_000;

describe(`a generation through /v1 on the local engine (${DRIVER})`, () => {
  it('uploads, submits, polls to completed, with absolute links, charged once', async () => {
    const client = await x.client({ credits: 10 });
    const uploaded = await client.upload(await makeImage(96, 64, 'png'), 'product.png');
    expect(uploaded.status).toBe(201);
    const input = v.parse(AssetSchema, uploaded.body);
    expect(input.url.startsWith(`${TEST_PUBLIC_URL}/api/media/${input.id}/`)).toBe(true);

    const submitted = await client.submit({ feature: 'upscaler-image', inputs: { image: input.id }, params: { factor: 2, output_format: 'png' } });
    expect(submitted.status).toBe(202);
    const job = v.parse(GenerationSchema, submitted.body);
    expect(submitted.headers.get('location')).toBe(`/v1/generations/${job.id}`);
    expect(submitted.headers.get('cache-control')).toBe('no-store');
    expect(job).toMatchObject({ status: 'queued', cost: 1, engine: 'local' });

    const done = v.parse(
      GenerationSchema,
      await waitFor(
        async () => {
          const polled = await client.call('GET', `/v1/generations/${job.id}`);
          expect(polled.status).toBe(200);
          return ENDED.has(polled.body.status) ? polled.body : undefined;
        },
        30_000,
        'the job to end',
      ),
    );
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    expect(done.results).toHaveLength(1);
    const result = done.results[0]!;
    expect(result).toMatchObject({ width: 192, height: 128, generation_id: job.id });
    for (const link of [result.url, result.thumbnail_url, done.input_assets[0]?.url ?? '']) expect(link.startsWith(`${TEST_PUBLIC_URL}/api/media/`)).toBe(true);
    // The link works as is (here: its path on the in-process app).
    const fetched = await x.app.request(result.url.slice(TEST_PUBLIC_URL.length));
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');

    expect((await x.h.ledger(client.person.id)).filter((row) => row.kind !== 'grant')).toEqual([
      { kind: 'reserve', amount: -1, idempotency_key: ledgerKey(job.id, 'reserve') },
      { kind: 'commit', amount: 0, idempotency_key: ledgerKey(job.id, 'commit') },
    ]);
    expect(await x.h.balance(client.person.id)).toBe(9);
    expect(await x.creditsUsed(client.tokenId)).toBe(1);

    const page = await client.call('GET', '/v1/generations?status=completed');
    expect(v.parse(GenerationPageSchema, page.body).items.map((item) => item.id)).toEqual([job.id]);
  }, 60_000);
});

describe(`service permissions (${DRIVER})`, () => {
  it('lets a token of one service submit that one and answers 403 for the five others, writing nothing', async () => {
    const owner = await x.client({ credits: 100 });
    x.h.generations.engineDelays.set(owner.person.id, HOLD_MS);
    const image = await uploadImage(owner);
    for (const service of API_TOKEN_SERVICES) {
      const client = await x.token(owner.person, { permissions: [service] });
      for (const other of API_TOKEN_SERVICES.filter((candidate) => candidate !== service)) {
        const jobs = await x.jobCount(owner.person.id);
        const refused = await client.submit(requestOf(FEATURE_OF[other], image), `refused-${service}-${other}`);
        expect(refused, `${service} token, ${other} request`).toMatchObject({
          status: 403,
          body: { code: 'serviceNotAllowed', detail: PUBLIC_API_MESSAGES.serviceNotAllowed },
        });
        expect(await x.jobCount(owner.person.id)).toBe(jobs);
      }
      const allowed = await client.submit(requestOf(FEATURE_OF[service], image));
      expect(allowed.status, `${service} token, ${service} request: ${JSON.stringify(allowed.body)}`).toBe(202);
      // Held, then cancelled: the matrix is about admission, not about running six engines.
      expect((await client.call('POST', `/v1/generations/${allowed.body.id}/cancel`)).status).toBe(200);
    }
    expect(await x.h.database.kysely.selectFrom('api_idempotency').select('key').where('user_id', '=', owner.person.id).execute()).toEqual([]);
    // The upscaler's video mode is the same service as its image mode.
    const upscaler = await x.token(owner.person, { permissions: ['upscaler'] });
    expect((await upscaler.submit(requestOf('upscaler-video', image))).body.code).toBe('wrongAssetType');
  }, 60_000);

  it('answers 403 for reading or cancelling a job of a service the token lacks, and lists only its own services', async () => {
    const owner = await x.client({ credits: 20 });
    x.h.generations.engineDelays.set(owner.person.id, HOLD_MS);
    const image = await uploadImage(owner);
    const edit = await owner.submit(requestOf('image-editing', image));
    const body = await owner.submit(requestOf('body-generator', image));
    const narrow = await x.token(owner.person, { permissions: ['body-generator', 'upscaler'] });

    expect(await narrow.call('GET', `/v1/generations/${edit.body.id}`)).toMatchObject({ status: 403, body: { code: 'serviceNotAllowed' } });
    expect(await narrow.call('POST', `/v1/generations/${edit.body.id}/cancel`)).toMatchObject({ status: 403, body: { code: 'serviceNotAllowed' } });
    expect(['queued', 'processing']).toContain(
      (await x.h.database.kysely.selectFrom('generations').select('status').where('id', '=', edit.body.id).executeTakeFirstOrThrow()).status,
    );
    expect((await narrow.call('GET', `/v1/generations/${body.body.id}`)).status).toBe(200);

    const listed = await narrow.call('GET', '/v1/generations');
    expect(listed.status).toBe(200);
    const features = v.parse(GenerationPageSchema, listed.body).items.map((item) => item.feature);
    expect(features).toContain('body-generator');
    expect(features.every((feature) => ['body-generator', 'upscaler-image', 'upscaler-video'].includes(feature))).toBe(true);
    expect(await narrow.call('GET', '/v1/generations?feature=image-editing')).toMatchObject({ status: 403, body: { code: 'serviceNotAllowed' } });
    expect(await narrow.call('GET', '/v1/generations?feature=upscaler-video')).toMatchObject({ status: 200, body: { items: [] } });
    // The full token sees both.
    const all = v.parse(GenerationPageSchema, (await owner.call('GET', '/v1/generations')).body).items.map((item) => item.id);
    expect(all).toEqual(expect.arrayContaining([edit.body.id, body.body.id]));
    for (const id of [edit.body.id, body.body.id]) expect((await owner.call('POST', `/v1/generations/${id}/cancel`)).status).toBe(200);
  });

  it('lets any token upload', async () => {
    const client = await x.client({ permissions: ['hairstyle-changer'] });
    expect((await client.upload(await makeImage(32, 32, 'jpeg'), 'hair.jpg')).status).toBe(201);
  });
});

describe(`ownership between accounts (${DRIVER})`, () => {
  it("answers another account's job and asset like unknown ones (404, 422 assetNotFound) and writes nothing", async () => {
    const a = await x.client({ credits: 10 });
    const b = await x.client({ credits: 10 });
    x.h.generations.engineDelays.set(b.person.id, HOLD_MS);
    const bImage = await uploadImage(b, 'b.png');
    const bJob = await b.submit(requestOf('image-editing', bImage));
    expect(bJob.status).toBe(202);
    const before = { ledger: await x.h.ledger(a.person.id), b: await x.h.ledger(b.person.id) };

    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [bJob.body.id as string, unknown]) {
      expect(await a.call('GET', `/v1/generations/${id}`), id).toMatchObject({ status: 404, body: { code: 'notFound' } });
      expect(await a.call('POST', `/v1/generations/${id}/cancel`), id).toMatchObject({ status: 404, body: { code: 'notFound' } });
    }
    expect((await a.call('GET', '/v1/generations/not-an-id')).status).toBe(404);
    for (const image of [bImage, unknown]) {
      expect(await a.submit(requestOf('image-editing', image)), image).toMatchObject({ status: 422, body: { code: 'assetNotFound' } });
    }
    const listed = v.parse(GenerationPageSchema, (await a.call('GET', '/v1/generations')).body);
    expect(listed.items).toEqual([]);

    expect(await x.jobCount(a.person.id)).toBe(0);
    expect(await x.h.ledger(a.person.id)).toEqual(before.ledger);
    expect(await x.creditsUsed(a.tokenId)).toBe(0);
    // B's job is untouched: still pending (held by its engine delay), nothing refunded.
    expect(['queued', 'processing']).toContain(
      (await x.h.database.kysely.selectFrom('generations').select('status').where('id', '=', bJob.body.id).executeTakeFirstOrThrow()).status,
    );
    expect(await x.h.ledger(b.person.id)).toEqual(before.b);
    expect((await b.call('POST', `/v1/generations/${bJob.body.id}/cancel`)).status).toBe(200);
  });

  it('answers hostile or malformed input with a clear 4xx and writes nothing', async () => {
    const client = await x.client({ credits: 10 });
    const post = (body: string) =>
      x.app.request('/v1/generations', { method: 'POST', body, headers: { Authorization: `Bearer ${client.secret}`, 'Content-Type': 'application/json' } });
    expect((await post('{"feature":')).status).toBe(400);
    for (const body of [
      {},
      { feature: 'teleport', inputs: {}, params: {} },
      { ...requestOf('body-generator', ''), webhook_url: 'not a url' },
      { ...requestOf('body-generator', ''), webhook_url: `https://x.example.com/${'a'.repeat(2_100)}` },
    ]) {
      const refused = await client.submit(body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    expect((await client.call('GET', '/v1/generations?cursor=bm90LWEtY3Vyc29y')).status).toBe(422);
    expect((await client.call('GET', '/v1/generations?limit=100000')).status).toBe(422);
    expect((await client.call('POST', '/v1/generations/%00/cancel')).status).toBe(404);
    expect(await x.jobCount(client.person.id)).toBe(0);
    expect(await x.creditsUsed(client.tokenId)).toBe(0);
  });

  it('refuses calls without a token of the account', async () => {
    const response = await x.app.request('/v1/generations', { headers: { Authorization: 'Bearer atl_live_nope' } });
    expect(response.status).toBe(401);
  });
});

// serviceOf is what the permission check uses: every feature maps to one of the six services.
describe('services of features', () => {
  it('maps each feature tried above to its service', () => {
    for (const [service, feature] of Object.entries(FEATURE_OF)) expect(serviceOf(feature)).toBe(service);
  });
});
