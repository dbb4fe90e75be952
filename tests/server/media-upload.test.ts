/**
 * POST /api/media: every limit and message (docs/product-rules.md#uploads, #messages-uploads), type by magic bytes, decompression
 * bombs, damaged files, image normalisation (orientation, metadata, sizes) and video probing.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_SIDE_PX, MEDIA_MESSAGES, THUMBNAIL_SIDE_PX, UPLOAD_LIMITS } from '../../src/contract/media.ts';
import { loadConfig } from '../../server/config.ts';
import { mountArea } from '../../server/http/area.ts';
import { handleError } from '../../server/http/errors.ts';
import type { AppEnv } from '../../server/http/types.ts';
import { createMedia } from '../../server/media/index.ts';
import { createLocalStorage, type MediaStorage } from '../../server/media/storage.ts';
import { TEST_SIGNING_KEY } from './helpers/app.ts';
import { DRIVER } from './helpers/database.ts';
import { silentLogger } from './helpers/logs.ts';
import { makeImage, makePngBomb, makeRotatedJpeg, makeVideo, multipart } from './helpers/media-fixtures.ts';
import { createMediaHarness, type MediaHarness } from './helpers/media-harness.ts';

let h: MediaHarness;
let token: string;
let scratch: string;

const MB = 1024 * 1024;
const IMAGE_TYPES = 'Invalid file type. Please upload JPEG, PNG, WebP files only.';
const VIDEO_TYPES = 'Invalid file type. Please upload MP4, WebM, MOV files only.';
/** A JPEG's first bytes (SOI, JFIF APP0), padded to the sniffer's 64. */
const JPEG_HEAD = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(52)]);

beforeAll(async () => {
  h = await createMediaHarness();
  token = (await h.signUp({ email: 'uploader@example.com' })).access_token;
  scratch = await mkdtemp(path.join(tmpdir(), 'atelier-media-fixtures-'));
});

