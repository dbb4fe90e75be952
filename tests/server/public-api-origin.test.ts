/**
 * /v1's absolute links follow the origin the integration reached the server at when PUBLIC_URL
 * is unset (server/http/origin.ts, docs/product-rules.md#public-origin): its asset links, and the
 * OpenAPI document's server. A Host that is not this server gets the default origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER } from './helpers/database.ts';
import { makeImage } from './helpers/media-fixtures.ts';
import { createV1Harness, type V1Harness } from './helpers/public-api-generations.ts';

let x: V1Harness;

beforeAll(async () => {
  x = await createV1Harness({ workers: 0, env: { PUBLIC_URL: '' } });
});

afterAll(async () => {
  await x?.h.dispose();
});

/** The servers of the OpenAPI document as asked on `host`. */
async function servers(host: string): Promise<string[]> {
  const response = await x.app.request('/v1/openapi.json', { headers: { Host: host } });
  return ((await response.json()) as { servers: Array<{ url: string }> }).servers.map((server) => server.url);
}

describe(`/v1 links on the request's origin (${DRIVER})`, () => {
  it('an upload, a submit, a read and a list give asset links on the origin asked, the default for a foreign Host', async () => {
    const client = await x.client({ credits: 10 });
    const here = { Host: '127.0.0.1:8080' };
    const uploaded = await client.upload(await makeImage(64, 48, 'png'), 'product.png', here);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/api\/media\//);
    const submitted = await client.call('POST', '/v1/generations', {
      body: { feature: 'upscaler-image', inputs: { image: uploaded.body.id }, params: { factor: 2, output_format: 'png' } },
      headers: here,
    });
    expect(submitted.status).toBe(202);
    expect(submitted.body.input_assets[0].url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/api\/media\//);
    const read = await client.call('GET', `/v1/generations/${submitted.body.id}`, { headers: { Host: 'localhost:8080' } });
    expect(read.body.input_assets[0].url).toMatch(/^http:\/\/localhost:8080\/api\/media\//);
    const listed = await client.call('GET', '/v1/generations', { headers: { Host: '[::1]:8080' } });
    expect(listed.body.items[0].input_assets[0].url).toMatch(/^http:\/\/\[::1\]:8080\/api\/media\//);
    const foreign = await client.call('GET', `/v1/generations/${submitted.body.id}`, { headers: { Host: 'evil.example' } });
    expect(foreign.body.input_assets[0].url).toMatch(/^http:\/\/localhost:8080\/api\/media\//);
  });

  it('the OpenAPI document names the origin it was asked on as its server', async () => {
    expect((await servers('127.0.0.1:8080')).join()).toContain('http://127.0.0.1:8080');
    expect((await servers('evil.example')).join()).toContain('http://localhost:8080');
    expect((await servers('evil.example')).join()).not.toContain('evil.example');
  });
});
