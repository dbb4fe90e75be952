/**
 * Video frame size: a video whose headers declare a frame over MAX_VIDEO_SIDE_PX or
 * MAX_VIDEO_PIXELS is refused (422 videoTooLarge) from the probe, before a poster or thumbnail
 * is decoded. The hostile case is a file of a few hundred bytes declaring 12000×12000: a
 * one-frame Motion-JPEG MOV whose JPEG header, sample entry and track header are rewritten.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VIDEO_PIXELS, MAX_VIDEO_SIDE_PX, MEDIA_MESSAGES } from '../../src/contract/media.ts';
import { FFMPEG_PATH, FFPROBE_PATH } from '../../server/ffmpeg/process.ts';
import { DRIVER } from './helpers/database.ts';
import { makeVideo } from './helpers/media-fixtures.ts';
import { createMediaHarness, type MediaHarness } from './helpers/media-harness.ts';

const run = promisify(execFile);

let h: MediaHarness;
let token: string;
let scratch: string;

beforeAll(async () => {
  h = await createMediaHarness();
  token = (await h.signUp({ email: 'frames@example.com' })).access_token;
  scratch = await mkdtemp(path.join(tmpdir(), 'atelier-video-frame-'));
});

afterAll(async () => {
  await h.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** A 16×16 one-frame Motion-JPEG MOV whose headers are rewritten to declare `side`×`side`. */
async function declaredHugeMov(side: number): Promise<Buffer> {
  const file = path.join(scratch, 'small-mjpeg.mov');
  await run(FFMPEG_PATH, [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=red:s=16x16:d=0.04',
    '-frames:v',
    '1',
    '-c:v',
    'mjpeg',
    '-f',
    'mov',
    file,
  ]);
  const bytes = Buffer.from(await readFile(file));
  // JPEG SOF0: FF C0, length (2), precision (1), height (2), width (2).
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(side, sof + 5);
  bytes.writeUInt16BE(side, sof + 7);
  // The 'jpeg' visual sample entry: width and height 24 bytes after its type.
  const entry = bytes.indexOf('jpeg');
  bytes.writeUInt16BE(side, entry + 28);
  bytes.writeUInt16BE(side, entry + 30);
  // tkhd ends with width and height in 16.16 fixed point.
  const tkhd = bytes.indexOf('tkhd');
  const end = tkhd - 4 + bytes.readUInt32BE(tkhd - 4);
  bytes.writeUInt32BE(side * 65_536, end - 8);
  bytes.writeUInt32BE(side * 65_536, end - 4);
  return bytes;
}

describe(`video frame size (${DRIVER})`, () => {
  it('the crafted file really declares a 12000×12000 frame in a few hundred bytes', async () => {
    const bytes = await declaredHugeMov(12_000);
    const crafted = path.join(scratch, 'declared.mov');
    await writeFile(crafted, bytes);
    const { stdout } = await run(FFPROBE_PATH, ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', crafted]);
    expect(stdout.trim()).toBe('12000,12000');
    expect(bytes.length).toBeLessThan(2_048);
  });

  it('refuses a video declaring a huge frame with 422 videoTooLarge, leaving nothing behind', async () => {
    const result = await h.upload(token, { bytes: await declaredHugeMov(12_000), filename: 'huge.mov', purpose: 'upscale' });
    expect(result).toMatchObject({ status: 422, body: { code: 'videoTooLarge', detail: MEDIA_MESSAGES.videoTooLarge } });
    expect(await h.tempFiles()).toEqual([]);
    expect(await h.storedFiles()).toEqual([]);
  });

  it(`refuses a real video wider than ${MAX_VIDEO_SIDE_PX} px, and takes one at the limit`, async () => {
    expect(MAX_VIDEO_PIXELS).toBeGreaterThanOrEqual(3_840 * 2_160);
    const wide = await makeVideo(scratch, { seconds: 1, width: MAX_VIDEO_SIDE_PX + 16, height: 16, fps: 1 });
    expect(await h.upload(token, { bytes: wide, filename: 'wide.mp4', role: 'video' })).toMatchObject({ status: 422, body: { code: 'videoTooLarge' } });
    const edge = await makeVideo(scratch, { seconds: 1, width: MAX_VIDEO_SIDE_PX, height: 16, fps: 1 });
    expect(await h.uploaded(token, { bytes: edge, filename: 'edge.mp4', role: 'video' })).toMatchObject({ width: MAX_VIDEO_SIDE_PX, height: 16 });
  });
});
