/**
 * The payOS adapter against a loopback fake of payOS' API v2: the signed create request, the
 * webhook's signature and meaning, queries, cancels and the answers payOS expects.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayosProvider, payosDescription, type PayosProvider } from '../../server/billing/providers/payos.ts';
import { ProviderRequestError, ProviderSignatureError, type ProviderOrder, type ProviderUrls } from '../../server/billing/providers/types.ts';
import { FAKE_PAYOS_KEYS, startFakePayos, toRawNotification, type FakePayos, type FakePayosRequest } from './fakes/payos-fake.ts';

let fake: FakePayos;
let provider: PayosProvider;
let nextCode = 1000;

const urls: ProviderUrls = {
  returnUrl: 'https://atelier.test/payment/success?order=7a1c',
  cancelUrl: 'https://atelier.test/payment/cancel?order=7a1c',
  notifyUrl: 'https://atelier.test/api/billing/webhooks/payos',
};

function order(overrides: Partial<ProviderOrder> = {}): ProviderOrder {
  return {
    id: '7a1c0000-0000-4000-8000-000000000001',
    code: nextCode++,
    amountVnd: 499_000,
    description: 'Gói Chuyên nghiệp — 1 năm (đã gồm VAT)',
    buyer: { email: 'lan@example.com', name: 'Trần Thị Lan' },
    language: 'vi',
    expiresAt: new Date('2030-01-02T03:04:05.678Z'),
    recurring: null,
    clientIp: '203.0.113.7',
    ...overrides,
  };
}

/** A fetch that changes the checkout URL in payOS' answers, leaving their signature as it was. */
const rewriting: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const json = (await response.json()) as { data: Record<string, unknown> };
  json.data.checkoutUrl = 'https://evil.example/pay';
  return new Response(JSON.stringify(json), { status: 200, headers: { 'Content-Type': 'application/json' } });
};

const query = (code: number, providerRef: string | null) => provider.queryPayment({ id: 'x', code, amountVnd: 499_000, providerRef, createdAt: new Date() });

const lastRequest = (): FakePayosRequest => fake.requests.at(-1)!;

beforeAll(async () => {
  fake = await startFakePayos();
  provider = createPayosProvider({ ...FAKE_PAYOS_KEYS, baseUrl: fake.url });
});
afterAll(async () => {
  await fake.close();
});

