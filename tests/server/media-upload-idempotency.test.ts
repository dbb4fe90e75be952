/**
 * POST /api/media with an Idempotency-Key: the first upload stores (201), a replay answers that
 * asset (200) and stores nothing, also when both arrive at once; keys are per person; a deleted
 * asset frees its key.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetSchema, UPLOAD_IDEMPOTENCY_KEY_MAX } from '../../src/contract/media.schema.ts';
import type { CallResult } from './helpers/accounts.ts';
import { DRIVER } from './helpers/database.ts';
import { distinctPng, makeImage } from './helpers/media-fixtures.ts';
import { createMediaHarness, type MediaHarness } from './helpers/media-harness.ts';

let h: MediaHarness;
let token: string;
let otherToken: string;

beforeAll(async () => {
  h = await createMediaHarness();
  token = (await h.signUp({ email: 'outbox@example.com' })).access_token;
  otherToken = (await h.signUp({ email: 'someone-else@example.com' })).access_token;
});

afterAll(async () => {
  await h.dispose();
});

async function upload(bearer: string, bytes: Buffer, key: string | null, filename = 'photo.png'): Promise<CallResult> {
  const form = new FormData();
  form.append('role', 'model');
  form.append('file', new File([new Uint8Array(bytes)], filename, { type: 'image/png' }));
  const headers: Record<string, string> = { Authorization: `Bearer ${bearer}` };
  if (key !== null) headers['Idempotency-Key'] = key;
  const response = await h.app.request('/api/media', { method: 'POST', body: form, headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

async function assetCount(): Promise<number> {
  const row = await h.database.kysely
    .selectFrom('assets')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe(`Idempotency-Key on uploads (${DRIVER})`, () => {
  it('stores the first upload (201) and answers a replay with the same asset (200), storing nothing', async () => {
    const before = { assets: await assetCount(), files: (await h.storedFiles()).length };
    const image = await makeImage(32, 24, 'png');
    const first = await upload(token, image, 'outbox-entry-1');
    expect(first.status).toBe(201);
    const asset = v.parse(AssetSchema, first.body);
    expect(asset).toMatchObject({ source: 'upload', feature: null, name: 'photo.png' });

    // The replay's body is not even looked at: a different file, or none that parses.
    for (const bytes of [image, await makeImage(50, 50, 'png'), Buffer.from('not an image')]) {
      const again = await upload(token, bytes, 'outbox-entry-1', 'other.png');
      expect(again.status).toBe(200);
      expect(again.headers.get('cache-control')).toBe('no-store');
      expect(v.parse(AssetSchema, again.body)).toMatchObject({ id: asset.id, name: 'photo.png', width: 32, height: 24 });
    }
    expect(await assetCount()).toBe(before.assets + 1);
    expect((await h.storedFiles()).length).toBe(before.files + 2);
    expect(await h.tempFiles()).toEqual([]);
  });

  it('keeps keys per person', async () => {
    const image = await makeImage(16, 16, 'png');
    const mine = await upload(token, image, 'shared-key');
    const theirs = await upload(otherToken, image, 'shared-key');
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect((await upload(otherToken, image, 'shared-key')).body.id).toBe(theirs.body.id);
  });

  it('frees the key of a deleted asset: the next upload with it stores anew', async () => {
    const image = await makeImage(16, 16, 'png');
    const first = await upload(token, image, 'reused-after-delete');
    expect((await h.call('DELETE', `/api/assets/${first.body.id}`, { token })).status).toBe(204);
    const again = await upload(token, image, 'reused-after-delete');
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    expect((await h.call('GET', `/api/assets/${again.body.id}`, { token })).status).toBe(200);
  });

  it('refuses a key that is empty, too long or not visible ASCII (400), storing nothing', async () => {
    const before = await assetCount();
    const image = await makeImage(16, 16, 'png');
    for (const key of ['   ', 'x'.repeat(UPLOAD_IDEMPOTENCY_KEY_MAX + 1), 'clé', 'two words']) {
      const result = await upload(token, image, key);
      expect(result.status, key).toBe(400);
      expect(result.body).toEqual({
        detail: `The Idempotency-Key header must be 1 to ${UPLOAD_IDEMPOTENCY_KEY_MAX} visible characters.`,
        code: 'invalidIdempotencyKey',
      });
    }
    // A picture of its own: the library has `image` already (one asset per file).
    expect((await upload(token, distinctPng(image, 1), 'k'.repeat(UPLOAD_IDEMPOTENCY_KEY_MAX))).status).toBe(201);
    expect(await assetCount()).toBe(before + 1);
  });

  it('20 uploads each sent twice (half of them at the same moment) store exactly 20 assets', async () => {
    const before = { assets: await assetCount(), files: (await h.storedFiles()).length };
    const images = await Promise.all(Array.from({ length: 20 }, (_, index) => makeImage(20 + index, 20, 'png')));
    const pairs = await Promise.all(
      images.map(async (bytes, index) => {
        const key = `batch-${index}`;
        // Even: both copies race; odd: the replay follows the first.
        if (index % 2 === 0) return Promise.all([upload(token, bytes, key), upload(token, bytes, key)]);
        const first = await upload(token, bytes, key);
        return [first, await upload(token, bytes, key)];
      }),
    );
    for (const [index, pair] of pairs.entries()) {
      expect(pair.map((result) => result.status).toSorted(), `pair ${index}`).toEqual([200, 201]);
      expect(pair[0]?.body.id).toBe(pair[1]?.body.id);
      expect(pair[0]?.body.width).toBe(20 + index);
    }
    expect(new Set(pairs.map((pair) => pair[0]?.body.id)).size).toBe(20);
    expect(await assetCount()).toBe(before.assets + 20);
    // An original and a thumbnail each: the losers of the races left nothing behind.
    expect((await h.storedFiles()).length).toBe(before.files + 40);
    expect(await h.tempFiles()).toEqual([]);
    const dirs = (await h.storedFiles()).map((file) => file.split('/').slice(0, 2).join('/'));
    expect(new Set(dirs).size).toBe((before.files + 40) / 2);
  });
});
