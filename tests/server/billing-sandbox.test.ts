/**
 * Buying through the sandbox provider, end to end on the server: checkout, the hosted page, the
 * signed notification through the webhook route, the credits, the receipt — and what must never
 * credit anything (the return URL alone, a bad signature, a wrong amount), and replays.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKS } from '../../src/contract/packs.ts';
import { PLANS, planPrice } from '../../src/contract/plans.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../../server/billing/providers/sandbox.ts';
import { createAccountsHarness, type AccountsHarness } from './helpers/accounts.ts';
import { DRIVER } from './helpers/database.ts';

let h: AccountsHarness;
let token: string;
let other: string;

beforeAll(async () => {
  h = await createAccountsHarness();
  token = (await h.signUp({ email: 'lan@example.com' })).access_token;
  other = (await h.signUp({ email: 'bao@example.com', name: 'Phạm Quốc Bảo' })).access_token;
}, 120_000);

afterAll(async () => {
  await h?.dispose();
});

const checkout = (body: Record<string, unknown>, key: string, as = token) =>
  h.call('POST', '/api/billing/checkout', { token: as, body: { accept_terms: true, method: 'sandbox', ...body }, headers: { 'Idempotency-Key': key } });

/** Waits for the order to leave `pending` (the notification travels on its own). */
async function settled(id: string, as = token) {
  for (let i = 0; i < 100; i += 1) {
    const order = await h.call('GET', `/api/billing/payments/${id}`, { token: as });
    if (order.body.status !== 'pending') return order.body;
    await sleep(20);
  }
  throw new Error(`order ${id} stayed pending`);
}

/** The newest mail of that kind, once it has been written (the receipt follows the notification). */
async function mailOf(email: string, kind: 'receipt' | 'renewal') {
  for (let i = 0; i < 100; i += 1) {
    const mail = (await h.outbox()).find((item) => item.to === email && item.kind === kind);
    if (mail) return mail;
    await sleep(20);
  }
  throw new Error(`no ${kind} mail to ${email}`);
}

function pageAction(checkoutUrl: string, action: 'pay' | 'cancel' | 'fail') {
  const url = new URL(checkoutUrl);
  return h.app.request(`${url.pathname.replace(/\/$/, '')}/${action}${url.search}`, { method: 'POST' });
}