describe('payOS createPayment', () => {
  it('sends a signed request with the amount in VND and the description cut to 25 plain characters', async () => {
    const created = await provider.createPayment(order({ code: 424242 }), urls);
    const request = lastRequest();
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v2/payment-requests',
      clientId: FAKE_PAYOS_KEYS.clientId,
      apiKey: FAKE_PAYOS_KEYS.apiKey,
      code: '00',
    });
    const body = request.json as Record<string, unknown>;
    expect(body).toMatchObject({
      orderCode: 424242,
      amount: 499_000,
      description: 'Goi Chuyen nghiep 1 nam d',
      returnUrl: urls.returnUrl,
      cancelUrl: urls.cancelUrl,
      buyerName: 'Trần Thị Lan',
      buyerEmail: 'lan@example.com',
      expiredAt: 1893553445,
    });
    const signed = `amount=499000&cancelUrl=${urls.cancelUrl}&description=Goi Chuyen nghiep 1 nam d&orderCode=424242&returnUrl=${urls.returnUrl}`;
    expect(body.signature).toBe(createHmac('sha256', FAKE_PAYOS_KEYS.checksumKey).update(signed).digest('hex'));
    const link = fake.link(424242);
    expect(created).toEqual({ checkoutUrl: `${fake.url}/web/${link.id}`, providerRef: link.id });
  });

  it('cuts and strips descriptions the way bank transfers carry them', () => {
    expect(payosDescription('Gói 150 tín dụng', 9)).toBe('Goi 150 tin dung');
    expect(payosDescription('Đơn #12/ABC — ưu đãi!', 9)).toBe('Don 12 ABC uu dai');
    expect(payosDescription('—!!—', 77)).toBe('Atelier 77');
    expect(payosDescription('x'.repeat(40), 1)).toHaveLength(25);
  });

  it('reports payOS refusals (wrong key, wrong checksum key, a reused order code) as not retryable', async () => {
    const wrongKey = createPayosProvider({ ...FAKE_PAYOS_KEYS, apiKey: 'nope', baseUrl: fake.url });
    const refusal = await wrongKey.createPayment(order(), urls).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProviderRequestError);
    expect(refusal).toMatchObject({ retryable: false });
    expect((refusal as Error).message).toContain('214');

    const wrongChecksum = createPayosProvider({ ...FAKE_PAYOS_KEYS, checksumKey: 'another', baseUrl: fake.url });
    const unsigned = await wrongChecksum.createPayment(order(), urls).catch((error: unknown) => error);
    expect(unsigned).toMatchObject({ retryable: false });
    expect((unsigned as Error).message).toContain('201');

    const once = order();
    await provider.createPayment(once, urls);
    const twice = await provider.createPayment(once, urls).catch((error: unknown) => error);
    expect(twice).toBeInstanceOf(ProviderRequestError);
    expect((twice as Error).message).toContain('231');
  });

  it('refuses an answer whose data does not match its signature', async () => {
    const tampered = createPayosProvider({ ...FAKE_PAYOS_KEYS, baseUrl: fake.url }, { fetch: rewriting });
    const error = await tampered.createPayment(order(), urls).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect(error).toMatchObject({ retryable: false });
  });

  it('reports an unreachable payOS as retryable', async () => {
    const down = createPayosProvider({ ...FAKE_PAYOS_KEYS, baseUrl: 'http://127.0.0.1:9' });
    const error = await down.createPayment(order(), urls).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect(error).toMatchObject({ retryable: true });
  });

  it('has no refund: payOS has no refund API', () => {
    expect(provider.refund).toBeUndefined();
  });
});

