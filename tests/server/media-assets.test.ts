/**
 * The assets library (/api/assets: list with filters and cursor pages, one, delete), ownership,
 * capability URLs (signature, expiry, ranges, caching headers) and the MediaService the
 * generations worker uses (ingest, materialize, findOwned, deleteAssets).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetPageSchema, AssetSchema, type Asset } from '../../src/contract/media.schema.ts';
import { MEDIA_MESSAGES } from '../../src/contract/media.ts';
import { loadConfig } from '../../server/config.ts';
import { createMedia, type Media } from '../../server/media/index.ts';
import { deriveMediaKey } from '../../server/media/signing.ts';
import { PASSWORD } from './helpers/accounts.ts';
import { TEST_SIGNING_KEY } from './helpers/app.ts';
import { DRIVER } from './helpers/database.ts';
import { silentLogger } from './helpers/logs.ts';
import { distinctPng, makeImage, makeVideo } from './helpers/media-fixtures.ts';
import { createMediaHarness, type MediaHarness } from './helpers/media-harness.ts';

const HOUR_MS = 3_600_000;
/** MEDIA_URL_TTL's default, 6 h, in seconds. */
const TTL_SECONDS = 6 * 3600;

let h: MediaHarness;
let media: Media;
let scratch: string;
let alice: { token: string; id: string };
let bob: { token: string; id: string };

beforeAll(async () => {
  h = await createMediaHarness({ env: { PUBLIC_URL: 'https://studio.example.com' } });
  const a = await h.signUp({ email: 'alice@example.com' });
  const b = await h.signUp({ email: 'bob@example.com' });
  alice = { token: a.access_token, id: a.user.id };
  bob = { token: b.access_token, id: b.user.id };
  scratch = await mkdtemp(path.join(tmpdir(), 'atelier-media-assets-'));
  // The service as the generations worker gets it: same database, same DATA_DIR, same key.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: h.dataDir, PUBLIC_URL: 'https://studio.example.com' });
  media = createMedia({ config, database: h.database, logger: silentLogger(), signingKey: TEST_SIGNING_KEY, now: h.clock.now });
});

afterAll(async () => {
  await h.dispose();
  await rm(scratch, { recursive: true, force: true });
});

async function list(token: string, query = ''): Promise<v.InferOutput<typeof AssetPageSchema>> {
  const result = await h.call('GET', `/api/assets${query}`, { token });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return v.parse(AssetPageSchema, result.body);
}

