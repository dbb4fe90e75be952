/**
 * Uploads through a real HTTP server: an oversize body is answered (413) and cut off while the
 * client is still sending, leaving nothing on disk; a 100 MB video streams to disk without the
 * process holding it in memory.
 */
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER } from './helpers/database.ts';
import { multipart, paddedMp4, type MultipartBody } from './helpers/media-fixtures.ts';
import { createMediaHarness, type MediaHarness } from './helpers/media-harness.ts';

const MB = 1024 * 1024;

let h: MediaHarness;
let token: string;
let server: ServerType;
let origin: string;
let scratch: string;

beforeAll(async () => {
  h = await createMediaHarness();
  token = (await h.signUp({ email: 'streamer@example.com' })).access_token;
  scratch = await mkdtemp(path.join(tmpdir(), 'atelier-media-stream-'));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** A JPEG's first bytes (SOI, JFIF APP0), padded to the sniffer's 64. */
function jpegHeadBytes(): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(52)]);
}

interface SendResult {
  status: number;
  body: string;
  /** Bytes the client had handed to the socket when the answer's headers arrived. */
  writtenAtAnswer: number;
  /** Whether the client got to write the whole body. */
  finishedSending: boolean;
}

/**
 * Sends `body` chunked (no Content-Length), in 64 KB writes that wait for the socket to drain and
 * yield between them, and stops sending as soon as an answer arrives.
 */
function send(body: MultipartBody): Promise<SendResult> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    let finished = false;
    const req = request(`${origin}/api/media`, {
      method: 'POST',
      headers: { 'Content-Type': body.contentType, Authorization: `Bearer ${token}`, 'Transfer-Encoding': 'chunked' },
    });
    req.on('response', (response: IncomingMessage) => {
      answered = true;
      const writtenAtAnswer = written;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8'), writtenAtAnswer, finishedSending: finished }),
      );
      response.on('error', reject);
    });
    // The server closes the connection after its early answer: later writes may fail, as expected.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = async () => {
      for (const chunk of body.chunks(64 * 1024)) {
        if (answered || req.destroyed) return;
        written += chunk.length;
        if (!req.write(chunk)) await new Promise((drained) => req.once('drain', drained));
        await new Promise((next) => setImmediate(next));
      }
      finished = true;
      req.end();
    };
    pump().catch(reject);
  });
}

describe(`uploads over HTTP (${DRIVER})`, () => {
  it('answers 413 for an oversize stream while the client is still sending, and keeps nothing', async () => {
    const total = 60 * MB;
    const body = multipart({ filename: 'huge.jpg', contentType: 'image/jpeg', head: jpegHeadBytes(), totalBytes: total }, { purpose: 'input', role: 'model' });
    const result = await send(body);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ detail: 'File is too large. Maximum size is 10MB.', code: 'tooLarge' });
    expect(result.finishedSending).toBe(false);
    // 10 MB read by the server, plus what the sockets' buffers held.
    expect(result.writtenAtAnswer).toBeLessThan(total / 2);
    expect(await h.tempFiles()).toEqual([]);
    // The server still answers afterwards.
    const health = await fetch(`${origin}/api/health`);
    expect(health.status).toBeLessThan(500);
  });

  it('cleans up after a client that goes away mid-file', async () => {
    const body = multipart({ filename: 'gone.jpg', contentType: 'image/jpeg', head: jpegHeadBytes(), totalBytes: 8 * MB }, { purpose: 'input' });
    const req = request(`${origin}/api/media`, {
      method: 'POST',
      headers: { 'Content-Type': body.contentType, Authorization: `Bearer ${token}`, 'Content-Length': String(body.length) },
    });
    req.on('error', () => {});
    let sent = 0;
    for (const chunk of body.chunks(64 * 1024)) {
      if (sent > 3 * MB) break;
      sent += chunk.length;
      if (!req.write(chunk)) await new Promise((drained) => req.once('drain', drained));
    }
    // Wait until the server has written part of the file, then hang up.
    const deadline = Date.now() + 5_000;
    while ((await h.tempFiles()).length === 0 && Date.now() < deadline) await new Promise((tick) => setTimeout(tick, 20));
    expect((await h.tempFiles()).length).toBe(1);
    req.destroy();
    while ((await h.tempFiles()).length > 0 && Date.now() < deadline) await new Promise((tick) => setTimeout(tick, 20));
    expect(await h.tempFiles()).toEqual([]);
  });

  it('streams a 100 MB video to disk: the process does not hold the file in memory', async () => {
    const size = 100 * MB - 64 * 1024;
    const file = await paddedMp4(scratch, size);
    const body = multipart(file, { purpose: 'upscale' });
    globalThis.gc?.();
    const baseline = process.memoryUsage().rss;
    const baseBuffers = process.memoryUsage().arrayBuffers;
    const baseHeap = process.memoryUsage().heapUsed;
    let peak = baseline;
    let peakBuffers = baseBuffers;
    let peakHeap = baseHeap;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      peak = Math.max(peak, usage.rss);
      peakBuffers = Math.max(peakBuffers, usage.arrayBuffers);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
    }, 5);
    const started = performance.now();
    let result: SendResult;
    try {
      result = await send(body);
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    expect(result.status, result.body).toBe(201);
    const asset = JSON.parse(result.body) as { bytes: number; media_type: string; duration_seconds: number };
    expect(asset).toMatchObject({ bytes: size, media_type: 'video', duration_seconds: 1 });
    const growthMb = (peak - baseline) / MB;
    console.info(
      `100 MB video upload: ${seconds.toFixed(2)} s (${(size / MB / seconds).toFixed(0)} MB/s), RSS ${(baseline / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB (+${growthMb.toFixed(0)} MB; buffers +${((peakBuffers - baseBuffers) / MB).toFixed(0)} MB, heap +${((peakHeap - baseHeap) / MB).toFixed(0)} MB)`,
    );
    // Client and server share this process. Holding the body anywhere would add its 100 MB; what
    // is seen is chunks awaiting collection (V8 collects external memory every ~64 MB or so).
    expect(growthMb).toBeLessThan(size / MB);
    expect(await h.tempFiles()).toEqual([]);
  });
});
