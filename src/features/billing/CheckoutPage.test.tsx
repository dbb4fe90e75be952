// @vitest-environment happy-dom
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import type { BillingPlans, Quote } from '../../contract/billing.schema.ts';
import { jsonResponse, makePayment } from '../../../tests/fixtures/test-data.ts';
import { fakeApi, type FetchCall as Call } from '../../../tests/fixtures/fake-fetch.ts';
import { messages as en } from '../../locales/en/app/billing.po';
import { CheckoutPage } from './CheckoutPage.tsx';
import { leaveFor } from './leave.ts';
import type { CheckoutSearch } from './search.ts';
import { renderInRouter } from '../../lib/test-router.test-helper.tsx';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';

vi.mock('./leave.ts', () => ({ leaveFor: vi.fn<(url: string) => void>() }));

const catalogue: BillingPlans = {
  plans: [{ id: 'free' }, { id: 'basic' }, { id: 'pro' }, { id: 'premium' }, { id: 'enterprise' }],
  packs: [{ id: 'pack_50' }, { id: 'pack_150' }],
  methods: ['payos', 'vnpay', 'sandbox'],
};

const packQuote: Quote = {
  item: 'pack_150',
  period: null,
  change: null,
  price_vnd: 349_000,
  proration_credit_vnd: 0,
  balance_applied_vnd: 0,
  amount_vnd: 349_000,
  credits: 150,
  starts_at: '2026-03-01T00:00:00.000Z',
  ends_at: '2027-03-01T00:00:00.000Z',
};

const payment = makePayment({ item: 'pack_150', period: null, change: null, price_vnd: 349_000, amount_vnd: 349_000, credits: 150 });

function defaultHandler(call: Call): Response {
  if (call.url.pathname === '/api/billing/plans') return jsonResponse(catalogue);
  if (call.url.pathname === '/api/billing/quote') return jsonResponse(packQuote);
  if (call.url.pathname === '/api/billing/checkout') return jsonResponse({ payment, redirect_url: 'https://pay.example/abc' });
  return jsonResponse({ detail: 'not here' }, 404);
}

const api = fakeApi(defaultHandler);

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
  vi.mocked(leaveFor).mockClear();
});

const checkoutCalls = () => api.calls.filter((call) => call.url.pathname === '/api/billing/checkout');
const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\s/g, ' ');

/** The route's part: the search lives in the address, here in state. */
function Harness({ initial, spy }: { initial: CheckoutSearch; spy: (next: CheckoutSearch) => void }) {
  const [search, setSearch] = useState(initial);
  return (
    <CheckoutPage
      search={search}
      onSearchChange={(next) => {
        spy(next);
        setSearch(next);
      }}
    />
  );
}

function setup(initial: CheckoutSearch) {
  const onSearchChange = vi.fn<(next: CheckoutSearch) => void>();
  const view = renderInRouter(() => <Harness initial={initial} spy={onSearchChange} />, createTestQueryClient());
  return { onSearchChange, view };
}