afterAll(async () => {
  await h.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** The stored original of an asset (local storage). */
async function storedOriginal(assetId: string): Promise<Buffer> {
  const file = (await h.storedFiles()).find((name) => name.includes(assetId) && name.includes('original'));
  if (!file) throw new Error(`no stored original for ${assetId}`);
  return readFile(path.join(h.dataDir, 'media', file));
}

async function fetchBytes(url: string): Promise<Buffer> {
  const response = await h.fetchMedia(url);
  expect(response.status).toBe(200);
  return response.bytes;
}

describe(`upload limits and messages (${DRIVER})`, () => {
  it('asks for a signed-in account', async () => {
    const result = await h.upload('not-a-token', { bytes: await makeImage(8, 8, 'png'), filename: 'a.png' });
    expect(result.status).toBe(401);
    expect(await h.tempFiles()).toEqual([]);
  });

  it('decides the type by magic bytes: a text file named .png sent as image/png is refused (415)', async () => {
    const result = await h.upload(token, {
      bytes: Buffer.from('just some text, not a picture at all\n'.repeat(10)),
      filename: 'photo.png',
      contentType: 'image/png',
    });
    expect(result).toMatchObject({ status: 415, body: { detail: IMAGE_TYPES, code: 'invalidType' } });
    expect(result.body.detail).toBe(MEDIA_MESSAGES.invalidType.replace('{acceptedTypes}', UPLOAD_LIMITS.image.label));
    // And the other way round: a real PNG named .txt with a text type is a PNG.
    const png = await h.uploaded(token, { bytes: await makeImage(20, 10, 'png'), filename: 'notes.txt', contentType: 'text/plain' });
    expect(png).toMatchObject({ mime: 'image/png', name: 'notes.png', width: 20, height: 10 });
  });

  it('refuses types it does not accept, even real ones (GIF, HEIC-like, Matroska, empty)', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]);
    expect((await h.upload(token, { bytes: gif, filename: 'a.gif', contentType: 'image/gif' })).status).toBe(415);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(100)]);
    expect((await h.upload(token, { bytes: heic, filename: 'a.heic', purpose: 'upscale' })).status).toBe(415);
    const mkv = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]), Buffer.from('matroska'), Buffer.alloc(100)]);
    expect(await h.upload(token, { bytes: mkv, filename: 'a.mkv', purpose: 'upscale' })).toMatchObject({
      status: 415,
      body: { detail: 'Invalid file type. Please upload JPEG, PNG, WebP, MP4, WebM, MOV files only.', code: 'invalidType' },
    });
    expect((await h.upload(token, { bytes: Buffer.alloc(0), filename: 'empty.png' })).status).toBe(415);
  });

  it('says which file is missing, and refuses bodies that are not multipart', async () => {
    expect(await h.uploadRaw(token, multipart(null, { purpose: 'input' }))).toMatchObject({
      status: 400,
      body: { code: 'noFile', detail: MEDIA_MESSAGES.noFile },
    });
    const json = await h.call('POST', '/api/media', { token, body: { file: 'x' } });
    expect(json).toMatchObject({ status: 400, body: { code: 'noFile' } });
    expect((await h.upload(token, { bytes: await makeImage(8, 8, 'png'), filename: 'a.png', purpose: 'bigger' })).status).toBe(422);
    expect((await h.upload(token, { bytes: await makeImage(8, 8, 'png'), filename: 'a.png', role: 'shoe' })).status).toBe(422);
  });

  it('holds images to 10 MB, upscaler images to 20 MB (413 with the limit in the message)', async () => {
    const justOver = multipart(
      { filename: 'big.jpg', contentType: 'image/jpeg', head: JPEG_HEAD, totalBytes: 10 * MB + 1 },
      { purpose: 'input', role: 'model' },
    );
    expect(await h.uploadRaw(token, justOver)).toMatchObject({ status: 413, body: { detail: 'File is too large. Maximum size is 10MB.', code: 'tooLarge' } });

    // 11 MB is fine for the upscaler: it gets past the limit, and only then is found unreadable.
    const upscale11 = multipart({ filename: 'big.jpg', contentType: 'image/jpeg', head: JPEG_HEAD, totalBytes: 11 * MB }, { purpose: 'upscale' });
    expect(await h.uploadRaw(token, upscale11)).toMatchObject({ status: 422, body: { code: 'unreadableFile', detail: MEDIA_MESSAGES.unreadableFile } });

    const upscaleOver = multipart({ filename: 'big.jpg', contentType: 'image/jpeg', head: JPEG_HEAD, totalBytes: 20 * MB + 1 }, { purpose: 'upscale' });
    expect(await h.uploadRaw(token, upscaleOver)).toMatchObject({
      status: 413,
      body: { detail: 'File is too large. Maximum size is 20MB.', code: 'tooLarge' },
    });
    expect(await h.tempFiles()).toEqual([]);
  });

  it('holds videos to 100 MB, and takes them only for the upscaler or the video role', async () => {
    const mp4Head = await makeVideo(scratch, { seconds: 1, width: 64, height: 48 });
    const over = multipart({ filename: 'long.mp4', contentType: 'video/mp4', head: mp4Head.subarray(0, 64), totalBytes: 100 * MB + 1 }, { purpose: 'upscale' });
    expect(await h.uploadRaw(token, over)).toMatchObject({ status: 413, body: { detail: 'File is too large. Maximum size is 100MB.', code: 'tooLarge' } });

    expect(await h.upload(token, { bytes: mp4Head, filename: 'clip.mp4' })).toMatchObject({ status: 415, body: { detail: IMAGE_TYPES } });
    expect(await h.upload(token, { bytes: mp4Head, filename: 'clip.mp4', purpose: 'upscale', role: 'garment' })).toMatchObject({
      status: 415,
      body: { detail: IMAGE_TYPES },
    });
    expect(await h.upload(token, { bytes: await makeImage(8, 8, 'jpeg'), filename: 'a.jpg', role: 'video' })).toMatchObject({
      status: 415,
      body: { detail: VIDEO_TYPES },
    });
    const asVideoRole = await h.uploaded(token, { bytes: mp4Head, filename: 'clip.mp4', role: 'video' });
    expect(asVideoRole).toMatchObject({ kind: 'video', media_type: 'video', roles: ['video'], mime: 'video/mp4' });
    expect(await h.tempFiles()).toEqual([]);
  });

  it('refuses a Content-Length over every limit before reading the body', async () => {
    const body = multipart({ filename: 'a.jpg', contentType: 'image/jpeg', head: JPEG_HEAD }, { purpose: 'upscale' });
    const result = await h.uploadRaw(token, body, { 'Content-Length': String(200 * MB) });
    expect(result).toMatchObject({ status: 413, body: { code: 'tooLarge', detail: 'File is too large. Maximum size is 100MB.' } });
  });

  it('accepts the fields after the file too, holding the file to the loosest limit until they arrive', async () => {
    const png = await makeImage(300, 200, 'png');
    const late = multipart({ filename: 'late.png', contentType: 'image/png', head: png }, {}, { purpose: 'upscale', role: 'garment' });
    const result = await h.uploadRaw(token, late);
    expect(result).toMatchObject({ status: 201, body: { roles: ['garment', 'image', 'model', 'face', 'hair'], metadata: { purpose: 'upscale' } } });
    // 15 MB with no field before it: 'input' (10 MB) is only known to apply at the end.
    const lateInput = multipart({ filename: 'x.jpg', contentType: 'image/jpeg', head: JPEG_HEAD, totalBytes: 15 * MB }, {}, { purpose: 'input' });
    expect(await h.uploadRaw(token, lateInput)).toMatchObject({ status: 413, body: { detail: 'File is too large. Maximum size is 10MB.' } });
    // A video whose fields come late is refused once they say it was meant as a garment.
    const mp4 = await makeVideo(scratch, { seconds: 1, width: 64, height: 48 });
    const lateVideo = multipart({ filename: 'v.mp4', contentType: 'video/mp4', head: mp4 }, {}, { role: 'garment' });
    expect(await h.uploadRaw(token, lateVideo)).toMatchObject({ status: 415, body: { detail: IMAGE_TYPES } });
    expect(await h.tempFiles()).toEqual([]);
  });
});

