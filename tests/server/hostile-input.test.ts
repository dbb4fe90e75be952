/**
 * Hostile input never costs a 5xx: a property-based fuzz of EVERY route of the assembled app (its
 * own `app.routes`, so a route added later joins by itself), signed in and anonymous, with the
 * generations area mounted on the local engine, on PGlite (or Postgres with DATABASE_URL).
 *
 * Requests are built from the contract's shapes (a valid template body per route, one leaf
 * replaced by a hostile value) and from plain hostility: NUL, lone surrogates, 1e308 and friends,
 * huge integers, very long strings, deep nesting, `__proto__` / `constructor` keys, wrong types,
 * `../` traversal, odd unicode, malformed JSON, wrong content types; in bodies, path params,
 * query strings and headers. Every answer must be below 500, carry no stack text or file path,
 * and a refused request (400, 404, 413, 415, 422) must write nothing. The heap must stay bounded,
 * and a body over a route's limit must be refused without the server reading past the limit.
 *
 * On failure fast-check prints the seed and path; replay with FUZZ_SEED=<seed>.
 */
import { randomUUID } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import * as fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { AssetListQuerySchema } from '../../src/contract/media.ts';
import { CommunityQuerySchema } from '../../src/contract/dashboard.ts';
import { GenerationListQuerySchema } from '../../src/contract/generations.ts';
import { SHARE_TARGET_PATH } from '../../src/contract/share-target.ts';
import { JSON_BODY_MAX_BYTES } from '../../server/app.ts';
import { MAX_UPLOAD_BODY_BYTES } from '../../server/media/policy.ts';
import { createBackgroundTasks } from '../../server/auth/background.ts';
import type { AppEnv } from '../../server/http/types.ts';
import { AUTH_MESSAGES } from '../../src/contract/auth.ts';
import { ENGINE_DELAY_MAX_MS } from '../../src/contract/dev-tools.ts';
import { loadStaticBuild } from '../../server/static/build.ts';
import { createTestApp } from './helpers/app.ts';
import { createBuildFixture, type BuildFixture } from './helpers/build-fixture.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, type GenerationsHarness, type Person } from './helpers/generations.ts';
import { captureLogs } from './helpers/logs.ts';
import { makeImage } from './helpers/media-fixtures.ts';

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

// ── JSON with what JSON.stringify cannot write (1e309, raw big integers, `__proto__` keys) ───

class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
class Pairs {
  readonly pairs: ReadonlyArray<readonly [string, unknown]>;
  constructor(pairs: ReadonlyArray<readonly [string, unknown]>) {
    this.pairs = pairs;
  }
}

