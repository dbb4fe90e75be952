// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import type { ActivityItem, BillingOverview, Payment } from '../../contract/billing.schema.ts';
import { jsonResponse, makePayment } from '../../../tests/fixtures/test-data.ts';
import { fakeApi, type FetchCall as Call } from '../../../tests/fixtures/fake-fetch.ts';
import { messages as en } from '../../locales/en/app/billing.po';
import { messages as appEn } from '../../locales/en/app.po';
import { StudioPricingScreen } from './StudioPricingScreen.tsx';
import { renderInRouter } from '../../lib/test-router.test-helper.tsx';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';

const overview: BillingOverview = {
  plan: 'pro',
  balance: 320,
  balance_vnd: 0,
  subscription: {
    plan: 'pro',
    period: 'monthly',
    started_at: '2026-03-01T00:00:00.000Z',
    ends_at: '2026-04-01T00:00:00.000Z',
    next: null,
    scheduled: { plan: 'basic', period: 'monthly' },
    auto_renew: true,
    method: 'stripe',
  },
  buckets: [
    { id: 'b1', source: 'plan', item: 'pro', granted: 300, remaining: 290, expires_at: '2026-04-01T00:00:00.000Z', created_at: '2026-03-01T00:00:00.000Z' },
    { id: 'b2', source: 'pack', item: 'pack_50', granted: 50, remaining: 25, expires_at: '2027-02-01T00:00:00.000Z', created_at: '2026-02-01T00:00:00.000Z' },
    { id: 'b3', source: 'signup', item: null, granted: 5, remaining: 5, expires_at: null, created_at: '2026-01-01T00:00:00.000Z' },
  ],
};

const basePayment = makePayment({
  id: 'p1',
  created_at: '2026-03-01T03:00:00.000Z',
  paid_at: '2026-03-01T03:01:00.000Z',
  status: 'completed',
  outcome: 'delivered',
  method: 'stripe',
  checkout_url: null,
  receipt_number: 'ATL-2026-000123',
});
const payments: Payment[] = [
  basePayment,
  {
    ...basePayment,
    id: 'p2',
    order_code: 100246,
    item: 'pack_150',
    period: null,
    change: null,
    amount_vnd: 349_000,
    credits: 150,
    status: 'pending',
    outcome: null,
    method: 'payos',
    paid_at: null,
    checkout_url: 'https://pay.example/p2',
    receipt_number: null,
  },
  {
    ...basePayment,
    id: 'p3',
    order_code: 100247,
    item: 'pack_50',
    period: null,
    change: null,
    amount_vnd: 129_000,
    credits: 50,
    status: 'failed',
    outcome: null,
    failure_reason: 'declined',
    method: 'momo',
    paid_at: null,
    receipt_number: null,
  },
];
const older: Payment = { ...basePayment, id: 'p0', order_code: 100200, created_at: '2026-02-01T03:00:00.000Z' };

const activity: ActivityItem[] = [
  { id: 'a1', at: '2026-03-02T10:00:00.000Z', kind: 'generation', subject: 'virtual-tryon', generation_id: 'job-1', amount: -1, balance_after: 319 },
  { id: 'a2', at: '2026-03-02T10:05:00.000Z', kind: 'refund', subject: 'virtual-tryon', generation_id: 'job-2', amount: 1, balance_after: 320 },
  { id: 'a3', at: '2026-03-01T03:01:00.000Z', kind: 'plan', subject: 'pro', generation_id: null, amount: 300, balance_after: 321 },
  { id: 'a4', at: '2026-02-28T00:00:00.000Z', kind: 'expiry', subject: null, generation_id: null, amount: -20, balance_after: 21 },
];

function defaultHandler(call: Call): Response {
  const path = call.url.pathname;
  if (path === '/api/billing/overview') return jsonResponse(overview);
  if (path === '/api/billing/payments') {
    return call.url.searchParams.get('cursor') === 'c2'
      ? jsonResponse({ items: [older], next_cursor: null })
      : jsonResponse({ items: payments, next_cursor: 'c2' });
  }
  if (path === '/api/billing/activity') return jsonResponse({ items: activity, next_cursor: null });
  if (path === '/api/billing/subscription') return jsonResponse({ ok: true });
  return jsonResponse({ message: 'not here' }, 404);
}

