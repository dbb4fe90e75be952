// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import type { BillingOverview, Payment } from '../../contract/billing.schema.ts';
import { jsonResponse, makePayment } from '../../../tests/fixtures/test-data.ts';
import { fakeApi } from '../../../tests/fixtures/fake-fetch.ts';
import { PaymentCancelPage, PaymentErrorPage, PaymentSuccessPage } from './PaymentResultPage.tsx';
import { billingKeys } from './queries.ts';
import { renderInRouter } from '../../lib/test-router.test-helper.tsx';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';
import type { PaymentPollTiming } from './use-payment-status.ts';

const pending = makePayment();
const completed: Payment = {
  ...pending,
  status: 'completed',
  outcome: 'delivered',
  paid_at: '2026-03-01T00:01:00.000Z',
  checkout_url: null,
  receipt_number: 'ATL-2026-000123',
};
const overview: BillingOverview = { plan: 'pro', subscription: null, balance: 305, balance_vnd: 0, buckets: [] };

/** Fast clocks: the same sequence as the real 2 s / 5 s / 15 s / 10 min, in milliseconds. */
const FAST: PaymentPollTiming = { pollMs: 20, firstRefreshMs: 60, refreshEveryMs: 100, giveUpMs: 400 };

const api = fakeApi(() => jsonResponse(pending));

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});

const reads = () => api.calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/billing/payments/order-1');
const refreshes = () => api.calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/billing/payments/order-1/refresh');
const state = () => screen.getByTestId('payment-result').dataset.state;

describe('/payment/success', () => {
  it('polls a pending order, asks the provider after the first wait, and shows what was bought once the server says it is paid', async () => {
    let paid = false;
    api.answer = (call) => {
      if (call.url.pathname === '/api/billing/overview') return jsonResponse(overview);
      if (call.url.pathname.endsWith('/refresh')) {
        paid = true;
        return jsonResponse(completed);
      }
      return jsonResponse(paid ? completed : pending);
    };
    const client = createTestQueryClient();
    // The balance on screen elsewhere (the profile) and the payment history, cached before paying.
    client.setQueryData(['auth', 'profile'], { id: 'user-1', credits: 5 });
    client.setQueryData([...billingKeys.payments(), 20], { pages: [], pageParams: [] });
    renderInRouter(() => <PaymentSuccessPage order="order-1" timing={FAST} />, client);
    await waitFor(() => expect(state()).toBe('pending'));
    expect(screen.getByTestId('payment-spinner')).toBeTruthy();
    expect(screen.getByTestId('payment-result').textContent).toContain('Đang xác nhận thanh toán…');
    expect(screen.getByTestId('payment-continue').getAttribute('href')).toBe('https://pay.example/abc');
    await waitFor(() => expect(reads().length).toBeGreaterThanOrEqual(2));

    await waitFor(() => expect(state()).toBe('completed'));
    expect(refreshes()).toHaveLength(1);
    expect(screen.getByTestId('payment-bought').textContent).toBe('Gói Pro (tháng)');
    expect((await screen.findByTestId('payment-balance')).textContent).toBe('305');
    expect(screen.getByTestId('payment-receipt-link').getAttribute('href')).toBe('/receipts/order-1');
    // The credits and the payment history are marked stale: whoever shows them reads them again.
    expect(client.getQueryState(['auth', 'profile'])?.isInvalidated).toBe(true);
    expect(client.getQueryState([...billingKeys.payments(), 20])?.isInvalidated).toBe(true);
    const settled = reads().length;
    await new Promise((resolve) => setTimeout(resolve, FAST.pollMs * 4));
    expect(reads().length).toBe(settled);
    expect(client.getQueryData(billingKeys.payment('order-1'))).toEqual(completed);
  });

  it('asks the provider again every interval, then gives up and points to the payment history', async () => {
    api.answer = (call) => (call.url.pathname.endsWith('/refresh') ? jsonResponse({ ok: true }) : jsonResponse(pending));
    renderInRouter(() => <PaymentSuccessPage order="order-1" timing={FAST} />, createTestQueryClient());
    await waitFor(() => expect(state()).toBe('timeout'), { timeout: 2_000 });
    // 60 ms, then every 100 ms, until 400 ms (at most 60, 160, 260, 360: timers may run late on a busy machine).
    expect(refreshes().length).toBeGreaterThanOrEqual(2);
    expect(refreshes().length).toBeLessThanOrEqual(4);
    expect(screen.getByTestId('payment-result').textContent).toContain('Chúng tôi sẽ gửi email cho bạn');
    expect(screen.getByTestId('payment-history-link').getAttribute('href')).toBe('/studio-pricing#payments');
    const asked = reads().length;
    await new Promise((resolve) => setTimeout(resolve, FAST.pollMs * 4));
    expect(reads().length).toBe(asked);
  });

  it('shows a failed order with its reason and the same checkout to retry', async () => {
    api.answer = () => jsonResponse({ ...pending, status: 'failed', failure_reason: 'declined', checkout_url: null });
    renderInRouter(() => <PaymentSuccessPage order="order-1" timing={FAST} />, createTestQueryClient());
    await waitFor(() => expect(state()).toBe('failed'));
    expect(screen.getByTestId('payment-failure').textContent).toBe('Cổng thanh toán từ chối giao dịch');
    expect(screen.getByTestId('payment-retry-link').getAttribute('href')).toBe('/checkout?item=pro&method=payos&period=monthly');
  });

  it('an order a newer checkout replaced: what happened, no retry of it, the history where the newer one is', async () => {
    api.answer = () => jsonResponse({ ...pending, status: 'failed', failure_reason: 'superseded', checkout_url: null });
    renderInRouter(() => <PaymentSuccessPage order="order-1" timing={FAST} />, createTestQueryClient());
    await waitFor(() => expect(state()).toBe('failed'));
    expect(screen.getByTestId('payment-failure').textContent).toBe('Đã được thay bằng một đơn hàng mới hơn');
    expect(screen.getByTestId('payment-superseded').textContent).toContain('số tiền sẽ được cộng vào số dư tài khoản');
    expect(screen.queryByTestId('payment-retry-link')).toBeNull();
    expect(screen.getByTestId('payment-history-link').getAttribute('href')).toBe('/studio-pricing#payments');
  });

  it('a payment that bought only balance says so, not "you bought the plan", with the balance it is in', async () => {
    const toBalance: Payment = { ...completed, outcome: 'balance', failure_reason: 'superseded', credits: 0, balance_credit_vnd: 300_001, amount_vnd: 300_001 };
    api.answer = (call) => (call.url.pathname === '/api/billing/overview' ? jsonResponse({ ...overview, balance_vnd: 300_121 }) : jsonResponse(toBalance));
    renderInRouter(() => <PaymentSuccessPage order="order-1" timing={FAST} />, createTestQueryClient());
    await waitFor(() => expect(state()).toBe('completed'));
    expect(screen.getByTestId('payment-to-balance').textContent?.replace(/\s/g, ' ')).toBe('Đã nhận thanh toán: 300.001 ₫ vào số dư tài khoản');
    expect(screen.getByTestId('payment-result').textContent).toContain('Đơn Gói Pro (tháng) này đã được thay bằng một đơn hàng mới hơn');
    expect(screen.queryByTestId('payment-bought')).toBeNull();
    expect((await screen.findByTestId('payment-money-balance')).textContent?.replace(/\s/g, ' ')).toBe('300.121 ₫');
    expect(screen.getByTestId('payment-receipt-link').getAttribute('href')).toBe('/receipts/order-1');
  });

  it('says when the link carries no order, and when the order cannot be read', async () => {
    const first = renderInRouter(() => <PaymentSuccessPage order={undefined} timing={FAST} />, createTestQueryClient());
    await waitFor(() => expect(state()).toBe('missing'));
    expect(api.calls).toHaveLength(0);
    first.unmount();
    api.answer = () => jsonResponse({ message: 'Không tìm thấy đơn hàng' }, 404);
    renderInRouter(() => <PaymentSuccessPage order="order-1" timing={FAST} />, createTestQueryClient());
    await waitFor(() => expect(state()).toBe('error'));
    expect(screen.getByTestId('payment-result').textContent).toContain('Không tìm thấy đơn hàng');
  });
});

