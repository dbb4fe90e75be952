/**
 * The MoMo adapter against a loopback fake of MoMo's AIO v2 gateway: signed create, query and
 * refund requests, the IPN's signature and state mapping, and the answers MoMo expects.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMomoProvider, momoState } from '../../server/billing/providers/momo.ts';
import { ProviderRequestError, ProviderSignatureError, type PaymentProvider, type ProviderOrder } from '../../server/billing/providers/types.ts';
import { FAKE_MOMO_KEYS, startFakeMomo, toRawNotification, type FakeMomo } from './fakes/momo-fake.ts';

const NOW = new Date('2026-03-02T08:00:00Z');
const URLS = {
  returnUrl: 'https://atelier.example/payment/success?order=0b6f7a52-3d7e-4c1e-9a55-2f3e8f1d9c10',
  cancelUrl: 'https://atelier.example/payment/cancel?order=0b6f7a52-3d7e-4c1e-9a55-2f3e8f1d9c10',
  notifyUrl: 'https://atelier.example/api/billing/webhooks/momo',
};

function order(overrides: Partial<ProviderOrder> = {}): ProviderOrder {
  return {
    id: '0b6f7a52-3d7e-4c1e-9a55-2f3e8f1d9c10',
    code: 100245,
    amountVnd: 199_000,
    description: 'Gói Basic – 1 tháng',
    buyer: { email: 'lan@example.vn', name: 'Nguyễn Thị Lan' },
    language: 'vi',
    expiresAt: new Date(NOW.getTime() + 15 * 60_000),
    recurring: null,
    clientIp: '203.0.113.7',
    ...overrides,
  };
}

const hmac = (raw: string, key: string = FAKE_MOMO_KEYS.secretKey) => createHmac('sha256', key).update(raw).digest('hex');

let fake: FakeMomo;
let momo: PaymentProvider;

beforeEach(async () => {
  fake = await startFakeMomo();
  momo = createMomoProvider({ ...FAKE_MOMO_KEYS, baseUrl: fake.url }, { now: () => NOW });
});
afterEach(async () => {
  await fake.close();
});

describe('createPayment', () => {
  it('sends a captureWallet request signed over MoMo’s fields in MoMo’s order and returns the payUrl', async () => {
    const created = await momo.createPayment(order({ language: 'en' }), URLS);
    expect(created.providerRef).toBeNull();
    expect(created.checkoutUrl).toBe(`${fake.url}/v2/gateway/pay?t=${Buffer.from('100245').toString('base64url')}`);
    const sent = fake.payments.get('100245')!.request;
    expect(sent).toMatchObject({
      partnerCode: FAKE_MOMO_KEYS.partnerCode,
      requestType: 'captureWallet',
      orderId: '100245',
      amount: 199_000,
      orderInfo: 'Gói Basic – 1 tháng',
      extraData: '',
      redirectUrl: URLS.returnUrl,
      ipnUrl: URLS.notifyUrl,
      lang: 'en',
      orderExpireTime: 15,
      userInfo: { name: 'Nguyễn Thị Lan', email: 'lan@example.vn' },
    });
    // The raw string spelled out by hand, as on MoMo's onetime page.
    const raw =
      `accessKey=${FAKE_MOMO_KEYS.accessKey}&amount=199000&extraData=&ipnUrl=${URLS.notifyUrl}&orderId=100245` +
      `&orderInfo=Gói Basic – 1 tháng&partnerCode=${FAKE_MOMO_KEYS.partnerCode}&redirectUrl=${URLS.returnUrl}` +
      `&requestId=${String(sent.requestId)}&requestType=captureWallet`;
    expect(sent.signature).toBe(hmac(raw));
    expect(fake.requests.map((request) => [request.path, request.status, request.resultCode])).toEqual([['/v2/gateway/api/create', 200, 0]]);
  });

  it('cuts the order info to 255 characters without control characters', async () => {
    await momo.createPayment(order({ description: `Gói\nPro ${'đ'.repeat(400)}` }), URLS);
    const info = fake.payments.get('100245')!.orderInfo;
    expect([...info]).toHaveLength(255);
    expect(info.startsWith('Gói Pro đđ')).toBe(true);
  });

  it('refuses an amount MoMo does not take, without calling MoMo', async () => {
    for (const amountVnd of [999, 50_000_001, 1_500.5]) {
      const error = await momo.createPayment(order({ amountVnd }), URLS).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderRequestError);
      expect((error as ProviderRequestError).retryable).toBe(false);
    }
    expect(fake.requests).toEqual([]);
  });

  it('turns MoMo’s refusal of a wrongly signed request into a final error, and maintenance into a retryable one', async () => {
    const wrongKey = createMomoProvider({ ...FAKE_MOMO_KEYS, secretKey: 'not-the-secret', baseUrl: fake.url });
    const refused = await wrongKey.createPayment(order(), URLS).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(ProviderRequestError);
    expect((refused as ProviderRequestError).retryable).toBe(false);
    expect((refused as Error).message).toContain('resultCode 13');
    expect(fake.requests.at(-1)).toMatchObject({ status: 400, resultCode: 13 });

    fake.nextCreateError = { status: 200, resultCode: 10 };
    const maintenance = await momo.createPayment(order(), URLS).catch((caught: unknown) => caught);
    expect((maintenance as ProviderRequestError).retryable).toBe(true);
    expect(fake.payments.size).toBe(0);
  });
});

describe('parseNotification', () => {
  beforeEach(async () => {
    await momo.createPayment(order(), URLS);
  });

  it('reads a paid IPN: the order code, the amount in VND, MoMo’s transaction id', async () => {
    const ipn = fake.pay(100245);
    const transId = fake.payments.get('100245')!.transId;
    const body = JSON.parse(ipn.body) as Record<string, unknown>;
    // The fake's signature over the IPN fields spelled out by hand (the notification page's order).
    expect(body.signature).toBe(
      hmac(
        `accessKey=${FAKE_MOMO_KEYS.accessKey}&amount=199000&extraData=&message=${String(body.message)}&orderId=100245&orderInfo=Gói Basic – 1 tháng` +
          `&orderType=momo_wallet&partnerCode=${FAKE_MOMO_KEYS.partnerCode}&payType=qr&requestId=${String(body.requestId)}` +
          `&responseTime=${String(body.responseTime)}&resultCode=0&transId=${transId}`,
      ),
    );
    const notification = await momo.parseNotification(toRawNotification(ipn));
    expect(notification).toEqual({
      eventId: `100245:${transId}:paid`,
      order: { code: 100245 },
      state: 'paid',
      amountVnd: 199_000,
      providerRef: String(transId),
      renewal: null,
      subscriptionRef: null,
    });
    // MoMo sends the same IPN again until it gets its 204: the same event.
    const replay = await momo.parseNotification(toRawNotification(fake.notificationFor(100245)));
    expect(replay?.eventId).toBe(`100245:${transId}:paid`);
  });

  it('refuses a tampered signature, a tampered amount, a missing signature and another key', async () => {
    fake.pay(100245);
    const variants = [{ tamperSignature: true }, { tamperAmount: 1_000 }, { omitSignature: true }, { secretKey: 'someone-else' }];
    for (const variant of variants) {
      await expect(momo.parseNotification(toRawNotification(fake.notificationFor(100245, variant)))).rejects.toBeInstanceOf(ProviderSignatureError);
    }
    // A signed IPN for another amount verifies: the service compares it with the order's.
    const other = await momo.parseNotification(toRawNotification(fake.notificationFor(100245, { amount: 1_000 })));
    expect(other?.amountVnd).toBe(1_000);
  });

  it('maps cancelled, expired, failed and pending result codes', async () => {
    const cancelled = await momo.parseNotification(toRawNotification(fake.cancel(100245)));
    expect(cancelled).toMatchObject({ state: 'cancelled', order: { code: 100245 } });
    const transId = fake.payments.get('100245')!.transId;
    expect(cancelled?.eventId).toBe(`100245:${transId}:cancelled`);
    expect((await momo.parseNotification(toRawNotification(fake.expire(100245))))?.state).toBe('expired');
    expect((await momo.parseNotification(toRawNotification(fake.fail(100245))))?.state).toBe('failed');
    expect((await momo.parseNotification(toRawNotification(fake.fail(100245, 1002))))?.state).toBe('failed');
    expect((await momo.parseNotification(toRawNotification(fake.notificationFor(100245, { resultCode: 7000 }))))?.state).toBe('pending');
    expect((await momo.parseNotification(toRawNotification(fake.notificationFor(100245, { resultCode: 9000 }))))?.state).toBe('paid');
  });

  it('calls a body it cannot read malformed, not a bad signature', async () => {
    const raw = toRawNotification(fake.pay(100245));
    for (const rawBody of ['not json', '[1,2]', 'null']) {
      const error = await momo.parseNotification({ ...raw, rawBody }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderRequestError);
      expect((error as ProviderRequestError).retryable).toBe(false);
    }
    await expect(momo.parseNotification({ ...raw, method: 'GET' })).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('delivers an IPN to a receiver as MoMo POSTs it', async () => {
    const received: Array<{ method: string; type: string; body: string }> = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ method: request.method ?? '', type: String(request.headers['content-type']), body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const ipn = fake.pay(100245);
    const delivered = await fake.deliver(ipn, `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/billing/webhooks/momo`);
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    expect(delivered).toEqual({ status: 204, body: '' });
    expect(received).toEqual([{ method: 'POST', type: 'application/json', body: ipn.body }]);
    expect(ipn.path).toBe('/api/billing/webhooks/momo');
  });
});

describe('queryPayment, refund, answer', () => {
  const asked = { id: order().id, code: 100245, amountVnd: 199_000, providerRef: null, createdAt: NOW };

  beforeEach(async () => {
    await momo.createPayment(order(), URLS);
  });

  it('asks MoMo for pending, paid and cancelled orders with a signed query', async () => {
    expect(await momo.queryPayment(asked)).toEqual({ state: 'pending', amountVnd: 199_000, providerRef: null });
    const query = fake.requests.at(-1)!;
    expect(query.path).toBe('/v2/gateway/api/query');
    expect(query.body.signature).toBe(
      hmac(`accessKey=${FAKE_MOMO_KEYS.accessKey}&orderId=100245&partnerCode=${FAKE_MOMO_KEYS.partnerCode}&requestId=${String(query.body.requestId)}`),
    );

    fake.pay(100245);
    const transId = String(fake.payments.get('100245')!.transId);
    expect(await momo.queryPayment(asked)).toEqual({ state: 'paid', amountVnd: 199_000, providerRef: transId });
    fake.cancel(100245);
    expect((await momo.queryPayment(asked)).state).toBe('cancelled');
    fake.expire(100245);
    expect((await momo.queryPayment(asked)).state).toBe('expired');
  });

  it('does not read a query MoMo refused as a payment state', async () => {
    const error = await momo.queryPayment({ ...asked, code: 999 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect((error as Error).message).toContain('resultCode 42');
  });

  it('refunds a paid order in full with a signed refund of its transaction, once', async () => {
    fake.pay(100245);
    const transId = fake.payments.get('100245')!.transId;
    await momo.refund!(
      { id: asked.id, code: 100245, amountVnd: 199_000, providerRef: String(transId), paidAt: NOW, clientIp: '203.0.113.7' },
      'Khách hàng yêu cầu hoàn tiền',
    );
    expect(fake.refunds).toEqual([
      {
        orderId: `100245-refund-${NOW.getTime()}`,
        requestId: expect.any(String),
        transId,
        amount: 199_000,
        description: 'Khách hàng yêu cầu hoàn tiền',
        refundTransId: expect.any(Number),
      },
    ]);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ path: '/v2/gateway/api/refund', status: 200, resultCode: 0 });
    expect(sent.body.signature).toBe(
      hmac(
        `accessKey=${FAKE_MOMO_KEYS.accessKey}&amount=199000&description=Khách hàng yêu cầu hoàn tiền&orderId=100245-refund-${NOW.getTime()}` +
          `&partnerCode=${FAKE_MOMO_KEYS.partnerCode}&requestId=${String(sent.body.requestId)}&transId=${transId}`,
      ),
    );
    // Nothing is left to refund: MoMo refuses (1081), and so does the adapter.
    const later = createMomoProvider({ ...FAKE_MOMO_KEYS, baseUrl: fake.url }, { now: () => new Date(NOW.getTime() + 1_000) });
    const again = await later.refund!(
      { id: asked.id, code: 100245, amountVnd: 199_000, providerRef: String(transId), paidAt: NOW, clientIp: '' },
      'again',
    ).catch((caught: unknown) => caught);
    expect((again as Error).message).toContain('resultCode 1081');
    expect(fake.refunds).toHaveLength(1);
  });

  it('finds the transaction by a query when the order has no reference, and refuses to refund an unpaid order', async () => {
    const refund = { id: asked.id, code: 100245, amountVnd: 199_000, providerRef: null, paidAt: NOW, clientIp: '' };
    await expect(momo.refund!(refund, 'x')).rejects.toBeInstanceOf(ProviderRequestError);
    expect(fake.refunds).toEqual([]);
    fake.pay(100245);
    await momo.refund!(refund, 'x');
    expect(fake.refunds.map((done) => done.transId)).toEqual([fake.payments.get('100245')!.transId]);
  });

  it('answers MoMo in its own terms: 204 for success, 400 with MoMo’s code for a refusal', () => {
    expect(momo.answer('ok')).toEqual({ status: 204, body: null });
    expect(momo.answer('bad-signature')).toEqual({ status: 400, body: { resultCode: 13, message: 'Invalid signature' } });
    expect(momo.answer('unknown-order')).toEqual({ status: 400, body: { resultCode: 42, message: 'Order not found' } });
    expect(momo.answer('amount-mismatch')).toEqual({ status: 400, body: { resultCode: 21, message: 'Invalid amount' } });
    expect(momo.answer('malformed')).toEqual({ status: 400, body: { resultCode: 20, message: 'Bad format request' } });
  });

  it('maps every documented result code', () => {
    const states = Object.fromEntries(
      [0, 9000, 1000, 7000, 7002, 8000, 1005, 1006, 1001, 1002, 1003, 1004, 1007, 1017, 1026, 4100].map((code) => [code, momoState(code)]),
    );
    expect(states).toEqual({
      0: 'paid',
      9000: 'paid',
      1000: 'pending',
      7000: 'pending',
      7002: 'pending',
      8000: 'pending',
      1005: 'expired',
      1006: 'cancelled',
      1001: 'failed',
      1002: 'failed',
      1003: 'failed',
      1004: 'failed',
      1007: 'failed',
      1017: 'failed',
      1026: 'failed',
      4100: 'failed',
    });
  });
});
