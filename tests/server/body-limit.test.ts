/**
 * Request body limits on every route: a body over its route's limit is refused (413, `{detail}`)
 * without being buffered, whether it declares its length or comes chunked. Checked in process
 * (every route of the assembled app, counting what the server pulls from a 256 MiB body) and over
 * a real socket (the server's memory while a client pushes 256 MiB at it).
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_BYTES } from '../../server/app.ts';
import type { AppEnv } from '../../server/http/types.ts';
import { PAYMENT_METHODS } from '../../src/contract/packs.ts';
import { bodyLimitOf } from './helpers/body-limits.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, type GenerationsHarness, type Person } from './helpers/generations.ts';

const MIB = 1024 * 1024;
/** The hostile body: 256 MiB, generated as it is read. */
const HUGE_BYTES = 256 * MIB;
const CHUNK_BYTES = 64 * 1024;
/** How much the server's memory may grow while it refuses a 256 MiB body, in bytes. */
const MAX_RSS_GROWTH_BYTES = 48 * MIB;

/** Routes that read a JSON body: each must answer a too-large one 413. */
const JSON_BODY_ROUTES = [
  'POST /auth/login',
  'POST /auth/register',
  'POST /auth/generate_otp',
  'POST /auth/verify_otp',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
  'PUT /api/me',
  'DELETE /api/me',
  'POST /api/generations',
  'PUT /api/generations/:id/share',
];
/** JSON routes with a limit of their own (server/app.ts bodyLimitFor): each answers 413 naming it. */
const OWN_LIMIT_ROUTES: Record<string, string> = {
  'POST /api/newsletter/subscribe': '2 KiB',
  'POST /api/blog/posts/:postId/comments': '16 KiB',
};
/** Admin JSON routes: a signed-in non-admin is refused (403) before the body, which is still read at most to its limit. */
const ADMIN_ROUTES = ['PUT /api/admin/blog/commenters/:userId/ban'];
/**
 * JSON routes that refuse a caller before its body (the dev tools answer only requests made on
 * this machine, which an in-process request is not): they must still read at most the limit.
 */
const LOCAL_ONLY_ROUTES = ['POST /api/dev-tools/credits', 'POST /api/dev-tools/engine-delay'];
/** Routes that end the caller's session: sent with a throwaway person's token. */
const REVOKING = new Set(['POST /auth/logout', 'POST /auth/logout-all']);

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

let h: GenerationsHarness;
let person: Person;
let app: Hono<AppEnv>;

beforeAll(async () => {
  h = await createGenerationsHarness({ workers: 0, env: { DEV_TOOLS: '1' } });
  person = await h.person(5);
  app = h.app;
});

afterAll(async () => {
  await h?.dispose();
});

/** A body of `total` spaces, made chunk by chunk as the server pulls; `pulled()` says how far it got. */
function lazyBody(total: number): { stream: ReadableStream<Uint8Array>; pulled(): number } {
  let pulled = 0;
  const chunk = new Uint8Array(CHUNK_BYTES).fill(0x20);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) {
          controller.close();
          return;
        }
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

