/**
 * A local fake of the parts of Stripe's REST API the `stripe` adapter calls, on 127.0.0.1,
 * speaking the wire format the `stripe` SDK uses (form-encoded bodies with bracketed keys, JSON
 * answers, `{ error: { type, message } }` on failure), so the real SDK runs against it unchanged:
 *
 * - `POST /v1/coupons`, `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id[?expand[]=payment_intent]`,
 *   `POST /v1/refunds`, `GET /v1/invoice_payments?invoice=…`, `POST /v1/subscriptions/:id`;
 * - every request needs `Authorization: Bearer <the fake's sk_test_ key>` (401 otherwise, as
 *   Stripe answers); a POST replayed with the same `Idempotency-Key` gets the first answer.
 *
 * Test controls move a session along and return the webhook event Stripe would send, signed with
 * the fake's `whsec_` secret (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, t + "." + body)`):
 * `pay`, `payLater` + `settle`/`failLater`, `expire`, `renew` (a subscription's next period);
 * `notificationFor` signs any event with a tampered signature, another secret or timestamp;
 * `deliver` POSTs one to a URL with fetch. The fake signs on its own (node:crypto, not the SDK).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_51FakeAtelierKey0000000000000000';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fakeAtelierSigningSecret000000';
/** The API version the fake stamps on events (the SDK's pinned one). */
export const FAKE_STRIPE_API_VERSION = '2026-10-28.endive';

type Json = Record<string, unknown>;

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form body (or query) decoded into nested objects, as Stripe reads it. */
  params: Json;
  idempotencyKey: string | null;
  status: number;
}

export interface FakeStripeNotification {
  method: 'POST';
  /** The fake's `webhookUrl` (Stripe posts to the endpoint configured in its dashboard). */
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The event, parsed. */
  event: Json;
}

