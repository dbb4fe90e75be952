/**
 * Stripe: international cards on Stripe's hosted Checkout, and the one method that renews a plan
 * by itself (a Stripe subscription charging the saved card each period). Spoken with the `stripe`
 * SDK; `baseUrl` points it at another origin (a loopback fake in tests).
 *
 * - checkout: a Checkout Session (docs.stripe.com/api/checkout/sessions/create), `mode: payment`
 *   for a pack or a plan paid once, `mode: subscription` for a recurring plan; VND is a
 *   zero-decimal currency (docs.stripe.com/currencies#zero-decimal), so `unit_amount` is VND;
 * - result: signed webhook events (docs.stripe.com/webhooks#verify-events): the SDK checks the
 *   `Stripe-Signature` header (`t=…,v1=HMAC-SHA256(whsec, t + "." + body)`, compared in constant
 *   time) and the timestamp's age;
 * - the session for a query, a refund of its payment, and `cancel_at_period_end` on the
 *   subscription to stop renewals.
 */
import { Stripe } from 'stripe';
import {
  type CreatedPayment,
  type NotificationOutcome,
  type PaymentProvider,
  type ProviderAnswer,
  type ProviderNotification,
  type ProviderOrder,
  type ProviderPaymentState,
  ProviderRequestError,
  ProviderSignatureError,
  type ProviderUrls,
  type RawNotification,
} from './types.ts';

export const STRIPE_API_URL = 'https://api.stripe.com';

export interface StripeProviderConfig {
  /** The secret API key (sk_live_… or sk_test_…): Stripe tells test from live by the key. */
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  /** Stripe's API origin (default STRIPE_API_URL), or a fake's. */
  baseUrl?: string;
  /** How old a signed event may be, in seconds (default the SDK's 300: replays of older ones are refused). */
  webhookToleranceSeconds?: number;
}

export interface StripeProviderDeps {
  /** Requests through this fetch instead of node:http. */
  fetch?: typeof fetch;
  now?: () => Date;
}

/** Stripe's limits on `expires_at`: 30 minutes to 24 hours after the session is created, in seconds. */
const SESSION_MIN_LIFETIME_S = 30 * 60;
const SESSION_MAX_LIFETIME_S = 24 * 60 * 60;
/** Kept inside those limits so a clock a little off ours is not refused, in seconds. */
const CLOCK_MARGIN_S = 60;
/** A product name Stripe shows on the page, in characters. */
const PRODUCT_NAME_MAX = 250;
/** Stripe metadata values hold at most 500 characters (docs.stripe.com/metadata). */
const METADATA_VALUE_MAX = 500;
const REQUEST_TIMEOUT_MS = 30_000;

const cut = (text: string, max: number) => [...text.replace(/\p{Cc}+/gu, ' ').trim()].slice(0, max).join('');
const refOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * A Checkout Session's state (docs.stripe.com/api/checkout/sessions/object): `expired`; `complete`
 * with `payment_status` paid (or no_payment_required: an upgrade fully covered by its credit) is
 * paid; complete but `unpaid` is a delayed payment method still settling, unless its
 * PaymentIntent went back to `requires_payment_method` or `canceled` (it failed); `open` is pending.
 */
function sessionState(session: Stripe.Checkout.Session): ProviderPaymentState {
  if (session.status === 'expired') return 'expired';
  if (session.status !== 'complete') return 'pending';
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
  const intent = session.payment_intent;
  if (intent && typeof intent !== 'string' && (intent.status === 'requires_payment_method' || intent.status === 'canceled')) return 'failed';
  return 'pending';
}

/** Stripe's errors as ours: network, rate limit and Stripe-side errors are worth retrying. */
async function guarded<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    const retryable =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (error.statusCode ?? 0) >= 500;
    // Stripe's messages never echo a whole key (it masks them as sk_test_****1234).
    throw new ProviderRequestError(`Stripe ${what}: ${error.type} ${error.statusCode ?? ''} ${error.message}`, retryable);
  }
}

function sessionNotification(event: Stripe.Event, session: Stripe.Checkout.Session, state: ProviderPaymentState): ProviderNotification | null {
  const code = session.client_reference_id !== null && /^[1-9]\d{0,15}$/.test(session.client_reference_id) ? Number(session.client_reference_id) : null;
  // A session without our order code was not made by this checkout (a payment link, another app).
  if (code === null || !Number.isSafeInteger(code)) return null;
  if (session.currency !== 'vnd') throw new ProviderRequestError(`Stripe session ${session.id} is in ${session.currency}, not VND`, false);
  return {
    eventId: event.id,
    order: { code },
    state,
    amountVnd: session.amount_total ?? 0,
    providerRef: session.id,
    renewal: null,
    subscriptionRef: refOf(session.subscription),
  };
}