describe(`storage failures (${DRIVER})`, () => {
  it("answers 500 'Upload Failed' and leaves nothing behind when storage fails half-way", async () => {
    const local = createLocalStorage(path.join(h.dataDir, 'media'));
    const failing: MediaStorage = {
      ...local,
      put: async (key, source, contentType) => {
        if (key.endsWith('thumbnail.webp')) throw new Error('disk full');
        await local.put(key, source, contentType);
      },
    };
    const app = new Hono<AppEnv>();
    // As server/app.ts mounts an area: its routes, under the app's one error handler.
    app.onError(handleError);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: h.dataDir });
    mountArea(
      app,
      createMedia({ config, database: h.database, logger: silentLogger(), signingKey: TEST_SIGNING_KEY, storage: failing }).routes(h.accounts.guards),
    );
    const form = new FormData();
    form.append('file', new File([new Uint8Array(await makeImage(30, 20, 'jpeg'))], 'a.jpg'));
    const before = await h.storedFiles();
    const response = await app.request('/api/media', { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ detail: MEDIA_MESSAGES.uploadFailed, code: 'uploadFailed' });
    expect(await h.storedFiles()).toEqual(before);
    expect(await h.tempFiles()).toEqual([]);
  });
});

describe(`damaged and hostile images (${DRIVER})`, () => {
  it('refuses a decompression bomb (a 900 MP PNG under 1 MB) with 422 tooManyPixels', async () => {
    const bomb = await makePngBomb(30_000);
    expect(bomb.length).toBeLessThan(UPLOAD_LIMITS.image.maxBytes);
    const result = await h.upload(token, { bytes: bomb, filename: 'bomb.png', contentType: 'image/png' });
    expect(result).toMatchObject({ status: 422, body: { code: 'tooManyPixels', detail: MEDIA_MESSAGES.tooManyPixels } });
    // The upscaler's larger pixel allowance is not enough either.
    expect((await h.upload(token, { bytes: bomb, filename: 'bomb.png', purpose: 'upscale' })).body.code).toBe('tooManyPixels');
    expect(await h.tempFiles()).toEqual([]);
  });

  it('refuses truncated JPEG, PNG and WebP files with 422 unreadableFile', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const whole = await makeImage(400, 300, format);
      const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
      const result = await h.upload(token, { bytes: cut, filename: `cut.${format}` });
      expect(result, format).toMatchObject({ status: 422, body: { code: 'unreadableFile', detail: MEDIA_MESSAGES.unreadableFile } });
    }
    expect(await h.tempFiles()).toEqual([]);
  });
});

