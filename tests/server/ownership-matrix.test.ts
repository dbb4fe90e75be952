/**
 * Ownership, route by route (an IDOR matrix): a second person (B) tries every action on every
 * resource of a first person (A) — assets, media capability URLs, generations, the account,
 * upload Idempotency-Keys, input asset ids — and is refused exactly as the contract says (404 like
 * an unknown id, 403 for a capability URL whose signature is not for that asset and variant, 422
 * `assetNotFound` for someone else's input), while nothing of A's changes: A's library, jobs,
 * account, figures and balance are read again after every attempt.
 *
 * The matrix is a table of (route, attempt): a new route is one line. The test also enumerates
 * the routes the app mounts: a route with a path parameter that no line covers fails it. A line
 * that targets one of A's resources names a real one (an id that could never match would pass
 * without any owner check), and its answer must equal that of a random id on the same route.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '../../src/contract/media.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, waitFor, type CallResult, type GenerationsHarness, type Person } from './helpers/generations.ts';
import { abortableSleep, createTestEngine, tinyPng, type TestEngine } from './helpers/test-engine.ts';

/** What the matrix acts on: A's resources, and B (the other person) with one asset of B's own. */
interface Fixture {
  a: Person;
  b: Person;
  /** A's upload, the input of A's completed job. */
  asset: Asset;
  /** A's second upload (its signed URLs are tried on `asset`). */
  other: Asset;
  /** B's own upload (B's signed URLs are tried on A's asset). */
  bAsset: Asset;
  /** The Idempotency-Key A's `asset` was uploaded with. */
  uploadKey: string;
  /** A's completed job, shared in the community feed. */
  completed: string;
  /** A's job still running. */
  pending: string;
}

interface Line {
  /** `METHOD /path` exactly as the app mounts it. */
  route: string;
  /** What this line tries. */
  name: string;
  /** B's attempt on A's resource `id` (or on nothing: routes without an id). */
  attempt(f: Fixture, id: string): Promise<CallResult>;
  /** A's resource the line targets; with it, the same attempt on an unknown id must answer the same. */
  target?: (f: Fixture) => string;
  status: number;
  /** Further checks of B's answer. */
  check?: (result: CallResult, f: Fixture) => void | Promise<void>;
}

let h: GenerationsHarness;
let engine: TestEngine;
let f: Fixture;

const EDIT = (assetId: string) => ({ feature: 'image-editing', inputs: { images: [assetId] }, params: { prompt: 'Nền trắng, ánh sáng studio' } });

