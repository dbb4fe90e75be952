/**
 * Media fixtures made at test time (sharp, the bundled ffmpeg) and multipart bodies built by
 * hand, so a test controls field order, the file's bytes, and how fast they arrive.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';
import { FFMPEG_PATH } from '../../../server/ffmpeg/process.ts';
import { distinctPng } from '../../fixtures/distinct-png.ts';

const run = promisify(execFile);

/** A photo-like image (gradients and a checker pattern: compresses like a photo would, roughly) of the given size. */
export async function makeImage(width: number, height: number, format: 'jpeg' | 'png' | 'webp', options: { alpha?: boolean } = {}): Promise<Buffer> {
  const channels = options.alpha ? 4 : 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * channels;
      raw[at] = (x * 255) / width;
      raw[at + 1] = (y * 255) / height;
      raw[at + 2] = ((x >> 5) + (y >> 5)) % 2 === 0 ? 40 : 220;
      if (channels === 4) raw[at + 3] = x < width / 2 ? 255 : 96;
    }
  }
  const image = sharp(raw, { raw: { width, height, channels } });
  // Each call is a file of its own (the same picture in other bytes, which the server strips), as
  // two photos a test makes are two files: the server keeps one asset per file an account uploads
  // (docs/product-rules.md#upload-dedupe). A test that means the same file uploads one buffer twice.
  copies += 1;
  if (format === 'png') return distinctPng(await image.png().toBuffer(), copies);
  const described = image.withExif({ IFD0: { ImageDescription: `copy ${copies}` } });
  if (format === 'jpeg') return described.jpeg({ quality: 90 }).toBuffer();
  return described.webp({ quality: 90 }).toBuffer();
}

let copies = 0;

/** A JPEG whose pixels are `width`×`height` but whose EXIF says orientation 6 (turn 90° clockwise to view). */
export async function makeRotatedJpeg(width: number, height: number): Promise<Buffer> {
  const plain = await makeImage(width, height, 'jpeg');
  return sharp(plain)
    .withExif({ IFD0: { Make: 'Atelier Test Camera', Copyright: 'private', ImageDescription: 'secret location' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, checksum]);
}

/**
 * A valid PNG of `side`×`side` black pixels, 1 bit per pixel: under a megabyte on disk, yet it
 * declares (side²) pixels — 30000 gives 900 MP, a decompression bomb.
 */
export async function makePngBomb(side: number): Promise<Buffer> {
  const row = Buffer.alloc(1 + Math.ceil(side / 8));
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  for (let y = 0; y < side; y += 1) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', Buffer.concat(parts)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** An H.264 test pattern of `seconds`, made with the bundled ffmpeg into `dir`. */
export async function makeVideo(
  dir: string,
  options: { seconds: number; width: number; height: number; fps?: number; container?: 'mp4' | 'webm' | 'mov'; name?: string },
): Promise<Buffer> {
  const container = options.container ?? 'mp4';
  const file = path.join(dir, options.name ?? `video-${options.seconds}s-${options.width}x${options.height}.${container}`);
  const codec =
    container === 'webm' ? ['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '200k'] : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  await run(FFMPEG_PATH, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${options.width}x${options.height}:rate=${options.fps ?? 25}`,
    '-t',
    String(options.seconds),
    ...codec,
    ...(container === 'webm' ? [] : ['-movflags', '+faststart']),
    file,
  ]);
  return readFile(file);
}

export interface MultipartFile {
  filename: string;
  contentType: string;
  /** The file's first bytes. */
  head: Buffer;
  /** Total size of the file; bytes after `head` are filler (0x5a). */
  totalBytes?: number;
}

export interface MultipartBody {
  contentType: string;
  /** Exact length of the body, in bytes. */
  length: number;
  /** The body in chunks of at most `chunkBytes`, generated lazily (never held whole). */
  chunks(chunkBytes?: number): Generator<Buffer>;
}

const BOUNDARY = '----atelier-test-boundary-7f3a9c';

/**
 * A multipart/form-data body: `before` fields, the file, then `after` fields, in that order.
 * The filler is generated on the fly, so a 100 MB body costs no memory.
 */
export function multipart(file: MultipartFile | null, before: Record<string, string> = {}, after: Record<string, string> = {}): MultipartBody {
  const field = (name: string, value: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const leading = Buffer.concat(Object.entries(before).map(([name, value]) => field(name, value)));
  const trailing = Buffer.concat([...Object.entries(after).map(([name, value]) => field(name, value)), Buffer.from(`--${BOUNDARY}--\r\n`)]);
  const fileHeader = file
    ? Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`)
    : Buffer.alloc(0);
  const fileBytes = file ? Math.max(file.totalBytes ?? file.head.length, file.head.length) : 0;
  const fileEnd = file ? Buffer.from('\r\n') : Buffer.alloc(0);
  const length = leading.length + fileHeader.length + fileBytes + fileEnd.length + trailing.length;
  return {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    length,
    *chunks(chunkBytes = 64 * 1024) {
      yield Buffer.concat([leading, fileHeader]);
      if (file) {
        for (let offset = 0; offset < file.head.length; offset += chunkBytes) yield file.head.subarray(offset, offset + chunkBytes);
        const filler = Buffer.alloc(chunkBytes, 0x5a);
        for (let left = fileBytes - file.head.length; left > 0; left -= chunkBytes) yield left >= chunkBytes ? filler : filler.subarray(0, left);
      }
      yield Buffer.concat([fileEnd, trailing]);
    },
  };
}

/** The body as a web stream for `app.request` (pulled chunk by chunk). */
export function multipartStream(body: MultipartBody): ReadableStream<Uint8Array> {
  const chunks = body.chunks();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value));
    },
  });
}

/**
 * A valid MP4 of about `totalBytes`: a short clip (moov first) followed by one top-level `free`
 * box whose content is the filler — players and ffprobe skip it. With `multipart` the padding is
 * generated on the fly: a 100 MB video upload that costs the client no memory.
 */
export async function paddedMp4(dir: string, totalBytes: number): Promise<MultipartFile> {
  const clip = await makeVideo(dir, { seconds: 1, width: 64, height: 48, name: 'padded-base.mp4' });
  const freeBytes = totalBytes - clip.length;
  if (freeBytes < 8 || freeBytes > 0xffff_ffff) throw new Error('padding out of range');
  const freeHeader = Buffer.alloc(8);
  freeHeader.writeUInt32BE(freeBytes, 0);
  freeHeader.write('free', 4, 'ascii');
  return { filename: 'big.mp4', contentType: 'video/mp4', head: Buffer.concat([clip, freeHeader]), totalBytes };
}

export { distinctPng };
