/**
 * The VNPay adapter against a loopback fake of VNPay 2.1.0: the signed payment URL, the IPN's
 * hash and meaning, querydr and refund over the merchant API, and the answers VNPay expects.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createVnpayProvider, vnpayDate, vnpayText } from '../../server/billing/providers/vnpay.ts';
import {
  ProviderRequestError,
  ProviderSignatureError,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderUrls,
} from '../../server/billing/providers/types.ts';
import { FAKE_VNPAY_KEYS, hmacSha512, startFakeVnpay, toRawNotification, vnpayHashData, type FakeNotification, type FakeVnpay } from './fakes/vnpay-fake.ts';

/** The adapter's clock: 17:30 UTC is 00:30 the next day in Vietnam. */
const NOW = new Date('2030-01-01T17:30:00.000Z');
const NOW_VN = '20300102003000';
/** Later, when querydr and refund run (their own vnp_CreateDate). */
const LATER = new Date('2030-01-01T18:45:10.000Z');
const LATER_VN = '20300102014510';

let clock = NOW;

let fake: FakeVnpay;
let provider: PaymentProvider;
let nextCode = 5000;
let nextRequest = 0;

const urls: ProviderUrls = {
  returnUrl: 'https://atelier.test/payment/success?order=7a1c',
  cancelUrl: 'https://atelier.test/payment/cancel?order=7a1c',
  notifyUrl: 'https://atelier.test/api/billing/webhooks/vnpay',
};

function order(overrides: Partial<ProviderOrder> = {}): ProviderOrder {
  return {
    id: '7a1c0000-0000-4000-8000-000000000002',
    code: nextCode++,
    amountVnd: 499_000,
    description: 'Gói Chuyên nghiệp — 1 năm (đã gồm VAT)',
    buyer: { email: 'lan@example.com', name: 'Trần Thị Lan' },
    language: 'vi',
    expiresAt: new Date('2030-01-02T03:04:05.678Z'),
    recurring: null,
    clientIp: '::ffff:203.0.113.7',
    ...overrides,
  };
}

function adapter(overrides: Partial<Parameters<typeof createVnpayProvider>[0]> = {}, fetchImpl?: typeof fetch): PaymentProvider {
  return createVnpayProvider(
    { ...FAKE_VNPAY_KEYS, baseUrl: fake.url, serverIp: '198.51.100.1', ...overrides },
    { now: () => clock, requestId: () => `req${++nextRequest}`, ...(fetchImpl ? { fetch: fetchImpl } : {}) },
  );
}

/** Creates the payment and opens its page, as the browser would. */
async function opened(paying: ProviderOrder) {
  const created = await provider.createPayment(paying, urls);
  const page = await fetch(created.checkoutUrl, { redirect: 'manual' });
  await page.body?.cancel();
  expect(page.status).toBe(200);
  return created;
}

const parse = (notification: FakeNotification) => provider.parseNotification(toRawNotification(notification));
const query = (code: number, providerRef: string | null, createdAt = NOW) =>
  provider.queryPayment({ id: 'x', code, amountVnd: 499_000, providerRef, createdAt });

const refundOf = (paying: ProviderOrder, providerRef: string | null) =>
  provider.refund!(
    { id: paying.id, code: paying.code, amountVnd: paying.amountVnd, providerRef, paidAt: NOW, clientIp: '::ffff:203.0.113.9' },
    'Hoàn tiền: khách đổi ý',
  );

/** A fetch that turns querydr's "not finished" into "paid", leaving the answer's hash as it was. */
const forging: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const json = (await response.json()) as Record<string, unknown>;
  if (json.vnp_TransactionStatus === '01') json.vnp_TransactionStatus = '00';
  return new Response(JSON.stringify(json), { status: 200, headers: { 'Content-Type': 'application/json' } });
};

beforeAll(async () => {
  fake = await startFakeVnpay();
  provider = adapter();
});
beforeEach(() => {
  clock = NOW;
});
afterAll(async () => {
  await fake.close();
});