async function upload(person: Person, seed: number, key?: string): Promise<CallResult> {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(tinyPng(24, seed))], `anh-${seed}.png`));
  const headers: Record<string, string> = { Authorization: `Bearer ${person.token}` };
  if (key) headers['Idempotency-Key'] = key;
  const response = await h.app.request('/api/media', { method: 'POST', body: form, headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** A capability URL fetched without a bearer token. */
async function media(url: string, method = 'GET'): Promise<CallResult> {
  const response = await h.app.request(url, { method });
  const text = method === 'HEAD' ? '' : Buffer.from(await response.arrayBuffer()).toString('latin1');
  return { status: response.status, headers: response.headers, body: response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : null };
}

/** `url` with its asset id (and variant) replaced, its signature kept. */
const swapped = (url: string, from: string, to: string) => url.replace(`/api/media/${from}/`, `/api/media/${to}/`);

/** Every id of A's resources. */
const ownedByA = (fixture: Fixture): string[] => [fixture.asset.id, fixture.other.id, fixture.completed, fixture.pending];

const A_JOB_KEY = 'a-job-key';
const BODY = { feature: 'body-generator', inputs: {}, params: { gender: 'male', height: 175, weight: 70, age: 30, skin_tone: 'tan', body_type: 'mesomorph', aspect_ratio: '1:1' } };

const ids = (result: CallResult): string[] => (result.body?.items ?? []).map((item: { id: string }) => item.id);

const MATRIX: Line[] = [
  // Assets.
  { route: 'GET /api/assets', name: 'B\'s library lists none of A\'s assets', status: 200, attempt: ({ b }) => b.call('GET', '/api/assets?limit=100'), check: (r, fixture) => expect(ids(r).filter((id) => ownedByA(fixture).includes(id))).toEqual([]) },
  { route: 'GET /api/assets', name: 'B\'s library filtered by A\'s tool lists none of A\'s results', status: 200, attempt: ({ b }) => b.call('GET', '/api/assets?tool=image-editing'), check: (r) => expect(ids(r)).toEqual([]) },
  { route: 'GET /api/assets/:id', name: 'B reads A\'s asset', status: 404, target: ({ asset }) => asset.id, attempt: ({ b }, id) => b.call('GET', `/api/assets/${id}`) },
  { route: 'DELETE /api/assets/:id', name: 'B deletes A\'s asset', status: 404, target: ({ asset }) => asset.id, attempt: ({ b }, id) => b.call('DELETE', `/api/assets/${id}`) },
  // Capability URLs: a signature opens only its own asset and variant.
  { route: 'GET /api/media/:assetId/:variant', name: 'A\'s signed URL of another asset, pointed at this one', status: 403, target: ({ asset }) => asset.id, attempt: ({ other }, id) => media(swapped(other.url, other.id, id)) },
  { route: 'GET /api/media/:assetId/:variant', name: 'B\'s own signed URL, pointed at A\'s asset', status: 403, target: ({ asset }) => asset.id, attempt: ({ bAsset }, id) => media(swapped(bAsset.url, bAsset.id, id)) },
  { route: 'GET /api/media/:assetId/:variant', name: 'the thumbnail\'s signature used for the original', status: 403, attempt: ({ asset }) => media(asset.thumbnail_url.replace('/thumbnail?', '/original?')) },
  { route: 'GET /api/media/:assetId/:variant', name: 'an asset URL without its signature', status: 403, target: ({ asset }) => asset.id, attempt: (_f, id) => media(`/api/media/${id}/original`) },
  { route: 'HEAD /api/media/:assetId/:variant', name: 'HEAD with another asset\'s signature', status: 403, target: ({ asset }) => asset.id, attempt: ({ other }, id) => media(swapped(other.url, other.id, id), 'HEAD') },
  // Generations.
  { route: 'GET /api/generations', name: 'B\'s history lists none of A\'s jobs', status: 200, attempt: ({ b }) => b.call('GET', '/api/generations?limit=100'), check: (r, fixture) => expect(ids(r).filter((id) => ownedByA(fixture).includes(id))).toEqual([]) },
  { route: 'GET /api/generations/pending', name: 'B\'s running jobs list none of A\'s', status: 200, attempt: ({ b }) => b.call('GET', '/api/generations/pending'), check: (r, fixture) => expect(ids(r).filter((id) => ownedByA(fixture).includes(id))).toEqual([]) },
  // Every line on a job names one of A's real jobs; its answer is compared with a random UUID's on the same route.
  { route: 'GET /api/generations/:id', name: 'B reads A\'s completed job', status: 404, target: ({ completed }) => completed, attempt: ({ b }, id) => b.call('GET', `/api/generations/${id}`) },
  { route: 'GET /api/generations/:id', name: 'B reads A\'s running job', status: 404, target: ({ pending }) => pending, attempt: ({ b }, id) => b.call('GET', `/api/generations/${id}`) },
  { route: 'DELETE /api/generations/:id', name: 'B deletes A\'s job', status: 404, target: ({ completed }) => completed, attempt: ({ b }, id) => b.call('DELETE', `/api/generations/${id}`) },
  { route: 'POST /api/generations/:id/cancel', name: 'B cancels A\'s running job', status: 404, target: ({ pending }) => pending, attempt: ({ b }, id) => b.call('POST', `/api/generations/${id}/cancel`) },
  { route: 'POST /api/generations/:id/regenerate', name: 'B regenerates A\'s job', status: 404, target: ({ completed }) => completed, attempt: ({ b }, id) => b.call('POST', `/api/generations/${id}/regenerate`) },
  { route: 'PUT /api/generations/:id/share', name: 'B stops sharing A\'s job', status: 404, target: ({ completed }) => completed, attempt: ({ b }, id) => b.call('PUT', `/api/generations/${id}/share`, { body: { shared: false } }) },
  { route: 'PUT /api/generations/:id/share', name: 'B shares A\'s running job', status: 404, target: ({ pending }) => pending, attempt: ({ b }, id) => b.call('PUT', `/api/generations/${id}/share`, { body: { shared: true } }) },
  {
    route: 'POST /api/generations',
    name: 'B submits a job with A\'s asset as its input',
    status: 422,
    attempt: ({ b, asset }) => b.submit(EDIT(asset.id)),
    check: async (r, { b }) => {
      expect(r.body.code).toBe('assetNotFound');
      expect((await b.call('GET', '/api/generations')).body.items.filter((job: { input_assets: Asset[] }) => job.input_assets.length > 0)).toEqual([]);
      expect(await h.balance(b.id)).toBe(20);
    },
  },
  {
    route: 'POST /api/generations',
    name: 'B submits with the Idempotency-Key of A\'s job: a job of B\'s own',
    status: 202,
    attempt: ({ b }) => b.submit(BODY, A_JOB_KEY),
    check: async (r, { b, completed }) => {
      expect(r.body.id).not.toBe(completed);
      expect((await b.call('POST', `/api/generations/${r.body.id}/cancel`)).status).toBe(200);
    },
  },
  // Uploads: A's Idempotency-Key is A's only.
  {
    route: 'POST /api/media',
    name: 'B uploads with the Idempotency-Key A used',
    status: 201,
    attempt: ({ b, uploadKey }) => upload(b, 99, uploadKey),
    check: async (r, { asset, b }) => {
      expect(r.body.id).not.toBe(asset.id);
      await b.call('DELETE', `/api/assets/${r.body.id}`);
    },
  },
  // The account: a token reaches its own account only.
  { route: 'GET /api/me', name: 'B reads "me"', status: 200, attempt: ({ b }) => b.call('GET', '/api/me'), check: (r, { b }) => expect(r.body).toMatchObject({ id: b.id, email: b.email }) },
  { route: 'GET /api/me/stats', name: 'B\'s figures count none of A\'s', status: 200, attempt: ({ b }) => b.call('GET', '/api/me/stats'), check: (r) => expect(r.body).toMatchObject({ assets: 1, completed_total: 0 }) },
  { route: 'PUT /api/me', name: 'B renames "me"', status: 200, attempt: ({ b }) => b.call('PUT', '/api/me', { body: { name: 'Phạm Quốc Bảo' } }), check: (r, { b }) => expect(r.body).toMatchObject({ id: b.id, name: 'Phạm Quốc Bảo' }) },
  { route: 'DELETE /api/me', name: 'B deletes "me" with a password that is not B\'s', status: 401, attempt: ({ b }) => b.call('DELETE', '/api/me', { body: { password: 'correct horse battery' } }), check: async (_r, { b }) => expect((await b.call('GET', '/api/me')).status).toBe(200) },
];

/** A path parameter (`:id`, `:assetId`, …) in a mounted route. */
const PARAM = /\/:[^/]+/;

/** Signed URLs are made afresh on each read: compared without them. */
const SIGNED_FIELDS = new Set(['url', 'thumbnail_url', 'poster_url', 'urls_expire_at']);
const strip = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, item: unknown) => (SIGNED_FIELDS.has(key) ? undefined : item)));

