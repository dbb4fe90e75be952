/**
 * The four real payment adapters (payOS, VNPay, MoMo, Stripe) through the real app, against their
 * loopback fakes: checkout creates the payment at the provider for the amount the server computed;
 * the provider's signed notification, through `/api/billing/webhooks/<provider>` (VNPay's IPN is a
 * GET), completes the order and grants what it bought, once however often it arrives; a forged
 * signature, a tampered amount or a signed wrong amount are answered in the provider's own terms
 * and change nothing; a late cancel never un-pays an order and money received after a cancel is
 * delivered. Then what must not credit (the return URL alone), reconciliation of a notification
 * that never came, the give-up on an order nobody paid, and Stripe's own renewals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKS, type PaymentMethod } from '../../src/contract/packs.ts';
import { PLANS, planCycleCredits, planPrice } from '../../src/contract/plans.ts';
import { GIVE_UP_AFTER_HOURS, PAYMENT_WINDOW_MINUTES, RECONCILE_AFTER_MINUTES } from '../../server/billing/service.ts';
import { createAccountsHarness, MINUTE_MS, type AccountsHarness } from './helpers/accounts.ts';
import {
  balanceOf,
  billingDigest,
  buy,
  checkout,
  deliver,
  ledgerRows,
  makeBuyer,
  startProviderFakes,
  type Buyer,
  type ProviderFakes,
  type WireNotification,
} from './helpers/billing.ts';
import { DRIVER } from './helpers/database.ts';
import { expectMoneyKept } from './helpers/billing-value.ts';

let h: AccountsHarness;
let fakes: ProviderFakes;

beforeAll(async () => {
  fakes = await startProviderFakes();
  h = await createAccountsHarness({ env: fakes.env });
}, 120_000);

afterAll(async () => {
  await h?.dispose();
  await fakes?.close();
});

const PACK = PACKS.pack_50;
/** A signed amount other than the order's, in VND. */
const WRONG_VND = 1_000;

interface Answer {
  status: number;
  body: unknown;
}

/** How each provider is driven, and what its adapter answers. */
interface ProviderDriver {
  method: Exclude<PaymentMethod, 'sandbox'>;
  /** After checkout: whatever the browser must do for the provider to know the payment, then the amount the provider holds, in VND. */
  amountAtProvider(code: number, checkoutUrl: string): Promise<number>;
  /** The payer pays: the provider's notification of it. */
  pay(code: number): WireNotification;
  /** The paid notification with a signature that does not verify. */
  forged(code: number): WireNotification;
  /** The paid notification with its amount changed after signing. */
  tampered(code: number): WireNotification;
  /** A validly signed notification of a payment of WRONG_VND. */
  wrongAmount(code: number): WireNotification;
  /** A cancel or failure the provider reports about an order it has been paid for (or null when it sends none). */
  failureAfterPaid(code: number): WireNotification;
  /** The payer cancels before paying: the notification (null when the provider sends none: the order learns it from a query). */
  cancel(code: number): WireNotification | null;
  /** The money arrives after that cancel: the provider's notification of it. */
  paidAfterCancel(code: number): WireNotification;
  ok: Answer;
  badSignature: Answer;
  amountMismatch: Answer;
}