function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Pairs) return `{${value.pairs.map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') return toJson(new Pairs(Object.entries(value)));
  return JSON.stringify(value) ?? 'null';
}

// ── Hostile values ──────────────────────────────────────────────────────────────────────

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  'tail\ud83d',
  '\ud83d\ude00',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '\u202e\u2066rtl',
  '\ufeff',
  '\uffff\ufffe',
  'Z\u0364\u0351\u0313\u0324\u0354',
  '\u{1f937}\u{1f3fd}\u200d\u2640\ufe0f',
  '1e308',
  '-1e308',
  '9'.repeat(400),
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  '%_\\',
  '<script>alert(1)</script>',
  '',
  ' ',
  '2025-02-30',
  '9999-99-99T99:99:99Z',
  '\n\r\t',
] as const;

const hostileString = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u0000', '\ud800', '\udfff')).map(([text, bad]) => `${text}${bad}${text}`) },
  { weight: 1, arbitrary: fc.integer({ min: 300, max: 20_000 }).map((length) => 'ż'.repeat(length)) },
);
const hostileNumber = fc.constantFrom<unknown>(
  new Raw('1e308'),
  new Raw('-1e308'),
  new Raw('1e309'),
  new Raw('-1e309'),
  new Raw('1e-400'),
  new Raw('123456789012345678901234567890'),
  new Raw('-123456789012345678901234567890'),
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  2 ** 31,
  -1,
  0.5,
  -0,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
);
const deepNesting = fc.integer({ min: 20, max: 4_000 }).map((depth) => new Raw(`${'['.repeat(depth)}${']'.repeat(depth)}`));
const protoObject = fc.constantFrom<unknown>(
  new Pairs([['__proto__', { role: 'admin', credits: 1e9 }]]),
  new Pairs([['constructor', { prototype: { polluted: true } }]]),
  new Pairs([['__proto__', null], ['toString', 1]]),
  new Pairs([['hasOwnProperty', 'x'], ['valueOf', []]]),
);
const wrongType = fc.constantFrom<unknown>(null, true, false, 0, [], {}, [1, 2, 3], 'text', [null]);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, deepNesting, protoObject, wrongType);

// ── Path params, queries, headers ──────────────────────────────────────────────────────

/** Percent-encodes a string as its UTF-16 code units would go over the wire (lone surrogates as WTF-8). */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const unit of text) {
      const code = unit.codePointAt(0) ?? 0;
      if (code >= 0xd800 && code <= 0xdfff) out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
      else out += encodeURIComponent(unit);
    }
    return out;
  }
}

const RAW_SEGMENTS = ['%00', '%ED%A0%80', '%FF', '%C0%AE%C0%AE', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%', '%zz', '1e308', '-1', '0', 'null', 'undefined', '%E2%80%AE'];

interface Fixtures {
  /** Ids a path param may take: real ones of the signed-in person, someone else's, unknown ones. */
  realIds: string[];
  emails: string[];
}

function paramArbitrary(fixtures: Fixtures, method: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 4, arbitrary: hostileString.map(encodeSegment) },
    { weight: 1, arbitrary: fc.constant(randomUUID()) },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    // Never delete the fixtures themselves: later runs need them.
    ...(method === 'DELETE' ? [] : [{ weight: 2, arbitrary: fc.constantFrom(...fixtures.realIds) }]),
  );
}

/** Known query keys per route (from the contract), beside random ones. */
const QUERY_KEYS: Record<string, readonly string[]> = {
  'GET /api/generations': Object.keys(GenerationListQuerySchema.entries),
  'GET /api/assets': Object.keys(AssetListQuerySchema.entries),
  'GET /api/community': Object.keys(CommunityQuerySchema.entries),
  'GET /api/media/:assetId/:variant': ['exp', 'sig'],
  'HEAD /api/media/:assetId/:variant': ['exp', 'sig'],
};

function cursorLike(value: unknown): string {
  return Buffer.from(toJson(value)).toString('base64url');
}

function queryArbitrary(route: string): fc.Arbitrary<string> {
  const keys = [...(QUERY_KEYS[route] ?? []), 'q', 'limit', 'cursor', '__proto__', 'a[b]'];
  const value = fc.oneof(
    hostileString,
    fc.constantFrom('1e308', '-1', '0', '101', '99999999999999999999', '1.5', 'newest', 'largest', 'image', 'upload', '2025-01-01'),
    // Cursors: base64url JSON of the right shape with hostile parts.
    fc.tuple(fc.constantFrom('newest', 'oldest', 'name', 'largest'), hostileValue, hostileValue).map(cursorLike),
    fc.tuple(hostileValue, hostileValue).map(cursorLike),
    fc.tuple(fc.constantFrom('largest'), hostileNumber, fc.constant(randomUUID())).map(cursorLike),
  );
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 4 })
    .map((pairs) => pairs.map(([key, item]) => `${encodeSegment(key)}=${encodeSegment(item)}`).join('&'));
}

const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zzz',
  'application/json; charset=utf-16le',
  'application/xml',
  null,
] as const;

const MALFORMED = ['{', '{"a":', 'nan', '{"a":1}}', "{'a':1}", '[1,]', '\u0000', '', ' ', 'null', '"text"', '1e309', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '\ufeff{}'];

// ── Bodies: a valid template per route, mutated ─────────────────────────────────────────

type Template = (fixtures: Fixtures) => unknown;

/**
 * A valid body for each route that reads one, keyed `METHOD path` as app.routes names it.
 * Routes that read no body are listed with null. A route of a body-carrying method missing here
 * fails the suite: add its template.
 */
function bodyTemplates(fixtures: Fixtures): Record<string, Template[] | null> {
  const email = () => fixtures.emails[0] ?? 'someone@example.com';
  return {
    'POST /auth/login': [() => ({ username: email(), password: 'not the password' })],
    // They read no body; they end sessions, so they are fuzzed last (see REVOKING).
    'POST /auth/logout': null,
    'POST /auth/logout-all': null,
    'POST /auth/register': [() => ({ name: 'Nguyễn Lan', email: `fuzz-${randomUUID()}@example.com`, password: 'correct horse battery', language: 'vi' })],
    'POST /auth/generate_otp': [() => ({ email: email() })],
    'POST /auth/verify_otp': [() => ({ email: email(), otp: 123_456 })],
    'POST /auth/forgot-password': [() => ({ email: email() })],
    'POST /auth/reset-password': [() => ({ email: email(), reset_token: 'x'.repeat(40), new_password: 'correct horse battery' })],
    'POST /auth/firebase/register': [() => ({ idToken: 'x'.repeat(200), userData: { uid: 'uid-1', email: email(), displayName: 'Lan', photoURL: null, emailVerified: true } })],
    'POST /auth/firebase/login': [() => ({ idToken: 'x'.repeat(200), userData: { uid: 'uid-1', email: email(), displayName: 'Lan', photoURL: null, emailVerified: true } })],
    'POST /auth/google/callback': [() => ({ code: 'code', redirect_uri: 'http://localhost/auth/google/callback' })],
    'PUT /api/me': [() => ({ name: 'Trần Minh', profile_picture: 'https://example.com/p.png', language: 'en' })],
    'DELETE /api/me': [() => ({ password: 'not the password' })],
    'POST /api/generations': [
      () => ({
        feature: 'body-generator',
        inputs: {},
        params: { gender: 'female', height: 165, weight: 55, age: 30, skin_tone: 'light', body_type: 'mesomorph', aspect_ratio: '3:4', prompt: 'studio light', style_hints: ['a'] },
      }),
      () => ({ feature: 'image-editing', inputs: { images: [fixtures.realIds[0]] }, params: { prompt: 'brighter' } }),
      () => ({ feature: 'virtual-tryon', inputs: { model: fixtures.realIds[0], garments: [{ asset_id: fixtures.realIds[0], category: 'tops' }] }, params: { prompt: 'x' } }),
      () => ({ feature: 'hairstyle-changer', inputs: { image: fixtures.realIds[0], mask: null, reference: null }, params: { style: 'pixie', color: '#aabbcc', prompt: 'x' } }),
      () => ({ feature: 'image-to-video', inputs: { image: fixtures.realIds[0] }, params: { model: 'kling-2.1', duration: 5, resolution: '1080p', cfg_scale: 0.5, prompt: 'x' } }),
      () => ({ feature: 'upscaler-image', inputs: { image: fixtures.realIds[0] }, params: { factor: 2, face_enhancement_strength: 0.5 } }),
      () => ({ feature: 'upscaler-video', inputs: { video: fixtures.realIds[0] }, params: { factor: 2, target_fps: 30 } }),
    ],
    'PUT /api/generations/:id/share': [() => ({ shared: true })],
    'POST /api/generations/:id/cancel': null,
    'POST /api/generations/:id/regenerate': null,
    'DELETE /api/generations/:id': null,
    'DELETE /api/assets/:id': null,
    // Someone who submits nothing: the signed-in person's jobs must keep waiting (see beforeAll).
    'POST /api/dev-tools/credits': [() => ({ email: fixtures.emails[1], amount: 1 })],
    'POST /api/dev-tools/engine-delay': [() => ({ email: fixtures.emails[1], ms: 0 })],
    // Multipart routes: the fuzz sends them hostile multipart and JSON alike.
    'POST /api/media': null,
    [`POST ${SHARE_TARGET_PATH}`]: null,
  };
}

/** Every leaf path of a JSON value (objects and arrays included, so whole subtrees get replaced). */
function paths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [prefix];
  if (Array.isArray(value)) value.forEach((item, index) => out.push(...paths(item, [...prefix, index])));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...prefix, key]));
  return out;
}

function replaceAt(value: unknown, path: ReadonlyArray<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, key === head ? replaceAt(item, rest, replacement) : item]));
}

interface BodySpec {
  contentType: string | null;
  body: string | Uint8Array<ArrayBuffer> | null;
}

function bodyArbitrary(templates: Template[] | null, fixtures: Fixtures): fc.Arbitrary<BodySpec> {
  const json = (contentType: fc.Arbitrary<string | null>, value: fc.Arbitrary<unknown>) =>
    fc.tuple(contentType, value).map(([type, item]): BodySpec => ({ contentType: type, body: toJson(item) }));
  const anyType = fc.constantFrom(...CONTENT_TYPES);
  const options: Array<fc.Arbitrary<BodySpec>> = [
    json(anyType, hostileValue),
    fc.tuple(anyType, fc.constantFrom(...MALFORMED)).map(([type, text]): BodySpec => ({ contentType: type, body: text })),
    fc.uint8Array({ maxLength: 64 }).map((bytes): BodySpec => ({ contentType: 'application/json', body: new Uint8Array(bytes) })),
    fc.constant<BodySpec>({ contentType: null, body: null }),
    // A multipart body with hostile fields and file name.
    fc.tuple(hostileString, hostileString).map(([field, name]): BodySpec => {
      const boundary = 'fuzzboundary';
      const safeName = name.replace(/["\r\n]/g, '_');
      const text = `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${field}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--${boundary}--\r\n`;
      return { contentType: `multipart/form-data; boundary=${boundary}`, body: new Uint8Array(Buffer.from(text)) };
    }),
  ];
  if (templates) {
    const mutated = fc
      .tuple(fc.constantFrom(...templates), fc.nat(), hostileValue, fc.boolean(), fc.constantFrom('application/json', 'application/json; charset=utf-8'))
      .map(([template, pick, replacement, addKey, type]): BodySpec => {
        const base = template(fixtures);
        const all = paths(base);
        const at = all[pick % all.length] ?? [];
        let value = replaceAt(base, at, replacement);
        if (addKey && value !== null && typeof value === 'object' && !Array.isArray(value)) value = new Pairs([...Object.entries(value), ['__proto__', { admin: true }]]);
        return { contentType: type, body: toJson(value) };
      });
    options.push(mutated, mutated, mutated, json(fc.constant('application/json'), fc.constant(null).map(() => (templates[0] as Template)(fixtures))));
  }
  return fc.oneof(...options);
}

// ── The run ─────────────────────────────────────────────────────────────────────────────

/** Stack frames, file paths and error class names that must never reach a client. */
const LEAK = /\n\s+at\s|\bat\s+\S+\s+\(|node_modules|\/(?:home|work|tmp|usr|root|app)\/|\.tsx?:\d+|\b(?:TypeError|RangeError|SyntaxError|DatabaseError|error: )/;

let h: GenerationsHarness;
let build: BuildFixture;
let app: Hono<AppEnv>;
let person: Person;
let admin: Person;
let fixtures: Fixtures;
let fingerprintQuery: string;
const logs = captureLogs();
/** Work the app leaves running after an answer (mails, reset tokens): settled before each check. */
const tasks = createBackgroundTasks(logs.logger);

async function fingerprint(): Promise<string> {
  const result = await sql.raw<Record<string, unknown>>(fingerprintQuery).execute(h.database.kysely);
  return JSON.stringify(result.rows[0]);
}

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
  // Jobs the fuzz gets accepted wait in the runner: a worker finishing one mid-run would write
  // (results, the charge) while a refused request is being checked.
  h.generations.engineDelays.set(person.id, ENGINE_DELAY_MAX_MS);
  fixtures = { realIds: [image.id, othersImage.id, done.id], emails: [person.email, other.email] };
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
  // One row per table of the app's own schema: its row count, and for the people a hash of their
  // rows (an edit refused must not land). pg-boss's schema is left out: its maintenance writes;
  // so is rate_limit_events, where a wrong code or password is counted on purpose.
  const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'rate_limit_events' order by tablename`.execute(h.database.kysely);
  fingerprintQuery = `select ${tables.rows.map(({ name }) => `(select count(*) from "${name}")::text as "${name}"`).join(', ')}, (select md5(string_agg(u::text, ',' order by u.id)) from users u) as users_hash`;
}, 120_000);