/** A's side, as A reads it: what must never change whatever B does (signed URLs aside: they are fresh each read). */
async function snapshotOfA(): Promise<unknown> {
  const { a, asset } = f;
  const read = async (url: string) => {
    const result = await a.call('GET', url);
    return { status: result.status, body: result.body };
  };
  const current = (await a.call('GET', `/api/assets/${asset.id}`)).body as Asset;
  return strip({
    assets: await read('/api/assets?limit=100'),
    asset: await read(`/api/assets/${asset.id}`),
    completed: await read(`/api/generations/${f.completed}`),
    pending: await read(`/api/generations/${f.pending}`),
    history: await read('/api/generations?limit=100'),
    me: await read('/api/me'),
    stats: await read('/api/me/stats'),
    balance: await h.balance(a.id),
    // A's own link still opens the file.
    file: (await media(current.url)).status,
    community: ids({ status: 200, headers: new Headers(), body: await (await h.app.request('/api/community')).json() }),
  });
}

/** Set-up steps that must hold (a failure names the step). */
function must(condition: boolean, what: string): void {
  if (!condition) throw new Error(`set-up failed: ${what}`);
}

beforeAll(async () => {
  engine = createTestEngine();
  h = await createGenerationsHarness({ engine, workers: 1 });
  const a = await h.person(20, { name: 'Nguyễn Thị Mai' });
  const b = await h.person(20, { name: 'Trần Văn Bình' });
  const uploadKey = randomUUID();
  const first = await upload(a, 1, uploadKey);
  must(first.status === 201, 'A\'s upload');
  const asset = first.body as Asset;
  const other = await a.upload(tinyPng(24, 2), 'khac.png');
  const bAsset = await b.upload(tinyPng(24, 3), 'cua-b.png');

  const done = await a.submit(EDIT(asset.id), A_JOB_KEY);
  must(done.status === 202, 'A\'s job');
  must((await a.settled(done.body.id)).status === 'completed', 'A\'s job completes');
  must((await a.call('PUT', `/api/generations/${done.body.id}/share`, { body: { shared: true } })).status === 200, 'A shares the job');

  // A job that stays running until A cancels it.
  engine.once((run) => abortableSleep(120_000, run.signal));
  const running = await a.submit(EDIT(asset.id));
  must(running.status === 202, 'A\'s running job');
  await waitFor(async () => {
    const current = await a.generation(running.body.id);
    return current.status === 'processing' && current.progress > 0 ? true : undefined;
  }, 15_000, 'A\'s job to run');
  f = { a, b, asset, other, bAsset, uploadKey, completed: done.body.id, pending: running.body.id };
});