describe(`GET /api/assets (${DRIVER})`, () => {
  let uploads: Asset[];

  beforeAll(async () => {
    const png = await makeImage(40, 30, 'png');
    // Several in the same millisecond: pages must still be exact (ties broken by id).
    uploads = [];
    for (const [name, role] of [
      ['Áo dài đỏ.png', 'garment'],
      ['váy_xanh.png', 'garment'],
      ['model 100%.png', 'model'],
      ['face.png', 'face'],
    ] as const) {
      // The same picture in bytes of its own: the same file twice would be one asset.
      uploads.push(await h.uploaded(alice.token, { bytes: distinctPng(png, uploads.length), filename: name, role }));
    }
    h.clock.advance(1000);
    uploads.push(
      await h.uploaded(alice.token, { bytes: await makeVideo(scratch, { seconds: 1, width: 64, height: 48 }), filename: 'walk.mp4', role: 'video' }),
    );
    h.clock.advance(1000);
    const upscaled = path.join(scratch, 'upscaled.png');
    await writeFile(upscaled, await makeImage(80, 60, 'png'));
    const row = await media.service.ingest(
      alice.id,
      { path: upscaled, mediaType: 'image', mime: 'image/png', kind: 'upscaled', roles: ['image'], name: 'upscaled.png' },
      { generationId: 'gen-1', feature: 'upscaler-image', metadata: { engine: 'local' } },
    );
    uploads.push(media.service.toApiAsset(row));
    await h.uploaded(bob.token, { bytes: png, filename: 'bob garment.png', role: 'garment' });
  });

  it('lists the caller’s assets, newest first, in exact cursor pages', async () => {
    const all = await list(alice.token);
    expect(all.items.map((item) => item.id)).toHaveLength(6);
    expect(all.next_cursor).toBeNull();
    const sorted = all.items.toSorted((x, y) => (x.created_at === y.created_at ? (x.id < y.id ? 1 : -1) : x.created_at < y.created_at ? 1 : -1));
    expect(all.items.map((item) => item.id)).toEqual(sorted.map((item) => item.id));
    expect(all.items[0]?.kind).toBe('upscaled');

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: v.InferOutput<typeof AssetPageSchema> = await list(alice.token, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.items.map((item) => item.id));
    expect(new Set(uploads.map((item) => item.id))).toEqual(new Set(seen));
  });

  it('filters by kind and role, and searches names case-insensitively (with % and _ literal)', async () => {
    expect((await list(alice.token, '?kind=video')).items.map((item) => item.name)).toEqual(['walk.mp4']);
    expect((await list(alice.token, '?kind=upscaled')).items.map((item) => item.name)).toEqual(['upscaled.png']);
    expect((await list(alice.token, '?kind=image')).items).toHaveLength(4);
    // Every image upload can serve as a garment; the video cannot.
    const garments = (await list(alice.token, '?role=garment')).items.map((item) => item.name);
    expect(garments).toHaveLength(4);
    expect(garments).not.toContain('walk.mp4');
    expect((await list(alice.token, '?q=%C3%81O%20D%C3%80I')).items.map((item) => item.name)).toEqual(['Áo dài đỏ.png']);
    expect((await list(alice.token, '?q=100%25')).items.map((item) => item.name)).toEqual(['model 100%.png']);
    expect((await list(alice.token, '?q=_')).items.map((item) => item.name)).toEqual(['váy_xanh.png']);
    expect((await list(alice.token, '?q=bob')).items).toEqual([]);
    expect((await list(alice.token, '?kind=image&role=face&q=FACE')).items.map((item) => item.name)).toEqual(['face.png']);
  });

  it('refuses bad queries (422) and anonymous callers (401)', async () => {
    expect((await h.call('GET', '/api/assets?kind=audio', { token: alice.token })).status).toBe(422);
    expect((await h.call('GET', '/api/assets?limit=0', { token: alice.token })).status).toBe(422);
    expect((await h.call('GET', '/api/assets?limit=101', { token: alice.token })).status).toBe(422);
    expect((await h.call('GET', '/api/assets?cursor=bm90IGEgY3Vyc29y', { token: alice.token })).status).toBe(422);
    expect((await h.call('GET', '/api/assets')).status).toBe(401);
  });
});

describe(`one asset, ownership and delete (${DRIVER})`, () => {
  it('answers the owner’s asset; someone else gets 404 for reading and deleting it', async () => {
    const asset = await h.uploaded(alice.token, { bytes: await makeImage(50, 50, 'jpeg'), filename: 'mine.jpg' });
    const own = await h.call('GET', `/api/assets/${asset.id}`, { token: alice.token });
    expect(own.status).toBe(200);
    expect(v.parse(AssetSchema, own.body)).toMatchObject({ id: asset.id, name: 'mine.jpg', source: 'upload', generation_id: null });
    expect(own.headers.get('cache-control')).toBe('no-store');

    expect(await h.call('GET', `/api/assets/${asset.id}`, { token: bob.token })).toMatchObject({
      status: 404,
      body: { message: MEDIA_MESSAGES.assetNotFound, code: 'assetNotFound' },
    });
    expect(await h.call('DELETE', `/api/assets/${asset.id}`, { token: bob.token })).toMatchObject({
      status: 404,
      body: { detail: MEDIA_MESSAGES.assetNotFound, code: 'assetNotFound' },
    });
    expect(await h.call('GET', '/api/assets/00000000-0000-0000-0000-000000000000', { token: alice.token })).toMatchObject({ status: 404 });
    expect((await list(bob.token)).items.map((item) => item.id)).not.toContain(asset.id);
    // The service is owner-scoped too.
    expect(await media.service.findOwned(bob.id, [asset.id])).toEqual([]);
    await media.service.deleteAssets(bob.id, [asset.id]);
    expect((await media.service.findOwned(alice.id, [asset.id, 'unknown'])).map((row) => row.id)).toEqual([asset.id]);
    expect((await h.fetchMedia(asset.url)).status).toBe(200);
  });

  it('deletes the owner’s asset (204): row, files and links gone', async () => {
    // Not the walk's file (that one would be answered again): a frame of another size.
    const asset = await h.uploaded(alice.token, {
      bytes: await makeVideo(scratch, { seconds: 1, width: 64, height: 50 }),
      filename: 'gone.mp4',
      role: 'video',
    });
    const filesOf = async () => (await h.storedFiles()).filter((file) => file.includes(asset.id));
    expect((await filesOf()).toSorted()).toEqual(
      [`${alice.id}/${asset.id}/original.mp4`, `${alice.id}/${asset.id}/poster.webp`, `${alice.id}/${asset.id}/thumbnail.webp`].map((file) =>
        path.normalize(file),
      ),
    );
    const deleted = await h.call('DELETE', `/api/assets/${asset.id}`, { token: alice.token });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    expect(await filesOf()).toEqual([]);
    expect((await h.call('GET', `/api/assets/${asset.id}`, { token: alice.token })).status).toBe(404);
    expect((await h.fetchMedia(asset.url)).status).toBe(404);
    expect((await h.call('DELETE', `/api/assets/${asset.id}`, { token: alice.token })).status).toBe(404);
  });
});

