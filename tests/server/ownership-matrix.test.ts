/**
 * Ownership, route by route (an IDOR matrix): a second person (B) tries every action on every
 * resource of a first person (A) — assets, media capability URLs, generations, the account,
 * upload Idempotency-Keys, input asset ids — and is refused exactly as the contract says (404 like
 * an unknown id, 403 for a capability URL whose signature is not for that asset and variant, 422
 * `assetNotFound` for someone else's input), while nothing of A's changes: A's library, jobs,
 * account, figures and balance are read again after every attempt.
 *
 * Billing too: A's orders, receipts and the sandbox's payment page of A's pending order are B's
 * to guess at only (404 like an unknown id; a page link's signature opens its own order only),
 * and a notification B forges about A's order is refused (400) with A's order left as it was.
 *
 * API tokens too: B cannot read, change, regenerate or delete A's token, nor resend A's webhook
 * delivery (through A's token id or B's own), even on a plan that may regenerate its own.
 *
 * And the public API: B's own API token (B on Pro, every service allowed) cannot read or cancel
 * A's jobs (404 like an unknown id), lists none of them, cannot submit A's asset as an input (422
 * `assetNotFound`), and the Idempotency-Key A used on /v1 makes a job of B's own.
 *
 * Blog comments too: B's view of a thread shows none of A's pending comments, B's comment is B's
 * own, and B (no admin) cannot approve, hide or delete A's comment nor ban A (403 before anything).
 *
 * The matrix is a table of (route, attempt): a new route is one line. The test also enumerates
 * the routes the app mounts: a route with a path parameter that no line covers fails it. A line
 * that targets one of A's resources names a real one (an id that could never match would pass
 * without any owner check), and its answer must equal that of a random id on the same route.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, planPrice } from '../../src/contract/plans.ts';
import type { Asset } from '../../src/contract/media.schema.ts';
import { API_TOKEN_SERVICES } from '../../src/contract/token-terms.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, waitFor, type CallResult, type GenerationsHarness, type Person } from './helpers/generations.ts';
import { insertToken } from './helpers/public-api.ts';
import { insertPost } from './helpers/blog-posts.ts';
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
  /** A's hairstyle mask (a working file, listed only with role=mask). */
  mask: string;
  /** The Idempotency-Key A's `asset` was uploaded with. */
  uploadKey: string;
  /** A's completed job, shared in the community feed. */
  completed: string;
  /** A's job still running. */
  pending: string;
  /** A's completed order (a Basic month, through the sandbox): it has a receipt. */
  order: string;
  /** A's order waiting for payment, its code and the Idempotency-Key A checked out with. */
  pendingOrder: string;
  pendingCode: number;
  orderKey: string;
  /** B's own pending order's sandbox page link (path and signed query). */
  bPage: string;
  /** A's API token, and a webhook delivery of it that failed. */
  apiToken: string;
  delivery: string;
  /** B's own API token, and its secret (every service allowed). */
  bApiToken: string;
  bSecret: string;
  /** A's job made through /v1 with A's own API token (completed), under the Idempotency-Key A_V1_KEY. */
  v1Job: string;
  /** A's API token for /v1 (its row must not change whatever B does). */
  aV1Token: string;
  /** A published blog post, and A's comment on it, waiting for moderation. */
  post: string;
  aComment: string;
  /** A draft post's slug: nobody outside the admin sees it before it is published. */
  draftSlug: string;
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

const EDIT = (assetId: string) => ({ feature: 'image-editing', inputs: { images: [assetId] }, params: { prompt: 'tăng độ sáng' } });

