/**
 * Billing on the accounts harness (tests/server/helpers/accounts.ts): buyers made straight in the
 * database (with the sign-up's 5 credits in their `signup` bucket) whose tokens follow the
 * harness's movable clock, purchases through the sandbox, spending as a generation does, the
 * providers' loopback fakes with the server variables that turn their adapters on, and a digest
 * of everything billing keeps, to show that a refused notification changed nothing.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'kysely';
import type { CheckoutItem } from '../../../src/contract/billing.schema.ts';
import { creditLedger } from '../../../server/credits/ledger.ts';
import { createSessionsRepository, startSessionToken } from '../../../server/auth/sessions.ts';
import { createAccessTokens } from '../../../server/auth/tokens.ts';
import { createUsersRepository } from '../../../server/auth/users-repository.ts';
import { SIGNUP_CREDITS, SIGNUP_GRANT_KEY } from '../../../server/auth/users-service.ts';
import { socketFrom, type AccountsHarness, type CallResult } from './accounts.ts';
import { TEST_SIGNING_KEY } from './app.ts';
import { FAKE_MOMO_KEYS, startFakeMomo, type FakeMomo } from '../fakes/momo-fake.ts';
import { FAKE_PAYOS_KEYS, startFakePayos, type FakePayos } from '../fakes/payos-fake.ts';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../fakes/stripe-fake.ts';
import { FAKE_VNPAY_KEYS, startFakeVnpay, type FakeVnpay } from '../fakes/vnpay-fake.ts';

/** A token lives an hour (ACCESS_TOKEN_TTL's default): one is minted again once the clock moved this far, in ms. */
const TOKEN_REUSE_MS = 30 * 60_000;

