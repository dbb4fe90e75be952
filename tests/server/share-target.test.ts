/** POST /share-target without a service worker: a 303 to the chooser saying the app must be opened once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

let test: TestDatabase;
let app: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  test = await createTestDatabase();
  app = createTestApp({ database: test.database });
});

afterAll(async () => {
  await test.dispose();
});

describe('POST /share-target (no service worker yet)', () => {
  it('sends the browser to the chooser with a 303 and the reason, without keeping the photo', async () => {
    const form = new FormData();
    form.append('title', 'Áo mới');
    form.append('image', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'ao.jpg', { type: 'image/jpeg' }));
    const response = await app.request('/share-target', { method: 'POST', body: form });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/share?reason=no-worker');
  });

  it('answers the same to an empty share', async () => {
    const response = await app.request('/share-target', { method: 'POST' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/share?reason=no-worker');
  });

  it.each([
    ['a share sheet launch', { 'sec-fetch-site': 'none' }],
    ['a share sheet launch with an opaque origin', { 'sec-fetch-site': 'none', origin: 'null' }],
    ['the app itself', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' }],
    ['the app behind a proxy that ends TLS', { 'sec-fetch-site': 'same-origin', origin: 'https://localhost' }],
  ])('takes %s', async (_label, headers) => {
    const response = await app.request('/share-target', { method: 'POST', headers });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/share?reason=no-worker');
  });

  it.each([
    ['another site’s form', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' }],
    ['a sibling site', { 'sec-fetch-site': 'same-site', origin: 'http://shop.localhost' }],
    ['another site, without Sec-Fetch-Site', { origin: 'https://evil.test' }],
    ['a sandboxed page of another site', { 'sec-fetch-site': 'cross-site', origin: 'null' }],
    ['an opaque origin no browser vouches for', { origin: 'null', referer: 'https://evil.test/frame' }],
  ])('refuses %s with a 403 and a sentence', async (_label, headers) => {
    const form = new FormData();
    form.append('image', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'ao.jpg', { type: 'image/jpeg' }));
    const response = await app.request('/share-target', { method: 'POST', body: form, headers });
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.json()).toEqual({ detail: 'Shares are accepted only from the system share sheet or from Atelier itself.', code: 'shareRefused' });
  });

  it('leaves other methods and other paths alone', async () => {
    expect((await app.request('/share-target/x', { method: 'POST' })).status).toBe(404);
    expect((await app.request('/share', { method: 'POST' })).status).toBe(404);
  });
});
