// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import type { Receipt } from '../../contract/billing.schema.ts';
import { jsonResponse } from '../../../tests/fixtures/test-data.ts';
import { messages as en } from '../../locales/en/app/billing.po';
import { ReceiptPage } from './ReceiptPage.tsx';
import { renderInRouter } from '../../lib/test-router.test-helper.tsx';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';

const receipt: Receipt = {
  payment: {
    id: 'p1',
    order_code: 100245,
    created_at: '2026-03-01T03:00:00.000Z',
    paid_at: '2026-03-01T03:01:00.000Z',
    item: 'pro',
    period: 'annual',
    change: 'upgrade',
    price_vnd: 4_790_400,
    amount_vnd: 4_640_400,
    proration_credit_vnd: 150_000,
    balance_applied_vnd: 0,
    balance_credit_vnd: 0,
    credits: 3600,
    status: 'completed',
    outcome: 'delivered',
    failure_reason: null,
    method: 'vnpay',
    checkout_url: null,
    receipt_number: 'ATL-2026-000123',
  },
  seller: {
    name: 'Công ty TNHH Atelier',
    address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
    tax_code: '0312345678',
    email: 'billing@atelier.vn',
    phone: '028 1234 5678',
  },
  buyer: { name: 'Nguyễn Lan', email: 'lan@example.com' },
  vat_vnd: 421_855,
  vat_percent: 10,
};

/** A receipt of a payment that bought only balance. */
const toBalance = (failure: 'superseded' | null): Receipt => ({
  ...receipt,
  payment: {
    ...receipt.payment,
    period: 'monthly',
    amount_vnd: 300_001,
    proration_credit_vnd: 0,
    credits: 0,
    outcome: 'balance',
    failure_reason: failure,
    balance_credit_vnd: 300_001,
  },
});

let paths: string[] = [];
let answer: () => Response;

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
  paths = [];
  answer = () => jsonResponse(receipt);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      paths.push(new URL(String(input), 'http://localhost').pathname);
      return answer();
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\s/g, ' ');

describe('ReceiptPage', () => {
  it('shows the seller, the buyer, the number, the amounts with the VAT line and the method, and prints', async () => {
    const print = vi.fn<() => void>();
    vi.stubGlobal('print', print);
    renderInRouter(() => <ReceiptPage paymentId="p1" />, createTestQueryClient());
    const sheet = await screen.findByTestId('receipt');
    expect(paths).toEqual(['/api/billing/payments/p1/receipt']);
    expect(sheet.dataset.number).toBe('ATL-2026-000123');
    expect(sheet.hasAttribute('data-print-receipt')).toBe(true);
    expect(text('receipt-seller')).toContain('Công ty TNHH Atelier');
    expect(text('receipt-seller')).toContain('Mã số thuế: 0312345678');
    expect(text('receipt-seller')).toContain('028 1234 5678');
    expect(text('receipt-buyer')).toContain('lan@example.com');
    expect(text('receipt-total')).toBe('4.640.400 ₫');
    expect(text('receipt-vat')).toBe('421.855 ₫');
    expect(sheet.textContent).toContain('Trong đó thuế GTGT (10%)');
    expect(sheet.textContent?.replace(/\s/g, ' ')).toContain('4.790.400 ₫');
    expect(sheet.textContent).toContain('VNPay');
    expect(sheet.textContent).toContain('Gói Pro (năm)');
    fireEvent.click(screen.getByTestId('receipt-print'));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says what a payment that bought only balance bought, and why, in both languages', async () => {
    answer = () => jsonResponse(toBalance('superseded'));
    renderInRouter(() => <ReceiptPage paymentId="p1" />, createTestQueryClient());
    const sheet = await screen.findByTestId('receipt');
    expect(text('receipt-balance-credit')).toBe('300.001 ₫');
    expect(text('receipt-total')).toBe('300.001 ₫');
    expect(sheet.textContent).toContain('Nạp vào số dư tài khoản');
    expect(text('receipt-balance-note')).toContain('Khoản này được trả cho đơn Gói Pro (tháng), nhưng một đơn hàng mới hơn đã thay thế đơn đó');
    // Not the plan's list price: it did not buy the plan.
    expect(sheet.textContent).not.toContain('499.000');
    cleanup();

    i18n.loadAndActivate({ locale: 'en', messages: en });
    answer = () => jsonResponse(toBalance(null));
    renderInRouter(() => <ReceiptPage paymentId="p1" />, createTestQueryClient());
    await screen.findByTestId('receipt');
    expect(text('receipt-balance-note')).toContain('the plan in force had changed');
    expect(screen.getByTestId('receipt').textContent).toContain('Added to your account balance');
  });

  it('shows the balance taken off and the unused part left over in the balance', async () => {
    answer = () => jsonResponse({ ...receipt, payment: { ...receipt.payment, amount_vnd: 4_540_400, balance_applied_vnd: 100_000, balance_credit_vnd: 0 } });
    renderInRouter(() => <ReceiptPage paymentId="p1" />, createTestQueryClient());
    const sheet = await screen.findByTestId('receipt');
    expect(sheet.textContent?.replace(/\s/g, ' ')).toContain('Trừ số dư tài khoản−100.000 ₫');
    expect(screen.queryByTestId('receipt-balance-credit')).toBeNull();
    cleanup();
    answer = () => jsonResponse({ ...receipt, payment: { ...receipt.payment, amount_vnd: 4_640_520, balance_credit_vnd: 120 } });
    renderInRouter(() => <ReceiptPage paymentId="p1" />, createTestQueryClient());
    await screen.findByTestId('receipt');
    expect(text('receipt-balance-credit')).toBe('+120 ₫');
  });

  it('says the receipt could not load, in English too', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en });
    answer = () => jsonResponse({ message: 'Payment not completed' }, 409);
    renderInRouter(() => <ReceiptPage paymentId="p1" />, createTestQueryClient());
    const error = await screen.findByTestId('receipt-error');
    expect(error.textContent).toContain('Could not load the receipt');
    expect(error.textContent).toContain('Payment not completed');
  });
});