/**
 * `invoice.paid` for `billing_reason: subscription_cycle` (docs.stripe.com/billing/subscriptions/webhooks):
 * the card was charged for a new period. The period is the subscription line's (the invoice's
 * own period_start/end cover the period before it); the order is the one whose checkout made the
 * subscription (its metadata, copied onto the invoice's parent).
 */
function renewalNotification(event: Stripe.Event, invoice: Stripe.Invoice): ProviderNotification | null {
  if (invoice.billing_reason !== 'subscription_cycle') return null;
  const details = invoice.parent?.subscription_details ?? null;
  const subscriptionRef = refOf(details?.subscription);
  const orderId = details?.metadata?.order_id;
  if (!subscriptionRef || !orderId) return null;
  if (invoice.currency !== 'vnd') throw new ProviderRequestError(`Stripe invoice ${invoice.id} is in ${invoice.currency}, not VND`, false);
  const periods = invoice.lines.data.map((line) => line.period);
  if (periods.length === 0) throw new ProviderRequestError(`Stripe invoice ${invoice.id} has no line to date the renewal`, false);
  const periodStart = new Date(Math.min(...periods.map((period) => period.start)) * 1000);
  const periodEnd = new Date(Math.max(...periods.map((period) => period.end)) * 1000);
  return {
    eventId: event.id,
    order: { id: orderId },
    state: 'paid',
    amountVnd: invoice.amount_paid,
    providerRef: invoice.id,
    renewal: { periodStart, periodEnd, subscriptionRef },
    subscriptionRef,
  };
}