describe(`body limits (${DRIVER})`, () => {
  it('every route refuses a 256 MiB chunked body after reading at most its limit', async () => {
    const routes = [...new Set(app.routes.filter((route) => !['ALL', 'GET', 'HEAD'].includes(route.method)).map((route) => `${route.method} ${route.path}`))];
    expect(routes).toEqual(expect.arrayContaining([...JSON_BODY_ROUTES, ...LOCAL_ONLY_ROUTES, ...Object.keys(OWN_LIMIT_ROUTES), ...ADMIN_ROUTES]));
    const answers = new Map<string, { status: number; body: unknown }>();
    for (const route of routes) {
      const [method = '', pattern = ''] = route.split(' ');
      const path = pattern.replace(/:\w+/g, randomUUID()).replace('*', 'anything');
      const body = lazyBody(HUGE_BYTES);
      const token = REVOKING.has(route) ? (await h.person()).token : person.token;
      const response = await app.request(path, {
        method,
        body: body.stream,
        duplex: 'half',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      } as RequestInit);
      const text = await response.text();
      expect(response.status, `${route}: ${text}`).toBeLessThan(500);
      // What was read: the limit, plus the chunk that passed it and one the stream had ready.
      expect(body.pulled(), route).toBeLessThanOrEqual(bodyLimitOf(method, pattern) + 2 * CHUNK_BYTES);
      // The sandbox's hosted page answers HTML, like the provider page it stands for.
      const json = response.headers.get('content-type')?.includes('json') ?? false;
      answers.set(route, { status: response.status, body: json ? JSON.parse(text || 'null') : text });
    }
    const tooLarge = { status: 413, body: { detail: 'The request body is too large: this endpoint accepts at most 64 KiB.', code: 'bodyTooLarge' } };
    expect(Object.fromEntries(JSON_BODY_ROUTES.map((route) => [route, answers.get(route)]))).toEqual(
      Object.fromEntries(JSON_BODY_ROUTES.map((route) => [route, tooLarge])),
    );
    for (const route of LOCAL_ONLY_ROUTES) expect(answers.get(route)?.status, route).toBe(403);
    for (const [route, limit] of Object.entries(OWN_LIMIT_ROUTES)) {
      expect(answers.get(route), route).toEqual({
        status: 413,
        body: { detail: `The request body is too large: this endpoint accepts at most ${limit}.`, code: 'bodyTooLarge' },
      });
    }
    for (const route of ADMIN_ROUTES) expect(answers.get(route)?.status, route).toBe(403);
  });

  it('a body at the limit still passes; one byte more does not', async () => {
    const base = { name: 'Trần Minh', language: 'en' };
    const padding = JSON_BODY_MAX_BYTES - Buffer.byteLength(JSON.stringify({ ...base, pad: '' }));
    const exact = JSON.stringify({ ...base, pad: ' '.repeat(0) }).replace('"pad":""', `"pad":"${'x'.repeat(padding)}"`);
    expect(Buffer.byteLength(exact)).toBe(JSON_BODY_MAX_BYTES);
    const headers = { Authorization: `Bearer ${person.token}`, 'Content-Type': 'application/json' };
    expect((await app.request('/api/me', { method: 'PUT', body: exact, headers })).status).toBe(200);
    const over = `${exact} `;
    const refused = await app.request('/api/me', { method: 'PUT', body: over, headers });
    expect(refused.status).toBe(413);
    // A declared length over the limit is refused before anything is read.
    const declared = await app.request('/api/me', {
      method: 'PUT',
      body: lazyBody(HUGE_BYTES).stream,
      duplex: 'half',
      headers: { ...headers, 'Content-Length': String(HUGE_BYTES) },
    } as RequestInit);
    expect(declared.status).toBe(413);
  });

  it("every payment provider's notification over 64 KiB is a 413, chunked or declared (it read its body as text, and a chunked one was a 500)", async () => {
    const limit = bodyLimitOf('POST', '/api/billing/webhooks/:provider');
    const tooLarge = { status: 413, body: { detail: 'The request body is too large: this endpoint accepts at most 64 KiB.', code: 'bodyTooLarge' } };
    for (const provider of PAYMENT_METHODS) {
      const path = `/api/billing/webhooks/${provider}`;
      const chunked = lazyBody(limit + CHUNK_BYTES);
      const first = await app.request(path, {
        method: 'POST',
        body: chunked.stream,
        duplex: 'half',
        headers: { 'Content-Type': 'application/json' },
      } as RequestInit);
      expect({ status: first.status, body: await first.json() }, `${provider}, chunked`).toEqual(tooLarge);
      expect(chunked.pulled()).toBeLessThanOrEqual(limit + 2 * CHUNK_BYTES);
      const declared = await app.request(path, {
        method: 'POST',
        body: ' '.repeat(limit + 1),
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(limit + 1) },
      });
      expect({ status: declared.status, body: await declared.json() }, `${provider}, declared`).toEqual(tooLarge);
    }
  });

  describe('over a socket', () => {
    let server: ServerType;
    let port: number;

    beforeAll(async () => {
      await new Promise<void>((resolve) => {
        server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
          port = info.port;
          resolve();
        });
      });
    });

    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    /** Pushes 256 MiB at `path` until the answer comes; measures the process's peak RSS growth meanwhile. */
    async function push(method: string, path: string, declared: boolean, headers: Record<string, string> = {}) {
      collectGarbage();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      try {
        return await new Promise<{ status: number; body: string; sentBytes: number; rssGrowth: number }>((resolve, reject) => {
          const req = httpRequest({
            host: '127.0.0.1',
            port,
            path,
            method,
            headers: { 'Content-Type': 'application/json', ...headers, ...(declared ? { 'Content-Length': String(HUGE_BYTES) } : {}) },
          });
          let sent = 0;
          const state = { answered: false };
          const chunk = Buffer.alloc(CHUNK_BYTES, 0x20);
          req.on('response', (res) => {
            state.answered = true;
            const parts: Buffer[] = [];
            res.on('data', (part: Buffer) => parts.push(part));
            res.on('end', () => {
              peak = Math.max(peak, process.memoryUsage().rss);
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8'), sentBytes: sent, rssGrowth: peak - baseline });
              req.destroy();
            });
          });
          req.on('error', (error) => {
            if (!state.answered) reject(error);
          });
          const pump = () => {
            while (!state.answered && sent < HUGE_BYTES) {
              sent += CHUNK_BYTES;
              if (!req.write(chunk)) {
                req.once('drain', pump);
                return;
              }
            }
            if (!state.answered) req.end();
          };
          pump();
        });
      } finally {
        clearInterval(sampler);
      }
    }

    for (const declared of [true, false]) {
      it(`refuses 256 MiB ${declared ? 'with a declared Content-Length' : 'chunked'}, unauthenticated, without holding it`, async () => {
        const result = await push('POST', '/auth/register', declared);
        expect(result.status).toBe(413);
        expect(JSON.parse(result.body)).toEqual({ detail: expect.stringContaining('too large'), code: 'bodyTooLarge' });
        expect(result.rssGrowth).toBeLessThan(MAX_RSS_GROWTH_BYTES);
        expect(result.sentBytes).toBeLessThan(HUGE_BYTES);
      });
    }

    it('refuses a signed-in chunked 256 MiB edit of the account', async () => {
      const result = await push('PUT', '/api/me', false, { Authorization: `Bearer ${person.token}` });
      expect(result.status).toBe(413);
      expect(result.rssGrowth).toBeLessThan(MAX_RSS_GROWTH_BYTES);
    });
  });
});