describe(`capability URLs (${DRIVER})`, () => {
  let asset: Asset;
  let original: Buffer;

  beforeAll(async () => {
    asset = await h.uploaded(alice.token, {
      bytes: await makeVideo(scratch, { seconds: 2, width: 160, height: 120 }),
      filename: 'Phiên bản "cuối".mp4',
      purpose: 'upscale',
    });
    original = await readFile(path.join(h.dataDir, 'media', alice.id, asset.id, 'original.mp4'));
  });

  it('serves without a bearer header, with the headers a browser needs', async () => {
    const response = await h.fetchMedia(asset.url);
    expect(response.status).toBe(200);
    expect(response.bytes.equals(original)).toBe(true);
    const headers = Object.fromEntries(response.headers);
    expect(headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(original.length),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      etag: `"${asset.id}.original"`,
      'content-disposition': `inline; filename="Phien ban _cuoi_.mp4"; filename*=UTF-8''${encodeURIComponent('Phiên bản "cuối".mp4')}`,
    });
    expect(headers['content-encoding']).toBeUndefined();
    const maxAge = Number(/^private, max-age=(\d+), immutable$/.exec(headers['cache-control'] ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(TTL_SECONDS);
    expect(maxAge).toBeLessThanOrEqual(TTL_SECONDS * 1.5);
    const thumbnail = await h.fetchMedia(asset.thumbnail_url);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(thumbnail.headers.get('content-disposition')).toContain('-thumbnail.webp');
  });

  it('answers byte ranges (206) so a video can seek, and 416 past the end', async () => {
    const first = await h.fetchMedia(asset.url, { Range: 'bytes=0-99' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${original.length}`);
    expect(first.headers.get('content-length')).toBe('100');
    expect(first.bytes.equals(original.subarray(0, 100))).toBe(true);

    const middle = await h.fetchMedia(asset.url, { Range: `bytes=1000-` });
    expect(middle.status).toBe(206);
    expect(middle.bytes.equals(original.subarray(1000))).toBe(true);
    const tail = await h.fetchMedia(asset.url, { Range: 'bytes=-10' });
    expect(tail.headers.get('content-range')).toBe(`bytes ${original.length - 10}-${original.length - 1}/${original.length}`);
    expect(tail.bytes.equals(original.subarray(-10))).toBe(true);
    const past = await h.fetchMedia(asset.url, { Range: `bytes=${original.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${original.length}`);
    // Several ranges, or a stale If-Range: the whole file.
    expect((await h.fetchMedia(asset.url, { Range: 'bytes=0-1,5-6' })).status).toBe(200);
    expect((await h.fetchMedia(asset.url, { Range: 'bytes=0-1', 'If-Range': '"other"' })).status).toBe(200);
  });

  it('answers HEAD without a body and If-None-Match with 304', async () => {
    const head = await h.fetchMedia(asset.url, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(original.length));
    expect(head.bytes.length).toBe(0);
    const cached = await h.fetchMedia(asset.url, { 'If-None-Match': `"${asset.id}.original"` });
    expect(cached.status).toBe(304);
    expect(cached.bytes.length).toBe(0);
  });

  it('refuses a wrong, tampered or expired signature (403 linkExpired)', async () => {
    const url = new URL(asset.url, 'http://x');
    const wrong = `${url.pathname}?exp=${url.searchParams.get('exp')}&sig=${'0'.repeat(64)}`;
    expect(await h.call('GET', wrong)).toMatchObject({ status: 403, body: { message: MEDIA_MESSAGES.linkExpired, code: 'linkExpired' } });
    // The original's signature does not open the poster, nor a later expiry.
    expect((await h.fetchMedia(`${url.pathname.replace('original', 'poster')}${url.search}`)).status).toBe(403);
    expect((await h.fetchMedia(`${url.pathname}?exp=${Number(url.searchParams.get('exp')) + 1}&sig=${url.searchParams.get('sig')}`)).status).toBe(403);
    expect((await h.fetchMedia(url.pathname)).status).toBe(403);
    // A signature made with the access-token key itself is not a media signature.
    const { createHmac } = await import('node:crypto');
    const exp = url.searchParams.get('exp') ?? '';
    const withJwtKey = createHmac('sha256', TEST_SIGNING_KEY).update(`${asset.id}/original/${exp}`).digest('hex');
    expect((await h.fetchMedia(`${url.pathname}?exp=${exp}&sig=${withJwtKey}`)).status).toBe(403);
    const withMediaKey = createHmac('sha256', deriveMediaKey(TEST_SIGNING_KEY)).update(`${asset.id}/original/${exp}`).digest('hex');
    expect((await h.fetchMedia(`${url.pathname}?exp=${exp}&sig=${withMediaKey}`)).status).toBe(200);
    // Unknown variants and assets: 404 only behind a valid signature, so nothing leaks.
    expect((await h.fetchMedia(`/api/media/${asset.id}/raw?exp=${exp}&sig=${withMediaKey}`)).status).toBe(404);

    h.clock.advance(TTL_SECONDS * 1.5 * 1000 + 1000);
    expect(await h.call('GET', asset.url)).toMatchObject({ status: 403, body: { code: 'linkExpired' } });
  });

  it('issues the same URL within a window, and a new signature on the same path after it', async () => {
    const fresh = async () => v.parse(AssetSchema, (await h.call('GET', `/api/assets/${asset.id}`, { token: alice.token })).body);
    // To just past a window boundary (window = TTL / 2): the next three hours share one window.
    const windowMs = (TTL_SECONDS / 2) * 1000;
    h.clock.advance(windowMs - (h.clock.now() % windowMs) + 1000);
    const first = await fresh();
    h.clock.advance(windowMs - 2000);
    const again = await fresh();
    expect(again.url).toBe(first.url);
    expect(again.thumbnail_url).toBe(first.thumbnail_url);
    h.clock.advance(HOUR_MS);
    const later = await fresh();
    expect(later.url).not.toBe(first.url);
    expect(later.url.split('?')[0]).toBe(first.url.split('?')[0]);
    expect(Date.parse(later.urls_expire_at)).toBeGreaterThan(Date.parse(first.urls_expire_at));
    expect((await h.fetchMedia(later.url)).status).toBe(200);
  });
});

describe(`MediaService for the generations worker (${DRIVER})`, () => {
  it('ingests an image output as is, flags >4K, merges metadata, and makes a thumbnail', async () => {
    const file = path.join(scratch, 'result-4k.png');
    await writeFile(file, await makeImage(4000, 2200, 'png'));
    const row = await media.service.ingest(
      alice.id,
      { path: file, mediaType: 'image', mime: 'image/png', kind: 'upscaled', roles: ['image', 'model'], name: 'upscale-result.png', metadata: { factor: 2 } },
      { generationId: 'gen-42', feature: 'upscaler-image', metadata: { engine: 'local', model: 'lanczos' } },
    );
    expect(row).toMatchObject({
      user_id: alice.id,
      kind: 'upscaled',
      width: 4000,
      height: 2200,
      source: 'generation',
      generation_id: 'gen-42',
      mime: 'image/png',
    });
    const api = media.service.toApiAsset(row);
    expect(api).toMatchObject({
      feature: 'upscaler-image',
      warnings: ['over4k'],
      roles: ['image', 'model'],
      metadata: { engine: 'local', model: 'lanczos', factor: 2 },
      name: 'upscale-result.png',
    });
    expect(await sharp((await h.fetchMedia(api.thumbnail_url)).bytes).metadata()).toMatchObject({ width: 400, height: 220, format: 'webp' });
    // The engine's file is copied, not taken: the worker cleans its own work directory.
    expect((await readFile(file)).length).toBeGreaterThan(0);
  });

  it('ingests a video output with its poster, and refuses a file that is not what it claims', async () => {
    const file = path.join(scratch, 'result.mp4');
    await writeFile(file, await makeVideo(scratch, { seconds: 1, width: 128, height: 96, fps: 30 }));
    const row = await media.service.ingest(
      alice.id,
      { path: file, mediaType: 'video', mime: 'video/mp4', kind: 'video', roles: ['video'], name: 'clip.mp4' },
      { generationId: 'gen-43', feature: 'image-to-video', metadata: { engine: 'local' } },
    );
    expect(row).toMatchObject({ media_type: 'video', width: 128, height: 96, duration_ms: 1000, codec: 'h264' });
    expect(media.service.toApiAsset(row)).toMatchObject({ fps: 30, duration_seconds: 1, warnings: [] });
    expect(row.poster_key).toBe(`${alice.id}/${row.id}/poster.webp`);
    await expect(
      media.service.ingest(
        alice.id,
        { path: file, mediaType: 'image', mime: 'image/png', kind: 'image', roles: ['image'], name: 'x.png' },
        { generationId: 'g', feature: 'image-editing', metadata: { engine: 'local' } },
      ),
    ).rejects.toThrow(/not the image\/png/);
  });

  it('materializes an asset as a local file with a public capability URL', async () => {
    const asset = await h.uploaded(alice.token, { bytes: await makeImage(64, 32, 'webp'), filename: 'in.webp' });
    const [row] = await media.service.findOwned(alice.id, [asset.id]);
    if (!row) throw new Error('missing row');
    const input = await media.service.materialize(row, scratch);
    expect(input).toMatchObject({ assetId: asset.id, mime: 'image/webp', mediaType: 'image', width: 64, height: 32, durationSeconds: null, fps: null });
    expect((await sharp(input.path).metadata()).width).toBe(64);
    const publicUrl = new URL(input.publicUrl);
    expect(publicUrl.origin).toBe('https://studio.example.com');
    expect((await h.fetchMedia(publicUrl.pathname + publicUrl.search)).status).toBe(200);
  });

  it('deleteAssets removes only the owner’s rows and files', async () => {
    const mine = await h.uploaded(alice.token, { bytes: await makeImage(10, 10, 'png'), filename: 'a.png' });
    const theirs = await h.uploaded(bob.token, { bytes: await makeImage(10, 10, 'png'), filename: 'b.png' });
    await media.service.deleteAssets(alice.id, [mine.id, theirs.id]);
    expect(await media.service.findOwned(alice.id, [mine.id])).toEqual([]);
    expect((await media.service.findOwned(bob.id, [theirs.id])).length).toBe(1);
    const files = await h.storedFiles();
    expect(files.some((file) => file.includes(mine.id))).toBe(false);
    expect(files.some((file) => file.includes(theirs.id))).toBe(true);
  });
});

describe(`a deleted account (${DRIVER})`, () => {
  it('takes its media files with it, and leaves everyone else’s', async () => {
    const carol = await h.signUp({ email: 'carol@example.com' });
    const hers = await h.uploaded(carol.access_token, { bytes: await makeImage(20, 20, 'png'), filename: 'carol.png' });
    const video = await h.uploaded(carol.access_token, {
      bytes: await makeVideo(scratch, { seconds: 1, width: 64, height: 48, name: 'carol.mp4' }),
      filename: 'carol.mp4',
      role: 'video',
    });
    const bobs = await h.uploaded(bob.token, { bytes: await makeImage(20, 20, 'png'), filename: 'bob-keeps.png' });
    const before = await h.storedFiles();
    expect(before.filter((file) => file.includes(hers.id) || file.includes(video.id))).toHaveLength(5);

    const deleted = await h.call('DELETE', '/api/me', { token: carol.access_token, body: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    const after = await h.storedFiles();
    expect(after.filter((file) => file.includes(hers.id) || file.includes(video.id))).toEqual([]);
    expect(after.some((file) => file.includes(bobs.id))).toBe(true);
  });
});