async function upload(person: Person, seed: number, key?: string, role?: string): Promise<CallResult> {
  const form = new FormData();
  if (role) form.append('role', role);
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

/** A page of the sandbox provider (HTML), fetched without a bearer token. */
async function sandboxPage(url: string, method = 'GET'): Promise<CallResult> {
  const response = await h.app.request(url, { method });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** A notification B forges: unsigned (or signed with a made-up key) claiming A's order paid. */
async function forgedNotification(method: 'GET' | 'POST', code: number): Promise<CallResult> {
  const claim = { event_id: 'evt-forged', order_code: code, state: 'paid', amount_vnd: PLAN_PRICE, transaction_id: 'T-FORGED' };
  const response =
    method === 'POST'
      ? await h.app.request('/api/billing/webhooks/sandbox', {
          method,
          body: JSON.stringify(claim),
          headers: { 'Content-Type': 'application/json', 'x-sandbox-signature': 'ab'.repeat(32) },
        })
      : await h.app.request(`/api/billing/webhooks/sandbox?${new URLSearchParams(Object.entries(claim).map(([key, value]) => [key, String(value)]))}`);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** The path and query of an absolute URL. */
const pathOf = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;

/** `url` with its asset id (and variant) replaced, its signature kept. */
const swapped = (url: string, from: string, to: string) => url.replace(`/api/media/${from}/`, `/api/media/${to}/`);

/** Every id of A's resources. */
const ownedByA = (fixture: Fixture): string[] => [
  fixture.asset.id,
  fixture.other.id,
  fixture.mask,
  fixture.completed,
  fixture.pending,
  fixture.order,
  fixture.pendingOrder,
  fixture.apiToken,
  fixture.v1Job,
  fixture.aV1Token,
];

/** A call to the public API with an API token's secret. */
async function v1(secret: string, method: string, url: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<CallResult> {
  const headers: Record<string, string> = { Authorization: `Bearer ${secret}`, ...options.headers };
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await h.app.request(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** Sets a person's plan in the database (users.plan, what the plan gates read). */
async function setPlan(person: Person, plan: string): Promise<void> {
  await h.database.kysely.updateTable('users').set({ plan }).where('id', '=', person.id).execute();
}

/**
 * Runs `fn` while `person` is on Pro (which may create and regenerate tokens), then puts the plan
 * back: B's attempts on A's tokens are refused for ownership, not for B's plan.
 */
async function asPro<T>(person: Person, fn: () => Promise<T>): Promise<T> {
  const { plan } = await h.database.kysely.selectFrom('users').select('plan').where('id', '=', person.id).executeTakeFirstOrThrow();
  await setPlan(person, 'pro');
  try {
    return await fn();
  } finally {
    await setPlan(person, plan);
  }
}

const PLAN_PRICE = planPrice(PLANS.basic, 'monthly')!;

/**
 * A call of B's own API token while A and B are both on Pro (a plan with API access), then their
 * plans put back: B is refused for ownership alone, never for a plan.
 */
function byB(fixture: Fixture, method: string, url: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<CallResult> {
  return asPro(fixture.a, () => asPro(fixture.b, () => v1(fixture.bSecret, method, url, options)));
}

const A_JOB_KEY = 'a-job-key';
/** The Idempotency-Key of A's /v1 job. */
const A_V1_KEY = 'a-v1-job-key';
const BODY = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'male', height: 175, weight: 70, age: 30, skin_tone: 'tan', body_type: 'mesomorph', aspect_ratio: '1:1' },
};

const ids = (result: CallResult): string[] => (result.body?.items ?? []).map((item: { id: string }) => item.id);

const MATRIX: Line[] = [
  // Assets.
  {
    route: 'GET /api/assets',
    name: "B's library lists none of A's assets",
    status: 200,
    attempt: ({ b }) => b.call('GET', '/api/assets?limit=100'),
    check: (r, fixture) => expect(ids(r).filter((id) => ownedByA(fixture).includes(id))).toEqual([]),
  },
  {
    route: 'GET /api/assets',
    name: "B's library filtered by A's tool lists none of A's results",
    status: 200,
    attempt: ({ b }) => b.call('GET', '/api/assets?tool=image-editing'),
    check: (r) => expect(ids(r)).toEqual([]),
  },
  {
    route: 'GET /api/assets/:id',
    name: "B reads A's asset",
    status: 404,
    target: ({ asset }) => asset.id,
    attempt: ({ b }, id) => b.call('GET', `/api/assets/${id}`),
  },
  {
    route: 'GET /api/assets',
    name: "B's masks list none of A's",
    status: 200,
    attempt: ({ b }) => b.call('GET', '/api/assets?role=mask&limit=100'),
    check: (r) => expect(ids(r)).toEqual([]),
  },
  {
    route: 'GET /api/assets/:id',
    name: "B reads A's mask",
    status: 404,
    target: ({ mask }) => mask,
    attempt: ({ b }, id) => b.call('GET', `/api/assets/${id}`),
  },
  {
    route: 'DELETE /api/assets/:id',
    name: "B deletes A's asset",
    status: 404,
    target: ({ asset }) => asset.id,
    attempt: ({ b }, id) => b.call('DELETE', `/api/assets/${id}`),
  },
  // The profile picture: B cannot make A's asset B's picture, nor read a picture at an address A never had.
  {
    route: 'POST /api/profile-picture/from-asset',
    name: "B makes A's asset B's profile picture",
    status: 404,
    target: ({ asset }) => asset.id,
    attempt: ({ b }, id) => b.call('POST', '/api/profile-picture/from-asset', { body: { asset_id: id } }),
    check: async (_r, { b }) => expect((await b.call('GET', '/api/me')).body.profile_picture).toBeNull(),
  },
  // The proposed hair mask: B cannot have A's portrait read by the models.
  {
    route: 'POST /api/hairstyle/hair-mask',
    name: "B asks for the hair mask of A's image",
    status: 404,
    target: ({ asset }) => asset.id,
    attempt: ({ b }, id) => b.call('POST', '/api/hairstyle/hair-mask', { body: { image: id } }),
  },
  {
    route: 'GET /api/profile-picture/:userId/:file',
    name: "a picture address of A's that A never had",
    status: 404,
    attempt: ({ a }) => media(`/api/profile-picture/${a.id}/${'0'.repeat(64)}.webp`),
  },
  // Capability URLs: a signature opens only its own asset and variant.
  {
    route: 'GET /api/media/:assetId/:variant',
    name: "A's signed URL of another asset, pointed at this one",
    status: 403,
    target: ({ asset }) => asset.id,
    attempt: ({ other }, id) => media(swapped(other.url, other.id, id)),
  },
  {
    route: 'GET /api/media/:assetId/:variant',
    name: "B's own signed URL, pointed at A's asset",
    status: 403,
    target: ({ asset }) => asset.id,
    attempt: ({ bAsset }, id) => media(swapped(bAsset.url, bAsset.id, id)),
  },
  {
    route: 'GET /api/media/:assetId/:variant',
    name: "the thumbnail's signature used for the original",
    status: 403,
    attempt: ({ asset }) => media(asset.thumbnail_url.replace('/thumbnail?', '/original?')),
  },
  {
    route: 'GET /api/media/:assetId/:variant',
    name: 'an asset URL without its signature',
    status: 403,
    target: ({ asset }) => asset.id,
    attempt: (_f, id) => media(`/api/media/${id}/original`),
  },
  {
    route: 'HEAD /api/media/:assetId/:variant',
    name: "HEAD with another asset's signature",
    status: 403,
    target: ({ asset }) => asset.id,
    attempt: ({ other }, id) => media(swapped(other.url, other.id, id), 'HEAD'),
  },
  // Generations.
  {
    route: 'GET /api/generations',
    name: "B's history lists none of A's jobs",
    status: 200,
    attempt: ({ b }) => b.call('GET', '/api/generations?limit=100'),
    check: (r, fixture) => expect(ids(r).filter((id) => ownedByA(fixture).includes(id))).toEqual([]),
  },
  {
    route: 'GET /api/generations/pending',
    name: "B's running jobs list none of A's",
    status: 200,
    attempt: ({ b }) => b.call('GET', '/api/generations/pending'),
    check: (r, fixture) => expect(ids(r).filter((id) => ownedByA(fixture).includes(id))).toEqual([]),
  },
  // Every line on a job names one of A's real jobs; its answer is compared with a random UUID's on the same route.
  {
    route: 'GET /api/generations/:id',
    name: "B reads A's completed job",
    status: 404,
    target: ({ completed }) => completed,
    attempt: ({ b }, id) => b.call('GET', `/api/generations/${id}`),
  },
  {
    route: 'GET /api/generations/:id',
    name: "B reads A's running job",
    status: 404,
    target: ({ pending }) => pending,
    attempt: ({ b }, id) => b.call('GET', `/api/generations/${id}`),
  },
  {
    route: 'DELETE /api/generations/:id',
    name: "B deletes A's job",
    status: 404,
    target: ({ completed }) => completed,
    attempt: ({ b }, id) => b.call('DELETE', `/api/generations/${id}`),
  },
  {
    route: 'POST /api/generations/:id/cancel',
    name: "B cancels A's running job",
    status: 404,
    target: ({ pending }) => pending,
    attempt: ({ b }, id) => b.call('POST', `/api/generations/${id}/cancel`),
  },
  {
    route: 'POST /api/generations/:id/regenerate',
    name: "B regenerates A's job",
    status: 404,
    target: ({ completed }) => completed,
    attempt: ({ b }, id) => b.call('POST', `/api/generations/${id}/regenerate`),
  },
  {
    route: 'PUT /api/generations/:id/share',
    name: "B stops sharing A's job",
    status: 404,
    target: ({ completed }) => completed,
    attempt: ({ b }, id) => b.call('PUT', `/api/generations/${id}/share`, { body: { shared: false } }),
  },
  {
    route: 'PUT /api/generations/:id/share',
    name: "B shares A's running job",
    status: 404,
    target: ({ pending }) => pending,
    attempt: ({ b }, id) => b.call('PUT', `/api/generations/${id}/share`, { body: { shared: true } }),
  },
  {
    route: 'POST /api/generations',
    name: "B submits a job with A's asset as its input",
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
    name: "B submits with the Idempotency-Key of A's job: a job of B's own",
    status: 202,
    attempt: ({ b }) => b.submit(BODY, A_JOB_KEY),
    check: async (r, { b, completed }) => {
      expect(r.body.id).not.toBe(completed);
      expect((await b.call('POST', `/api/generations/${r.body.id}/cancel`)).status).toBe(200);
    },
  },
  // Uploads: A's Idempotency-Key is A's only, and so are A's files.
  {
    route: 'POST /api/media',
    name: "B uploads the very bytes of A's asset: a new asset of B's own, never A's",
    status: 201,
    attempt: ({ b }) => upload(b, 1),
    check: async (r, { asset, b }) => {
      expect(r.body).toMatchObject({ reused: false });
      expect(r.body.id).not.toBe(asset.id);
      await b.call('DELETE', `/api/assets/${r.body.id}`);
    },
  },
  {
    route: 'POST /api/media',
    name: "B uploads the very bytes of A's mask, as a mask",
    status: 201,
    attempt: ({ b }) => upload(b, 4, undefined, 'mask'),
    check: async (r, { mask, b }) => {
      expect(r.body).toMatchObject({ reused: false, roles: ['mask'] });
      expect(r.body.id).not.toBe(mask);
      await b.call('DELETE', `/api/assets/${r.body.id}`);
    },
  },
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
  // Billing: orders, receipts, the refresh that asks the provider, the sandbox's page, notifications.
  {
    route: 'GET /api/billing/payments',
    name: "B's payment history lists none of A's orders",
    status: 200,
    attempt: ({ b }) => b.call('GET', '/api/billing/payments?limit=100'),
    check: (r, fixture) => expect(ids(r).filter((id) => ownedByA(fixture).includes(id))).toEqual([]),
  },
  {
    route: 'GET /api/billing/payments/:id',
    name: "B reads A's completed order",
    status: 404,
    target: ({ order }) => order,
    attempt: ({ b }, id) => b.call('GET', `/api/billing/payments/${id}`),
  },
  {
    route: 'GET /api/billing/payments/:id',
    name: "B reads A's pending order (and its checkout link)",
    status: 404,
    target: ({ pendingOrder }) => pendingOrder,
    attempt: ({ b }, id) => b.call('GET', `/api/billing/payments/${id}`),
  },
  {
    route: 'POST /api/billing/payments/:id/refresh',
    name: "B has A's pending order asked about",
    status: 404,
    target: ({ pendingOrder }) => pendingOrder,
    attempt: ({ b }, id) => b.call('POST', `/api/billing/payments/${id}/refresh`),
  },
  {
    route: 'GET /api/billing/payments/:id/receipt',
    name: "B reads A's receipt",
    status: 404,
    target: ({ order }) => order,
    attempt: ({ b }, id) => b.call('GET', `/api/billing/payments/${id}/receipt`),
  },
  {
    route: 'GET /api/billing/overview',
    name: "B's overview is B's",
    status: 200,
    attempt: ({ b }) => b.call('GET', '/api/billing/overview'),
    check: (r) => expect(r.body).toMatchObject({ plan: 'free', subscription: null }),
  },
  {
    route: 'GET /api/billing/activity',
    name: "B's credit activity shows none of A's moves",
    status: 200,
    attempt: ({ b }) => b.call('GET', '/api/billing/activity?limit=100'),
    check: async (r, { a }) => {
      const ofA = ids(await a.call('GET', '/api/billing/activity?limit=100'));
      expect(ofA.length).toBeGreaterThan(0);
      expect(ids(r).filter((id) => ofA.includes(id))).toEqual([]);
      expect(r.body.items.map((item: { kind: string }) => item.kind)).not.toContain('plan');
    },
  },
  {
    route: 'PUT /api/billing/subscription',
    name: "B schedules a change: B has no plan, A's stays as it is",
    status: 409,
    attempt: ({ b }) => b.call('PUT', '/api/billing/subscription', { body: { scheduled: { plan: 'free', period: 'monthly' } } }),
    check: (r) => expect(r.body.code).toBe('noSubscription'),
  },
  {
    route: 'POST /api/billing/checkout',
    name: "B checks out with the Idempotency-Key A used: an order of B's own",
    status: 201,
    attempt: ({ b, orderKey }) =>
      b.call('POST', '/api/billing/checkout', { body: { item: 'pack_50', method: 'sandbox', accept_terms: true }, headers: { 'Idempotency-Key': orderKey } }),
    check: (r, fixture) => expect(ownedByA(fixture)).not.toContain(r.body.payment.id),
  },
  {
    route: 'GET /billing/sandbox/:orderId',
    name: "B opens A's payment page with the signature of B's own",
    status: 404,
    target: ({ pendingOrder }) => pendingOrder,
    attempt: ({ bPage }, id) => sandboxPage(bPage.replace(/\/billing\/sandbox\/[^/?]+/, `/billing/sandbox/${id}`)),
  },
  {
    route: 'GET /billing/sandbox/:orderId',
    name: "B opens A's payment page without a signature",
    status: 404,
    target: ({ pendingOrder }) => pendingOrder,
    attempt: (_f, id) => sandboxPage(`/billing/sandbox/${id}`),
  },
  {
    route: 'POST /billing/sandbox/:orderId/:action',
    name: 'B "pays" A\'s order with B\'s page signature',
    status: 404,
    target: ({ pendingOrder }) => pendingOrder,
    attempt: ({ bPage }, id) => sandboxPage(bPage.replace(/\/billing\/sandbox\/[^/?]+/, `/billing/sandbox/${id}/pay`), 'POST'),
  },
  {
    route: 'POST /billing/sandbox/:orderId/:action',
    name: "B cancels A's order without a signature",
    status: 404,
    target: ({ pendingOrder }) => pendingOrder,
    attempt: (_f, id) => sandboxPage(`/billing/sandbox/${id}/cancel`, 'POST'),
  },
  {
    route: 'POST /api/billing/webhooks/:provider',
    name: "B forges the sandbox's notification that A's order is paid",
    status: 400,
    attempt: ({ pendingCode }) => forgedNotification('POST', pendingCode),
  },
  {
    route: 'GET /api/billing/webhooks/:provider',
    name: "B forges a query-string notification about A's order",
    status: 400,
    attempt: ({ pendingCode }) => forgedNotification('GET', pendingCode),
  },
  // API tokens (src/contract/tokens.ts).
  {
    route: 'GET /api/tokens',
    name: "B's token list holds B's own token only",
    status: 200,
    attempt: ({ b }) => b.call('GET', '/api/tokens'),
    check: (r, { bApiToken }) => expect(ids({ ...r, body: { items: r.body.tokens } })).toEqual([bApiToken]),
  },
  {
    route: 'GET /api/tokens/:id',
    name: "B reads A's token (and its webhook secret)",
    status: 404,
    target: ({ apiToken }) => apiToken,
    attempt: ({ b }, id) => b.call('GET', `/api/tokens/${id}`),
  },
  {
    route: 'PATCH /api/tokens/:id',
    name: "B turns off and renames A's token",
    status: 404,
    target: ({ apiToken }) => apiToken,
    attempt: ({ b }, id) => b.call('PATCH', `/api/tokens/${id}`, { body: { active: false, name: 'Của B', webhook_url: 'https://b.example.com/steal' } }),
  },
  {
    route: 'POST /api/tokens/:id/regenerate',
    name: "B, on Pro, regenerates A's token",
    status: 404,
    target: ({ apiToken }) => apiToken,
    attempt: ({ b }, id) => asPro(b, () => b.call('POST', `/api/tokens/${id}/regenerate`)),
  },
  {
    route: 'DELETE /api/tokens/:id',
    name: "B deletes A's token",
    status: 404,
    target: ({ apiToken }) => apiToken,
    attempt: ({ b }, id) => b.call('DELETE', `/api/tokens/${id}`),
  },
  {
    route: 'POST /api/tokens/:id/deliveries/:deliveryId/resend',
    name: "B resends A's delivery through A's token",
    status: 404,
    target: ({ apiToken }) => apiToken,
    attempt: ({ b, delivery }, id) => b.call('POST', `/api/tokens/${id}/deliveries/${delivery}/resend`),
    check: (r) => expect(r.body.code).toBe('deliveryNotFound'),
  },
  {
    route: 'POST /api/tokens/:id/deliveries/:deliveryId/resend',
    name: "B resends A's delivery through B's own token",
    status: 404,
    target: ({ delivery }) => delivery,
    attempt: ({ b, bApiToken }, id) => b.call('POST', `/api/tokens/${bApiToken}/deliveries/${id}/resend`),
  },
  // The public API: B's own API token (B on Pro: a plan with API access) on A's jobs and assets.
  {
    route: 'GET /v1/generations',
    name: "B's token lists none of A's jobs",
    status: 200,
    attempt: (fixture) => byB(fixture, 'GET', '/v1/generations?limit=100'),
    check: (r, fixture) => expect(ids(r).filter((id) => ownedByA(fixture).includes(id))).toEqual([]),
  },
  {
    route: 'GET /v1/generations/:id',
    name: "B's token reads A's completed job",
    status: 404,
    target: ({ completed }) => completed,
    attempt: (fixture, id) => byB(fixture, 'GET', `/v1/generations/${id}`),
  },
  {
    route: 'GET /v1/generations/:id',
    name: "B's token reads A's running job",
    status: 404,
    target: ({ pending }) => pending,
    attempt: (fixture, id) => byB(fixture, 'GET', `/v1/generations/${id}`),
  },
  {
    route: 'GET /v1/generations/:id',
    name: "B's token reads A's /v1 job",
    status: 404,
    target: ({ v1Job }) => v1Job,
    attempt: (fixture, id) => byB(fixture, 'GET', `/v1/generations/${id}`),
  },
  {
    route: 'POST /v1/generations/:id/cancel',
    name: "B's token cancels A's running job",
    status: 404,
    target: ({ pending }) => pending,
    attempt: (fixture, id) => byB(fixture, 'POST', `/v1/generations/${id}/cancel`),
  },
  {
    route: 'POST /v1/generations',
    name: "B's token submits a job with A's asset as its input",
    status: 422,
    attempt: async (fixture) => {
      const balance = await h.balance(fixture.b.id);
      const result = await byB(fixture, 'POST', '/v1/generations', { body: EDIT(fixture.asset.id) });
      // Nothing charged to B either (A's side is the snapshot's).
      expect(await h.balance(fixture.b.id)).toBe(balance);
      return result;
    },
    check: async (r, { b }) => {
      expect(r.body.code).toBe('assetNotFound');
      expect((await b.call('GET', '/api/generations?feature=image-editing')).body.items).toEqual([]);
    },
  },
  {
    route: 'POST /v1/generations',
    name: "B's token submits with the Idempotency-Key of A's /v1 job: a job of B's own",
    status: 202,
    attempt: (fixture) => byB(fixture, 'POST', '/v1/generations', { body: BODY, headers: { 'Idempotency-Key': A_V1_KEY } }),
    check: async (r, fixture) => {
      expect(r.body.id).not.toBe(fixture.v1Job);
      expect((await fixture.b.generation(r.body.id)).feature).toBe(BODY.feature);
      expect((await byB(fixture, 'POST', `/v1/generations/${r.body.id}/cancel`)).status).toBe(200);
    },
  },
  // The blog (src/contract/blog.ts): posts belong to nobody, but a draft is no one's to read yet.
  {
    route: 'GET /api/blog/posts/:slug',
    name: 'B reads a draft post by its slug',
    status: 404,
    attempt: ({ b, draftSlug }) => b.call('GET', `/api/blog/posts/${draftSlug}?locale=vi`),
  },
  // A post's preview image (server/blog/preview-images.ts) names the post: a draft has none yet.
  {
    route: 'GET /blog/og/:file',
    name: "B asks for a draft post's preview image",
    status: 404,
    attempt: ({ b, draftSlug }) => b.call('GET', `/blog/og/${draftSlug}.0123456789abcdef.png`),
  },
  {
    route: 'GET /en/blog/og/:file',
    name: "B asks for a draft post's preview image in English",
    status: 404,
    attempt: ({ b, draftSlug }) => b.call('GET', `/en/blog/og/${draftSlug}.0123456789abcdef.png`),
  },
  // Blog comments (src/contract/blog-comments.schema.ts): A's pending comment is A's to see; moderation is for admins.
  {
    route: 'GET /api/blog/posts/:postId/comments',
    name: "B's view of the thread shows none of A's pending comments",
    status: 200,
    attempt: ({ b, post }) => b.call('GET', `/api/blog/posts/${post}/comments`),
    check: (r, { aComment }) => expect(ids(r)).not.toContain(aComment),
  },
  {
    route: 'POST /api/blog/posts/:postId/comments',
    name: "B's comment is B's own, and pending",
    status: 201,
    attempt: ({ b, post }) => b.call('POST', `/api/blog/posts/${post}/comments`, { body: { body: 'Bình luận của B' } }),
    check: (r) => expect(r.body).toMatchObject({ mine: true, status: 'pending', author: { name: 'Trần Văn Bình' } }),
  },
  {
    route: 'GET /api/admin/blog/comments',
    name: "B reads the moderation queue (A's comment and email in it)",
    status: 403,
    attempt: ({ b }) => b.call('GET', '/api/admin/blog/comments?status=pending'),
  },
  {
    route: 'POST /api/admin/blog/comments/:id/approve',
    name: "B approves A's pending comment",
    status: 403,
    target: ({ aComment }) => aComment,
    attempt: ({ b }, id) => b.call('POST', `/api/admin/blog/comments/${id}/approve`),
  },
  {
    route: 'POST /api/admin/blog/comments/:id/hide',
    name: "B hides A's comment",
    status: 403,
    target: ({ aComment }) => aComment,
    attempt: ({ b }, id) => b.call('POST', `/api/admin/blog/comments/${id}/hide`),
  },
  {
    route: 'DELETE /api/admin/blog/comments/:id',
    name: "B deletes A's comment",
    status: 403,
    target: ({ aComment }) => aComment,
    attempt: ({ b }, id) => b.call('DELETE', `/api/admin/blog/comments/${id}`),
  },
  {
    route: 'PUT /api/admin/blog/commenters/:userId/ban',
    name: 'B bans A from commenting',
    status: 403,
    target: ({ a }) => a.id,
    attempt: ({ b }, id) => b.call('PUT', `/api/admin/blog/commenters/${id}/ban`, { body: { reason: 'B muốn vậy' } }),
  },
  {
    route: 'DELETE /api/admin/blog/commenters/:userId/ban',
    name: "B lifts a ban of A's",
    status: 403,
    target: ({ a }) => a.id,
    attempt: ({ b }, id) => b.call('DELETE', `/api/admin/blog/commenters/${id}/ban`),
  },
  // The account: a token reaches its own account only.
  {
    route: 'GET /api/me',
    name: 'B reads "me"',
    status: 200,
    attempt: ({ b }) => b.call('GET', '/api/me'),
    check: (r, { b }) => expect(r.body).toMatchObject({ id: b.id, email: b.email }),
  },
  {
    route: 'GET /api/me/stats',
    name: "B's figures count none of A's",
    status: 200,
    attempt: ({ b }) => b.call('GET', '/api/me/stats'),
    check: (r) => expect(r.body).toMatchObject({ assets: 1, completed_total: 0 }),
  },
  {
    route: 'PUT /api/me',
    name: 'B renames "me"',
    status: 200,
    attempt: ({ b }) => b.call('PUT', '/api/me', { body: { name: 'Phạm Quốc Bảo' } }),
    check: (r, { b }) => expect(r.body).toMatchObject({ id: b.id, name: 'Phạm Quốc Bảo' }),
  },
  {
    route: 'DELETE /api/me',
    name: 'B deletes "me" with a password that is not B\'s',
    status: 401,
    attempt: ({ b }) => b.call('DELETE', '/api/me', { body: { password: 'correct horse battery' } }),
    check: async (_r, { b }) => expect((await b.call('GET', '/api/me')).status).toBe(200),
  },
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
    payments: await read('/api/billing/payments?limit=100'),
    order: await read(`/api/billing/payments/${f.order}`),
    pendingOrder: await read(`/api/billing/payments/${f.pendingOrder}`),
    receipt: await read(`/api/billing/payments/${f.order}/receipt`),
    billing: await read('/api/billing/overview'),
    activity: await read('/api/billing/activity?limit=100'),
    stats: await read('/api/me/stats'),
    tokens: await read('/api/tokens'),
    token: await read(`/api/tokens/${f.apiToken}`),
    tokenRow: await h.database.kysely.selectFrom('api_tokens').selectAll().where('id', '=', f.apiToken).executeTakeFirst(),
    v1Job: await read(`/api/generations/${f.v1Job}`),
    v1TokenRow: await h.database.kysely.selectFrom('api_tokens').selectAll().where('id', '=', f.aV1Token).executeTakeFirst(),
    v1Usage: await h.database.kysely.selectFrom('api_token_usage').selectAll().where('token_id', '=', f.aV1Token).execute(),
    idempotency: await h.database.kysely.selectFrom('api_idempotency').selectAll().where('user_id', '=', a.id).execute(),
    delivery: await h.database.kysely.selectFrom('webhook_deliveries').selectAll().where('id', '=', f.delivery).executeTakeFirst(),
    balance: await h.balance(a.id),
    // A's own link still opens the file.
    file: (await media(current.url)).status,
    community: ids({ status: 200, headers: new Headers(), body: await (await h.app.request('/api/community')).json() }),
    thread: await read(`/api/blog/posts/${f.post}/comments`),
    comments: await h.database.kysely.selectFrom('blog_comments').selectAll().where('user_id', '=', a.id).execute(),
    ban: await h.database.kysely.selectFrom('blog_comment_bans').selectAll().where('user_id', '=', a.id).executeTakeFirst(),
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
  must(first.status === 201, "A's upload");
  const asset = first.body as Asset;
  const other = await a.upload(tinyPng(24, 2), 'khac.png');
  const bAsset = await b.upload(tinyPng(24, 3), 'cua-b.png');
  const maskUpload = await upload(a, 4, undefined, 'mask');
  must(maskUpload.status === 201, "A's mask");

  const done = await a.submit(EDIT(asset.id), A_JOB_KEY);
  must(done.status === 202, "A's job");
  must((await a.settled(done.body.id)).status === 'completed', "A's job completes");
  must((await a.call('PUT', `/api/generations/${done.body.id}/share`, { body: { shared: true } })).status === 200, 'A shares the job');

  // A's job through /v1 (A on Pro for it; A's plan is put back), with an Idempotency-Key, run to its end
  // before the running job below holds the one worker.
  const aV1Token = await insertToken(h.database, a.id, { permissions: [...API_TOKEN_SERVICES] });
  const v1Job = await asPro(a, () => v1(aV1Token.secret, 'POST', '/v1/generations', { body: EDIT(asset.id), headers: { 'Idempotency-Key': A_V1_KEY } }));
  must(v1Job.status === 202, "A's /v1 job");
  must((await a.settled(v1Job.body.id)).status === 'completed', "A's /v1 job completes");

  // A job that stays running until A cancels it.
  engine.once((run) => abortableSleep(120_000, run.signal));
  const running = await a.submit(EDIT(asset.id));
  must(running.status === 202, "A's running job");
  await waitFor(
    async () => {
      const current = await a.generation(running.body.id);
      return current.status === 'processing' && current.progress > 0 ? true : undefined;
    },
    15_000,
    "A's job to run",
  );

  // A's Basic month, paid on the sandbox's page (its notification travels on its own), and an order A has not paid.
  const bought = await a.call('POST', '/api/billing/checkout', {
    body: { item: 'basic', period: 'monthly', method: 'sandbox', accept_terms: true },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  must(bought.status === 201, 'A checks out a plan');
  must((await sandboxPage(`${pathOf(bought.body.redirect_url).replace('?', '/pay?')}`, 'POST')).status === 303, 'A pays on the sandbox page');
  await waitFor(
    async () => ((await a.call('GET', `/api/billing/payments/${bought.body.payment.id}`)).body.status === 'completed' ? true : undefined),
    15_000,
    "A's order to complete",
  );
  const orderKey = randomUUID();
  const waiting = await a.call('POST', '/api/billing/checkout', {
    body: { item: 'pack_150', method: 'sandbox', accept_terms: true },
    headers: { 'Idempotency-Key': orderKey },
  });
  must(waiting.status === 201, "A's pending order");
  const bOrder = await b.call('POST', '/api/billing/checkout', {
    body: { item: 'pack_50', method: 'sandbox', accept_terms: true },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  must(bOrder.status === 201, "B's own order");
  // A's token (made on Pro; A's plan is put back), with a delivery that failed; B's own token.
  const apiToken = await asPro(a, () =>
    a.call('POST', '/api/tokens', { body: { name: 'Cửa hàng của A', permissions: ['image-editing'], webhook_url: 'https://hooks.example.com/a' } }),
  );
  must(apiToken.status === 201, "A's API token");
  const delivery = `msg_${randomUUID().replaceAll('-', '')}`;
  await h.database.kysely
    .insertInto('webhook_deliveries')
    .values({
      id: delivery,
      token_id: apiToken.body.token.id,
      user_id: a.id,
      generation_id: done.body.id,
      event: 'generation.completed',
      url: 'https://hooks.example.com/a',
      status: 'failed',
      attempts: 8,
      queued: true,
      next_attempt_at: null,
      last_status_code: 500,
      last_error: 'HTTP 500',
      created_at: new Date(),
      delivered_at: null,
    })
    .execute();
  // Every service: B's /v1 attempts are refused for ownership, never for the token's permissions.
  const bApiToken = await asPro(b, () => b.call('POST', '/api/tokens', { body: { name: 'Của B', permissions: [...API_TOKEN_SERVICES] } }));
  must(bApiToken.status === 201, "B's own API token");
  const post = await insertPost(h.database);
  const draft = await insertPost(h.database, { status: 'draft', title: 'Bản nháp chưa đăng' });
  const aComment = await a.call('POST', `/api/blog/posts/${post.id}/comments`, { body: { body: 'Bình luận của A, chờ duyệt' } });
  must(aComment.status === 201, "A's comment");
  f = {
    a,
    b,
    asset,
    other,
    bAsset,
    mask: maskUpload.body.id,
    uploadKey,
    completed: done.body.id,
    pending: running.body.id,
    order: bought.body.payment.id,
    pendingOrder: waiting.body.payment.id,
    pendingCode: waiting.body.payment.order_code,
    orderKey,
    bPage: pathOf(bOrder.body.redirect_url),
    apiToken: apiToken.body.token.id,
    delivery,
    bApiToken: bApiToken.body.token.id,
    bSecret: bApiToken.body.secret,
    v1Job: v1Job.body.id,
    aV1Token: aV1Token.id,
    post: post.id,
    aComment: aComment.body.id,
    draftSlug: draft.slug,
  };
}, 120_000);

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
    expect(
      withParams.filter((route) => !covered.has(route)),
      'routes with a path parameter missing from the matrix',
    ).toEqual([]);
    expect(
      [...covered].filter((route) => !mounted.has(route)),
      'matrix lines naming no mounted route',
    ).toEqual([]);
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