describe('VNPay createPayment', () => {
  it('builds a payment URL with sorted, encoded, HMAC-SHA512-signed parameters', async () => {
    const paying = order({ code: 778899 });
    const created = await provider.createPayment(paying, urls);
    const [page, queryString] = created.checkoutUrl.split('?') as [string, string];
    expect(page).toBe(fake.paymentUrl);
    const params = Object.fromEntries(new URLSearchParams(queryString));
    expect(params).toEqual({
      vnp_Amount: '49900000',
      vnp_Command: 'pay',
      vnp_CreateDate: NOW_VN,
      vnp_CurrCode: 'VND',
      vnp_ExpireDate: '20300102100405',
      vnp_IpAddr: '203.0.113.7',
      vnp_Locale: 'vn',
      vnp_OrderInfo: 'Goi Chuyen nghiep 1 nam da gom VAT',
      vnp_OrderType: 'other',
      vnp_ReturnUrl: urls.returnUrl,
      vnp_TmnCode: FAKE_VNPAY_KEYS.tmnCode,
      vnp_TxnRef: '778899',
      vnp_Version: '2.1.0',
      vnp_SecureHash: hmacSha512(FAKE_VNPAY_KEYS.hashSecret, vnpayHashData(params)),
    });
    const keys = queryString.split('&').map((pair) => pair.split('=')[0]);
    expect(keys.slice(0, -1)).toEqual(keys.slice(0, -1).toSorted());
    expect(queryString).toContain('vnp_OrderInfo=Goi+Chuyen+nghiep+1+nam+da+gom+VAT');
    expect(queryString).toContain(`vnp_ReturnUrl=${encodeURIComponent(urls.returnUrl)}`);
    expect(created.providerRef).toBe(NOW_VN);

    await opened(order({ code: 778900 }));
    expect(fake.transaction(778900)).toMatchObject({ amount: 49_900_000, transactionStatus: '01', createDate: NOW_VN });
  });

  it('asks for English and falls back to a plain description', async () => {
    const created = await provider.createPayment(order({ language: 'en', description: '—!—', code: 42 }), urls);
    const params = new URLSearchParams(created.checkoutUrl.split('?')[1]);
    expect(params.get('vnp_Locale')).toBe('en');
    expect(params.get('vnp_OrderInfo')).toBe('Thanh toan don hang 42');
    expect(vnpayText('Đơn #12/ABC — ưu đãi!')).toBe('Don 12 ABC uu dai');
    expect(vnpayDate(new Date('2030-12-31T16:59:59.000Z'))).toBe('20301231235959');
  });

  it('is refused by the payment page when tampered with or signed with another secret', async () => {
    const created = await provider.createPayment(order(), urls);
    const tampered = await fetch(created.checkoutUrl.replace('vnp_Amount=49900000', 'vnp_Amount=100'), { redirect: 'manual' });
    expect(tampered.headers.get('location')).toBe('/paymentv2/Payment/Error.html?code=70');
    const wrong = await adapter({ hashSecret: 'ANOTHER' }).createPayment(order(), urls);
    const refused = await fetch(wrong.checkoutUrl, { redirect: 'manual' });
    expect(refused.headers.get('location')).toBe('/paymentv2/Payment/Error.html?code=70');
  });
});

