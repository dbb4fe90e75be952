/**
 * Hostile input never costs a 5xx: a property-based fuzz of EVERY route of the assembled app (its
 * own `app.routes`, so a route added later joins by itself), signed in, with an API token (the
 * public /v1 API) and anonymous, with the generations area mounted on the local engine, on PGlite
 * (or Postgres with DATABASE_URL).
 *
 * Requests are built from the contract's shapes (a valid template body per route, one leaf
 * replaced by a hostile value) and from plain hostility: NUL, lone surrogates, 1e308 and friends,
 * huge integers, very long strings, deep nesting, `__proto__` / `constructor` keys, wrong types,
 * `../` traversal, odd unicode, malformed JSON, wrong content types; in bodies, path params,
 * query strings and headers. Every answer must be below 500, carry no stack text or file path,
 * and a refused request (400, 404, 413, 415, 422) must write nothing: the full content of every
 * application table and the files of the media storage are the same after it as before
 * (helpers/write-digest.ts, which names the bookkeeping of refused attempts it leaves out). The
 * heap must stay bounded. A second walk sends every route that takes a body chunked bodies (no
 * Content-Length) just under and just over its limit, with path params that reach the body (real
 * ids, each payment provider's name): a body read past its limit must be answered 413 (never a 5xx,
 * whatever way the route read it), nothing past the limit may be read, and a body under the limit
 * is never refused as too large.
 *
 * The hostile values are in helpers/hostile-values.ts, the route table of valid bodies and their
 * mutations in helpers/hostile-bodies.ts.
 *
 * On failure fast-check prints the seed and path; replay with FUZZ_SEED=<seed>.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { TOKEN_CHECKSUM_LENGTH } from '../../src/contract/tokens.ts';
import { API_TOKEN_SERVICES, RATE_LIMIT_MAX } from '../../src/contract/token-terms.ts';
import { PAYMENT_METHODS } from '../../src/contract/packs.ts';
import { AUTH_MESSAGES } from '../../src/contract/auth.schema.ts';
import { GENERATIONS_QUEUE } from '../../server/generations/jobs.ts';
import { MEDIA_DIR } from '../../server/media/index.ts';
import { createBackgroundTasks } from '../../server/platform/background.ts';
import type { AppEnv } from '../../server/http/types.ts';
import { loadStaticBuild } from '../../server/static/build.ts';
import { V1_OPERATIONS } from '../../server/public-api/openapi.ts';
import { generateToken } from '../../server/tokens/format.ts';
import { createSessionsRepository, startSessionToken } from '../../server/auth/sessions.ts';
import { createAccessTokens } from '../../server/auth/tokens.ts';
import { createTestApp, TEST_SIGNING_KEY } from './helpers/app.ts';
import { insertPost } from './helpers/blog-posts.ts';
import { createBuildFixture, type BuildFixture } from './helpers/build-fixture.ts';
import { bodyLimitOf } from './helpers/body-limits.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, type GenerationsHarness, type Person } from './helpers/generations.ts';
import { bodyArbitrary, bodyTemplates, type BodySpec } from './helpers/hostile-bodies.ts';
import { encodeSegment, hostileString, paramArbitrary, queryArbitrary, RAW_SEGMENTS, type Fixtures } from './helpers/hostile-values.ts';
import { captureLogs } from './helpers/logs.ts';
import { makeImage } from './helpers/media-fixtures.ts';
import { insertToken } from './helpers/public-api.ts';
import { digestChanges, writeDigester, type WriteDigest } from './helpers/write-digest.ts';

/**
 * How long the walk over every route may take before it counts as hung, in milliseconds: some
 * 6,000 requests, each with two digests of every table, took 222 s on a busy 2-core machine with
 * 87 routes; the routes grow with each area, and the limit is there to stop a stuck run, not to time one.
 */
const WALK_TIMEOUT_MS = 15 * 60 * 1000;

/** Requests per route and per property (see RUNS_TOTAL for the whole run). */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 70);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
/**
 * The heap, after a full collection, may grow by at most this much over the whole run, in bytes:
 * what the app keeps (caches, pg-boss, the rate limiter's counters) but no request's body.
 */
