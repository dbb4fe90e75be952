/**
 * One asset per file (docs/product-rules.md#upload-dedupe): an account's upload of bytes it
 * already has, for the same use, answers that asset (200, `reused`) and stores nothing, also when
 * both arrive at once; other accounts, other uses and deleted assets are never reused. And masks
 * are working files (docs/product-rules.md#working-files): out of every list that does not ask
 * for them, the model picker's above all.
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetPageSchema, UploadedAssetSchema } from '../../src/contract/media.schema.ts';
import type { CallResult } from './helpers/accounts.ts';
import { DRIVER } from './helpers/database.ts';
import { makeImage } from './helpers/media-fixtures.ts';
import { createMediaHarness, type MediaHarness, type UploadInput } from './helpers/media-harness.ts';

let h: MediaHarness;

beforeAll(async () => {
  h = await createMediaHarness();
});

afterAll(async () => {
  await h.dispose();
});

let accounts = 0;
async function account(): Promise<{ token: string; id: string }> {
  accounts += 1;
  const session = await h.signUp({ email: `dedupe-${accounts}@example.com` });
  return { token: session.access_token, id: session.user.id };
}

const photo = (bytes: Buffer, extra: Partial<UploadInput> = {}): UploadInput => ({
  bytes,
  filename: 'model-woman.png',
  contentType: 'image/png',
  role: 'model',
  ...extra,
});

async function assetsOf(userId: string) {
  return h.database.kysely.selectFrom('assets').selectAll().where('user_id', '=', userId).execute();
}

async function storedBytes(token: string): Promise<number> {
  const stats = await h.call('GET', '/api/me/stats', { token });
  expect(stats.status).toBe(200);
  return Number(stats.body.storage_used_bytes);
}

async function list(token: string, query = ''): Promise<string[]> {
  const result = await h.call('GET', `/api/assets${query}`, { token });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return v.parse(AssetPageSchema, result.body).items.map((asset) => asset.id);
}

const uploadedOf = (result: CallResult) => v.parse(UploadedAssetSchema, result.body);

describe(`one asset per file (${DRIVER})`, () => {
  it('answers a second upload of the same bytes with the first asset: 200, reused, nothing stored or counted again', async () => {
    const me = await account();
    const bytes = await makeImage(40, 30, 'png');
    const first = await h.upload(me.token, photo(bytes));
    expect(first.status).toBe(201);
    expect(uploadedOf(first)).toMatchObject({ reused: false, name: 'model-woman.png' });
    const files = (await h.storedFiles()).length;
    const used = await storedBytes(me.token);

    // Again, under another name and for another photo role: the same file.
    const again = await h.upload(me.token, photo(bytes, { filename: 'model-woman (1).png', role: 'garment' }));
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(uploadedOf(again)).toMatchObject({ id: first.body.id, reused: true, name: 'model-woman.png', width: 40, height: 30 });
    expect(uploadedOf(again).roles).toContain('garment');

    const rows = await assetsOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.content_sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect((await h.storedFiles()).length).toBe(files);
    expect(await storedBytes(me.token)).toBe(used);
    expect(await h.database.kysely.selectFrom('storage_reservations').selectAll().where('user_id', '=', me.id).execute()).toEqual([]);
    expect(await h.tempFiles()).toEqual([]);
    expect(await list(me.token)).toEqual([first.body.id]);
  });

  it('keeps accounts apart: the same bytes in another account are a new asset of its own', async () => {
    const [me, other] = [await account(), await account()];
    const bytes = await makeImage(41, 30, 'png');
    const mine = await h.upload(me.token, photo(bytes));
    const theirs = await h.upload(other.token, photo(bytes));
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(uploadedOf(theirs).reused).toBe(false);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await assetsOf(me.id)).toHaveLength(1);
    expect(await assetsOf(other.id)).toHaveLength(1);
    expect((await h.call('GET', `/api/assets/${theirs.body.id}`, { token: me.token })).status).toBe(404);
  });

  it('stores a deleted file anew when it is uploaded again', async () => {
    const me = await account();
    const bytes = await makeImage(42, 30, 'png');
    const first = await h.upload(me.token, photo(bytes));
    expect((await h.call('DELETE', `/api/assets/${first.body.id}`, { token: me.token })).status).toBe(204);
    const again = await h.upload(me.token, photo(bytes));
    expect(again.status).toBe(201);
    expect(uploadedOf(again).reused).toBe(false);
    expect(again.body.id).not.toBe(first.body.id);
    expect((await assetsOf(me.id)).map((row) => row.id)).toEqual([again.body.id]);
  });

  it('stores the same bytes apart for another use: an upscaler input is not fitted, a mask is no photo', async () => {
    const me = await account();
    const bytes = await makeImage(43, 30, 'png');
    const input = await h.upload(me.token, photo(bytes, { purpose: 'input' }));
    const upscale = await h.upload(me.token, photo(bytes, { purpose: 'upscale', role: 'image' }));
    const mask = await h.upload(me.token, photo(bytes, { role: 'mask', filename: 'mat-na-toc.png' }));
    expect([input.status, upscale.status, mask.status]).toEqual([201, 201, 201]);
    expect(new Set([input.body.id, upscale.body.id, mask.body.id]).size).toBe(3);
    expect(uploadedOf(mask).roles).toEqual(['mask']);
    // Each again: its own.
    expect((await h.upload(me.token, photo(bytes, { purpose: 'upscale', role: 'image' }))).body).toMatchObject({ id: upscale.body.id, reused: true });
    expect((await h.upload(me.token, photo(bytes, { role: 'mask' }))).body).toMatchObject({ id: mask.body.id, reused: true });
  });

  it('stores one asset for identical uploads sent at the same moment', async () => {
    const me = await account();
    const bytes = await makeImage(44, 30, 'png');
    const files = (await h.storedFiles()).length;
    const results = await Promise.all(Array.from({ length: 4 }, () => h.upload(me.token, photo(bytes))));
    expect(results.map((result) => result.status).toSorted()).toEqual([200, 200, 200, 201]);
    expect(new Set(results.map((result) => result.body.id)).size).toBe(1);
    expect(results.filter((result) => uploadedOf(result).reused)).toHaveLength(3);
    expect(await assetsOf(me.id)).toHaveLength(1);
    // One original and one thumbnail: the others removed theirs, and released their room.
    expect((await h.storedFiles()).length).toBe(files + 2);
    expect(await h.database.kysely.selectFrom('storage_reservations').selectAll().where('user_id', '=', me.id).execute()).toEqual([]);
    expect(await h.tempFiles()).toEqual([]);
  });

  it('answers a file the library already has even when the quota is full', async () => {
    const me = await account();
    const bytes = await makeImage(45, 30, 'png');
    const first = await h.upload(me.token, photo(bytes));
    expect(first.status).toBe(201);
    await h.database.kysely.updateTable('users').set({ plan: 'free' }).where('id', '=', me.id).execute();
    // Another stored file's bytes fill the rest of the quota.
    await h.database.kysely
      .insertInto('storage_reservations')
      .values({ user_id: me.id, bytes: 5_000_000_000, expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    expect((await h.upload(me.token, photo(await makeImage(46, 30, 'png')))).body).toMatchObject({ code: 'storageFull' });
    const again = await h.upload(me.token, photo(bytes));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, reused: true });
    await h.database.kysely.deleteFrom('storage_reservations').where('user_id', '=', me.id).execute();
  });
});

describe(`masks are working files (${DRIVER})`, () => {
  it('keeps a mask out of the model picker, every other role and the library, and lists it where masks are asked for', async () => {
    const me = await account();
    const portrait = await h.upload(me.token, photo(await makeImage(50, 60, 'png'), { filename: 'chan-dung.png', role: 'hair' }));
    const mask = await h.upload(me.token, photo(await makeImage(50, 60, 'png', { alpha: true }), { filename: 'mat-na-toc.png', role: 'mask' }));
    expect([portrait.status, mask.status]).toEqual([201, 201]);
    expect(mask.body.roles).toEqual(['mask']);

    // The model picker ("Chọn ảnh người mẫu") asks for role=model.
    expect(await list(me.token, '?role=model')).toEqual([portrait.body.id]);
    for (const role of ['garment', 'face', 'hair', 'image']) expect(await list(me.token, `?role=${role}`), role).toEqual([portrait.body.id]);
    // The library's views, whatever else they filter on.
    expect(await list(me.token)).toEqual([portrait.body.id]);
    expect(await list(me.token, '?kind=image')).toEqual([portrait.body.id]);
    expect(await list(me.token, '?tool=upload&sort=name')).toEqual([portrait.body.id]);
    expect(await list(me.token, '?q=mat-na')).toEqual([]);
    // Masks where they are asked for, and only the owner's.
    expect(await list(me.token, '?role=mask')).toEqual([mask.body.id]);
    const other = await account();
    expect(await list(other.token, '?role=mask')).toEqual([]);
    expect((await h.call('GET', `/api/assets/${mask.body.id}`, { token: other.token })).status).toBe(404);
    // Still the owner's asset: it opens, and deleting it frees its room.
    expect((await h.call('GET', `/api/assets/${mask.body.id}`, { token: me.token })).status).toBe(200);
    expect((await h.call('DELETE', `/api/assets/${mask.body.id}`, { token: me.token })).status).toBe(204);
    expect(await list(me.token, '?role=mask')).toEqual([]);
  });
});
