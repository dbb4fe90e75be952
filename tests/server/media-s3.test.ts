/**
 * Media storage on an S3-compatible bucket (AWS SDK v3, lib-storage) against a fake S3 on
 * loopback: single and multipart uploads, ranges, download, delete; then the whole media area
 * with S3_* set — uploads land in the bucket and capability URLs stream from it.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../../server/config.ts';
import { loadConfig } from '../../server/config.ts';
import { createMedia } from '../../server/media/index.ts';
import { createS3Storage, RangeNotSatisfiableError, type MediaStorage } from '../../server/media/storage.ts';
import { TEST_SIGNING_KEY } from './helpers/app.ts';
import { DRIVER } from './helpers/database.ts';
import { silentLogger } from './helpers/logs.ts';
import { startFakeS3, type FakeS3 } from './helpers/media-fake-s3.ts';
import { makeImage, makeVideo } from './helpers/media-fixtures.ts';
import { createMediaHarness, type MediaHarness } from './helpers/media-harness.ts';

const MB = 1024 * 1024;

let s3: FakeS3;
let scratch: string;

beforeAll(async () => {
  s3 = await startFakeS3();
  scratch = await mkdtemp(path.join(tmpdir(), 'atelier-media-s3-'));
});

afterAll(async () => {
  await s3.close();
  await rm(scratch, { recursive: true, force: true });
});

function s3Config(): S3Config {
  return {
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  };
}

describe('S3 storage against a fake S3', () => {
  let storage: MediaStorage;

  beforeAll(() => {
    storage = createS3Storage(s3Config());
  });

  it('puts a small file with one PutObject, and reads it whole and by ranges', async () => {
    const file = path.join(scratch, 'small.bin');
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));
    await writeFile(file, bytes);
    const before = s3.requests.length;
    await storage.put('u1/a1/original.png', { path: file }, 'image/png');
    expect(s3.requests.slice(before).map((request) => request.operation)).toEqual(['PutObject']);
    expect(s3.objects.get('u1/a1/original.png')).toMatchObject({ contentType: 'image/png' });
    expect(s3.objects.get('u1/a1/original.png')?.body.equals(bytes)).toBe(true);
    // Not moved away unless asked.
    expect((await readFile(file)).length).toBe(1000);

    const whole = await storage.open('u1/a1/original.png');
    expect(whole).toMatchObject({ totalBytes: 1000, start: 0, end: 999 });
    expect(Buffer.from(await whole!.body.toArray().then((parts) => Buffer.concat(parts as Buffer[]))).equals(bytes)).toBe(true);

    const part = await storage.open('u1/a1/original.png', { start: 10, end: 19 });
    expect(part).toMatchObject({ totalBytes: 1000, start: 10, end: 19 });
    expect(Buffer.concat((await part!.body.toArray()) as Buffer[]).equals(bytes.subarray(10, 20))).toBe(true);
    expect(await storage.open('u1/a1/original.png', { suffix: 5 })).toMatchObject({ start: 995, end: 999, totalBytes: 1000 });
    expect(await storage.open('u1/a1/original.png', { start: 990 })).toMatchObject({ start: 990, end: 999 });
    expect(s3.requests.at(-1)?.range).toBe('bytes=990-');
    await expect(storage.open('u1/a1/original.png', { start: 1000 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    expect(await storage.open('u1/a1/missing.png')).toBeNull();
    expect(storage.localPath('u1/a1/original.png')).toBeNull();
  });

  it('streams a large file in multipart parts, and downloads it back', async () => {
    const file = path.join(scratch, 'large.bin');
    const bytes = Buffer.alloc(20 * MB);
    for (let index = 0; index < bytes.length; index += 4096) bytes[index] = (index / 4096) % 256;
    await writeFile(file, bytes);
    const before = s3.requests.length;
    await storage.put('u1/a2/original.mp4', { path: file, move: true }, 'video/mp4');
    const operations = s3.requests.slice(before).map((request) => request.operation);
    expect(operations[0]).toBe('CreateMultipartUpload');
    expect(operations.filter((operation) => operation === 'UploadPart')).toHaveLength(3);
    expect(operations.at(-1)).toBe('CompleteMultipartUpload');
    expect(s3.objects.get('u1/a2/original.mp4')?.body.equals(bytes)).toBe(true);
    // `move`: the local file was ours to consume.
    await expect(readFile(file)).rejects.toThrow(/ENOENT/);

    const target = path.join(scratch, 'downloaded.mp4');
    await storage.download('u1/a2/original.mp4', target);
    expect((await readFile(target)).equals(bytes)).toBe(true);
  });

  it('puts a stream, and deletes objects (missing ones too)', async () => {
    await storage.put('u1/a3/thumbnail.webp', { stream: Readable.from([Buffer.from('hello '), Buffer.from('bucket')]) }, 'image/webp');
    expect(await text((await storage.open('u1/a3/thumbnail.webp'))!.body)).toBe('hello bucket');
    await storage.delete(['u1/a3/thumbnail.webp', 'u1/a3/never-there.webp']);
    expect(s3.objects.has('u1/a3/thumbnail.webp')).toBe(false);
  });

  it('refuses keys that could escape their place', async () => {
    await expect(storage.put('../etc/passwd', { stream: Readable.from([Buffer.from('x')]) }, 'text/plain')).rejects.toThrow(/invalid storage key/);
    await expect(storage.open('u1/../../x')).rejects.toThrow(/invalid storage key/);
  });
});

describe(`the media area on S3 (${DRIVER})`, () => {
  let h: MediaHarness;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    const env = {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    };
    h = await createMediaHarness({ env });
    const session = await h.signUp({ email: 'bucket@example.com' });
    token = session.access_token;
    userId = session.user.id;
  });

  afterAll(async () => {
    await h.dispose();
  });

  it('stores uploads in the bucket, serves them from it (ranges too), and deletes them there', async () => {
    const video = await makeVideo(scratch, { seconds: 1, width: 96, height: 64 });
    const asset = await h.uploaded(token, { bytes: video, filename: 'clip.mp4', purpose: 'upscale' });
    const keys = [`${userId}/${asset.id}/original.mp4`, `${userId}/${asset.id}/poster.webp`, `${userId}/${asset.id}/thumbnail.webp`];
    expect([...s3.objects.keys()].filter((key) => key.includes(asset.id)).toSorted()).toEqual(keys);
    expect(s3.objects.get(keys[0] ?? '')?.body.equals(video)).toBe(true);
    expect(await h.storedFiles()).toEqual([]);
    expect(await h.tempFiles()).toEqual([]);

    const whole = await h.fetchMedia(asset.url);
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(video)).toBe(true);
    expect(whole.headers.get('content-length')).toBe(String(video.length));
    const range = await h.fetchMedia(asset.url, { Range: 'bytes=100-199' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(range.bytes.equals(video.subarray(100, 200))).toBe(true);
    expect((await h.fetchMedia(asset.url, { Range: `bytes=${video.length + 5}-` })).status).toBe(416);

    expect((await h.call('DELETE', `/api/assets/${asset.id}`, { token })).status).toBe(204);
    expect([...s3.objects.keys()].filter((key) => key.includes(asset.id))).toEqual([]);
  });

  it('materializes a bucket asset by downloading it into the given directory', async () => {
    const png = await makeImage(48, 32, 'png');
    const asset = await h.uploaded(token, { bytes: png, filename: 'x.png' });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: h.dataDir,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    });
    const media = createMedia({ config, database: h.database, logger: silentLogger(), signingKey: TEST_SIGNING_KEY });
    const [row] = await media.service.findOwned(userId, [asset.id]);
    if (!row) throw new Error('missing row');
    const input = await media.service.materialize(row, scratch);
    expect(path.dirname(input.path)).toBe(scratch);
    expect(await readFile(input.path)).toEqual(s3.objects.get(row.storage_key)?.body);
  });
});
