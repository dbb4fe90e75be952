/**
 * Media storage behind one interface: a local directory (`$DATA_DIR/media`, the default) or an
 * S3-compatible bucket (`S3_*`, AWS SDK v3). Keys look like `{userId}/{assetId}/original.jpg`.
 * Stored objects are immutable: a key is written once and read until the asset is deleted.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, S3Client, S3ServiceException, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.ts';

/** A byte range as a Range header asks for it: `start-end` (end inclusive, optional) or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface StoredObject {
  body: Readable;
  /** Size of the whole object, in bytes. */
  totalBytes: number;
  /** The bytes `body` holds: start and end (inclusive) within the object. */
  start: number;
  end: number;
}

/** Thrown by `open` when a range starts past the end of the object (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  readonly totalBytes: number;
  constructor(totalBytes: number) {
    super('range not satisfiable');
    this.name = 'RangeNotSatisfiableError';
    this.totalBytes = totalBytes;
  }
}

export type PutSource = { path: string; /** The file may be moved instead of copied (it is ours to consume). */ move?: boolean } | { stream: Readable };

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, source: PutSource, contentType: string): Promise<void>;
  /** The object (or a range of it), or null when there is no such key. */
  open(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Where the object is on this machine (local storage), or null (a bucket: use `download`). */
  localPath(key: string): string | null;
  /** Copies the object to `target` on this machine. */
  download(key: string, target: string): Promise<void>;
  /** Removes the objects; missing keys are not an error. */
  delete(keys: readonly string[]): Promise<void>;
}

/** Keys are ours (ids and fixed names), but a slip must never escape the storage root. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** The start and end (inclusive) of `range` in an object of `total` bytes. */
export function resolveRange(range: ByteRange | undefined, total: number): { start: number; end: number } {
  if (!range) return { start: 0, end: total - 1 };
  if ('suffix' in range) {
    if (range.suffix <= 0 || total === 0) throw new RangeNotSatisfiableError(total);
    return { start: Math.max(0, total - range.suffix), end: total - 1 };
  }
  if (range.start >= total) throw new RangeNotSatisfiableError(total);
  return { start: range.start, end: Math.min(range.end ?? total - 1, total - 1) };
}

// ── Local directory ─────────────────────────────────────────────────────────────────────

/**
 * Files under `root`. Writes land in `root/.incoming` first and are renamed into place, so a
 * reader never sees half a file and a crash leaves no partial object under its key.
 */
export function createLocalStorage(root: string): MediaStorage {
  const incoming = path.join(root, '.incoming');
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));

  const place = async (key: string, write: (temp: string) => Promise<void>): Promise<void> => {
    const target = fileOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await mkdir(incoming, { recursive: true });
    const temp = path.join(incoming, randomUUID());
    try {
      await write(temp);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  };

  return {
    kind: 'local',
    async put(key, source) {
      if ('stream' in source) {
        await place(key, (temp) => pipeline(source.stream, createWriteStream(temp, { flags: 'wx' })));
        return;
      }
      if (source.move) {
        const target = fileOf(key);
        await mkdir(path.dirname(target), { recursive: true });
        try {
          // Same file system (DATA_DIR/tmp → DATA_DIR/media): no copy at all.
          await rename(source.path, target);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        }
      }
      await place(key, (temp) => copyFile(source.path, temp));
    },
    async open(key, range) {
      const file = fileOf(key);
      const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!info) return null;
      const { start, end } = resolveRange(range, info.size);
      // An empty file: createReadStream with end -1 would read nothing anyway.
      const body = createReadStream(file, info.size === 0 ? {} : { start, end });
      return { body, totalBytes: info.size, start, end };
    },
    localPath: fileOf,
    async download(key, target) {
      await copyFile(fileOf(key), target);
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
      // Empty asset folders go too (ignored while something is still in them).
      const folders = new Set(keys.map((key) => path.dirname(fileOf(key))));
      await Promise.all([...folders].map((folder) => rm(folder, { recursive: false }).catch(() => undefined)));
    },
  };
}

// ── S3-compatible bucket ────────────────────────────────────────────────────────────────

/** Part size of multipart uploads, in bytes: S3's 5 MiB minimum would mean 20 parts for a 100 MB video. */
const S3_PART_BYTES = 8 * 1024 * 1024;
/** Parts in flight per upload: bounds the memory of one upload to about this many parts. */
const S3_QUEUE_SIZE = 2;

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}

function rangeHeader(range: ByteRange | undefined): string | undefined {
  if (!range) return undefined;
  if ('suffix' in range) return `bytes=-${range.suffix}`;
  return `bytes=${range.start}-${range.end ?? ''}`;
}

/** `bytes 0-99/1234` → its numbers. */
function parseContentRange(header: string | undefined): { start: number; end: number; total: number } | null {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header) : null;
  return match ? { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) } : null;
}

export function createS3Client(config: S3Config): S3Client {
  const options: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: S3-compatible services (and older MinIO, R2) do not
    // all accept the SDK's default aws-chunked uploads with trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (config.endpoint) options.endpoint = config.endpoint;
  if (config.accessKeyId && config.secretAccessKey) {
    options.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
  }
  return new S3Client(options);
}

export function createS3Storage(config: S3Config, client: S3Client = createS3Client(config)): MediaStorage {
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, source, contentType) {
      const body = 'stream' in source ? source.stream : createReadStream(source.path);
      // lib-storage sends one PutObject for a body under a part, multipart above, streaming either way.
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkKey(key), Body: body, ContentType: contentType },
        partSize: S3_PART_BYTES,
        queueSize: S3_QUEUE_SIZE,
      });
      await upload.done();
      if ('path' in source && source.move) await rm(source.path, { force: true });
    },
    async open(key, range) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key), Range: rangeHeader(range) }));
        const body = answer.Body as Readable | undefined;
        if (!body) throw new Error(`empty answer for ${key}`);
        const parsed = parseContentRange(answer.ContentRange);
        if (parsed) return { body, totalBytes: parsed.total, start: parsed.start, end: parsed.end };
        const total = answer.ContentLength ?? 0;
        return { body, totalBytes: total, start: 0, end: total - 1 };
      } catch (error) {
        if (isMissing(error)) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) {
          // `bytes */1234`: only the total is known.
          const total = Number(/\/(\d+)$/.exec(error.$response?.headers['content-range'] ?? '')?.[1] ?? 0);
          throw new RangeNotSatisfiableError(total);
        }
        throw error;
      }
    },
    localPath: () => null,
    async download(key, target) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
      if (!answer.Body) throw new Error(`empty answer for ${key}`);
      await pipeline(answer.Body as Readable, createWriteStream(target));
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }))));
    },
  };
}

export function createMediaStorage(options: { s3: S3Config | null; localRoot: string }): MediaStorage {
  return options.s3 ? createS3Storage(options.s3) : createLocalStorage(options.localRoot);
}