describe(`image processing (${DRIVER})`, () => {
  it('applies the EXIF orientation and strips every metadata block', async () => {
    const rotated = await makeRotatedJpeg(600, 400);
    const before = await sharp(rotated).metadata();
    expect(before).toMatchObject({ width: 600, height: 400, orientation: 6 });
    expect(before.exif).toBeDefined();
    expect(rotated.includes(Buffer.from('secret location'))).toBe(true);

    const asset = await h.uploaded(token, { bytes: rotated, filename: 'portrait.jpg', contentType: 'image/jpeg', role: 'model' });
    expect(asset).toMatchObject({ width: 400, height: 600, mime: 'image/jpeg', kind: 'image', roles: ['model', 'image', 'garment', 'face', 'hair'] });
    const stored = await storedOriginal(asset.id);
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ width: 400, height: 600, format: 'jpeg' });
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('secret location'))).toBe(false);
    expect(asset.bytes).toBe(stored.length);
  });

  it(`fits generation inputs into ${MAX_INPUT_SIDE_PX} px and keeps PNG alpha; makes a ${THUMBNAIL_SIDE_PX} px WebP thumbnail`, async () => {
    const big = await makeImage(3000, 1500, 'png', { alpha: true });
    const asset = await h.uploaded(token, { bytes: big, filename: 'garment.png', role: 'garment' });
    expect(asset).toMatchObject({ width: 2048, height: 1024, mime: 'image/png', name: 'garment.png' });
    const stored = await sharp(await fetchBytes(asset.url)).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 2048, height: 1024, hasAlpha: true });
    const thumbnail = await sharp(await fetchBytes(asset.thumbnail_url)).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: 400, height: 200 });
    expect(asset.poster_url).toBeNull();
  });

  it('keeps WebP as WebP and small images at their size', async () => {
    const asset = await h.uploaded(token, { bytes: await makeImage(320, 240, 'webp'), filename: 'small.webp', role: 'face' });
    expect(asset).toMatchObject({ mime: 'image/webp', width: 320, height: 240, roles: ['face', 'image', 'model', 'garment', 'hair'] });
    expect((await sharp(await fetchBytes(asset.url)).metadata()).format).toBe('webp');
    expect((await sharp(await fetchBytes(asset.thumbnail_url)).metadata()).width).toBe(320);
  });

  it('keeps an upscaler input at its resolution (past 2048 px)', async () => {
    const asset = await h.uploaded(token, { bytes: await makeImage(2600, 1300, 'jpeg'), filename: 'to-upscale.jpg', purpose: 'upscale' });
    expect(asset).toMatchObject({ width: 2600, height: 1300, mime: 'image/jpeg', metadata: { purpose: 'upscale' } });
  });

  it('sanitises the file name', async () => {
    const asset = await h.uploaded(token, { bytes: await makeImage(16, 16, 'jpeg'), filename: '..\\..\\evil\u202Egnp.exe  Ảnh đẹp .jpeg' });
    expect(asset.name).toBe('evilgnp.exe Ảnh đẹp.jpg');
  });
});

describe(`video uploads (${DRIVER})`, () => {
  it('probes duration, size, codec and frame rate, and makes a poster and a thumbnail', async () => {
    const mp4 = await makeVideo(scratch, { seconds: 2, width: 320, height: 240, fps: 25 });
    const asset = await h.uploaded(token, { bytes: mp4, filename: 'clip.mp4', purpose: 'upscale' });
    expect(asset).toMatchObject({
      kind: 'video',
      media_type: 'video',
      mime: 'video/mp4',
      width: 320,
      height: 240,
      duration_seconds: 2,
      fps: 25,
      codec: 'h264',
      warnings: [],
      bytes: mp4.length,
    });
    expect(asset.poster_url).toMatch(/^\/api\/media\/[\w-]+\/poster\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect(await sharp(await fetchBytes(asset.poster_url ?? '')).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(await sharp(await fetchBytes(asset.thumbnail_url)).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    // Stored as uploaded, byte for byte.
    expect((await fetchBytes(asset.url)).equals(mp4)).toBe(true);
  });

  it('takes WebM and MOV too', async () => {
    const webm = await h.uploaded(token, {
      bytes: await makeVideo(scratch, { seconds: 1, width: 96, height: 64, container: 'webm' }),
      filename: 'a.webm',
      role: 'video',
    });
    expect(webm).toMatchObject({ mime: 'video/webm', codec: 'vp8', width: 96, height: 64 });
    const mov = await h.uploaded(token, {
      bytes: await makeVideo(scratch, { seconds: 1, width: 96, height: 64, container: 'mov' }),
      filename: 'a.mov',
      role: 'video',
    });
    expect(mov).toMatchObject({ mime: 'video/quicktime', codec: 'h264', name: 'a.mov' });
  });

  it('accepts a video over 30 s with the longVideo warning', async () => {
    const long = await makeVideo(scratch, { seconds: 31, width: 64, height: 48, fps: 5 });
    const asset = await h.uploaded(token, { bytes: long, filename: 'long.mp4', purpose: 'upscale' });
    expect(asset.warnings).toEqual(['longVideo']);
    expect(asset.duration_seconds).toBe(31);
  });

  it('refuses a file with video magic bytes that ffprobe cannot read (422)', async () => {
    const mp4 = await makeVideo(scratch, { seconds: 1, width: 64, height: 48 });
    const fake = Buffer.concat([mp4.subarray(0, 32), Buffer.alloc(4096, 0x41)]);
    expect(await h.upload(token, { bytes: fake, filename: 'broken.mp4', purpose: 'upscale' })).toMatchObject({ status: 422, body: { code: 'unreadableFile' } });
    expect(await h.tempFiles()).toEqual([]);
  });
});
