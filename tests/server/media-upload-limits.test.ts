/**
 * POST /api/media's hourly limits (uploads and bytes, per account and per client address) and
 * the storage quota per plan: 429 tooManyUploads with Retry-After, 413 storageFull before a byte
 * is stored, replays never counted or refused, parallel uploads (also through two server
 * processes on one database) never past a limit, results counted but never refused, deleting
 * frees space at once, GET /api/me/stats reports use and limit.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageStatsSchema } from '../../src/contract/dashboard.schema.ts';
import { AssetSchema, MediaErrorBodySchema } from '../../src/contract/media.schema.ts';
import { storageFullText } from '../../src/contract/media.ts';
import { loadConfig } from '../../server/config.ts';
import type { AppEnv } from '../../server/http/types.ts';
import { createMedia, type Media } from '../../server/media/index.ts';
import { STORAGE_QUOTA_BYTES_BY_PLAN, UPLOAD_LIMITS, type UploadLimits } from '../../server/media/quota.ts';
import type { CallResult } from './helpers/accounts.ts';
import { TEST_SIGNING_KEY } from './helpers/app.ts';
import { DRIVER } from './helpers/database.ts';
import { silentLogger } from './helpers/logs.ts';
import { distinctPng, makeImage, multipart } from './helpers/media-fixtures.ts';
import { createMediaHarness, type MediaHarness } from './helpers/media-harness.ts';

const HOUR_MS = 3_600_000;

let h: MediaHarness;
let scratch: string;
let png: Buffer;
/** What one upload of `png` keeps in storage (original and thumbnail), in bytes. */
let storedPerUpload: number;

interface Built {
  app: Hono<AppEnv>;
  media: Media;
}

/** An app whose media area has these limits (the rest as the server's defaults). */
function build(options: { limits?: Partial<UploadLimits>; quota?: number } = {}): Built {
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: h.dataDir }), trustProxy: true };
  const media = createMedia({
    config,
    database: h.database,
    logger: silentLogger(),
    signingKey: TEST_SIGNING_KEY,
    now: h.clock.now,
    uploadLimits: { ...UPLOAD_LIMITS, ...options.limits },
    ...(options.quota === undefined ? {} : { storageQuotas: { free: options.quota } }),
  });
  return { app: h.another({ media, trustProxy: true }), media };
}

let people = 0;
async function person(): Promise<{ token: string; id: string }> {
  people += 1;
  const login = await h.signUp({ email: `limits-${people}@example.com` });
  return { token: login.access_token, id: login.user.id };
}

async function asResult(response: Response): Promise<CallResult> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

let copies = 0;
/** Uploads `bytes`, or by default a picture of `png`'s size in bytes of its own (the same file twice would be one asset). */
async function upload(app: Hono<AppEnv>, token: string, options: { address: string; key?: string; bytes?: Buffer }): Promise<CallResult> {
  const form = new FormData();
  form.append('role', 'model');
  form.append('file', new File([new Uint8Array(options.bytes ?? distinctPng(png, (copies += 1)))], 'photo.png', { type: 'image/png' }));
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'X-Forwarded-For': options.address };
  if (options.key) headers['Idempotency-Key'] = options.key;
  return asResult(await app.request('/api/media', { method: 'POST', body: form, headers }));
}