export interface SignOptions {
  /** Seconds since the epoch the signature claims (default now). */
  timestamp?: number;
  secret?: string;
  tamperSignature?: boolean;
  /** Change the body after signing. */
  tamperBody?: (body: string) => string;
  omitSignature?: boolean;
}

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  sessions: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  coupons: Map<string, Json>;
  refunds: Json[];
  /** Every event made by a control, in order. */
  events: Json[];
  /** Where `deliver` posts by default. */
  webhookUrl: string;
  /** The session of an order code (its client_reference_id). */
  sessionFor(code: number | string): Json;
  /** The card is charged: `checkout.session.completed` with payment_status paid (a subscription and its first invoice for mode subscription). */
  pay(code: number | string): FakeStripeNotification;
  /** A delayed method: the session completes unpaid (`checkout.session.completed`, payment_status unpaid). */
  payLater(code: number | string): FakeStripeNotification;
  /** The delayed payment arrives: `checkout.session.async_payment_succeeded`. */
  settle(code: number | string): FakeStripeNotification;
  /** The delayed payment fails: `checkout.session.async_payment_failed`. */
  failLater(code: number | string): FakeStripeNotification;
  /** Nobody paid in time: `checkout.session.expired`. */
  expire(code: number | string): FakeStripeNotification;
  /** The subscription charges its next period: `invoice.paid`, billing_reason subscription_cycle. */
  renew(code: number | string): FakeStripeNotification;
  /** An event of any type about any object (e.g. one the product ignores). */
  event(type: string, object: Json): FakeStripeNotification;
  /** A notification of an existing event, signed as asked. */
  notificationFor(event: Json, options?: SignOptions): FakeStripeNotification;
  deliver(notification: FakeStripeNotification, url?: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** `t=…,v1=…` as Stripe computes it (docs.stripe.com/webhooks#verify-manually). */
export function stripeSignatureHeader(body: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

/** `a[b][0][c]=v` into `{ a: { b: [{ c: 'v' }] } }`, as Stripe decodes form bodies. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = root as Record<string, unknown>;
    for (const [index, part] of parts.entries()) {
      if (index === parts.length - 1) {
        node[part] = value;
      } else {
        node[part] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const int = (value: unknown) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : Number.NaN);

function send(response: ServerResponse, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': bytes.length, 'Request-Id': id('req') });
  response.end(bytes);
}

/** A subscription's period, in seconds (the fake's months have 30 days). */
const periodSeconds = (subscription: Json) => (subscription.interval === 'year' ? 365 : 30) * 24 * 60 * 60;

const stripeError = (status: number, message: string, extra: Json = {}) => ({ status, body: { error: { type: 'invalid_request_error', message, ...extra } } });

export async function startFakeStripe(options: { secretKey?: string; webhookSecret?: string; now?: () => number } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_WEBHOOK_SECRET;
  /** Seconds since the epoch. */
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const answered = new Map<string, { status: number; body: unknown }>();
  let base = '';

  const makeEvent = (type: string, object: Json): FakeStripeNotification => {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: FAKE_STRIPE_API_VERSION,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    fake.events.push(event);
    return fake.notificationFor(event);
  };

  const intentFor = (session: Json, status: string): string => {
    const intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: 'vnd',
      status,
      metadata: (session.payment_intent_data as Json | undefined)?.metadata ?? {},
      amount_refunded: 0,
    };
    fake.paymentIntents.set(intent.id, intent);
    return intent.id;
  };

  /**
   * A paid invoice of a subscription for one period. `payment_intent_id` is the fake's own note
   * of the PaymentIntent that paid it (Stripe tells it through /v1/invoice_payments).
   */
  const invoiceFor = (subscription: Json, reason: string, amount: number, start: number, end: number): Json => {
    const invoice: Json = {
      id: id('in'),
      object: 'invoice',
      billing_reason: reason,
      currency: 'vnd',
      amount_due: amount,
      amount_paid: amount,
      status: 'paid',
      period_start: reason === 'subscription_create' ? start : (subscription.previous_period_start as number),
      period_end: start,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      lines: {
        object: 'list',
        data: [{ id: id('il'), object: 'line_item', amount: subscription.price as number, currency: 'vnd', period: { start, end } }],
        has_more: false,
      },
      payment_intent_id: intentFor({ amount_total: amount }, 'succeeded'),
    };
    fake.invoices.set(invoice.id as string, invoice);
    return invoice;
  };

  const fake: FakeStripe = {
    url: '',
    requests: [],
    sessions: new Map(),
    paymentIntents: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    coupons: new Map(),
    refunds: [],
    events: [],
    webhookUrl: '',
    sessionFor(code) {
      const session = [...fake.sessions.values()].find((candidate) => candidate.client_reference_id === String(code));
      if (!session) throw new Error(`the Stripe fake has no session for order ${code}`);
      return session;
    },
    pay(code) {
      const session = fake.sessionFor(code);
      Object.assign(session, { status: 'complete', payment_status: session.amount_total === 0 ? 'no_payment_required' : 'paid' });
      if (session.mode === 'subscription') {
        const item = (session.line_items as Json[])[0]!.price_data as Json;
        const start = now();
        const subscription: Json = {
          id: id('sub'),
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: false,
          metadata: (session.subscription_data as Json | undefined)?.metadata ?? {},
          interval: (item.recurring as Json).interval,
          price: int(item.unit_amount),
        };
        subscription.current_period_start = start;
        subscription.current_period_end = start + periodSeconds(subscription);
        fake.subscriptions.set(subscription.id as string, subscription);
        session.subscription = subscription.id;
        session.invoice = invoiceFor(subscription, 'subscription_create', session.amount_total as number, start, subscription.current_period_end as number).id;
      } else {
        session.payment_intent = intentFor(session, 'succeeded');
      }
      return makeEvent('checkout.session.completed', session);
    },
    payLater(code) {
      const session = fake.sessionFor(code);
      Object.assign(session, { status: 'complete', payment_status: 'unpaid', payment_intent: intentFor(session, 'processing') });
      return makeEvent('checkout.session.completed', session);
    },
    settle(code) {
      const session = fake.sessionFor(code);
      fake.paymentIntents.get(session.payment_intent as string)!.status = 'succeeded';
      session.payment_status = 'paid';
      return makeEvent('checkout.session.async_payment_succeeded', session);
    },
    failLater(code) {
      const session = fake.sessionFor(code);
      fake.paymentIntents.get(session.payment_intent as string)!.status = 'requires_payment_method';
      return makeEvent('checkout.session.async_payment_failed', session);
    },
    expire(code) {
      const session = fake.sessionFor(code);
      Object.assign(session, { status: 'expired', url: null });
      return makeEvent('checkout.session.expired', session);
    },
    renew(code) {
      const subscription = fake.subscriptions.get(fake.sessionFor(code).subscription as string);
      if (!subscription) throw new Error(`order ${code} has no subscription`);
      subscription.previous_period_start = subscription.current_period_start;
      const start = subscription.current_period_end as number;
      subscription.current_period_start = start;
      subscription.current_period_end = start + periodSeconds(subscription);
      return makeEvent(
        'invoice.paid',
        invoiceFor(subscription, 'subscription_cycle', subscription.price as number, start, subscription.current_period_end as number),
      );
    },
    event: (type, object) => makeEvent(type, object),
    notificationFor(event, sign = {}) {
      const body = JSON.stringify(event, null, 2);
      let header = stripeSignatureHeader(body, sign.secret ?? webhookSecret, sign.timestamp ?? now());
      if (sign.tamperSignature) header = header.replace(/v1=(.)/, (_, first: string) => `v1=${first === 'a' ? 'b' : 'a'}`);
      const headers: Record<string, string> = {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      };
      if (!sign.omitSignature) headers['Stripe-Signature'] = header;
      return { method: 'POST', url: fake.webhookUrl, headers, body: sign.tamperBody ? sign.tamperBody(body) : body, event };
    },
    async deliver(notification, url = notification.url || fake.webhookUrl) {
      const response = await fetch(url, { method: 'POST', headers: notification.headers, body: notification.body });
      return { status: response.status, body: await response.text() };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function createSession(params: Json): { status: number; body: unknown } {
    const mode = params.mode;
    const items = params.line_items as Json[] | undefined;
    const price = items?.[0]?.price_data as Json | undefined;
    if (mode !== 'payment' && mode !== 'subscription') return stripeError(400, 'Invalid mode', { param: 'mode' });
    if (
      !items ||
      items.length !== 1 ||
      !price ||
      price.currency !== 'vnd' ||
      !Number.isInteger(int(price.unit_amount)) ||
      !(price.product_data as Json | undefined)?.name
    ) {
      return stripeError(400, 'Invalid line_items', { param: 'line_items' });
    }
    if (mode === 'subscription' && !(price.recurring as Json | undefined)?.interval)
      return stripeError(400, 'Subscription mode needs a recurring price', { param: 'line_items[0][price_data][recurring]' });
    if (mode === 'subscription' && params.payment_intent_data)
      return stripeError(400, 'payment_intent_data is only for mode payment', { param: 'payment_intent_data' });
    if (typeof params.success_url !== 'string' || typeof params.cancel_url !== 'string') return stripeError(400, 'Missing success_url or cancel_url');
    const expiresAt = int(params.expires_at);
    if (params.expires_at !== undefined && !(expiresAt >= now() + 30 * 60 && expiresAt <= now() + 24 * 60 * 60)) {
      return stripeError(400, 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', { param: 'expires_at' });
    }
    const subtotal = int(price.unit_amount) * int(items[0]!.quantity ?? '1');
    let discount = 0;
    for (const entry of (params.discounts as Json[] | undefined) ?? []) {
      const coupon = fake.coupons.get(String(entry.coupon));
      if (!coupon) return stripeError(400, `No such coupon: '${String(entry.coupon)}'`, { param: 'discounts[0][coupon]', code: 'resource_missing' });
      discount += coupon.amount_off as number;
    }
    const session: Json = {
      ...params,
      id: id('cs_test'),
      object: 'checkout.session',
      created: now(),
      livemode: false,
      currency: 'vnd',
      expires_at: Number.isNaN(expiresAt) ? now() + 24 * 60 * 60 : expiresAt,
      amount_subtotal: subtotal,
      amount_total: Math.max(0, subtotal - discount),
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      subscription: null,
      invoice: null,
    };
    session.url = `${base}/c/pay/${String(session.id)}`;
    fake.sessions.set(session.id as string, session);
    return { status: 200, body: session };
  }

  function route(method: string, path: string, params: Json): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/coupons') {
      const amountOff = int(params.amount_off);
      if (!(amountOff > 0) || params.currency !== 'vnd' || params.duration !== 'once') return stripeError(400, 'Invalid coupon');
      const coupon = {
        id: id('co').slice(0, 11),
        object: 'coupon',
        amount_off: amountOff,
        currency: 'vnd',
        duration: params.duration,
        max_redemptions: int(params.max_redemptions) || null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        valid: true,
      };
      fake.coupons.set(coupon.id, coupon);
      return { status: 200, body: coupon };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params);
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = fake.sessions.get(sessionMatch[1]!);
      if (!session) return stripeError(404, `No such checkout.session: '${sessionMatch[1]}'`, { code: 'resource_missing' });
      const expand = Object.values((params.expand as Record<string, string> | undefined) ?? {});
      const intent = expand.includes('payment_intent') && session.payment_intent ? fake.paymentIntents.get(session.payment_intent as string) : undefined;
      return { status: 200, body: intent ? { ...session, payment_intent: intent } : session };
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const invoice = fake.invoices.get(String(params.invoice));
      const data = invoice
        ? [
            {
              id: id('inpay'),
              object: 'invoice_payment',
              invoice: invoice.id,
              amount_paid: invoice.amount_paid,
              currency: 'vnd',
              status: 'paid',
              is_default: true,
              payment: { type: 'payment_intent', payment_intent: invoice.payment_intent_id },
            },
          ]
        : [];
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoice_payments' } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = fake.paymentIntents.get(String(params.payment_intent));
      if (!intent) return stripeError(400, `No such payment_intent: '${String(params.payment_intent)}'`, { code: 'resource_missing', param: 'payment_intent' });
      if (intent.status !== 'succeeded')
        return stripeError(400, 'This PaymentIntent does not have a successful charge to refund.', { code: 'charge_not_refundable' });
      if (intent.amount_refunded === intent.amount) return stripeError(400, 'Charge has already been refunded.', { code: 'charge_already_refunded' });
      intent.amount_refunded = intent.amount;
      const refund = {
        id: id('re'),
        object: 'refund',
        amount: intent.amount,
        currency: 'vnd',
        payment_intent: intent.id,
        reason: params.reason ?? null,
        metadata: params.metadata ?? {},
        status: 'succeeded',
      };
      fake.refunds.push(refund);
      return { status: 200, body: refund };
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'POST' && subscriptionMatch) {
      const subscription = fake.subscriptions.get(subscriptionMatch[1]!);
      if (!subscription) return stripeError(404, `No such subscription: '${subscriptionMatch[1]}'`, { code: 'resource_missing' });
      if (params.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
      return { status: 200, body: subscription };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    const method = request.method ?? 'GET';
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    const record = (result: { status: number; body: unknown }) => {
      fake.requests.push({ method, path: url.pathname, params, idempotencyKey, status: result.status });
      send(response, result.status, result.body);
    };
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      return record(stripeError(401, `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`));
    }
    const replayKey = method === 'POST' && idempotencyKey ? `${url.pathname} ${idempotencyKey}` : null;
    const earlier = replayKey ? answered.get(replayKey) : undefined;
    if (earlier) return record(earlier);
    const result = route(method, url.pathname, params);
    if (replayKey && result.status < 500) answered.set(replayKey, result);
    record(result);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  return fake;
}