describe('/payment/cancel and /payment/error', () => {
  it('cancel: nothing charged, retry the same checkout', async () => {
    api.answer = () => jsonResponse({ ...pending, item: 'pack_150', period: null, status: 'failed', failure_reason: 'cancelled' });
    renderInRouter(() => <PaymentCancelPage order="order-1" />, createTestQueryClient());
    await waitFor(() => expect(screen.getByTestId('payment-retry-link').getAttribute('href')).toBe('/checkout?item=pack_150&method=payos'));
    expect(screen.getByTestId('payment-result').textContent).toContain('Không có khoản tiền nào bị trừ');
  });

  it('cancel without an order: the checkout picker', async () => {
    renderInRouter(() => <PaymentCancelPage order={undefined} />, createTestQueryClient());
    await waitFor(() => expect(screen.getByTestId('payment-retry-link').getAttribute('href')).toBe('/checkout'));
    expect(api.calls).toHaveLength(0);
  });

  it('error: the reason given in the address and the order number for support', async () => {
    api.answer = () => jsonResponse({ message: 'gone' }, 404);
    const first = renderInRouter(() => <PaymentErrorPage order={undefined} reason="expired" />, createTestQueryClient());
    await waitFor(() => expect(screen.getByTestId('payment-error-reason').textContent).toBe('Hết thời hạn thanh toán'));
    first.unmount();
    api.answer = () => jsonResponse({ ...pending, status: 'failed', failure_reason: 'error' });
    renderInRouter(() => <PaymentErrorPage order="order-1" reason="nonsense" />, createTestQueryClient());
    await waitFor(() => expect(screen.getByTestId('payment-error-reason').textContent).toBe('Cổng thanh toán gặp lỗi'));
    expect(screen.getByTestId('payment-result').textContent).toContain('mã đơn 100245');
  });
});