const DRIVERS: ProviderDriver[] = [
  {
    method: 'payos',
    amountAtProvider: async (code) => fakes.payos.link(code).amount,
    pay: (code) => fakes.payos.pay(code),
    forged: (code) => fakes.payos.notificationFor(code, { signature: 'wrong-key' }),
    tampered: (code) => fakes.payos.notificationFor(code, { tamper: { amount: WRONG_VND } }),
    wrongAmount: (code) => fakes.payos.notificationFor(code, { amount: WRONG_VND }),
    // payOS notifies transfers only; a signed webhook with another code is no payment.
    failureAfterPaid: (code) => fakes.payos.notificationFor(code, { code: '01' }),
    cancel: (code) => {
      fakes.payos.cancel(code);
      return null;
    },
    // A transfer to the cancelled link (the bank sent it anyway): the full amount.
    paidAfterCancel: (code) => fakes.payos.notificationFor(code, { amount: fakes.payos.link(code).amount }),
    ok: { status: 200, body: { success: true } },
    badSignature: { status: 400, body: { success: false, error: 'invalid signature' } },
    amountMismatch: { status: 200, body: { success: false, error: 'amount mismatch' } },
  },
  {
    method: 'vnpay',
    async amountAtProvider(code, checkoutUrl) {
      // VNPay records the transaction when the browser opens the signed payment URL.
      const page = await fetch(checkoutUrl, { redirect: 'manual' });
      await page.body?.cancel();
      expect(page.status).toBe(200);
      // vnp_Amount is VND × 100.
      return fakes.vnpay.transaction(code).amount / 100;
    },
    pay: (code) => fakes.vnpay.pay(code),
    forged: (code) => fakes.vnpay.notificationFor(code, { signature: 'wrong-key' }),
    tampered: (code) => fakes.vnpay.notificationFor(code, { tamper: { vnp_Amount: String(WRONG_VND * 100) } }),
    wrongAmount: (code) => fakes.vnpay.notificationFor(code, { amount: WRONG_VND * 100 }),
    failureAfterPaid(code) {
      // The same transaction reported cancelled (response 24, status 02) after its payment.
      const txn = fakes.vnpay.transaction(code);
      const paid = { responseCode: txn.responseCode, transactionStatus: txn.transactionStatus };
      Object.assign(txn, { responseCode: '24', transactionStatus: '02' });
      const note = fakes.vnpay.notificationFor(code);
      Object.assign(txn, paid);
      return note;
    },
    cancel: (code) => fakes.vnpay.cancel(code),
    paidAfterCancel(code) {
      Object.assign(fakes.vnpay.transaction(code), { responseCode: '00', transactionStatus: '00', transactionNo: '14920001' });
      return fakes.vnpay.notificationFor(code);
    },
    ok: { status: 200, body: { RspCode: '00', Message: 'Confirm Success' } },
    badSignature: { status: 400, body: { RspCode: '97', Message: 'Invalid signature' } },
    amountMismatch: { status: 200, body: { RspCode: '04', Message: 'Invalid amount' } },
  },
  {
    method: 'momo',
    amountAtProvider: async (code) => fakes.momo.payments.get(String(code))!.amount,
    pay: (code) => fakes.momo.pay(code),
    forged: (code) => fakes.momo.notificationFor(code, { tamperSignature: true }),
    tampered: (code) => fakes.momo.notificationFor(code, { tamperAmount: WRONG_VND }),
    wrongAmount: (code) => fakes.momo.notificationFor(code, { amount: WRONG_VND }),
    failureAfterPaid: (code) => fakes.momo.notificationFor(code, { resultCode: 1006 }),
    cancel: (code) => fakes.momo.cancel(code),
    paidAfterCancel: (code) => fakes.momo.notificationFor(code, { resultCode: 0 }),
    ok: { status: 204, body: null },
    badSignature: { status: 400, body: { resultCode: 13, message: 'Invalid signature' } },
    amountMismatch: { status: 400, body: { resultCode: 21, message: 'Invalid amount' } },
  },
  {
    method: 'stripe',
    amountAtProvider: async (code) => fakes.stripe.sessionFor(code).amount_total as number,
    pay: (code) => fakes.stripe.pay(code),
    forged: () => fakes.stripe.notificationFor(fakes.stripe.events.at(-1)!, { tamperSignature: true }),
    tampered: (code) => {
      const amount = fakes.stripe.sessionFor(code).amount_total as number;
      return fakes.stripe.notificationFor(fakes.stripe.events.at(-1)!, {
        tamperBody: (body) => body.replaceAll(`"amount_total": ${amount}`, `"amount_total": ${WRONG_VND}`),
      });
    },
    wrongAmount: (code) => fakes.stripe.event('checkout.session.completed', { ...fakes.stripe.sessionFor(code), amount_total: WRONG_VND }),
    failureAfterPaid: (code) => fakes.stripe.expire(code),
    cancel: (code) => fakes.stripe.expire(code),
    paidAfterCancel: (code) => fakes.stripe.pay(code),
    ok: { status: 200, body: { received: true } },
    badSignature: { status: 400, body: { error: 'invalid_signature' } },
    amountMismatch: { status: 400, body: { error: 'amount_mismatch' } },
  },
];