describe('payOS webhooks', () => {
  it('reads a signed transfer as the order paid, with the same event id when replayed', async () => {
    const paying = order();
    const created = await provider.createPayment(paying, urls);
    const webhook = fake.pay(paying.code);
    const reference = fake.link(paying.code).transactions[0]!.reference;
    const parsed = await provider.parseNotification(toRawNotification(webhook));
    expect(parsed).toEqual({
      eventId: `${created.providerRef}:${reference}:paid`,
      order: { code: paying.code },
      state: 'paid',
      amountVnd: 499_000,
      providerRef: created.providerRef,
      renewal: null,
      subscriptionRef: null,
    });
    const replay = await provider.parseNotification(toRawNotification(webhook));
    expect(replay?.eventId).toBe(parsed?.eventId);
  });

  it('passes on a signed amount other than the order (the service refuses it)', async () => {
    const paying = order();
    await provider.createPayment(paying, urls);
    const parsed = await provider.parseNotification(toRawNotification(fake.pay(paying.code, { amount: 1_000 })));
    expect(parsed).toMatchObject({ state: 'paid', amountVnd: 1_000 });
    expect(fake.link(paying.code).status).toBe('UNDERPAID');
  });

  it('refuses a wrong, missing or stale signature, and a tampered amount or order', async () => {
    const paying = order();
    await provider.createPayment(paying, urls);
    fake.pay(paying.code);
    const variants = [
      fake.notificationFor(paying.code, { signature: 'wrong-key' }),
      fake.notificationFor(paying.code, { signature: 'missing' }),
      fake.notificationFor(paying.code, { tamper: { amount: 4_990_000 } }),
      fake.notificationFor(paying.code, { tamper: { orderCode: 1 } }),
    ];
    for (const variant of variants) {
      await expect(provider.parseNotification(toRawNotification(variant))).rejects.toBeInstanceOf(ProviderSignatureError);
    }
    const good = fake.notificationFor(paying.code);
    const body = JSON.parse(good.body) as { signature: string };
    const flipped = {
      ...good,
      body: good.body.replace(
        body.signature,
        body.signature.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      ),
    };
    await expect(provider.parseNotification(toRawNotification(flipped))).rejects.toBeInstanceOf(ProviderSignatureError);
    await expect(provider.parseNotification(toRawNotification(good))).resolves.toMatchObject({ state: 'paid' });
  });

  it('refuses a body it cannot read, and ignores a non-payment code', async () => {
    const paying = order();
    await provider.createPayment(paying, urls);
    const notJson = { method: 'POST' as const, query: '', headers: {}, body: '{"code":' };
    const noData = { method: 'POST' as const, query: '', headers: {}, body: '{"code":"00","signature":"ab"}' };
    for (const bad of [notJson, noData]) {
      const error = await provider.parseNotification(toRawNotification(bad)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderRequestError);
      expect(error).toMatchObject({ retryable: false });
    }
    const asGet = { ...fake.notificationFor(paying.code), method: 'GET' } as unknown as Parameters<typeof toRawNotification>[0];
    await expect(provider.parseNotification(toRawNotification(asGet))).rejects.toBeInstanceOf(ProviderRequestError);
    await expect(provider.parseNotification(toRawNotification(fake.notificationFor(paying.code, { code: '01' })))).resolves.toBeNull();
  });

  it('answers each outcome as payOS expects', () => {
    expect(provider.answer('ok')).toEqual({ status: 200, body: { success: true } });
    expect(provider.answer('bad-signature')).toEqual({ status: 400, body: { success: false, error: 'invalid signature' } });
    expect(provider.answer('malformed')).toEqual({ status: 400, body: { success: false, error: 'malformed webhook' } });
    expect(provider.answer('unknown-order')).toEqual({ status: 200, body: { success: false, error: 'unknown order' } });
    expect(provider.answer('amount-mismatch')).toEqual({ status: 200, body: { success: false, error: 'amount mismatch' } });
  });
});

describe('payOS queryPayment and cancelPayment', () => {
  it('reads pending, paid, cancelled and expired links, by link id or by order code', async () => {
    const pending = order();
    const { providerRef } = await provider.createPayment(pending, urls);
    expect(await query(pending.code, providerRef)).toEqual({ state: 'pending', amountVnd: null, providerRef });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v2/payment-requests/${providerRef}`, code: '00' });

    fake.pay(pending.code);
    expect(await query(pending.code, null)).toEqual({ state: 'paid', amountVnd: 499_000, providerRef });
    expect(lastRequest().path).toBe(`/v2/payment-requests/${pending.code}`);

    const cancelled = order();
    await provider.createPayment(cancelled, urls);
    fake.cancel(cancelled.code);
    expect((await query(cancelled.code, null)).state).toBe('cancelled');

    const expired = order();
    await provider.createPayment(expired, urls);
    fake.expire(expired.code);
    expect((await query(expired.code, null)).state).toBe('expired');

    const underpaid = order();
    await provider.createPayment(underpaid, urls);
    fake.pay(underpaid.code, { amount: 100_000 });
    expect(await query(underpaid.code, null)).toMatchObject({ state: 'pending', amountVnd: null });
  });

  it('refuses an unknown link and a link of another order', async () => {
    await expect(query(999_999_999, null)).rejects.toMatchObject({ retryable: false });
    const other = order();
    const { providerRef } = await provider.createPayment(other, urls);
    await expect(query(other.code + 1, providerRef)).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('cancels an open link', async () => {
    const open = order();
    const { providerRef } = await provider.createPayment(open, urls);
    expect(await provider.cancelPayment(providerRef!, 'Đơn khác thay thế')).toBe('cancelled');
    expect(fake.link(open.code)).toMatchObject({ status: 'CANCELLED', cancellationReason: 'Đơn khác thay thế' });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/v2/payment-requests/${providerRef}/cancel` });
  });
});