describe(`billing through the sandbox (${DRIVER})`, () => {
  it('lists the catalogue and the sandbox method', async () => {
    const plans = await h.call('GET', '/api/billing/plans');
    expect(plans.status).toBe(200);
    expect(plans.body.methods).toEqual(['sandbox']);
    expect(plans.body.plans.map((p: { id: string }) => p.id)).toEqual(['free', 'basic', 'starter', 'pro', 'professional', 'premium', 'enterprise']);
  });

  it('quotes the annual price as 12 × 0.8 × monthly, computed by the server', async () => {
    const quote = await h.call('GET', '/api/billing/quote?item=pro&period=annual', { token });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ change: 'new', price_vnd: (499_000 * 12 * 80) / 100, amount_vnd: 4_790_400, credits: 3_600, proration_credit_vnd: 0 });
    expect(planPrice(PLANS.pro, 'annual')).toBe(4_790_400);
  });

  it('buys a pack: hosted page, Pay, notification, credits in a 12-month bucket, receipt and its mail', async () => {
    const created = await checkout({ item: 'pack_150', amount_vnd: 1 }, 'buy-pack-1');
    expect(created.status).toBe(201);
    // The client's amount is not read: the server's price is charged.
    expect(created.body.payment).toMatchObject({ status: 'pending', amount_vnd: PACKS.pack_150.priceVnd, credits: 150, method: 'sandbox' });
    const page = await h.app.request(new URL(created.body.redirect_url).pathname + new URL(created.body.redirect_url).search);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('349.000');
    expect(html).toContain('<svg');

    // The return page alone credits nothing: the order stays pending until the provider says so.
    expect((await h.call('POST', `/api/billing/payments/${created.body.payment.id}/refresh`, { token })).body.status).toBe('pending');
    expect((await h.call('GET', '/api/billing/overview', { token })).body.balance).toBe(5);

    const paid = await pageAction(created.body.redirect_url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/payment/success?order=${created.body.payment.id}`);
    const order = await settled(created.body.payment.id);
    expect(order).toMatchObject({ status: 'completed', receipt_number: expect.stringMatching(/^ATL-\d{4}-\d{6}$/) });

    const overview = await h.call('GET', '/api/billing/overview', { token });
    expect(overview.body.balance).toBe(155);
    const pack = overview.body.buckets.find((b: { source: string }) => b.source === 'pack');
    expect(pack).toMatchObject({ item: 'pack_150', granted: 150, remaining: 150 });
    const months = (new Date(pack.expires_at).getTime() - new Date(order.paid_at).getTime()) / 86_400_000;
    expect(months).toBeGreaterThan(364);
    expect(months).toBeLessThan(367);
    // Spent first: the bucket that expires first; the sign-up credits never expire, so they go last.
    expect(overview.body.buckets.map((b: { source: string }) => b.source)).toEqual(['pack', 'signup']);

    const receipt = await h.call('GET', `/api/billing/payments/${order.id}/receipt`, { token });
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ vat_percent: 10, vat_vnd: 349_000 - Math.round(349_000 / 1.1), buyer: { email: 'lan@example.com' } });
    expect((await mailOf('lan@example.com', 'receipt')).subject).toContain(order.receipt_number);

    const activity = await h.call('GET', '/api/billing/activity', { token });
    expect(activity.body.items.slice(0, 2)).toMatchObject([
      { kind: 'pack', subject: 'pack_150', amount: 150, balance_after: 155 },
      { kind: 'signup', amount: 5, balance_after: 5 },
    ]);

    // Another account cannot read it.
    expect((await h.call('GET', `/api/billing/payments/${order.id}`, { token: other })).status).toBe(404);
    expect((await h.call('GET', `/api/billing/payments/${order.id}/receipt`, { token: other })).status).toBe(404);
  });

  it('makes one order of a double click, and refuses the same key for another purchase', async () => {
    const [a, b] = await Promise.all([checkout({ item: 'pack_50' }, 'double'), checkout({ item: 'pack_50' }, 'double')]);
    expect([a.status, b.status].toSorted()).toEqual([200, 201].includes(a.status) ? [a.status, b.status].toSorted() : []);
    expect(a.body.payment.id).toBe(b.body.payment.id);
    expect((await checkout({ item: 'pack_500' }, 'double')).status).toBe(409);
  });

  it('cancel and failure charge nothing and land on their pages', async () => {
    const cancelled = await checkout({ item: 'pack_50' }, 'cancel-1');
    const back = await pageAction(cancelled.body.redirect_url, 'cancel');
    expect(back.headers.get('location')).toBe(`/payment/cancel?order=${cancelled.body.payment.id}`);
    expect(await settled(cancelled.body.payment.id)).toMatchObject({ status: 'failed', failure_reason: 'cancelled' });

    const failed = await checkout({ item: 'pack_50' }, 'fail-1');
    const error = await pageAction(failed.body.redirect_url, 'fail');
    expect(error.headers.get('location')).toBe(`/payment/error?order=${failed.body.payment.id}&reason=declined`);
    expect(await settled(failed.body.payment.id)).toMatchObject({ status: 'failed', failure_reason: 'declined' });
    expect((await h.call('GET', '/api/billing/overview', { token })).body.balance).toBe(155);
  });

  it('refuses a bad signature and a wrong amount with 400, credits a replay once, and never un-pays an order', async () => {
    const created = await checkout({ item: 'pack_50' }, 'notify-1');
    const code = created.body.payment.order_code;
    const sandbox = h.billing.sandbox!;
    const send = (body: string, headers: Record<string, string>) => h.app.request('/api/billing/webhooks/sandbox', { method: 'POST', body, headers });
    const paid = sandbox.signNotification({ event_id: 'evt-1', order_code: code, state: 'paid', amount_vnd: 129_000, transaction_id: 'T1' });

    const forged = await send(paid.body, { ...paid.headers, [SANDBOX_SIGNATURE_HEADER]: 'f'.repeat(64) });
    expect(forged.status).toBe(400);
    const cheap = sandbox.signNotification({ event_id: 'evt-0', order_code: code, state: 'paid', amount_vnd: 1_000, transaction_id: 'T0' });
    expect((await send(cheap.body, cheap.headers)).status).toBe(400);
    expect((await h.call('GET', `/api/billing/payments/${created.body.payment.id}`, { token })).body.status).toBe('pending');
    expect((await h.call('GET', '/api/billing/overview', { token })).body.balance).toBe(155);

    expect((await send(paid.body, paid.headers)).status).toBe(200);
    expect((await send(paid.body, paid.headers)).status).toBe(200);
    const late = sandbox.signNotification({ event_id: 'evt-2', order_code: code, state: 'cancelled', amount_vnd: 129_000, transaction_id: 'T1' });
    expect((await send(late.body, late.headers)).status).toBe(200);
    expect((await h.call('GET', `/api/billing/payments/${created.body.payment.id}`, { token })).body.status).toBe('completed');
    expect((await h.call('GET', '/api/billing/overview', { token })).body.balance).toBe(205);
  });
});
