/**
 * The Stripe adapter (the real `stripe` SDK) against a loopback fake of Stripe's REST API:
 * Checkout Sessions for packs and recurring plans, signed webhook events, queries, refunds and
 * the end of renewals.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../../server/billing/providers/stripe.ts';
import {
  ProviderRequestError,
  ProviderSignatureError,
  type PaymentProvider,
  type ProviderOrder,
  type RawNotification,
} from '../../server/billing/providers/types.ts';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
  stripeSignatureHeader,
  type FakeStripe,
  type FakeStripeNotification,
} from './fakes/stripe-fake.ts';

const NOW = new Date('2026-03-02T08:00:00Z');
const NOW_S = NOW.getTime() / 1000;
const ORDER_ID = '0b6f7a52-3d7e-4c1e-9a55-2f3e8f1d9c10';
const URLS = {
  returnUrl: `https://atelier.example/payment/success?order=${ORDER_ID}`,
  cancelUrl: `https://atelier.example/payment/cancel?order=${ORDER_ID}`,
  notifyUrl: 'https://atelier.example/api/billing/webhooks/stripe',
};

function order(overrides: Partial<ProviderOrder> = {}): ProviderOrder {
  return {
    id: ORDER_ID,
    code: 100245,
    amountVnd: 349_000,
    description: 'Gói 150 tín dụng',
    buyer: { email: 'an@example.com', name: 'Trần An' },
    language: 'vi',
    expiresAt: new Date(NOW.getTime() + 2 * 60 * 60_000),
    recurring: null,
    clientIp: '203.0.113.7',
    ...overrides,
  };
}

const upgrade = (): Partial<ProviderOrder> => ({
  amountVnd: 350_000,
  description: 'Gói Pro – hằng tháng',
  recurring: { interval: 'month', planId: 'pro', listPriceVnd: 499_000 },
});

const asked = (providerRef: string | null) => ({ id: ORDER_ID, code: 100245, amountVnd: 349_000, providerRef, createdAt: NOW });

const raw = (notification: FakeStripeNotification): RawNotification => ({
  method: notification.method,
  rawBody: notification.body,
  headers: new Headers(notification.headers),
  query: new URLSearchParams(),
});

let fake: FakeStripe;
let stripe: PaymentProvider;

beforeEach(async () => {
  fake = await startFakeStripe({ now: () => NOW_S });
  stripe = createStripeProvider({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, baseUrl: fake.url }, { now: () => NOW });
});
afterEach(async () => {
  await fake.close();
});

describe('createPayment', () => {
  it('opens a payment-mode Checkout Session in VND (zero-decimal) for a pack', async () => {
    const created = await stripe.createPayment(order(), URLS);
    const session = fake.sessionFor(100245);
    expect(created).toEqual({ checkoutUrl: `${fake.url}/c/pay/${String(session.id)}`, providerRef: session.id });
    const request = fake.requests.find((entry) => entry.path === '/v1/checkout/sessions')!;
    expect(request.idempotencyKey).toBe(`checkout-${ORDER_ID}`);
    expect(request.params).toEqual({
      mode: 'payment',
      client_reference_id: '100245',
      metadata: { order_id: ORDER_ID, order_code: '100245' },
      customer_email: 'an@example.com',
      locale: 'vi',
      success_url: URLS.returnUrl,
      cancel_url: URLS.cancelUrl,
      expires_at: String(NOW_S + 2 * 60 * 60),
      line_items: [{ quantity: '1', price_data: { currency: 'vnd', unit_amount: '349000', product_data: { name: 'Gói 150 tín dụng' } } }],
      payment_intent_data: { metadata: { order_id: ORDER_ID, order_code: '100245' } },
    });
    expect(session.amount_total).toBe(349_000);
    expect(fake.requests.every((entry) => entry.status === 200)).toBe(true);
  });

  it('keeps expires_at inside Stripe’s 30 minutes to 24 hours', async () => {
    await stripe.createPayment(order({ code: 1, language: 'en', expiresAt: new Date(NOW.getTime() + 15 * 60_000) }), URLS);
    await stripe.createPayment(order({ id: 'b', code: 2, expiresAt: new Date(NOW.getTime() + 48 * 60 * 60_000) }), URLS);
    expect(fake.sessionFor(1)).toMatchObject({ expires_at: NOW_S + 31 * 60, locale: 'en' });
    expect(fake.sessionFor(2).expires_at).toBe(NOW_S + 24 * 60 * 60 - 60);
  });

  it('opens a subscription at the list price with the upgrade credit as a once-only coupon', async () => {
    await stripe.createPayment(order(upgrade()), URLS);
    const [coupon] = [...fake.coupons.values()];
    expect(coupon).toMatchObject({ amount_off: 149_000, currency: 'vnd', duration: 'once', max_redemptions: 1 });
    expect(fake.requests.find((entry) => entry.path === '/v1/coupons')!.idempotencyKey).toBe(`coupon-${ORDER_ID}`);
    const params = fake.requests.find((entry) => entry.path === '/v1/checkout/sessions')!.params;
    expect(params).toMatchObject({
      mode: 'subscription',
      client_reference_id: '100245',
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'vnd', unit_amount: '499000', recurring: { interval: 'month' }, product_data: { name: 'Gói Pro – hằng tháng' } },
        },
      ],
      subscription_data: { metadata: { order_id: ORDER_ID, order_code: '100245', plan_id: 'pro' } },
      discounts: [{ coupon: coupon!.id }],
    });
    expect(params.payment_intent_data).toBeUndefined();
    expect(fake.sessionFor(100245).amount_total).toBe(350_000);
  });

  it('makes no coupon when the plan is charged in full, and refuses to charge more than the plan', async () => {
    await stripe.createPayment(order({ ...upgrade(), amountVnd: 499_000 }), URLS);
    expect(fake.coupons.size).toBe(0);
    expect(fake.requests.find((entry) => entry.path === '/v1/checkout/sessions')!.params.discounts).toBeUndefined();
    await expect(stripe.createPayment(order({ ...upgrade(), code: 7, id: 'x', amountVnd: 500_000 }), URLS)).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('turns a refused key into a final error, and works through an injected fetch', async () => {
    const wrong = createStripeProvider(
      { secretKey: 'sk_test_wrongwrongwrong1234', webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, baseUrl: fake.url },
      { now: () => NOW },
    );
    const error = await wrong.createPayment(order(), URLS).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect((error as ProviderRequestError).retryable).toBe(false);
    expect((error as Error).message).toContain('401');
    expect((error as Error).message).not.toContain('sk_test_wrongwrongwrong1234');

    const calls: string[] = [];
    const viaFetch = createStripeProvider(
      { secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, baseUrl: fake.url },
      { now: () => NOW, fetch: (input, init) => (calls.push(String(input)), fetch(input, init)) },
    );
    const created = await viaFetch.createPayment(order(), URLS);
    expect(created.providerRef).toBe(fake.sessionFor(100245).id);
    expect(calls).toEqual([`${fake.url}/v1/checkout/sessions`]);
  });
});

describe('parseNotification', () => {
  it('reads checkout.session.completed as paid, with the order code, the VND amount and the event id', async () => {
    await stripe.createPayment(order(), URLS);
    const completed = fake.pay(100245);
    const expected = {
      eventId: completed.event.id,
      order: { code: 100245 },
      state: 'paid',
      amountVnd: 349_000,
      providerRef: fake.sessionFor(100245).id,
      renewal: null,
      subscriptionRef: null,
    };
    expect(await stripe.parseNotification(raw(completed))).toEqual(expected);
    // Stripe retries an event until it gets a 2xx: the same id.
    expect(await stripe.parseNotification(raw(fake.notificationFor(completed.event)))).toEqual(expected);
  });

  it('names the subscription a recurring checkout made', async () => {
    await stripe.createPayment(order(upgrade()), URLS);
    const notification = await stripe.parseNotification(raw(fake.pay(100245)));
    expect(notification).toMatchObject({ state: 'paid', amountVnd: 350_000, subscriptionRef: fake.sessionFor(100245).subscription });
    expect(String(notification?.subscriptionRef)).toMatch(/^sub_/);
  });

  it('refuses a tampered signature or body, a missing signature, another secret and an old event', async () => {
    await stripe.createPayment(order(), URLS);
    const { event } = fake.pay(100245);
    const variants = [
      { tamperSignature: true },
      { tamperBody: (body: string) => body.replace('"amount_total": 349000', '"amount_total": 1000') },
      { omitSignature: true },
      { secret: 'whsec_someoneElse' },
      { timestamp: NOW_S - 301 },
    ];
    for (const variant of variants) {
      await expect(stripe.parseNotification(raw(fake.notificationFor(event, variant)))).rejects.toBeInstanceOf(ProviderSignatureError);
    }
    expect(fake.notificationFor(event, variants[1]).body).toContain('"amount_total": 1000');
    expect((await stripe.parseNotification(raw(fake.notificationFor(event, { timestamp: NOW_S - 299 }))))?.state).toBe('paid');
  });

  it('maps a delayed payment: completed unpaid is pending, then succeeded or failed; expired', async () => {
    await stripe.createPayment(order(), URLS);
    expect((await stripe.parseNotification(raw(fake.payLater(100245))))?.state).toBe('pending');
    expect((await stripe.parseNotification(raw(fake.failLater(100245))))?.state).toBe('failed');
    expect((await stripe.parseNotification(raw(fake.settle(100245))))?.state).toBe('paid');
    const expired = await stripe.parseNotification(raw(fake.expire(100245)));
    expect(expired).toMatchObject({ state: 'expired', order: { code: 100245 }, amountVnd: 349_000 });
  });

  it('reads a subscription_cycle invoice.paid as a renewal of the order that made the subscription', async () => {
    await stripe.createPayment(order(upgrade()), URLS);
    fake.pay(100245);
    const subscription = fake.subscriptions.get(fake.sessionFor(100245).subscription as string)!;
    const start = subscription.current_period_end as number;
    const renewed = fake.renew(100245);
    const invoice = renewed.event.data as { object: { id: string } };
    expect(await stripe.parseNotification(raw(renewed))).toEqual({
      eventId: renewed.event.id,
      order: { id: ORDER_ID },
      state: 'paid',
      amountVnd: 499_000,
      providerRef: invoice.object.id,
      renewal: { periodStart: new Date(start * 1000), periodEnd: new Date((start + 30 * 24 * 60 * 60) * 1000), subscriptionRef: subscription.id },
      subscriptionRef: subscription.id,
    });
  });

  it('ignores the first invoice (the checkout already paid it) and events the product does not act on', async () => {
    await stripe.createPayment(order(upgrade()), URLS);
    fake.pay(100245);
    const first = fake.invoices.get(fake.sessionFor(100245).invoice as string)!;
    expect(await stripe.parseNotification(raw(fake.event('invoice.paid', first)))).toBeNull();
    expect(await stripe.parseNotification(raw(fake.event('customer.created', { id: 'cus_1', object: 'customer' })))).toBeNull();
    // A session not made by this checkout (no order code).
    expect(await stripe.parseNotification(raw(fake.event('checkout.session.completed', { ...fake.sessionFor(100245), client_reference_id: null })))).toBeNull();
  });

  it('calls a correctly signed body it cannot read malformed', async () => {
    const body = 'not json';
    const notification = {
      method: 'POST',
      rawBody: body,
      headers: new Headers({ 'Stripe-Signature': stripeSignatureHeader(body, FAKE_STRIPE_WEBHOOK_SECRET, NOW_S) }),
      query: new URLSearchParams(),
    };
    const error = await stripe.parseNotification(notification).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect((error as ProviderRequestError).retryable).toBe(false);
  });
});

describe('queryPayment, refund, cancelRenewal, answer', () => {
  it('reads the session: open is pending, then paid, failed or expired', async () => {
    const { providerRef } = await stripe.createPayment(order(), URLS);
    expect(await stripe.queryPayment(asked(providerRef))).toEqual({ state: 'pending', amountVnd: 349_000, providerRef });
    fake.payLater(100245);
    expect((await stripe.queryPayment(asked(providerRef))).state).toBe('pending');
    fake.failLater(100245);
    expect((await stripe.queryPayment(asked(providerRef))).state).toBe('failed');
    fake.settle(100245);
    expect(await stripe.queryPayment(asked(providerRef))).toEqual({ state: 'paid', amountVnd: 349_000, providerRef });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${providerRef}`, params: { expand: ['payment_intent'] } });

    await stripe.createPayment(order({ id: 'other', code: 2 }), URLS);
    fake.expire(2);
    expect((await stripe.queryPayment({ ...asked(fake.sessionFor(2).id as string), code: 2 })).state).toBe('expired');
    await expect(stripe.queryPayment(asked(null))).rejects.toBeInstanceOf(ProviderRequestError);
    await expect(stripe.queryPayment(asked('cs_test_unknown'))).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('refunds a pack’s payment intent in full, once even when asked twice', async () => {
    const { providerRef } = await stripe.createPayment(order(), URLS);
    fake.pay(100245);
    const refund = { id: ORDER_ID, code: 100245, amountVnd: 349_000, providerRef, paidAt: NOW, clientIp: '' };
    await stripe.refund!(refund, 'Khách hàng yêu cầu');
    await stripe.refund!(refund, 'Khách hàng yêu cầu');
    expect(fake.refunds).toEqual([
      expect.objectContaining({
        amount: 349_000,
        payment_intent: fake.sessionFor(100245).payment_intent,
        reason: 'requested_by_customer',
        metadata: { order_id: ORDER_ID, reason: 'Khách hàng yêu cầu' },
      }),
    ]);
    expect(fake.requests.filter((entry) => entry.path === '/v1/refunds').map((entry) => entry.idempotencyKey)).toEqual([
      `refund-${ORDER_ID}`,
      `refund-${ORDER_ID}`,
    ]);
  });

  it('refunds a subscription’s first payment through its invoice, and refuses an unpaid order', async () => {
    const { providerRef } = await stripe.createPayment(order(upgrade()), URLS);
    const refund = { id: ORDER_ID, code: 100245, amountVnd: 350_000, providerRef, paidAt: NOW, clientIp: '' };
    await expect(stripe.refund!(refund, 'x')).rejects.toBeInstanceOf(ProviderRequestError);
    fake.pay(100245);
    await stripe.refund!(refund, 'x');
    const invoice = fake.invoices.get(fake.sessionFor(100245).invoice as string)!;
    expect(fake.refunds).toEqual([expect.objectContaining({ amount: 350_000, payment_intent: invoice.payment_intent_id })]);
  });

  it('stops a subscription renewing at the end of its period', async () => {
    await stripe.createPayment(order(upgrade()), URLS);
    fake.pay(100245);
    const subscriptionId = fake.sessionFor(100245).subscription as string;
    await stripe.cancelRenewal!(subscriptionId);
    expect(fake.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${subscriptionId}`, params: { cancel_at_period_end: 'true' } });
    await expect(stripe.cancelRenewal!('sub_unknown')).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('answers Stripe 200 {received:true} for success and 400 for a refusal', () => {
    expect(stripe.answer('ok')).toEqual({ status: 200, body: { received: true } });
    expect(stripe.answer('bad-signature')).toEqual({ status: 400, body: { error: 'invalid_signature' } });
    expect(stripe.answer('unknown-order')).toEqual({ status: 400, body: { error: 'unknown_order' } });
    expect(stripe.answer('amount-mismatch')).toEqual({ status: 400, body: { error: 'amount_mismatch' } });
    expect(stripe.answer('malformed')).toEqual({ status: 400, body: { error: 'malformed_event' } });
  });
});
