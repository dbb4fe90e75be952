/**
 * `POST /api/engines/fal/webhook`: ED25519 verification against the JWKS the fake serves (a key
 * pair made at test time), the ±5 minute window, 401 and no effect for anything unverified, 503
 * when the keys cannot be had, and a verified delivery waking the run waiting on its request.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFalEngine, createFalWebhookRoutes, createFalWebhookVerifier, type FalEngine } from '../../server/engines/fal/index.ts';
import type { FalWebhookDelivery } from '../../server/engines/fal/webhook.ts';
import { createEngineRegistry } from '../../server/engines/index.ts';
import { mountArea } from '../../server/http/area.ts';
import type { AppEnv } from '../../server/http/types.ts';
import { FEATURES, type Feature } from '../../src/contract/tools.ts';
import { FAKE_FAL_KEY, startFakeFal, type FakeFal } from './helpers/fake-fal.ts';
import { engineRequest, makeFalFixtures, type FalFixtures } from './helpers/fal-requests.ts';
import { silentLogger } from './helpers/logs.ts';

/** Long enough that only a webhook can explain a prompt second poll, in ms. */
const SLOW_POLL_MS = 60_000;

let fake: FakeFal;
let fixtures: FalFixtures;
let engine: FalEngine;
let deliveries: FalWebhookDelivery[];
let clock: number;
let app: Hono<AppEnv>;
let server: Server;
let webhookUrl: string;

const build = (jwksUrl: string): Hono<AppEnv> =>
  new Hono<AppEnv>().route(
    '/api/engines/fal',
    createFalWebhookRoutes({
      verifier: createFalWebhookVerifier({ jwksUrl, now: () => clock }),
      logger: silentLogger(),
      onWebhook: (delivery) => {
        deliveries.push(delivery);
        engine.notify(delivery.requestId);
      },
    }),
  );

const post = (headers: Record<string, string>, body: string, target = app) => target.request('/api/engines/fal/webhook', { method: 'POST', headers, body });
const payload = (requestId: string) => JSON.stringify({ request_id: requestId, gateway_request_id: requestId, status: 'OK', payload: { images: [] } });
const nowSeconds = () => Math.floor(clock / 1000);