describe('VNPay IPN', () => {
  it('reads a paid IPN, with the same event id when replayed', async () => {
    const paying = order();
    await opened(paying);
    const ipn = fake.pay(paying.code);
    const transactionNo = fake.transaction(paying.code).transactionNo;
    const parsed = await parse(ipn);
    expect(parsed).toEqual({
      eventId: `${paying.code}:${transactionNo}:paid`,
      order: { code: paying.code },
      state: 'paid',
      amountVnd: 499_000,
      providerRef: null,
      renewal: null,
      subscriptionRef: null,
    });
    expect((await parse(ipn))?.eventId).toBe(parsed?.eventId);
    expect((await parse(fake.notificationFor(paying.code)))?.eventId).toBe(parsed?.eventId);
  });

  it('reads cancelled, failed and expired attempts', async () => {
    const ends = [
      [(code: number) => fake.cancel(code), 'cancelled'],
      [(code: number) => fake.fail(code), 'failed'],
      [(code: number) => fake.fail(code, '79'), 'failed'],
      [(code: number) => fake.expire(code), 'expired'],
    ] as const;
    for (const [end, state] of ends) {
      const paying = order();
      await opened(paying);
      expect(await parse(end(paying.code))).toMatchObject({ eventId: `${paying.code}:0:${state}`, state, amountVnd: 499_000, order: { code: paying.code } });
    }
  });

  it('refuses a wrong or missing hash and any tampered parameter', async () => {
    const paying = order();
    await opened(paying);
    fake.pay(paying.code);
    const variants = [
      fake.notificationFor(paying.code, { signature: 'wrong-key' }),
      fake.notificationFor(paying.code, { signature: 'missing' }),
      fake.notificationFor(paying.code, { tamper: { vnp_Amount: '4990000000' } }),
      fake.notificationFor(paying.code, { tamper: { vnp_TxnRef: String(paying.code + 1) } }),
      fake.notificationFor(paying.code, { tamper: { vnp_Extra: '1' } }),
    ];
    for (const variant of variants) await expect(parse(variant)).rejects.toBeInstanceOf(ProviderSignatureError);
    // Parameters that are not VNPay's (added by a proxy) are not signed and do not matter.
    const good = fake.notificationFor(paying.code);
    await expect(parse({ ...good, query: `${good.query}&utm=x` })).resolves.toMatchObject({ state: 'paid' });
  });

  it('passes on a signed amount other than the order (the service refuses it)', async () => {
    const paying = order();
    await opened(paying);
    fake.pay(paying.code);
    expect(await parse(fake.notificationFor(paying.code, { amount: 100_000 }))).toMatchObject({ state: 'paid', amountVnd: 1_000 });
  });

  it('refuses what it cannot read', async () => {
    const paying = order();
    await opened(paying);
    const ipn = fake.pay(paying.code);
    const unreadable: FakeNotification[] = [
      { method: 'GET', query: 'utm=x', headers: {}, body: '' },
      fake.notificationFor(paying.code, { amount: 49_900_050 }),
      { ...ipn, method: 'POST' as 'GET' },
    ];
    for (const bad of unreadable) {
      const error = await parse(bad).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderRequestError);
      expect(error).toMatchObject({ retryable: false });
    }
  });

  it('answers each outcome as VNPay expects', async () => {
    expect(provider.answer('ok')).toEqual({ status: 200, body: { RspCode: '00', Message: 'Confirm Success' } });
    expect(provider.answer('bad-signature')).toEqual({ status: 400, body: { RspCode: '97', Message: 'Invalid signature' } });
    expect(provider.answer('malformed')).toEqual({ status: 400, body: { RspCode: '99', Message: 'Invalid request' } });
    expect(provider.answer('unknown-order')).toEqual({ status: 200, body: { RspCode: '01', Message: 'Order not found' } });
    expect(provider.answer('amount-mismatch')).toEqual({ status: 200, body: { RspCode: '04', Message: 'Invalid amount' } });
  });

  it('delivers an IPN to a receiver as a GET and reads its answer', async () => {
    // A stand-in for the webhook route: the adapter reads the IPN and answers.
    const receiver: Server = createServer(async (request, response) => {
      const raw = { method: request.method ?? 'GET', rawBody: '', headers: new Headers(), query: new URL(request.url ?? '/', 'http://x').searchParams };
      const answer = await provider.parseNotification(raw).then(
        () => provider.answer('ok'),
        (error: unknown) => provider.answer(error instanceof ProviderSignatureError ? 'bad-signature' : 'malformed'),
      );
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const ipnUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/billing/webhooks/vnpay`;
    try {
      const paying = order();
      await opened(paying);
      fake.pay(paying.code);
      expect(await fake.deliver(fake.notificationFor(paying.code), ipnUrl)).toEqual({ status: 200, body: { RspCode: '00', Message: 'Confirm Success' } });
      expect(await fake.deliver(fake.notificationFor(paying.code, { signature: 'wrong-key' }), ipnUrl)).toEqual({
        status: 400,
        body: { RspCode: '97', Message: 'Invalid signature' },
      });
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

describe('VNPay querydr', () => {
  it('reads not found and unfinished as pending, then paid with its amount', async () => {
    const paying = order();
    const { providerRef } = await provider.createPayment(paying, urls);
    expect(await query(paying.code, providerRef)).toEqual({ state: 'pending', amountVnd: null, providerRef: NOW_VN });
    expect(fake.apiCalls.at(-1)).toMatchObject({ command: 'querydr', responseCode: '91' });

    await fetch(`${(await provider.createPayment(paying, urls)).checkoutUrl}`).then((page) => page.body?.cancel());
    clock = LATER;
    expect(await query(paying.code, providerRef)).toEqual({ state: 'pending', amountVnd: 499_000, providerRef: NOW_VN });
    expect(fake.apiCalls.at(-1)).toMatchObject({
      command: 'querydr',
      responseCode: '00',
      json: {
        vnp_TxnRef: String(paying.code),
        vnp_TransactionDate: NOW_VN,
        vnp_CreateDate: LATER_VN,
        vnp_IpAddr: '198.51.100.1',
        vnp_Version: '2.1.0',
        vnp_TmnCode: FAKE_VNPAY_KEYS.tmnCode,
      },
    });

    fake.pay(paying.code);
    // Without providerRef, the order's creation time gives the transaction date.
    expect(await query(paying.code, null, NOW)).toEqual({ state: 'paid', amountVnd: 499_000, providerRef: NOW_VN });
  });

  it('reads a cancelled payment as failed (querydr reports it with status 02)', async () => {
    const paying = order();
    const { providerRef } = await opened(paying);
    fake.cancel(paying.code);
    expect((await query(paying.code, providerRef)).state).toBe('failed');
  });

  it('refuses an answer whose hash does not match, and reports VNPay refusals', async () => {
    const paying = order();
    const { providerRef } = await opened(paying);
    const forged = await adapter({}, forging)
      .queryPayment({ id: 'x', code: paying.code, amountVnd: 499_000, providerRef, createdAt: NOW })
      .catch((error: unknown) => error);
    expect(forged).toBeInstanceOf(ProviderRequestError);
    expect(forged).toMatchObject({ retryable: false });

    const wrongSecret = await adapter({ hashSecret: 'ANOTHER' })
      .queryPayment({ id: 'x', code: paying.code, amountVnd: 499_000, providerRef, createdAt: NOW })
      .catch((error: unknown) => error);
    expect(wrongSecret).toBeInstanceOf(ProviderRequestError);
    expect(fake.apiCalls.at(-1)).toMatchObject({ responseCode: '97' });
  });
});

describe('VNPay refund', () => {
  it('refunds a paid order in full, signed, once', async () => {
    const paying = order();
    const { providerRef } = await opened(paying);
    fake.pay(paying.code);
    clock = LATER;
    const calls = fake.apiCalls.length;
    await refundOf(paying, providerRef);
    const txn = fake.transaction(paying.code);
    expect(txn.refunds).toEqual([
      {
        requestId: expect.stringMatching(/^req\d+$/),
        transactionType: '02',
        amount: 49_900_000,
        createBy: 'atelier',
        orderInfo: 'Hoan tien khach doi y',
        transactionNo: expect.any(String),
      },
    ]);
    expect(fake.apiCalls.slice(calls).map((call) => [call.command, call.responseCode])).toEqual([
      ['querydr', '00'],
      ['refund', '00'],
    ]);
    expect(fake.apiCalls.at(-1)?.json).toMatchObject({
      vnp_TransactionNo: txn.transactionNo,
      vnp_TransactionDate: NOW_VN,
      vnp_CreateDate: LATER_VN,
      vnp_IpAddr: '203.0.113.9',
      vnp_Amount: '49900000',
    });

    // Asked again (a retry): VNPay answers 94, already being refunded, which is success.
    await refundOf(paying, providerRef);
    expect(fake.apiCalls.at(-1)).toMatchObject({ command: 'refund', responseCode: '94' });
    expect(fake.transaction(paying.code).refunds).toHaveLength(1);
  });

  it('refuses to refund an unpaid order or one without its reference', async () => {
    const paying = order();
    const { providerRef } = await opened(paying);
    await expect(refundOf(paying, providerRef)).rejects.toMatchObject({ retryable: false });
    await expect(refundOf(paying, null)).rejects.toBeInstanceOf(ProviderRequestError);
    expect(fake.transaction(paying.code).refunds).toEqual([]);
  });
});