async function assetsOf(userId: string): Promise<number> {
  const rows = await h.database.kysely.selectFrom('assets').select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

async function storedBytesOf(userId: string): Promise<number> {
  const rows = await h.database.kysely.selectFrom('assets').select('stored_bytes').where('user_id', '=', userId).execute();
  return rows.reduce((sum, row) => sum + Number(row.stored_bytes), 0);
}

function expectTooManyUploads(result: CallResult): number {
  expect(result.status, JSON.stringify(result.body)).toBe(429);
  const body = v.parse(MediaErrorBodySchema, result.body);
  expect(body.code).toBe('tooManyUploads');
  expect(body.detail).toMatch(/^You have uploaded a lot in the last hour\. Please wait \d+ minutes and try again\.$/);
  expect(result.headers.get('retry-after')).toBe(String(body.retry_after_seconds));
  return body.retry_after_seconds ?? 0;
}

beforeAll(async () => {
  h = await createMediaHarness();
  scratch = await mkdtemp(path.join(tmpdir(), 'atelier-upload-limits-'));
  png = await makeImage(160, 120, 'png');
  const probe = await person();
  await upload(h.app, probe.token, { address: '198.51.100.1' });
  storedPerUpload = await storedBytesOf(probe.id);
});

afterAll(async () => {
  await h.dispose();
  await rm(scratch, { recursive: true, force: true });
});

describe(`hourly upload limits (${DRIVER})`, () => {
  it('counts uploads per account: the one past the limit is a 429 with Retry-After until the first leaves the hour', async () => {
    const { app } = build({ limits: { perAccount: { bucket: 'upload:account', limit: 3, windowMs: HOUR_MS } } });
    const [me, neighbour] = [await person(), await person()];
    const firstAt = h.clock.now();
    for (let index = 0; index < 3; index += 1) {
      expect((await upload(app, me.token, { address: '203.0.113.10' })).status).toBe(201);
      h.clock.advance(60_000);
    }
    const refused = await upload(app, me.token, { address: '203.0.113.11' });
    // The first upload leaves the window an hour after it was made.
    expect(expectTooManyUploads(refused)).toBe(Math.ceil((firstAt + HOUR_MS - h.clock.now()) / 1000));
    expect(await assetsOf(me.id)).toBe(3);
    // Someone else behind the same address is not held back.
    expect((await upload(app, neighbour.token, { address: '203.0.113.10' })).status).toBe(201);
    // Refusals do not extend the wait: once the first upload is an hour old, one more passes.
    h.clock.advance(firstAt + HOUR_MS + 1 - h.clock.now());
    expect((await upload(app, me.token, { address: '203.0.113.10' })).status).toBe(201);
    expectTooManyUploads(await upload(app, me.token, { address: '203.0.113.10' }));
  });

  it('counts uploaded bytes per account', async () => {
    const { app } = build({ limits: { bytesPerAccount: { bucket: 'upload-bytes:account', limit: Math.floor(png.length * 2.5), windowMs: HOUR_MS } } });
    const me = await person();
    expect((await upload(app, me.token, { address: '203.0.113.20' })).status).toBe(201);
    expect((await upload(app, me.token, { address: '203.0.113.20' })).status).toBe(201);
    expectTooManyUploads(await upload(app, me.token, { address: '203.0.113.20' }));
    // A smaller file still fits in what is left of the hour's bytes.
    const small = await makeImage(8, 8, 'png');
    expect(small.length).toBeLessThan(png.length * 0.5);
    expect((await upload(app, me.token, { address: '203.0.113.20', bytes: small })).status).toBe(201);
    expect(await assetsOf(me.id)).toBe(3);
    h.clock.advance(HOUR_MS);
    expect((await upload(app, me.token, { address: '203.0.113.20' })).status).toBe(201);
  });

  it('counts uploads and bytes per client address, whichever accounts send them', async () => {
    const { app } = build({
      limits: {
        perAddress: { bucket: 'upload:address', limit: 3, windowMs: HOUR_MS },
        bytesPerAddress: { bucket: 'upload-bytes:address', limit: Math.floor(png.length * 4.5), windowMs: HOUR_MS },
      },
    });
    const [a, b, c] = [await person(), await person(), await person()];
    expect((await upload(app, a.token, { address: '192.0.2.30' })).status).toBe(201);
    expect((await upload(app, b.token, { address: '192.0.2.30' })).status).toBe(201);
    expect((await upload(app, c.token, { address: '192.0.2.30' })).status).toBe(201);
    expectTooManyUploads(await upload(app, c.token, { address: '192.0.2.30' }));
    // Another address is another count.
    expect((await upload(app, c.token, { address: '192.0.2.31' })).status).toBe(201);

    // Bytes: four files from one address pass the count limit over two hours, not the bytes one.
    h.clock.advance(HOUR_MS);
    for (const who of [a, b, c]) expect((await upload(app, who.token, { address: '192.0.2.40' })).status).toBe(201);
    h.clock.advance(HOUR_MS / 2);
    const { app: roomier } = build({
      limits: {
        perAddress: { bucket: 'upload:address', limit: 100, windowMs: HOUR_MS },
        bytesPerAddress: { bucket: 'upload-bytes:address', limit: Math.floor(png.length * 4.5), windowMs: HOUR_MS },
      },
    });
    expect((await upload(roomier, a.token, { address: '192.0.2.40' })).status).toBe(201);
    expectTooManyUploads(await upload(roomier, b.token, { address: '192.0.2.40' }));
  });

  it('never counts or refuses the replay of a stored upload (same Idempotency-Key)', async () => {
    const { app } = build({ limits: { perAccount: { bucket: 'upload:account', limit: 2, windowMs: HOUR_MS } } });
    const me = await person();
    const first = await upload(app, me.token, { address: '203.0.113.50', key: 'replayed' });
    expect(first.status).toBe(201);
    for (let index = 0; index < 4; index += 1) {
      const again = await upload(app, me.token, { address: '203.0.113.50', key: 'replayed' });
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(first.body.id);
    }
    expect((await upload(app, me.token, { address: '203.0.113.50', key: 'second' })).status).toBe(201);
    expectTooManyUploads(await upload(app, me.token, { address: '203.0.113.50', key: 'third' }));
    // At the limit, a replay is still answered.
    expect((await upload(app, me.token, { address: '203.0.113.50', key: 'replayed' })).status).toBe(200);
    // Copies sent at once with the first (none stored yet) count once: those that lost the race
    // to store are taken back, those refused while it was not stored yet are not counted.
    const { app: fresh } = build({ limits: { perAccount: { bucket: 'upload:account', limit: 2, windowMs: HOUR_MS } } });
    const other = await person();
    const burst = await Promise.all(Array.from({ length: 4 }, () => upload(fresh, other.token, { address: '203.0.113.51', key: 'burst' })));
    expect(burst.filter((result) => result.status === 201)).toHaveLength(1);
    expect(burst.every((result) => [200, 201, 429].includes(result.status))).toBe(true);
    expect(new Set(burst.filter((result) => result.status !== 429).map((result) => result.body.id)).size).toBe(1);
    expect((await upload(fresh, other.token, { address: '203.0.113.51', key: 'burst' })).status).toBe(200);
    expect((await upload(fresh, other.token, { address: '203.0.113.51', key: 'after-burst' })).status).toBe(201);
    expectTooManyUploads(await upload(fresh, other.token, { address: '203.0.113.51', key: 'one-too-many' }));
  });

  it('lets no burst of parallel uploads past the count limit, even through two server processes', async () => {
    const limits = { perAccount: { bucket: 'upload:account', limit: 3, windowMs: HOUR_MS } };
    const [one, two] = [build({ limits }), build({ limits })];
    const me = await person();
    const results = await Promise.all(Array.from({ length: 10 }, (_, index) => upload((index % 2 ? one : two).app, me.token, { address: '203.0.113.60' })));
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 429)).toBe(true);
    expect(await assetsOf(me.id)).toBe(statuses.filter((status) => status === 201).length);
    expect(await h.tempFiles()).toEqual([]);
  });
});