const orderOf = async (buyer: Buyer, id: string) => (await buyer.call('GET', `/api/billing/payments/${id}`)).body;

describe(`billing through the real providers' adapters and fakes (${DRIVER})`, () => {
  it('lists every configured method', async () => {
    const plans = await h.call('GET', '/api/billing/plans');
    expect(plans.body.methods).toEqual(['sandbox', 'payos', 'vnpay', 'momo', 'stripe']);
  });

  describe.each(DRIVERS.map((driver) => [driver.method, driver] as const))('%s', (method, driver) => {
    it('creates the payment for the server’s amount; refuses forged, tampered and wrong amounts without a trace; a good notification credits once; a late failure does not un-pay', async () => {
      const buyer = await makeBuyer(h);
      // The client's amount is not read: the server's price is what the provider is asked for.
      const created = await checkout(buyer, 'pack_50', method, { extra: { amount_vnd: 1, language: 'en' } });
      const { id, order_code: code } = created.body.payment;
      expect(created.body.payment).toMatchObject({ status: 'pending', amount_vnd: PACK.priceVnd, credits: PACK.credits, method });
      expect(created.body.redirect_url).toBe(created.body.payment.checkout_url);
      expect(await driver.amountAtProvider(code, created.body.redirect_url)).toBe(PACK.priceVnd);

      const paid = driver.pay(code);
      const before = await billingDigest(h);
      for (const [what, note, answer] of [
        ['forged', driver.forged(code), driver.badSignature],
        ['tampered', driver.tampered(code), driver.badSignature],
        ['wrong amount', driver.wrongAmount(code), driver.amountMismatch],
      ] as const) {
        expect(await deliver(h, method, note), what).toEqual(answer);
        expect(await billingDigest(h), `${what}: nothing changes`).toEqual(before);
      }
      expect((await orderOf(buyer, id)).status).toBe('pending');
      expect(await balanceOf(buyer)).toBe(5);

      expect(await deliver(h, method, paid)).toEqual(driver.ok);
      const order = await orderOf(buyer, id);
      expect(order).toMatchObject({ status: 'completed', receipt_number: expect.stringMatching(/^ATL-\d{4}-\d{6}$/), checkout_url: null });
      expect(await balanceOf(buyer)).toBe(5 + PACK.credits);

      // The provider retries (or replays): acknowledged, credited once.
      const afterPaid = await billingDigest(h);
      expect(await deliver(h, method, paid)).toEqual(driver.ok);
      expect(await deliver(h, method, paid)).toEqual(driver.ok);
      expect(await billingDigest(h)).toEqual(afterPaid);
      expect(await ledgerRows(h, buyer.id, `order:${id}`)).toHaveLength(1);

      // A cancel or failure arriving after the payment: acknowledged, the order stays paid.
      expect(await deliver(h, method, driver.failureAfterPaid(code))).toEqual(driver.ok);
      expect(await orderOf(buyer, id)).toMatchObject({ status: 'completed', failure_reason: null });
      expect(await balanceOf(buyer)).toBe(5 + PACK.credits);
      const receipt = await buyer.call('GET', `/api/billing/payments/${id}/receipt`);
      expect(receipt.status).toBe(200);
      expect(receipt.body.payment).toMatchObject({ amount_vnd: PACK.priceVnd, method });
    });

    it('delivers money received after a cancel', async () => {
      const buyer = await makeBuyer(h);
      const created = await checkout(buyer, 'pack_50', method);
      const { id, order_code: code } = created.body.payment;
      await driver.amountAtProvider(code, created.body.redirect_url);
      const cancelled = driver.cancel(code);
      // Without a notification of it, the success page's refresh learns it from the provider.
      const told = cancelled ? await deliver(h, method, cancelled) : await buyer.call('POST', `/api/billing/payments/${id}/refresh`);
      expect(told.status).toBe(cancelled ? driver.ok.status : 200);
      const failed = await orderOf(buyer, id);
      expect(failed.status).toBe('failed');
      expect(['cancelled', 'expired']).toContain(failed.failure_reason);
      expect(await balanceOf(buyer)).toBe(5);

      expect(await deliver(h, method, driver.paidAfterCancel(code))).toEqual(driver.ok);
      expect(await orderOf(buyer, id)).toMatchObject({ status: 'completed', failure_reason: null });
      expect(await balanceOf(buyer)).toBe(5 + PACK.credits);
      expect(await ledgerRows(h, buyer.id, `order:${id}`)).toHaveLength(1);
    });

    it('the return URL alone credits nothing: the success page’s refresh asks the provider, which says pending', async () => {
      const buyer = await makeBuyer(h);
      const created = await checkout(buyer, 'pack_50', method);
      const { id, order_code: code } = created.body.payment;
      await driver.amountAtProvider(code, created.body.redirect_url);
      let returnUrl = `/payment/success?order=${id}`;
      if (method === 'vnpay') {
        // What VNPay appends to the return URL claims success (signed); VNPay itself still says "not finished".
        const txn = fakes.vnpay.transaction(code);
        Object.assign(txn, { responseCode: '00', transactionStatus: '00' });
        returnUrl = new URL(fakes.vnpay.returnUrlFor(code)).pathname + new URL(fakes.vnpay.returnUrlFor(code)).search;
        Object.assign(txn, { responseCode: null, transactionStatus: '01' });
      }
      const before = await billingDigest(h);
      await (await h.app.request(returnUrl)).text();
      expect(await billingDigest(h)).toEqual(before);
      const refreshed = await buyer.call('POST', `/api/billing/payments/${id}/refresh`);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toMatchObject({ status: 'pending', paid_at: null });
      expect(await balanceOf(buyer)).toBe(5);
    });
  });

  it('Stripe renews by itself: invoice.paid for the next period is a completed renewal order and a queued cycle, once', async () => {
    const buyer = await makeBuyer(h);
    const created = await checkout(buyer, 'basic', 'stripe', { period: 'monthly' });
    const { id, order_code: code } = created.body.payment;
    const price = planPrice(PLANS.basic, 'monthly')!;
    const session = fakes.stripe.sessionFor(code);
    expect(session).toMatchObject({ mode: 'subscription', amount_total: price });
    expect(await deliver(h, 'stripe', fakes.stripe.pay(code))).toEqual({ status: 200, body: { received: true } });
    expect(await orderOf(buyer, id)).toMatchObject({ status: 'completed', change: 'new' });
    const overview = (await buyer.call('GET', '/api/billing/overview')).body;
    expect(overview.subscription).toMatchObject({ plan: 'basic', auto_renew: true, method: 'stripe', next: null });

    const renewal = fakes.stripe.renew(code);
    expect(await deliver(h, 'stripe', renewal)).toEqual({ status: 200, body: { received: true } });
    expect(await deliver(h, 'stripe', renewal)).toEqual({ status: 200, body: { received: true } });
    const payments = (await buyer.call('GET', '/api/billing/payments')).body.items;
    expect(payments).toHaveLength(2);
    expect(payments.find((payment: { id: string }) => payment.id !== id)).toMatchObject({
      status: 'completed',
      change: 'renewal',
      item: 'basic',
      period: 'monthly',
      amount_vnd: price,
      method: 'stripe',
    });
    const cycles = await h.database.kysely.selectFrom('plan_cycles').selectAll().where('user_id', '=', buyer.id).orderBy('starts_at').execute();
    expect(cycles).toHaveLength(2);
    expect(cycles[1]!.starts_at.getTime()).toBe(cycles[0]!.ends_at.getTime());
    expect(cycles[1]!.started_at).toBeNull();
    const after = (await buyer.call('GET', '/api/billing/overview')).body;
    expect(after.subscription.next).toMatchObject({ plan: 'basic', period: 'monthly', starts_at: cycles[0]!.ends_at.toISOString() });
    // The renewal's credits come when its cycle starts, not now.
    expect(after.balance).toBe(5 + planCycleCredits(PLANS.basic, 'monthly')!);
  });

  describe('a plan checkout replaced by a newer one (docs/product-rules.md#plan-settlement)', () => {
    it('payOS closes the replaced link; a transfer that still arrives goes to the balance, whole', async () => {
      const buyer = await makeBuyer(h);
      await buy(h, buyer, 'basic', 'monthly');
      const older = (await checkout(buyer, 'pro', 'payos', { period: 'monthly' })).body.payment;
      const newer = (await checkout(buyer, 'pro', 'payos', { period: 'monthly' })).body.payment;
      expect(fakes.payos.link(older.order_code)).toMatchObject({ status: 'CANCELLED', cancellationReason: 'Replaced by a newer order' });
      expect(fakes.payos.link(newer.order_code).status).toBe('PENDING');
      expect(await orderOf(buyer, older.id)).toMatchObject({ status: 'failed', failure_reason: 'superseded', checkout_url: null });

      expect(await deliver(h, 'payos', fakes.payos.pay(newer.order_code))).toEqual({ status: 200, body: { success: true } });
      expect(await deliver(h, 'payos', fakes.payos.notificationFor(older.order_code, { amount: older.amount_vnd }))).toEqual({
        status: 200,
        body: { success: true },
      });
      expect(await orderOf(buyer, older.id)).toMatchObject({
        status: 'completed',
        outcome: 'balance',
        failure_reason: 'superseded',
        balance_credit_vnd: older.amount_vnd,
        credits: 0,
      });
      expect(await orderOf(buyer, newer.id)).toMatchObject({ status: 'completed', outcome: 'delivered', change: 'upgrade' });
      const count = await expectMoneyKept(h, buyer, 'payOS, replaced');
      expect(count.balance).toBeGreaterThanOrEqual(older.amount_vnd);
      // The receipt mail says where the money went.
      const mail = (await h.outbox()).find((item) => item.to === buyer.email && item.kind === 'receipt' && item.text.includes('số dư'));
      expect(mail?.text).toContain('một đơn hàng mới hơn đã thay thế đơn này');
    });

    it('VNPay cannot close its page: money paid there with its notification lost is found by reconciliation and goes to the balance', async () => {
      const buyer = await makeBuyer(h);
      await buy(h, buyer, 'basic', 'monthly');
      const older = (await checkout(buyer, 'pro', 'vnpay', { period: 'monthly' })).body.payment;
      await DRIVERS[1]!.amountAtProvider(older.order_code, older.checkout_url);
      await checkout(buyer, 'pro', 'sandbox', { period: 'monthly' });
      expect((await orderOf(buyer, older.id)).failure_reason).toBe('superseded');
      fakes.vnpay.pay(older.order_code);
      h.clock.advance((RECONCILE_AFTER_MINUTES + 1) * MINUTE_MS);
      await h.billing.runOnce();
      expect(await orderOf(buyer, older.id)).toMatchObject({ status: 'completed', outcome: 'balance', balance_credit_vnd: older.amount_vnd });
      expect((await buyer.call('GET', '/api/billing/overview')).body).toMatchObject({ plan: 'basic', balance_vnd: older.amount_vnd });
      await expectMoneyKept(h, buyer, 'VNPay, replaced, reconciled');
    });

    it('Stripe: the replaced session paid anyway buys only balance, and its subscription is set not to renew', async () => {
      const buyer = await makeBuyer(h);
      await buy(h, buyer, 'basic', 'monthly');
      const older = (await checkout(buyer, 'pro', 'stripe', { period: 'monthly' })).body.payment;
      const newer = (await checkout(buyer, 'pro', 'stripe', { period: 'monthly' })).body.payment;
      expect(await deliver(h, 'stripe', fakes.stripe.pay(newer.order_code))).toEqual({ status: 200, body: { received: true } });
      expect(await deliver(h, 'stripe', fakes.stripe.pay(older.order_code))).toEqual({ status: 200, body: { received: true } });
      expect(await orderOf(buyer, older.id)).toMatchObject({ status: 'completed', outcome: 'balance' });
      const olderSubscription = fakes.stripe.sessionFor(older.order_code).subscription as string;
      const newerSubscription = fakes.stripe.sessionFor(newer.order_code).subscription as string;
      expect(fakes.stripe.subscriptions.get(olderSubscription)!.cancel_at_period_end).toBe(true);
      expect(fakes.stripe.subscriptions.get(newerSubscription)!.cancel_at_period_end).toBeFalsy();
      expect((await buyer.call('GET', '/api/billing/overview')).body.subscription).toMatchObject({ plan: 'pro', auto_renew: true, method: 'stripe' });
      await expectMoneyKept(h, buyer, 'Stripe, replaced');
    });
  });

  describe('reconciliation', () => {
    it('completes an order paid at the provider whose notification never came, once; leaves an unpaid one pending, then gives it up as expired', async () => {
      const buyer = await makeBuyer(h);
      const viaPayos = (await checkout(buyer, 'pack_50', 'payos')).body.payment;
      const viaVnpay = (await checkout(buyer, 'pack_50', 'vnpay')).body.payment;
      await DRIVERS[1]!.amountAtProvider(viaVnpay.order_code, viaVnpay.checkout_url);
      const unpaid = (await checkout(buyer, 'pack_150', 'sandbox')).body.payment;
      // Paid at the providers; their notifications are lost.
      fakes.payos.pay(viaPayos.order_code);
      fakes.vnpay.pay(viaVnpay.order_code);

      // Too early: a pending order is asked about only after RECONCILE_AFTER_MINUTES.
      await h.billing.runOnce();
      expect((await orderOf(buyer, viaPayos.id)).status).toBe('pending');

      h.clock.advance((RECONCILE_AFTER_MINUTES + 1) * MINUTE_MS);
      await h.billing.runOnce();
      expect(await orderOf(buyer, viaPayos.id)).toMatchObject({ status: 'completed' });
      expect(await orderOf(buyer, viaVnpay.id)).toMatchObject({ status: 'completed' });
      expect(await orderOf(buyer, unpaid.id)).toMatchObject({ status: 'pending' });
      expect(await balanceOf(buyer)).toBe(5 + 2 * PACK.credits);

      // Later runs, and the notification arriving after all: nothing more.
      h.clock.advance(10 * MINUTE_MS);
      await h.billing.runOnce();
      expect(await deliver(h, 'payos', fakes.payos.notificationFor(viaPayos.order_code))).toEqual({ status: 200, body: { success: true } });
      expect(await balanceOf(buyer)).toBe(5 + 2 * PACK.credits);
      expect(await ledgerRows(h, buyer.id, `order:${viaPayos.id}`)).toHaveLength(1);
      expect(await ledgerRows(h, buyer.id, `order:${viaVnpay.id}`)).toHaveLength(1);
      expect(await orderOf(buyer, unpaid.id)).toMatchObject({ status: 'pending' });

      // Its provider still calls it pending a day after its page closed: given up.
      h.clock.advance((PAYMENT_WINDOW_MINUTES + GIVE_UP_AFTER_HOURS * 60) * MINUTE_MS);
      await h.billing.runOnce();
      expect(await orderOf(buyer, unpaid.id)).toMatchObject({ status: 'failed', failure_reason: 'expired', paid_at: null, checkout_url: null });
      expect(await balanceOf(buyer)).toBe(5 + 2 * PACK.credits);
      expect(await ledgerRows(h, buyer.id, `order:${unpaid.id}`)).toHaveLength(0);
    });
  });
});