export function createStripeProvider(config: StripeProviderConfig, deps: StripeProviderDeps = {}): PaymentProvider {
  const origin = new URL(config.baseUrl ?? STRIPE_API_URL);
  const now = deps.now ?? (() => new Date());
  const stripe = new Stripe(config.secretKey, {
    host: origin.hostname,
    port: origin.port || (origin.protocol === 'http:' ? 80 : 443),
    protocol: origin.protocol === 'http:' ? 'http' : 'https',
    ...(deps.fetch ? { httpClient: Stripe.createFetchHttpClient(deps.fetch) } : {}),
    // The SDK retries with the same Idempotency-Key, so a retried create is not a second one.
    maxNetworkRetries: 2,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
  });

  return {
    id: 'stripe',

    async createPayment(order: ProviderOrder, urls: ProviderUrls): Promise<CreatedPayment> {
      if (!Number.isSafeInteger(order.amountVnd) || order.amountVnd < 0) throw new ProviderRequestError(`not an amount in VND: ${order.amountVnd}`, false);
      const nowS = Math.floor(now().getTime() / 1000);
      const wanted = Math.floor(order.expiresAt.getTime() / 1000);
      const expiresAt = Math.min(Math.max(wanted, nowS + SESSION_MIN_LIFETIME_S + CLOCK_MARGIN_S), nowS + SESSION_MAX_LIFETIME_S - CLOCK_MARGIN_S);
      const name = cut(order.description, PRODUCT_NAME_MAX) || `Atelier #${order.code}`;
      const metadata = { order_id: order.id, order_code: String(order.code) };
      const recurring = order.recurring;
      const common = {
        client_reference_id: String(order.code),
        metadata,
        customer_email: order.buyer.email,
        locale: order.language,
        success_url: urls.returnUrl,
        cancel_url: urls.cancelUrl,
        expires_at: expiresAt,
      } satisfies Stripe.Checkout.SessionCreateParams;

      let params: Stripe.Checkout.SessionCreateParams;
      if (recurring === null) {
        params = {
          ...common,
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency: 'vnd', unit_amount: order.amountVnd, product_data: { name } } }],
          payment_intent_data: { metadata },
        };
      } else {
        if (order.amountVnd > recurring.listPriceVnd) throw new ProviderRequestError(`order ${order.code} charges more than the plan's price`, false);
        // The subscription renews at the list price; an upgrade's credit comes off the first
        // invoice only, as a coupon used once.
        const credit = recurring.listPriceVnd - order.amountVnd;
        const discounts =
          credit > 0
            ? [
                {
                  coupon: (
                    await guarded('coupon', () =>
                      stripe.coupons.create(
                        { amount_off: credit, currency: 'vnd', duration: 'once', max_redemptions: 1, name: cut(`Upgrade credit #${order.code}`, 40), metadata },
                        { idempotencyKey: `coupon-${order.id}` },
                      ),
                    )
                  ).id,
                },
              ]
            : undefined;
        params = {
          ...common,
          mode: 'subscription',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: 'vnd', unit_amount: recurring.listPriceVnd, recurring: { interval: recurring.interval }, product_data: { name } },
            },
          ],
          subscription_data: { metadata: { ...metadata, plan_id: recurring.planId } },
          ...(discounts ? { discounts } : {}),
        };
      }
      const session = await guarded('checkout session', () => stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${order.id}` }));
      if (!session.url) throw new ProviderRequestError(`Stripe session ${session.id} has no URL`, false);
      return { checkoutUrl: session.url, providerRef: session.id };
    },

    async parseNotification(raw: RawNotification): Promise<ProviderNotification | null> {
      const header = raw.headers.get('stripe-signature');
      if (!header) throw new ProviderSignatureError('the Stripe event carries no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          raw.rawBody,
          header,
          config.webhookSecret,
          config.webhookToleranceSeconds,
          undefined,
          now().getTime(),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new ProviderSignatureError(`the Stripe event does not verify: ${error.message}`);
        throw new ProviderRequestError(`the Stripe event cannot be read: ${(error as Error).message}`, false);
      }
      if (typeof event !== 'object' || event === null || typeof event.id !== 'string' || typeof event.data?.object !== 'object') {
        throw new ProviderRequestError('the Stripe event is not an event', false);
      }
      // docs.stripe.com/payments/checkout/fulfill-orders: completed (paid, or unpaid while a
      // delayed method settles), then async_payment_succeeded / _failed; expired when never paid.
      switch (event.type) {
        case 'checkout.session.completed':
          return sessionNotification(event, event.data.object, event.data.object.payment_status === 'unpaid' ? 'pending' : 'paid');
        case 'checkout.session.async_payment_succeeded':
          return sessionNotification(event, event.data.object, 'paid');
        case 'checkout.session.async_payment_failed':
          return sessionNotification(event, event.data.object, 'failed');
        case 'checkout.session.expired':
          return sessionNotification(event, event.data.object, 'expired');
        case 'invoice.paid':
          return renewalNotification(event, event.data.object);
        default:
          return null;
      }
    },

    /**
     * docs.stripe.com/webhooks#acknowledge-events: a 2xx acknowledges; anything else is retried
     * for up to three days. A refusal is a 400 with a JSON error (Stripe only reads the status).
     */
    answer(outcome: NotificationOutcome): ProviderAnswer {
      switch (outcome) {
        case 'ok':
          return { status: 200, body: { received: true } };
        case 'bad-signature':
          return { status: 400, body: { error: 'invalid_signature' } };
        case 'unknown-order':
          return { status: 400, body: { error: 'unknown_order' } };
        case 'amount-mismatch':
          return { status: 400, body: { error: 'amount_mismatch' } };
        case 'malformed':
          return { status: 400, body: { error: 'malformed_event' } };
      }
    },

    async queryPayment(order) {
      if (!order.providerRef) throw new ProviderRequestError(`order ${order.code} has no Stripe session to ask about`, false);
      const sessionId = order.providerRef;
      const session = await guarded('session', () => stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] }));
      return { state: sessionState(session), amountVnd: session.amount_total, providerRef: session.id };
    },

    async refund(order, reason) {
      if (!order.providerRef) throw new ProviderRequestError(`order ${order.code} has no Stripe session to refund`, false);
      const sessionId = order.providerRef;
      const session = await guarded('session', () => stripe.checkout.sessions.retrieve(sessionId));
      let intent = refOf(session.payment_intent);
      // A subscription's first payment belongs to its invoice, not to the session.
      const invoiceId = refOf(session.invoice);
      if (!intent && invoiceId) {
        const payments = await guarded('invoice payments', () => stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid' }));
        intent = payments.data.map((payment) => refOf(payment.payment.payment_intent)).find((id) => id !== null) ?? null;
      }
      if (!intent) throw new ProviderRequestError(`Stripe session ${session.id} has no payment to refund`, false);
      const paymentIntent = intent;
      await guarded('refund', () =>
        stripe.refunds.create(
          { payment_intent: paymentIntent, reason: 'requested_by_customer', metadata: { order_id: order.id, reason: cut(reason, METADATA_VALUE_MAX) } },
          { idempotencyKey: `refund-${order.id}` },
        ),
      );
    },

    async cancelRenewal(subscriptionRef) {
      await guarded('subscription', () => stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: true }));
    },
  };
}