const api = fakeApi(defaultHandler);

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});

afterEach(() => {
  onlineManager.setOnline(true);
});

const text = (element: Element) => element.textContent?.replace(/\s/g, ' ');
const puts = () => api.calls.filter((call) => call.method === 'PUT' && call.url.pathname === '/api/billing/subscription');

describe('StudioPricingScreen', () => {
  it('shows the plan, the cycle, the balance and renders the plans slot under it', async () => {
    renderInRouter(() => <StudioPricingScreen plans={<div data-testid="plans-slot" />} />, createTestQueryClient());
    const header = await screen.findByTestId('plan-header');
    expect(header.dataset.plan).toBe('pro');
    expect(text(header.querySelector('h2')!)).toBe('Pro · Theo tháng');
    expect(text(screen.getByTestId('plan-cycle'))).toBe('Chu kỳ hiện tại: 1 tháng 3, 2026 – 1 tháng 4, 2026');
    expect(screen.getByTestId('plan-balance').textContent).toBe('320');
    // No money balance: nothing about it.
    expect(screen.queryByTestId('plan-money-balance')).toBeNull();
    expect(text(screen.getByTestId('plan-scheduled'))).toContain('Sẽ chuyển sang Gói Basic (tháng) từ 1 tháng 4, 2026.');
    expect(screen.getByTestId('plans-slot').compareDocumentPosition(header) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  });

  it('undoes the scheduled change and turns automatic renewal off after a confirmation', async () => {
    renderInRouter(() => <StudioPricingScreen plans={null} />, createTestQueryClient());
    fireEvent.click(await screen.findByTestId('plan-undo'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({ scheduled: null });

    fireEvent.click(screen.getByTestId('plan-auto-renew-off'));
    fireEvent.click(await screen.findByTestId('auto-renew-dialog-cancel'));
    expect(puts()).toHaveLength(1);
    fireEvent.click(screen.getByTestId('plan-auto-renew-off'));
    fireEvent.click(await screen.findByTestId('auto-renew-dialog-confirm'));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]!.body).toEqual({ auto_renew: false });
    // Each change reads the overview again.
    await waitFor(() => expect(api.calls.filter((call) => call.url.pathname === '/api/billing/overview').length).toBeGreaterThanOrEqual(3));
  });

  it('lists the buckets in spending order with their expiry, and the packs with their checkout links', async () => {
    renderInRouter(() => <StudioPricingScreen plans={null} />, createTestQueryClient());
    const buckets = await screen.findAllByTestId('bucket');
    expect(buckets.map((bucket) => bucket.dataset.source)).toEqual(['plan', 'pack', 'signup']);
    expect(text(buckets[0]!)).toContain('Gói Pro');
    expect(text(buckets[0]!)).toContain('Hết hạn ngày 1 tháng 4, 2026');
    expect(text(buckets[1]!)).toContain('Gói 50 tín dụng');
    expect(text(buckets[1]!)).toContain('Còn 25 / 50');
    expect(text(buckets[2]!)).toContain('Không hết hạn');
    expect(screen.getByTestId('pack-buy-pack_150').getAttribute('href')).toBe('/checkout?item=pack_150');
    expect(text(screen.getByTestId('packs'))).toContain('990.000 ₫');
  });

  it('shows the money balance, and what each payment did to it: a replaced checkout, one that bought only balance, an upgrade that left some', async () => {
    const settled: Payment[] = [
      {
        ...basePayment,
        id: 'q1',
        change: 'upgrade',
        amount_vnd: 300_001,
        proration_credit_vnd: 198_999,
        balance_credit_vnd: 120,
        receipt_number: 'ATL-2026-000124',
      },
      {
        ...basePayment,
        id: 'q2',
        change: 'upgrade',
        amount_vnd: 300_001,
        proration_credit_vnd: 0,
        credits: 0,
        outcome: 'balance',
        failure_reason: 'superseded',
        balance_credit_vnd: 300_001,
      },
      { ...basePayment, id: 'q3', status: 'failed', outcome: null, failure_reason: 'superseded', paid_at: null, receipt_number: null },
      { ...basePayment, id: 'q4', change: 'upgrade', amount_vnd: 250_000, credits: 0, outcome: 'balance', balance_credit_vnd: 250_000 },
    ];
    api.answer = (call) =>
      call.url.pathname === '/api/billing/payments'
        ? jsonResponse({ items: settled, next_cursor: null })
        : call.url.pathname === '/api/billing/overview'
          ? jsonResponse({ ...overview, balance_vnd: 550_121 })
          : defaultHandler(call);
    renderInRouter(() => <StudioPricingScreen plans={null} />, createTestQueryClient());
    expect(text(await screen.findByTestId('plan-money-balance'))).toBe('Số dư tài khoản550.121 ₫Tự động trừ vào lần thanh toán tới.');
    await waitFor(() => expect(screen.getAllByTestId('payment-status')).toHaveLength(4));
    const rows = within(screen.getByTestId('payments')).getAllByRole('row').slice(1);
    expect(text(within(rows[0]!).getByTestId('payment-balance-note'))).toBe('Phần chưa dùng còn lại, 120 ₫, đã vào số dư tài khoản');
    expect(within(rows[1]!).getByTestId('payment-status').dataset.outcome).toBe('balance');
    expect(text(within(rows[1]!).getByTestId('payment-balance-note'))).toBe('Đơn đã được thay bằng đơn mới: 300.001 ₫ đã vào số dư tài khoản');
    expect(within(rows[1]!).getByTestId('payment-receipt').getAttribute('href')).toBe('/receipts/q2');
    expect(text(rows[2]!)).toContain('Đã được thay bằng một đơn hàng mới hơn');
    expect(within(rows[2]!).queryByTestId('payment-continue-row')).toBeNull();
    expect(text(within(rows[3]!).getByTestId('payment-balance-note'))).toBe('Gói đang dùng đã đổi từ lúc đặt đơn: 250.000 ₫ đã vào số dư tài khoản');
  });

  it('shows the payment history with status chips, receipts, continue links and the next page', async () => {
    renderInRouter(() => <StudioPricingScreen plans={null} />, createTestQueryClient());
    await waitFor(() => expect(screen.getAllByTestId('payment-status')).toHaveLength(3));
    const table = screen.getByTestId('payments');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(text(rows[0]!)).toContain('Gói Pro (tháng)');
    expect(text(rows[0]!)).toContain('499.000 ₫');
    expect(text(within(rows[0]!).getByTestId('payment-method'))).toBe('Thẻ quốc tế (Stripe)');
    expect(text(within(rows[0]!).getByTestId('payment-credits'))).toBe('300 tín dụng');
    expect(within(rows[0]!).getByTestId('payment-receipt').getAttribute('href')).toBe('/receipts/p1');
    expect(within(rows[1]!).getByTestId('payment-status').textContent).toBe('Đang chờ');
    expect(within(rows[1]!).getByTestId('payment-continue-row').getAttribute('href')).toBe('https://pay.example/p2');
    expect(within(rows[1]!).queryByTestId('payment-receipt')).toBeNull();
    expect(text(rows[2]!)).toContain('Thất bại');
    expect(text(rows[2]!)).toContain('Cổng thanh toán từ chối giao dịch');
    expect(text(rows[2]!)).toContain('Ví MoMo');

    fireEvent.click(screen.getByTestId('payments-more'));
    await waitFor(() => expect(screen.getAllByTestId('payment-status')).toHaveLength(4));
    expect(api.calls.filter((call) => call.url.pathname === '/api/billing/payments').map((call) => call.url.search)).toEqual([
      '?limit=20',
      '?cursor=c2&limit=20',
    ]);
    expect(screen.queryByTestId('payments-more')).toBeNull();
  });

  it('words the credit activity and links a generation to its history entry', async () => {
    renderInRouter(() => <StudioPricingScreen plans={null} />, createTestQueryClient());
    const items = await screen.findAllByTestId('activity-item');
    expect(items.map((item) => item.dataset.kind)).toEqual(['generation', 'refund', 'plan', 'expiry']);
    expect(within(items[0]!).getByRole('link').textContent).toBe('Thử đồ ảo');
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/history?job=job-1');
    expect(within(items[0]!).getByTestId('activity-amount').textContent).toBe('−1');
    expect(within(items[1]!).getByRole('link').textContent).toBe('Hoàn tín dụng: Thử đồ ảo lỗi');
    expect(within(items[1]!).getByTestId('activity-amount').textContent).toBe('+1');
    expect(text(items[2]!)).toContain('Gói Pro');
    expect(within(items[2]!).getByTestId('activity-balance').textContent).toBe('Số dư: 321');
    expect(text(items[3]!)).toContain('Hết hạn');
  });

  it('shows each section failing on its own, with Retry', async () => {
    api.answer = (call) =>
      call.url.pathname === '/api/billing/payments' || call.url.pathname === '/api/billing/overview'
        ? jsonResponse({ message: 'Máy chủ bận' }, 500)
        : defaultHandler(call);
    renderInRouter(() => <StudioPricingScreen plans={null} />, createTestQueryClient());
    expect(text(await screen.findByTestId('overview-error'))).toContain('Máy chủ bận');
    await waitFor(() => expect(screen.getByTestId('payments').dataset.status).toBe('error'));
    expect(text(screen.getByTestId('payments'))).toContain('Không tải được lịch sử thanh toán');
    expect(await screen.findAllByTestId('activity-item')).toHaveLength(4);
    api.answer = defaultHandler;
    fireEvent.click(within(screen.getByTestId('payments')).getByText('Thử lại'));
    await waitFor(() => expect(screen.getAllByTestId('payment-status')).toHaveLength(3));
  });

  it('says a section is empty, and waits for the network offline', async () => {
    api.answer = (call) =>
      call.url.pathname === '/api/billing/activity'
        ? jsonResponse({ items: [], next_cursor: null })
        : call.url.pathname === '/api/billing/payments'
          ? jsonResponse({ items: [], next_cursor: null })
          : defaultHandler(call);
    const view = renderInRouter(() => <StudioPricingScreen plans={null} />, createTestQueryClient());
    expect(await screen.findByTestId('activity-empty')).toBeTruthy();
    await waitFor(() => expect(text(screen.getByTestId('payments'))).toContain('Chưa có khoản thanh toán nào'));
    view.unmount();

    onlineManager.setOnline(false);
    api.answer = () => {
      throw new TypeError('Failed to fetch');
    };
    renderInRouter(() => <StudioPricingScreen plans={null} />, createTestQueryClient());
    expect(await screen.findByTestId('payments-offline')).toBeTruthy();
    expect(await screen.findByTestId('activity-offline')).toBeTruthy();
  });

  it('reads in English', async () => {
    // The tools' names come from the app's own catalog, always loaded.
    i18n.loadAndActivate({ locale: 'en', messages: { ...appEn, ...en } });
    renderInRouter(() => <StudioPricingScreen plans={null} />, createTestQueryClient());
    expect(text(await screen.findByTestId('plan-cycle'))).toBe('Current cycle: March 1, 2026 – April 1, 2026');
    await waitFor(() => expect(screen.getAllByTestId('payment-status')).toHaveLength(3));
    expect(screen.getAllByTestId('payment-status').map((chip) => chip.textContent)).toEqual(['Completed', 'Pending', 'Failed']);
    expect(text(screen.getByTestId('payments'))).toContain('Pro plan (monthly)');
    expect(text(screen.getByTestId('payments'))).toContain('₫499,000');
    const items = await screen.findAllByTestId('activity-item');
    expect(within(items[1]!).getByRole('link').textContent).toBe('Credit refund: Virtual Try-On failed');
  });
});