afterAll(async () => {
  await h?.dispose();
  await build?.remove();
});

/** Routes that end the fuzzing accounts' sessions: sent after every other route. */
const REVOKING = new Set(['POST /auth/logout', 'POST /auth/logout-all']);

describe(`hostile input on every route (${DRIVER})`, () => {
  it('answers every generated request below 500, without a stack, and writes nothing for a refused one', async () => {
    const routes = [...new Map(app.routes.filter((route) => route.method !== 'ALL').map((route) => [`${route.method} ${route.path}`, route])).values()].toSorted(
      (a, b) => Number(REVOKING.has(`${a.method} ${a.path}`)) - Number(REVOKING.has(`${b.method} ${b.path}`)),
    );
    expect(routes.length).toBeGreaterThan(25);
    const templates = bodyTemplates(fixtures);
    const missing = routes.filter((route) => !['GET', 'HEAD'].includes(route.method) && !(`${route.method} ${route.path}` in templates)).map((r) => `${r.method} ${r.path}`);
    expect(missing, 'routes without a body template in the fuzz table').toEqual([]);

    const heapBefore = heapUsed();
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const params = (route.path.match(/:\w+/g) ?? []).map(() => paramArbitrary(fixtures, route.method));
      const request = fc.record({
        params: fc.tuple(...params),
        wildcard: fc.oneof(fc.constantFrom(...RAW_SEGMENTS), hostileString.map(encodeSegment)),
        query: queryArbitrary(key),
        body: ['GET', 'HEAD'].includes(route.method) ? fc.constant<BodySpec>({ contentType: null, body: null }) : bodyArbitrary(templates[key] ?? null, fixtures),
        who: fc.constantFrom('person', 'admin', 'anonymous', 'garbage'),
        idempotencyKey: fc.option(fc.constantFrom('k'.repeat(300), 'ok-key', ' ', '\u00e9'.normalize('NFD').replace(/[^\x21-\x7e]/g, '?')), { nil: undefined }),
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
            if (spec.idempotencyKey !== undefined) headers.set('Idempotency-Key', spec.idempotencyKey);
            if (spec.body.contentType) headers.set('Content-Type', spec.body.contentType);
            const init: RequestInit = { method: route.method, headers };
            if (spec.body.body !== null) init.body = spec.body.body;
            await tasks.settle();
            const before = await fingerprint();
            const response = await app.request(url, init);
            // An event stream stays open: its answer is the status and headers; it is closed at once.
            const streaming = response.ok && response.headers.get('content-type')?.startsWith('text/event-stream');
            if (streaming) await response.body?.cancel();
            const text = streaming ? '' : await response.text();
            sent++;
            const what = `${route.method} ${url.slice(0, 300)} body=${JSON.stringify(typeof spec.body.body === 'string' ? spec.body.body.slice(0, 300) : spec.body.body)}`;
            if (response.status >= 500 && !DELIBERATE_5XX.has(text)) throw new Error(`${response.status} for ${what}: ${text.slice(0, 300)}`);
            if (LEAK.test(text)) throw new Error(`stack or path leaked for ${what}: ${text.slice(0, 300)}`);
            if (REFUSED.has(response.status)) {
              await tasks.settle();
              const after = await fingerprint();
              if (after !== before) {
                const [was, is] = [JSON.parse(before) as Record<string, string>, JSON.parse(after) as Record<string, string>];
                const changed = Object.keys(is).filter((table) => was[table] !== is[table]).map((table) => `${table}: ${was[table]} → ${is[table]}`);
                throw new Error(`a refused request (${response.status}) wrote to the database (${changed.join(', ')}): ${what} → ${text.slice(0, 200)}`);
              }
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
    console.info(`hostile input: ${sent} requests to ${routes.length} routes (${DRIVER}), seed ${SEED}, heap growth ${(heapGrowth / 1024 / 1024).toFixed(1)} MiB`);
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(heapGrowth).toBeLessThan(MAX_HEAP_GROWTH_BYTES);
  }, 300_000);

  it('refuses an over-limit body on every route without reading past its limit', async () => {
    /** The hostile body: far over any JSON limit, made chunk by chunk as the server pulls. */
    const totalBytes = 16 * 1024 * 1024;
    const chunkBytes = 64 * 1024;
    const routes = [...new Set(app.routes.filter((route) => !['ALL', 'GET', 'HEAD'].includes(route.method)).map((route) => `${route.method} ${route.path}`))];
    const pulledByRoute: Record<string, boolean> = {};
    for (const route of routes) {
      const [method = '', pattern = ''] = route.split(' ');
      let pulled = 0;
      const chunk = new Uint8Array(chunkBytes).fill(0x20);
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (pulled >= totalBytes) return controller.close();
            pulled += chunkBytes;
            controller.enqueue(chunk);
          },
        },
        { highWaterMark: 0 },
      );
      const response = await app.request(pattern.replace(/:\w+/g, randomUUID()).replace('*', 'x'), {
        method,
        body,
        duplex: 'half',
        headers: { Authorization: `Bearer ${person.token}`, 'Content-Type': 'application/json' },
      } as RequestInit);
      await response.text();
      const limit = method === 'POST' && (pattern === '/api/media' || pattern === SHARE_TARGET_PATH) ? MAX_UPLOAD_BODY_BYTES : JSON_BODY_MAX_BYTES;
      pulledByRoute[route] = response.status < 500 && pulled <= limit + 2 * chunkBytes;
    }
    expect(pulledByRoute).toEqual(Object.fromEntries(routes.map((route) => [route, true])));
  });
});