beforeAll(async () => {
  fake = await startFakeFal();
  fixtures = await makeFalFixtures(fake);
  engine = createFalEngine({
    config: { key: FAKE_FAL_KEY, queueUrl: fake.url },
    publicUrl: 'https://atelier.example',
    logger: silentLogger(),
    pollIntervalMs: SLOW_POLL_MS,
  });
  clock = Date.now();
  app = build(engine.urls.jwks);
  server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/engines/fal/webhook`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await fake.close();
});

beforeEach(() => {
  deliveries = [];
  clock = Date.now();
  fake.webhookTarget = null;
  fake.jwksStatus = 200;
});

describe('verification', () => {
  it('the engine finds the keys where the fake serves them', () => {
    expect(engine.urls.jwks).toBe(fake.jwksUrl);
    expect(engine.webhookUrl).toBe('https://atelier.example/api/engines/fal/webhook');
  });

  it('accepts a delivery signed by a key of the JWKS', async () => {
    const body = payload('req-ok');
    const response = await post(fake.signWebhook(body, { requestId: 'req-ok', timestamp: nowSeconds() }), body);
    expect(response.status).toBe(200);
    expect(deliveries).toEqual([{ requestId: 'req-ok', status: 'OK' }]);
  });

  it('refuses, with 401 and no effect, a wrong key, a changed body, another request id, or missing headers', async () => {
    const body = payload('req-1');
    const stranger = generateKeyPairSync('ed25519').privateKey;
    const signed = fake.signWebhook(body, { requestId: 'req-1', timestamp: nowSeconds() });
    const cases: Array<[string, Record<string, string>, string]> = [
      ['another key', fake.signWebhook(body, { requestId: 'req-1', timestamp: nowSeconds(), privateKey: stranger }), body],
      ['a changed body', signed, body.replace('"OK"', '"ERROR"')],
      ['another request id', { ...signed, 'X-Fal-Webhook-Request-Id': 'req-2' }, body],
      ['another user id', { ...signed, 'X-Fal-Webhook-User-Id': 'someone-else' }, body],
      ['no signature', { ...signed, 'X-Fal-Webhook-Signature': '' }, body],
      ['a malformed signature', { ...signed, 'X-Fal-Webhook-Signature': 'zz'.repeat(64) }, body],
      ['no headers', { 'Content-Type': 'application/json' }, body],
    ];
    for (const [what, headers, sent] of cases) {
      const response = await post(headers, sent);
      expect(response.status, what).toBe(401);
      expect(await response.json(), what).toEqual({ detail: 'The webhook signature could not be verified.' });
    }
    expect(deliveries).toEqual([]);
  });

  it('refuses a timestamp more than 5 minutes away, either way', async () => {
    const body = payload('req-stale');
    for (const offset of [-301, 301]) {
      const response = await post(fake.signWebhook(body, { requestId: 'req-stale', timestamp: nowSeconds() + offset }), body);
      expect(response.status).toBe(401);
    }
    for (const offset of [-290, 290]) {
      const response = await post(fake.signWebhook(body, { requestId: 'req-stale', timestamp: nowSeconds() + offset }), body);
      expect(response.status).toBe(200);
    }
    expect(deliveries).toHaveLength(2);
  });

  it('answers 503 when the keys cannot be fetched, so fal delivers again later', async () => {
    fake.jwksStatus = 500;
    const fresh = build(fake.jwksUrl);
    const body = payload('req-keys');
    const response = await post(fake.signWebhook(body, { requestId: 'req-keys', timestamp: nowSeconds() }), body, fresh);
    expect(response.status).toBe(503);
    expect(deliveries).toEqual([]);

    fake.jwksStatus = 200;
    const again = await post(fake.signWebhook(body, { requestId: 'req-keys', timestamp: nowSeconds() }), body, fresh);
    expect(again.status).toBe(200);
  });

  it('caches the keys: forged deliveries refetch them at most once a minute', async () => {
    const fresh = build(fake.jwksUrl);
    const before = fake.jwksFetches;
    const body = payload('req-forged');
    const stranger = generateKeyPairSync('ed25519').privateKey;
    const forged = () => post(fake.signWebhook(body, { requestId: 'req-forged', timestamp: nowSeconds(), privateKey: stranger }), body, fresh);
    for (let index = 0; index < 5; index += 1) expect((await forged()).status).toBe(401);
    expect(fake.jwksFetches - before).toBe(1);
    clock += 61_000;
    expect((await forged()).status).toBe(401);
    expect(fake.jwksFetches - before).toBe(2);
  });

  it('refuses a body over 1 MiB', async () => {
    const body = JSON.stringify({ request_id: 'req-big', status: 'OK', payload: { text: 'x'.repeat(1024 * 1024) } });
    const response = await post(fake.signWebhook(body, { requestId: 'req-big', timestamp: nowSeconds() }), body);
    expect(response.status).toBe(413);
    expect(deliveries).toEqual([]);
  });

  it('is mounted by the engine registry at /api/engines/fal/webhook, keys from FAL_QUEUE_URL', async () => {
    const registry = createEngineRegistry({
      config: {
        engines: Object.fromEntries(FEATURES.map((feature) => [feature, 'fal'])) as Record<Feature, 'fal'>,
        fal: { key: FAKE_FAL_KEY, queueUrl: fake.url },
        publicUrl: 'https://atelier.example',
      },
      logger: silentLogger(),
    });
    const mounted = new Hono<AppEnv>();
    mountArea(mounted, registry.routes());
    const body = payload('req-registry');
    const ok = await post(fake.signWebhook(body, { requestId: 'req-registry' }), body, mounted);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true });
    const forged = await post(fake.signWebhook(body, { requestId: 'req-registry', privateKey: generateKeyPairSync('ed25519').privateKey }), body, mounted);
    expect(forged.status).toBe(401);
  });
});

describe('waking the run', () => {
  it('a verified webhook makes the run fetch its result at once instead of at the next poll', async () => {
    fake.webhookTarget = webhookUrl;
    fake.scenarios.push({ completeAfterMs: 200 });
    const { request } = await engineRequest({ feature: 'upscaler-image', inputs: { image: 'a' }, params: {} }, { image: fixtures.file('photo.jpg') });
    const started = performance.now();
    const result = await engine.run(request);
    // Polling alone would have waited a whole minute.
    expect(performance.now() - started).toBeLessThan(SLOW_POLL_MS / 4);
    const [job] = fake.jobs.slice(-1);
    expect(fake.submits.at(-1)?.webhookUrl).toBe('https://atelier.example/api/engines/fal/webhook');
    await expect
      .poll(() => fake.webhooks.filter((webhook) => webhook.requestId === job?.requestId))
      .toEqual([{ url: webhookUrl, requestId: job?.requestId, status: 200 }]);
    expect(job?.statusPolls).toBe(2);
    expect(result.metadata.request_id).toBe(job?.requestId);
  });

  it('an unverified webhook wakes nothing; a verified one does', async () => {
    fake.scenarios.push({ never: true });
    const controller = new AbortController();
    const { request } = await engineRequest(
      { feature: 'upscaler-image', inputs: { image: 'a' }, params: {} },
      { image: fixtures.file('photo.jpg') },
      { signal: controller.signal },
    );
    const running = engine.run(request).catch((error: unknown) => error);
    await expect.poll(() => fake.jobs.at(-1)?.statusPolls ?? 0).toBe(1);
    const job = fake.jobs.at(-1);
    const requestId = job?.requestId ?? '';
    const body = payload(requestId);

    const stranger = generateKeyPairSync('ed25519').privateKey;
    expect((await post(fake.signWebhook(body, { requestId, timestamp: nowSeconds(), privateKey: stranger }), body)).status).toBe(401);
    expect((await post(fake.signWebhook(body, { requestId, timestamp: nowSeconds() - 600 }), body)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(job?.statusPolls).toBe(1);

    expect((await post(fake.signWebhook(body, { requestId, timestamp: nowSeconds() }), body)).status).toBe(200);
    await expect.poll(() => job?.statusPolls).toBe(2);

    const reason = new Error('stop');
    controller.abort(reason);
    expect(await running).toBe(reason);
    expect(job?.cancelled).toBe(true);
  });
});