afterAll(async () => {
  if (f) await f.a.call('POST', `/api/generations/${f.pending}/cancel`);
  await h?.dispose();
});

describe(`ownership matrix: B acting on A's resources (${DRIVER})`, () => {
  it('covers every route with a path parameter the app mounts, and names only mounted routes', () => {
    const mounted = new Set(h.app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`));
    const covered = new Set(MATRIX.map((line) => line.route));
    const withParams = [...mounted].filter((route) => PARAM.test(route));
    expect(withParams.length).toBeGreaterThan(0);
    expect(withParams.filter((route) => !covered.has(route)), 'routes with a path parameter missing from the matrix').toEqual([]);
    expect([...covered].filter((route) => !mounted.has(route)), 'matrix lines naming no mounted route').toEqual([]);
  });

  it.each(MATRIX.map((line) => [`${line.route}: ${line.name}`, line] as const))('%s', async (_name, line) => {
    const before = await snapshotOfA();
    const target = line.target?.(f) ?? '';
    const result = await line.attempt(f, target);
    expect(result.status, JSON.stringify(result.body)).toBe(line.status);
    await line.check?.(result, f);
    // Exactly like an id that exists nowhere: nothing tells B that A's resource is there.
    const unknown = line.target ? await line.attempt(f, randomUUID()) : result;
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: result.status, body: result.body });
    expect(await snapshotOfA()).toEqual(before);
  });
});