const MAX_HEAP_GROWTH_BYTES = 32 * 1024 * 1024;

/** A full garbage collection, so heap figures compare what is kept, not what is not yet collected. */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
function heapUsed(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}
/**
 * The one deliberate 5xx a route may give: Google sign-in on a server without its configuration
 * (503, by design; the suite runs without Firebase and Google).
 */
const DELIBERATE_5XX = new Set([JSON.stringify({ detail: AUTH_MESSAGES.googleNotConfigured, code: 'googleNotConfigured' })]);
/** Statuses of a refused request: nothing may be written for one. */
const REFUSED = new Set([400, 404, 413, 415, 422]);

// ── The run ─────────────────────────────────────────────────────────────────────────────

/** Stack frames, file paths and error class names that must never reach a client. */
const LEAK =
  /\n\s+at\s|\bat\s+\S+\s+\(|node_modules|\/(?:home|work|tmp|usr|root|app)\/|\.tsx?:\d+|\b(?:TypeError|RangeError|SyntaxError|DatabaseError|error: )/;

let h: GenerationsHarness;
let build: BuildFixture;
let app: Hono<AppEnv>;
let person: Person;
let admin: Person;
/** The fuzzing person's API token (every service), sent as `who: 'apiToken'`. */
let apiToken: string;
let fixtures: Fixtures;
let digest: () => Promise<WriteDigest>;
const logs = captureLogs();
/** Work the app leaves running after an answer (mails, reset tokens): settled before each check. */
const tasks = createBackgroundTasks(logs.logger);

beforeAll(async () => {
  h = await createGenerationsHarness({ workers: 1 });
  person = await h.person(40);
  admin = await h.person(0);
  const other = await h.person(5);
  const image = await person.upload(await makeImage(32, 24, 'png'), 'small.png');
  const othersImage = await other.upload(await makeImage(32, 24, 'png'), 'theirs.png');
  const job = await person.submit({
    feature: 'body-generator',
    inputs: {},
    params: { gender: 'male', height: 170, weight: 70, age: 40, skin_tone: 'tan', body_type: 'ectomorph', aspect_ratio: '1:1' },
  });
  const done = await person.settled(job.body.id, 30_000);
  // An order of the person's, waiting for payment on the sandbox (its id joins the path params).
  const order = await person.call('POST', '/api/billing/checkout', {
    body: { item: 'pack_50', method: 'sandbox', accept_terms: true },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  if (order.status !== 201) throw new Error(`set-up checkout: ${order.status} ${JSON.stringify(order.body)}`);
  // Jobs the fuzz gets accepted stay queued: no worker picks them up and no recovery pass looks
  // at them, since a run writes its progress, results and charge (and a pass may fail a job) on
  // its own clock, while a refused request is being checked.
  await h.generations.recovery.stop();
  await h.queue.boss.offWork(GENERATIONS_QUEUE);
  // The person may call /v1 (a plan with API access) with a token allowed every service, whose
  // rate limit is the highest a token can have, so the fuzz reaches the routes and not only 429s.
  await h.database.kysely.updateTable('users').set({ plan: 'pro' }).where('id', '=', person.id).execute();
  apiToken = (await insertToken(h.database, person.id, { permissions: [...API_TOKEN_SERVICES], rateLimit: RATE_LIMIT_MAX })).secret;
  // A job of the person's made through /v1, still queued (its id joins the path params).
  const v1Job = await h.app.request('/v1/generations', {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ feature: 'image-editing', inputs: { images: [image.id] }, params: { prompt: 'tăng độ sáng' } }),
  });
  if (v1Job.status !== 202) throw new Error(`set-up /v1 job: ${v1Job.status} ${await v1Job.text()}`);
  const queued = (await v1Job.json()) as { id: string };
  // A published post with a comment of the person's, still pending; and the other account (a commenter to ban).
  const post = await insertPost(h.database);
  const comment = await person.call('POST', `/api/blog/posts/${post.id}/comments`, { body: { body: 'Cảm ơn bài viết!' } });
  if (comment.status !== 201) throw new Error(`set-up comment: ${comment.status} ${JSON.stringify(comment.body)}`);
  // The post's preview image by its real name (its path param), so the fuzz reaches a drawing too.
  const postPage = await h.app.request(`/api/blog/posts/${post.slug}`);
  const previewName = ((await postPage.json()) as { image?: string }).image?.split('/').at(-1);
  if (!previewName) throw new Error(`set-up preview image: ${postPage.status}`);
  fixtures = {
    realIds: [image.id, othersImage.id, done.id, order.body.payment.id, queued.id, post.id, comment.body.id, other.id, previewName],
    emails: [person.email, other.email],
  };
  build = await createBuildFixture();
  app = createTestApp({
    staticBuild: await loadStaticBuild(build.dir),
    database: h.database,
    queue: h.queue,
    media: h.media,
    generations: h.generations,
    trustProxy: true,
    logger: logs.logger,
    tasks,
    env: { DATA_DIR: h.dataDir, ADMIN_EMAILS: admin.email, DEV_TOOLS: '1' },
  });
  digest = await writeDigester(h.database, join(h.dataDir, MEDIA_DIR));
}, 120_000);

afterAll(async () => {
  await h?.dispose();
  await build?.remove();
});

/**
 * Bearer values that are no usable API token: a well-formed one whose checksum is wrong (refused
 * before any lookup), and one with a right checksum that was never issued (looked up, not found).
 */
const WRONG_CHECKSUM_TOKEN = (() => {
  const token = generateToken();
  const checksum = token.slice(-TOKEN_CHECKSUM_LENGTH);
  return token.slice(0, -TOKEN_CHECKSUM_LENGTH) + (checksum === '000000' ? '000001' : '000000');
})();
const UNKNOWN_TOKEN = generateToken();

type Who = 'person' | 'admin' | 'anonymous' | 'garbage' | 'apiToken' | 'wrongChecksumToken' | 'unknownToken';

/**
 * Who sends a request: every caller on every route, half the time the one the route serves (the
 * API token on /v1, the signed-in person elsewhere) so most requests get past the guard to the input.
 */
function whoArbitrary(path: string): fc.Arbitrary<Who> {
  const main: Who = path.startsWith('/v1/') ? 'apiToken' : 'person';
  const others = (['person', 'admin', 'anonymous', 'garbage', 'apiToken', 'wrongChecksumToken', 'unknownToken'] as const).filter((who) => who !== main);
  return fc.oneof({ weight: 1, arbitrary: fc.constant(main) }, { weight: 1, arbitrary: fc.constantFrom(...others) });
}

/** Routes that end the fuzzing accounts' sessions: sent after every other route. */
const REVOKING = new Set(['POST /auth/logout', 'POST /auth/logout-all']);

/** Chunked requests per route, half of them over its limit (see the second walk). */
const CHUNKED_RUNS_PER_ROUTE = Number(process.env.FUZZ_CHUNKED_RUNS ?? 8);
/** Routes whose limit is over this many bytes (uploads, the contact form) get LARGE_LIMIT_RUNS. */
const LARGE_LIMIT_BYTES = 1024 * 1024;
/** One body under and one over the limit (an upload route's is 100 MiB). */
const LARGE_LIMIT_RUNS = 2;
/** Size of each chunk of a chunked body, in bytes. */
const CHUNK_BYTES = 64 * 1024;

/**
 * A chunked body (no Content-Length): `head` (a route's valid body), then spaces up to `total`
 * bytes, made chunk by chunk as the server pulls; `pulled()` says how far it got. Trailing spaces
 * keep a JSON body valid, so a body under the limit is a real request.
 */
function chunkedBody(head: string, total: number): { stream: ReadableStream<Uint8Array>; pulled(): number } {
  let pulled = 0;
  const first = new TextEncoder().encode(head);
  const spaces = new Uint8Array(CHUNK_BYTES).fill(0x20);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) return controller.close();
        const chunk = pulled === 0 ? first.subarray(0, Math.min(first.byteLength, total)) : spaces.subarray(0, Math.min(CHUNK_BYTES, total - pulled));
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

/** Sandbox page actions (server/billing/sandbox-page.ts). */
const SANDBOX_ACTIONS = ['pay', 'cancel', 'fail'] as const;

/**
 * A path param that reaches the route's body: a payment provider's name, a sandbox action, or a
 * real id of the fixtures (never one a DELETE could remove), now and then an unknown id.
 */
function namedParamArbitrary(name: string, method: string): fc.Arbitrary<string> {
  if (name === ':provider') return fc.constantFrom(...PAYMENT_METHODS);
  if (name === ':action') return fc.constantFrom(...SANDBOX_ACTIONS);
  if (method === 'DELETE') return fc.constant(randomUUID());
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fixtures.realIds) }, { weight: 1, arbitrary: fc.uuid() });
}