describe(`storage quota (${DRIVER})`, () => {
  it('has one table of plans, and today only the free plan', () => {
    expect(Object.keys(STORAGE_QUOTA_BYTES_BY_PLAN)).toEqual(['free']);
    expect(STORAGE_QUOTA_BYTES_BY_PLAN.free).toBe(5_000_000_000);
  });

  it('refuses an upload that does not fit with 413 storageFull before anything is stored', async () => {
    const quota = Math.floor(storedPerUpload * 1.5);
    const { app } = build({ quota });
    const me = await person();
    expect((await upload(app, me.token, { address: '203.0.113.70' })).status).toBe(201);
    const files = await h.storedFiles();
    const refused = await upload(app, me.token, { address: '203.0.113.70' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(413);
    const body = v.parse(MediaErrorBodySchema, refused.body);
    expect(body).toMatchObject({ code: 'storageFull', used_bytes: storedPerUpload, limit_bytes: quota, detail: storageFullText(storedPerUpload, quota) });
    expect(body.detail).toMatch(/^Not enough storage: [\d.]+ KB of [\d.]+ KB used\./);
    expect(body.file_bytes).toBeGreaterThan(0);
    expect(await h.storedFiles()).toEqual(files);
    expect(await h.tempFiles()).toEqual([]);
    expect(await assetsOf(me.id)).toBe(1);
    expect(await h.database.kysely.selectFrom('storage_reservations').selectAll().where('user_id', '=', me.id).execute()).toEqual([]);
  });

  it('refuses from a declared Content-Length before reading the body', async () => {
    const { app } = build({ quota: 1_000_000 });
    const me = await person();
    const body = multipart({ filename: 'big.png', contentType: 'image/png', head: png, totalBytes: 2_000_000 }, { role: 'model' });
    let pulled = false;
    const chunks = body.chunks();
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          const next = chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(new Uint8Array(next.value));
        },
      },
      { highWaterMark: 0 },
    );
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: {
        Authorization: `Bearer ${me.token}`,
        'Content-Type': body.contentType,
        'Content-Length': String(body.length),
        'X-Forwarded-For': '203.0.113.71',
      },
    };
    const refused = await asResult(await app.request('/api/media', init));
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: 'storageFull', used_bytes: 0, limit_bytes: 1_000_000 });
    expect(pulled).toBe(false);
    expect(await h.tempFiles()).toEqual([]);
  });

  it('lets parallel uploads, through two server processes, store no more than the quota', async () => {
    const quota = Math.floor(storedPerUpload * 3.5);
    const [one, two] = [build({ quota }), build({ quota })];
    const me = await person();
    const results = await Promise.all(Array.from({ length: 8 }, (_, index) => upload((index % 2 ? one : two).app, me.token, { address: '203.0.113.72' })));
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 413)).toHaveLength(5);
    expect(await storedBytesOf(me.id)).toBeLessThanOrEqual(quota);
    expect(await assetsOf(me.id)).toBe(3);
    expect(await h.database.kysely.selectFrom('storage_reservations').selectAll().where('user_id', '=', me.id).execute()).toEqual([]);
  });

  it('counts results without refusing them, reports use and limit, and frees space as soon as assets are deleted', async () => {
    const quota = Math.floor(storedPerUpload * 1.5);
    const { app, media } = build({ quota });
    const me = await person();
    const stats = async () => {
      const response = await app.request('/api/me/stats', { headers: { Authorization: `Bearer ${me.token}` } });
      expect(response.status).toBe(200);
      return v.parse(UsageStatsSchema, await response.json());
    };
    expect(await stats()).toMatchObject({ storage_used_bytes: 0, storage_limit_bytes: quota });
    const uploaded = v.parse(AssetSchema, (await upload(app, me.token, { address: '203.0.113.80' })).body);

    // A result past the quota is stored all the same (it was paid for) and counts.
    const output = path.join(scratch, 'result.png');
    await writeFile(output, await makeImage(120, 90, 'png'));
    const result = await media.service.ingest(
      me.id,
      { path: output, mediaType: 'image', mime: 'image/png', kind: 'image', roles: ['image'], name: 'result.png' },
      { generationId: 'gen-quota', feature: 'virtual-tryon', metadata: { engine: 'local' } },
    );
    const used = await storedBytesOf(me.id);
    expect(used).toBeGreaterThan(quota);
    // Thumbnails count too: more than the two originals.
    expect(used).toBeGreaterThan(uploaded.bytes + Number(result.bytes));
    expect(await stats()).toMatchObject({ storage_used_bytes: used, storage_limit_bytes: quota });
    expect((await upload(app, me.token, { address: '203.0.113.80' })).status).toBe(413);

    // Deleting the result and the upload frees their space at once.
    for (const id of [result.id, uploaded.id]) {
      const response = await app.request(`/api/assets/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${me.token}` } });
      expect(response.status).toBe(204);
    }
    expect(await stats()).toMatchObject({ storage_used_bytes: 0 });
    expect((await upload(app, me.token, { address: '203.0.113.80' })).status).toBe(201);
  });

  it('does not count a refused upload against the hourly limits', async () => {
    const { app } = build({ quota: Math.floor(storedPerUpload * 1.5), limits: { perAccount: { bucket: 'upload:account', limit: 2, windowMs: HOUR_MS } } });
    const me = await person();
    expect((await upload(app, me.token, { address: '203.0.113.90' })).status).toBe(201);
    for (let index = 0; index < 3; index += 1) expect((await upload(app, me.token, { address: '203.0.113.90' })).status).toBe(413);
    const rows = await h.database.kysely.selectFrom('rate_limit_events').select('id').where('bucket', '=', 'upload:account').where('key', '=', me.id).execute();
    expect(rows).toHaveLength(1);
  });
});