describe('CheckoutPage', () => {
  it('offers the plans on sale and the packs when nothing is chosen, and writes the choice into the address', async () => {
    const { onSearchChange } = setup({});
    await screen.findByTestId('item-picker');
    expect(screen.queryByTestId('pick-free')).toBeNull();
    expect(screen.queryByTestId('pick-enterprise')).toBeNull();
    expect(screen.getByTestId('pick-pro').textContent?.replace(/\s/g, ' ')).toContain('499.000 ₫ / tháng');
    fireEvent.click(screen.getByTestId('period-annual').querySelector('input')!);
    expect(onSearchChange).toHaveBeenLastCalledWith({ item: undefined, period: 'annual', method: 'payos' });
    expect(screen.getByTestId('pick-pro').textContent?.replace(/\s/g, ' ')).toContain('4.790.400 ₫ / năm');
    fireEvent.click(screen.getByTestId('pick-pack_150').querySelector('input')!);
    expect(onSearchChange).toHaveBeenLastCalledWith({ item: 'pack_150', period: 'annual', method: 'payos' });
    await screen.findByTestId('checkout-chosen');
  });

  it('lists the enabled methods with their names and shows the quote in VND with VAT included', async () => {
    setup({ item: 'pack_150' });
    await screen.findByTestId('checkout-chosen');
    expect(text('method-payos')).toBe('Chuyển khoản VietQR (payOS)');
    expect(text('method-sandbox')).toBe('Cổng thử nghiệm (sandbox)');
    expect(screen.queryByTestId('method-stripe')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('checkout-summary').dataset.status).toBe('ready'));
    expect(text('summary-total')).toBe('349.000 ₫');
    expect(text('summary-credits')).toBe('150');
    expect(screen.queryByTestId('summary-proration')).toBeNull();
    expect(screen.getByTestId('checkout-summary').textContent).toContain('Giá đã bao gồm VAT.');
    expect(api.calls.find((call) => call.url.pathname === '/api/billing/quote')?.url.search).toBe('?item=pack_150');
  });

  it('shows the upgrade credit and asks the quote for the plan and period', async () => {
    api.answer = (call) =>
      call.url.pathname === '/api/billing/quote'
        ? jsonResponse({
            ...packQuote,
            item: 'pro',
            period: 'annual',
            change: 'upgrade',
            price_vnd: 4_790_400,
            proration_credit_vnd: 150_000,
            amount_vnd: 4_640_400,
            credits: 3600,
          })
        : defaultHandler(call);
    setup({ item: 'pro', period: 'annual' });
    await waitFor(() => expect(screen.getByTestId('checkout-summary').dataset.status).toBe('ready'));
    expect(text('summary-proration')).toBe('−150.000 ₫');
    expect(text('summary-total')).toBe('4.640.400 ₫');
    expect(screen.queryByTestId('summary-balance')).toBeNull();
    expect(api.calls.find((call) => call.url.pathname === '/api/billing/quote')?.url.search).toBe('?item=pro&period=annual');
  });

  it('shows the account balance taken off', async () => {
    api.answer = (call) =>
      call.url.pathname === '/api/billing/quote' ? jsonResponse({ ...packQuote, balance_applied_vnd: 300_001, amount_vnd: 48_999 }) : defaultHandler(call);
    setup({ item: 'pack_150' });
    await waitFor(() => expect(screen.getByTestId('checkout-summary').dataset.status).toBe('ready'));
    expect(screen.getByTestId('checkout-summary').textContent).toContain('Trừ số dư tài khoản');
    expect(text('summary-balance')).toBe('−300.001 ₫');
    expect(text('summary-total')).toBe('48.999 ₫');
  });

  it('says when a downgrade starts', async () => {
    api.answer = (call) =>
      call.url.pathname === '/api/billing/quote'
        ? jsonResponse({
            ...packQuote,
            item: 'basic',
            period: 'monthly',
            change: 'downgrade',
            price_vnd: 199_000,
            amount_vnd: 199_000,
            credits: 100,
            starts_at: '2026-04-15T00:00:00.000Z',
          })
        : defaultHandler(call);
    setup({ item: 'basic', period: 'monthly' });
    expect((await screen.findByTestId('summary-starts')).textContent).toContain('bắt đầu từ ngày 15 tháng 4, 2026');
  });

  it('refuses to pay before the terms are accepted, then sends one checkout with its key and goes to the provider', async () => {
    setup({ item: 'pack_150', method: 'vnpay' });
    await waitFor(() => expect((screen.getByTestId('checkout-submit') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('checkout-submit'));
    expect(await screen.findByTestId('terms-error')).toBeTruthy();
    expect(checkoutCalls()).toHaveLength(0);

    fireEvent.click(screen.getByTestId('checkout-terms'));
    expect(screen.queryByTestId('terms-error')).toBeNull();
    fireEvent.click(screen.getByTestId('checkout-submit'));
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://pay.example/abc'));
    expect(checkoutCalls()).toHaveLength(1);
    const [call] = checkoutCalls();
    expect(call!.method).toBe('POST');
    expect(call!.body).toEqual({ item: 'pack_150', method: 'vnpay', accept_terms: true, language: 'vi' });
    expect(call!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a retry after a refusal with the same key, and another choice with a new one', async () => {
    let refuse = true;
    api.answer = (call) => {
      if (call.url.pathname === '/api/billing/checkout' && refuse) return jsonResponse({ detail: 'Cổng thanh toán tạm thời không khả dụng' }, 409);
      return defaultHandler(call);
    };
    setup({ item: 'pack_150', period: 'monthly', method: 'payos' });
    await waitFor(() => expect((screen.getByTestId('checkout-submit') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('checkout-terms'));
    fireEvent.click(screen.getByTestId('checkout-submit'));
    expect((await screen.findByTestId('checkout-failure')).textContent).toContain('Cổng thanh toán tạm thời không khả dụng');
    // A plan's period stays out of a pack's body.
    expect(checkoutCalls()[0]!.body).toEqual({ item: 'pack_150', method: 'payos', accept_terms: true, language: 'vi' });

    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(checkoutCalls()).toHaveLength(2));
    const [first, second] = checkoutCalls();
    expect(second!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);

    fireEvent.click(screen.getByTestId('method-sandbox').querySelector('input')!);
    await waitFor(() => expect((screen.getByTestId('method-sandbox').querySelector('input') as HTMLInputElement).checked).toBe(true));
    refuse = false;
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(1));
    expect(checkoutCalls()).toHaveLength(3);
    expect(checkoutCalls()[2]!.body).toEqual({ item: 'pack_150', method: 'sandbox', accept_terms: true, language: 'vi' });
    expect(checkoutCalls()[2]!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key']);
  });

  it('says the pricing could not load, with Retry, and when nothing is on sale', async () => {
    api.answer = (call) => (call.url.pathname === '/api/billing/plans' ? jsonResponse({ message: 'down' }, 503) : defaultHandler(call));
    setup({});
    const error = await screen.findByTestId('checkout-error');
    expect(error.textContent).toContain('Lỗi khi tải bảng giá');
    expect(error.textContent).toContain('Không tải được thông tin giá. Vui lòng thử lại.');
    api.answer = (call) => (call.url.pathname === '/api/billing/plans' ? jsonResponse({ plans: [], packs: [], methods: ['payos'] }) : defaultHandler(call));
    fireEvent.click(screen.getByText('Thử lại'));
    expect((await screen.findByTestId('checkout-empty')).textContent).toContain('Chưa có gói nào đang bán');
  });

  it('reads in English', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en });
    setup({ item: 'pack_150' });
    await waitFor(() => expect(screen.getByTestId('checkout-summary').dataset.status).toBe('ready'));
    expect(text('method-payos')).toBe('VietQR bank transfer (payOS)');
    expect(text('summary-total')).toBe('₫349,000');
    expect(text('checkout-chosen')).toContain('150-credit pack');
    fireEvent.click(screen.getByTestId('checkout-submit'));
    expect((await screen.findByTestId('terms-error')).textContent).toBe('Please accept the Terms of Service and refund policy to continue.');
  });
});
