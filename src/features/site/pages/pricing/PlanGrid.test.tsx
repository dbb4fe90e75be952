// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { PLAN_IDS, PLANS } from '../../../../contract/plans.ts';
import PricingPage from './PricingPage.tsx';
import { formatVnd } from './vnd.ts';
import { renderWithProviders } from '../../../../../tests/fixtures/render.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'vi', messages: {} }));
afterEach(cleanup);

const card = (id: string) => document.querySelector<HTMLElement>(`[data-testid="plan-card"][data-plan="${id}"]`)!;
const rows = (id: string) => [...card(id).querySelectorAll('li')].map((li) => li.textContent);
const text = (id: string, testId: string) => within(card(id)).getByTestId(testId).textContent;

describe('the pricing page’s plan grid', () => {
  it('shows the seven tiers in two labelled groups, monthly prices first', () => {
    renderWithProviders(<PricingPage />);
    expect(
      within(screen.getByTestId('plan-group-personal'))
        .getAllByTestId('plan-card')
        .map((c) => c.dataset.plan),
    ).toEqual(['free', 'basic', 'starter', 'pro']);
    expect(
      within(screen.getByTestId('plan-group-business'))
        .getAllByTestId('plan-card')
        .map((c) => c.dataset.plan),
    ).toEqual(['professional', 'premium', 'enterprise']);
    expect(screen.getByRole('group', { name: 'Chu kỳ thanh toán' })).toBeTruthy();
    expect(text('basic', 'plan-price-month')).toBe(formatVnd(199_000, 'vi'));
    expect(text('free', 'plan-credits')).toBe('5 tín dụng miễn phí');
    expect(text('basic', 'plan-credits')).toBe('100 tín dụng mỗi tháng');
    expect(text('premium', 'plan-credits')).toBe(`Không giới hạn (sử dụng hợp lý ${(2000).toLocaleString('vi-VN')}/tháng)`);
    expect(text('enterprise', 'plan-price')).toContain('Giá theo thỏa thuận');
    expect(within(card('enterprise')).getByRole('link', { name: 'Đặt lịch demo' }).getAttribute('href')).toBe('/contact?topic=business');
    expect(within(card('pro')).getByRole('link', { name: 'Chọn gói Pro' }).getAttribute('href')).toBe('/checkout?item=pro&period=monthly');
  });

  it('shows, billed yearly, 12 × 0.8 × the monthly price with what it comes to a month and the SAVE 20% badge', () => {
    renderWithProviders(<PricingPage />);
    fireEvent.click(screen.getByRole('radio', { name: /Theo năm/ }));
    expect((screen.getByRole('radio', { name: /Theo năm/ }) as HTMLInputElement).checked).toBe(true);
    const paid = PLAN_IDS.filter((id) => (PLANS[id].monthlyVnd ?? 0) > 0);
    expect(paid).toEqual(['basic', 'starter', 'pro', 'professional', 'premium']);
    for (const id of paid) {
      const monthly = PLANS[id].monthlyVnd!;
      const yearly = Math.round(12 * 0.8 * monthly);
      expect(text(id, 'plan-price-total'), id).toBe(`${formatVnd(yearly, 'vi')} thanh toán mỗi năm`);
      expect(text(id, 'plan-price-month'), id).toBe(formatVnd(Math.round(yearly / 12), 'vi'));
      expect(card(id).textContent, id).toContain('Tiết kiệm 20%');
    }
    expect(text('basic', 'plan-price-total')).toBe(`${formatVnd(1_910_400, 'vi')} thanh toán mỗi năm`);
    expect(text('basic', 'plan-credits')).toBe(`${(1200).toLocaleString('vi-VN')} tín dụng mỗi năm`);
    expect(within(card('pro')).getByRole('link', { name: 'Chọn gói Pro' }).getAttribute('href')).toBe('/checkout?item=pro&period=annual');
  });

  it('ticks or crosses the same feature rows on every card, with words for screen readers', () => {
    renderWithProviders(<PricingPage />);
    expect(rows('free')).toContain('Không có: Ảnh xuất không watermark');
    expect(rows('basic')).toContain('Có: Ảnh xuất không watermark');
    expect(rows('basic')).toContain('Không có: Truy cập API');
    expect(rows('pro')).toContain('Có: Truy cập API');
    expect(rows('enterprise')).toContain('Có: Quản lý tài khoản riêng, hóa đơn và hợp đồng');
    for (const id of PLAN_IDS) expect(rows(id)).toHaveLength(6);
  });
});