describe(`hostile input on every route (${DRIVER})`, () => {
  it(
    'answers every generated request below 500, without a stack, and writes nothing for a refused one',
    async () => {
      const routes = [
        ...new Map(app.routes.filter((route) => route.method !== 'ALL').map((route) => [`${route.method} ${route.path}`, route])).values(),
      ].toSorted((a, b) => Number(REVOKING.has(`${a.method} ${a.path}`)) - Number(REVOKING.has(`${b.method} ${b.path}`)));
      expect(routes.length).toBeGreaterThan(25);
      const templates = bodyTemplates(fixtures);
      const missing = routes
        .filter((route) => !['GET', 'HEAD'].includes(route.method) && !(`${route.method} ${route.path}` in templates))
        .map((r) => `${r.method} ${r.path}`);
      expect(missing, 'routes without a body template in the fuzz table').toEqual([]);

      const heapBefore = heapUsed();
      const failures: string[] = [];
      let sent = 0;
      /** Per /v1 route, the statuses the API token got (to show the fuzz got past the token guard). */
      const v1Statuses = new Map<string, Set<number>>();
      for (const route of routes) {
        const key = `${route.method} ${route.path}`;
        const params = (route.path.match(/:\w+/g) ?? []).map(() => paramArbitrary(fixtures, route.method));
        const request = fc.record({
          params: fc.tuple(...params),
          wildcard: fc.oneof(fc.constantFrom(...RAW_SEGMENTS), hostileString.map(encodeSegment)),
          query: queryArbitrary(key),
          body: ['GET', 'HEAD'].includes(route.method)
            ? fc.constant<BodySpec>({ contentType: null, body: null })
            : bodyArbitrary(templates[key] ?? null, fixtures),
          who: whoArbitrary(route.path),
          idempotencyKey: fc.option(fc.constantFrom('k'.repeat(300), 'ok-key', ' ', '\u00e9'.normalize('NFD').replace(/[^\x21-\x7e]/g, '?')), {
            nil: undefined,
          }),
          address: fc.ipV4(),
        });
        try {
          await fc.assert(
            fc.asyncProperty(request, async (spec) => {
              let index = 0;
              let path = route.path.replace(/:\w+/g, () => spec.params[index++] ?? 'x');
              path = path.replace('*', spec.wildcard);
              const url = `http://localhost${path}${spec.query ? `?${spec.query}` : ''}`;
              const headers = new Headers({ 'X-Forwarded-For': spec.address });
              if (spec.who === 'person') headers.set('Authorization', `Bearer ${person.token}`);
              if (spec.who === 'admin') headers.set('Authorization', `Bearer ${admin.token}`);
              if (spec.who === 'garbage') headers.set('Authorization', 'Bearer eyJhbGciOiJub25lIn0.e30.');
              if (spec.who === 'apiToken') headers.set('Authorization', `Bearer ${apiToken}`);
              if (spec.who === 'wrongChecksumToken') headers.set('Authorization', `Bearer ${WRONG_CHECKSUM_TOKEN}`);
              if (spec.who === 'unknownToken') headers.set('Authorization', `Bearer ${UNKNOWN_TOKEN}`);
              if (spec.idempotencyKey !== undefined) headers.set('Idempotency-Key', spec.idempotencyKey);
              if (spec.body.contentType) headers.set('Content-Type', spec.body.contentType);
              const init: RequestInit = { method: route.method, headers };
              if (spec.body.body !== null) init.body = spec.body.body;
              await tasks.settle();
              const before = await digest();
              const response = await app.request(url, init);
              // An event stream stays open: its answer is the status and headers; it is closed at once.
              const streaming = response.ok && response.headers.get('content-type')?.startsWith('text/event-stream');
              if (streaming) await response.body?.cancel();
              const text = streaming ? '' : await response.text();
              sent++;
              if (spec.who === 'apiToken' && route.path.startsWith('/v1/')) v1Statuses.set(key, (v1Statuses.get(key) ?? new Set()).add(response.status));
              const what = `${route.method} ${url.slice(0, 300)} body=${JSON.stringify(typeof spec.body.body === 'string' ? spec.body.body.slice(0, 300) : spec.body.body)}`;
              if (response.status >= 500 && !DELIBERATE_5XX.has(text)) throw new Error(`${response.status} for ${what}: ${text.slice(0, 300)}`);
              if (LEAK.test(text)) throw new Error(`stack or path leaked for ${what}: ${text.slice(0, 300)}`);
              if (REFUSED.has(response.status)) {
                await tasks.settle();
                const changed = digestChanges(before, await digest());
                if (changed.length > 0)
                  throw new Error(`a refused request (${response.status}) wrote (${changed.join(', ')}): ${what} → ${text.slice(0, 200)}`);
              }
            }),
            { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
          );
        } catch (error) {
          const cause = (error as Error).cause;
          const inner = cause instanceof Error ? cause.message : String(error);
          const where = /\{ seed: .*\}/.exec((error as Error).message)?.[0] ?? '';
          failures.push(`${key} ${where}: ${inner.slice(0, 1_200)}`);
        }
      }
      const heapGrowth = heapUsed() - heapBefore;
      console.info(
        `hostile input: ${sent} requests to ${routes.length} routes (${DRIVER}), seed ${SEED}, heap growth ${(heapGrowth / 1024 / 1024).toFixed(1)} MiB`,
      );
      expect(failures, failures.join('\n\n')).toEqual([]);
      expect(heapGrowth).toBeLessThan(MAX_HEAP_GROWTH_BYTES);
      // The token was let in: every /v1 route answered it something other than the guard's refusals
      // (401 bad token, 403 plan, 429 rate limit) at least once, so its input was fuzzed, not only the guard.
      const guardOnly = [...v1Statuses]
        .filter(([, statuses]) => [...statuses].every((status) => [401, 403, 429].includes(status)))
        .map(([key, statuses]) => `${key}: ${[...statuses].join(', ')}`);
      expect(v1Statuses.size).toBeGreaterThanOrEqual(V1_OPERATIONS.length);
      expect(guardOnly, 'routes of /v1 that only ever refused the API token at the guard').toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "answers chunked bodies just under and just over each route's limit: a 413 wherever the body was read past it, never a 5xx, nothing written",
    async () => {
      const routes = [
        ...new Set(app.routes.filter((route) => !['ALL', 'GET', 'HEAD'].includes(route.method)).map((route) => `${route.method} ${route.path}`)),
      ].toSorted((a, b) => Number(REVOKING.has(a)) - Number(REVOKING.has(b)));
      const templates = bodyTemplates(fixtures);
      // Sessions of their own: the first walk ends the fuzzing accounts' sessions (its logout routes).
      const sessions = {
        sessions: createSessionsRepository(h.database),
        tokens: createAccessTokens({ secret: TEST_SIGNING_KEY, ttlSeconds: 3_600, now: Date.now }),
        now: Date.now,
      };
      const personToken = await startSessionToken(sessions, { ...person, name: 'Trần Văn Minh' });
      const adminToken = await startSessionToken(sessions, { ...admin, name: 'Trần Văn Minh' });
      const failures: string[] = [];
      /** Per route: requests sent, how many went over the limit, and the statuses answered. */
      const seen = new Map<string, { sent: number; over: number; statuses: Set<number> }>();
      let sent = 0;
      for (const key of routes) {
        const [method = '', pattern = ''] = key.split(' ');
        const limit = bodyLimitOf(method, pattern);
        const big = limit > LARGE_LIMIT_BYTES;
        const template = templates[key]?.[0];
        const head = template ? JSON.stringify(template(fixtures)) : '{}';
        const names = pattern.match(/:\w+/g) ?? [];
        const request = fc.record({
          // How far from the limit, in bytes: 1 byte to two chunks on either side.
          distance: fc.integer({ min: 1, max: 2 * CHUNK_BYTES }),
          params: fc.tuple(...names.map((name) => namedParamArbitrary(name, method))),
        });
        const token = REVOKING.has(key)
          ? (await h.person()).token
          : pattern.startsWith('/v1/')
            ? apiToken
            : pattern.startsWith('/api/admin/')
              ? adminToken
              : personToken;
        // Half the requests under the limit, half over it.
        for (const over of [false, true]) {
          try {
            await fc.assert(
              fc.asyncProperty(request, async (spec) => {
                let index = 0;
                const path = pattern.replace(/:\w+/g, () => spec.params[index++] ?? 'x').replace('*', 'x');
                const total = over ? limit + spec.distance : Math.max(Buffer.byteLength(head), limit - spec.distance);
                const body = chunkedBody(head, total);
                await tasks.settle();
                const before = await digest();
                const response = await app.request(`http://localhost${path}`, {
                  method,
                  body: body.stream,
                  duplex: 'half',
                  headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
                } as RequestInit);
                const streaming = response.ok && response.headers.get('content-type')?.startsWith('text/event-stream');
                if (streaming) await response.body?.cancel();
                const text = streaming ? '' : await response.text();
                sent++;
                const entry = seen.get(key) ?? { sent: 0, over: 0, statuses: new Set<number>() };
                entry.sent++;
                if (over) entry.over++;
                entry.statuses.add(response.status);
                seen.set(key, entry);
                const what = `${method} ${path} with ${total} bytes chunked (limit ${limit})`;
                if (response.status >= 500 && !DELIBERATE_5XX.has(text)) throw new Error(`${response.status} for ${what}: ${text.slice(0, 300)}`);
                if (LEAK.test(text)) throw new Error(`stack or path leaked for ${what}: ${text.slice(0, 300)}`);
                // What was read: at most the limit, the chunk that passed it and one the stream had ready.
                if (body.pulled() > limit + 2 * CHUNK_BYTES) throw new Error(`${what}: the server read ${body.pulled()} bytes`);
                if (body.pulled() > limit && response.status !== 413)
                  throw new Error(`${what}: read past its limit, answered ${response.status}, not 413: ${text.slice(0, 300)}`);
                if (!over && response.status === 413) throw new Error(`${what}: a body under the limit was refused as too large: ${text.slice(0, 300)}`);
                if (REFUSED.has(response.status)) {
                  await tasks.settle();
                  const changed = digestChanges(before, await digest());
                  if (changed.length > 0)
                    throw new Error(`a refused request (${response.status}) wrote (${changed.join(', ')}): ${what} → ${text.slice(0, 200)}`);
                }
              }),
              { numRuns: Math.ceil((big ? LARGE_LIMIT_RUNS : CHUNKED_RUNS_PER_ROUTE) / 2), seed: SEED, endOnFailure: true },
            );
          } catch (error) {
            const cause = (error as Error).cause;
            const where = /\{ seed: .*\}/.exec((error as Error).message)?.[0] ?? '';
            failures.push(`${key} ${over ? 'over' : 'under'} ${where}: ${(cause instanceof Error ? cause.message : String(error)).slice(0, 1_200)}`);
          }
        }
      }
      const tooLarge = [...seen].filter(([, entry]) => entry.statuses.has(413)).map(([key]) => key);
      const overSent = [...seen.values()].reduce((sum, entry) => sum + entry.over, 0);
      console.info(
        `chunked bodies: ${sent} requests to ${routes.length} routes (${overSent} over their limit, ${sent - overSent} under), 413 from ${tooLarge.length} routes (${DRIVER}), seed ${SEED}`,
      );
      expect(failures, failures.join('\n\n')).toEqual([]);
      // The walk reached the bodies: every provider's notification route and the JSON routes read theirs.
      expect(tooLarge).toEqual(
        expect.arrayContaining(['POST /api/billing/webhooks/:provider', 'POST /api/generations', 'PUT /api/me', 'POST /auth/login', 'POST /v1/generations']),
      );
    },
    WALK_TIMEOUT_MS,
  );
});