export interface Buyer {
  id: string;
  email: string;
  name: string;
  /** A call as this buyer, with a token valid at the harness clock's time, from `address`. */
  call(method: string, url: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<CallResult>;
}

let buyers = 0;

/** A verified account with the sign-up grant, created at the harness clock's time. */
export async function makeBuyer(h: AccountsHarness, options: { name?: string; language?: 'vi' | 'en' } = {}): Promise<Buyer> {
  buyers += 1;
  const email = `buyer-${buyers}-${randomUUID().slice(0, 8)}@example.com`;
  const name = options.name ?? 'Lê Thị Hồng';
  const user = await createUsersRepository(h.database).create(
    {
      email,
      name,
      passwordHash: null,
      profilePicture: null,
      language: options.language ?? 'vi',
      isVerified: true,
      firebaseUid: null,
      createdAt: new Date(h.clock.now()),
    },
    [{ kind: 'grant', amount: SIGNUP_CREDITS, reason: 'Free plan sign-up credits', idempotencyKey: SIGNUP_GRANT_KEY, bucket: { source: 'signup' } }],
  );
  const address = `2001:db8:b1::${buyers.toString(16)}`;
  let token = '';
  let mintedAt = Number.NEGATIVE_INFINITY;
  const fresh = async () => {
    if (Math.abs(h.clock.now() - mintedAt) > TOKEN_REUSE_MS) {
      const tokens = createAccessTokens({ secret: TEST_SIGNING_KEY, ttlSeconds: 3_600, now: h.clock.now });
      token = await startSessionToken({ sessions: createSessionsRepository(h.database), tokens, now: h.clock.now }, user);
      mintedAt = h.clock.now();
    }
    return token;
  };
  return {
    id: user.id,
    email,
    name,
    async call(method, url, callOptions = {}) {
      const headers: Record<string, string> = { Authorization: `Bearer ${await fresh()}`, ...callOptions.headers };
      const init: RequestInit = { method, headers };
      if (callOptions.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(callOptions.body);
      }
      const response = await h.app.request(url, init, socketFrom(address));
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
    },
  };
}

/** POST /api/billing/checkout with a fresh Idempotency-Key; asserts 201 unless `expectStatus` says otherwise. */
export async function checkout(
  buyer: Buyer,
  item: CheckoutItem,
  method: string,
  options: { period?: 'monthly' | 'annual'; extra?: Record<string, unknown>; expectStatus?: number } = {},
): Promise<CallResult> {
  const body = { item, method, accept_terms: true, ...(options.period ? { period: options.period } : {}), ...options.extra };
  const result = await buyer.call('POST', '/api/billing/checkout', { body, headers: { 'Idempotency-Key': randomUUID() } });
  expect(result.status, JSON.stringify(result.body)).toBe(options.expectStatus ?? 201);
  return result;
}

/** The sandbox's signed "paid" notification for an order, through the webhook route (synchronous). */
export async function sandboxPays(h: AccountsHarness, payment: { order_code: number; amount_vnd: number }): Promise<void> {
  const sandbox = h.billing.sandbox;
  if (!sandbox) throw new Error('the sandbox provider is off');
  const transaction = `T${randomUUID().slice(0, 8)}`;
  const { body, headers } = sandbox.signNotification({
    event_id: `${transaction}:paid`,
    order_code: payment.order_code,
    state: 'paid',
    amount_vnd: payment.amount_vnd,
    transaction_id: transaction,
  });
  const response = await h.app.request('/api/billing/webhooks/sandbox', { method: 'POST', body, headers });
  expect(response.status, await response.text()).toBe(200);
}

/** Buys `item` through the sandbox and pays it; answers the completed payment. */
export async function buy(
  h: AccountsHarness,
  buyer: Buyer,
  item: CheckoutItem,
  period?: 'monthly' | 'annual',
): Promise<{ id: string; change: string | null; amount_vnd: number; credits: number }> {
  const created = await checkout(buyer, item, 'sandbox', period ? { period } : {});
  const payment = created.body.payment;
  if (payment.status === 'pending') await sandboxPays(h, payment);
  const done = await buyer.call('GET', `/api/billing/payments/${payment.id}`);
  expect(done.body.status).toBe('completed');
  return done.body;
}

/**
 * Spends `amount` credits as a generation's charge does (a reservation under the account's lock,
 * key `gen:<id>:reserve`, reason starting with the tool); answers the generation id for a refund.
 */
export async function spend(h: AccountsHarness, userId: string, amount: number, at = new Date(h.clock.now())): Promise<string> {
  const generation = randomUUID();
  const outcome = await h.database.kysely.transaction().execute(async (trx) => {
    const ledger = creditLedger(trx);
    await ledger.lockAccount(userId);
    return ledger.reserve({ userId, amount, reason: 'image-editing generation', key: `gen:${generation}:reserve`, at });
  });
  expect(outcome).toEqual({ kind: 'reserved', recorded: true });
  return generation;
}

/** The refund of a generation's charge (its job failed), as the generations area writes it. */
export async function refundGeneration(h: AccountsHarness, userId: string, generation: string, amount: number, at = new Date(h.clock.now())): Promise<void> {
  const written = await h.database.kysely.transaction().execute(async (trx) => {
    const ledger = creditLedger(trx);
    await ledger.lockAccount(userId);
    return ledger.refund({ userId, amount, reason: 'image-editing failed', key: `gen:${generation}:refund`, at });
  });
  expect(written).toBe(true);
}

/** The account's balance as the overview tells it. */
export async function balanceOf(buyer: Buyer): Promise<number> {
  const overview = await buyer.call('GET', '/api/billing/overview');
  expect(overview.status).toBe(200);
  return overview.body.balance as number;
}

/** The ledger rows written under a key (a grant keyed by its order or cycle is written once). */
export async function ledgerRows(
  h: AccountsHarness,
  userId: string,
  key?: string,
): Promise<Array<{ kind: string; amount: number; idempotency_key: string; created_at: Date }>> {
  let query = h.database.kysely.selectFrom('credit_ledger').select(['kind', 'amount', 'idempotency_key', 'created_at']).where('user_id', '=', userId);
  if (key) query = query.where('idempotency_key', '=', key);
  return query.orderBy('created_at').orderBy('seq').execute();
}

/** What billing keeps (orders, events, cycles, accounts, buckets, spends, the ledger, the sandbox's table, users.plan), as one md5 per table. */
export async function billingDigest(h: AccountsHarness): Promise<Record<string, string>> {
  const tables = [
    'payment_orders',
    'payment_events',
    'plan_cycles',
    'billing_accounts',
    'credit_buckets',
    'credit_spends',
    'credit_ledger',
    'sandbox_payments',
  ];
  const digest: Record<string, string> = {};
  for (const table of tables) {
    const row = await sql<{
      md5: string;
    }>`select md5(coalesce(string_agg(r, E'\n' order by r), '')) as md5 from (select row_to_json(t)::text as r from ${sql.table(table)} t) rows`.execute(
      h.database.kysely,
    );
    digest[table] = row.rows[0]?.md5 ?? '';
  }
  const plans = await sql<{ md5: string }>`select md5(coalesce(string_agg(id || ':' || plan, ',' order by id), '')) as md5 from users`.execute(
    h.database.kysely,
  );
  digest['users.plan'] = plans.rows[0]?.md5 ?? '';
  return digest;
}

// ── The real providers' fakes ──────────────────────────────────────────────────────────────

export interface ProviderFakes {
  payos: FakePayos;
  vnpay: FakeVnpay;
  momo: FakeMomo;
  stripe: FakeStripe;
  /** The server variables that turn the four adapters on, pointed at the fakes. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startProviderFakes(): Promise<ProviderFakes> {
  const [payos, vnpay, momo, stripe] = await Promise.all([startFakePayos(), startFakeVnpay(), startFakeMomo(), startFakeStripe()]);
  return {
    payos,
    vnpay,
    momo,
    stripe,
    env: {
      // The sandbox steps aside when a real provider is on, unless asked for: these tests use it too.
      PAYMENT_SANDBOX: '1',
      PAYOS_CLIENT_ID: FAKE_PAYOS_KEYS.clientId,
      PAYOS_API_KEY: FAKE_PAYOS_KEYS.apiKey,
      PAYOS_CHECKSUM_KEY: FAKE_PAYOS_KEYS.checksumKey,
      PAYOS_API_URL: payos.url,
      VNPAY_TMN_CODE: FAKE_VNPAY_KEYS.tmnCode,
      VNPAY_HASH_SECRET: FAKE_VNPAY_KEYS.hashSecret,
      VNPAY_PAY_URL: vnpay.paymentUrl,
      VNPAY_API_URL: vnpay.apiUrl,
      MOMO_PARTNER_CODE: FAKE_MOMO_KEYS.partnerCode,
      MOMO_ACCESS_KEY: FAKE_MOMO_KEYS.accessKey,
      MOMO_SECRET_KEY: FAKE_MOMO_KEYS.secretKey,
      MOMO_API_URL: momo.url,
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
    async close() {
      await Promise.all([payos.close(), vnpay.close(), momo.close(), stripe.close()]);
    },
  };
}

/** A notification as a fake builds it (each fake's own type has these fields). */
export interface WireNotification {
  method: 'GET' | 'POST';
  /** VNPay's IPN carries everything in its query. */
  query?: string;
  headers: Record<string, string>;
  body: string;
}

/** Hands a fake's notification to the app's webhook route for `provider`, as the provider's server would. */
export async function deliver(h: AccountsHarness, provider: string, notification: WireNotification): Promise<{ status: number; body: unknown }> {
  const query = notification.query ? `?${notification.query}` : '';
  const init: RequestInit = { method: notification.method, headers: notification.headers };
  if (notification.method !== 'GET') init.body = notification.body;
  const response = await h.app.request(`/api/billing/webhooks/${provider}${query}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
