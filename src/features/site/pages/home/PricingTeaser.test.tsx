// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { PLANS } from '../../../../contract/plans.ts';
import { formatVnd } from '../../../../lib/format-number.ts';
import PricingPage from '../pricing/PricingPage.tsx';
import { PricingTeaser } from './PricingTeaser.tsx';
import { renderWithProviders } from '../../../../../tests/fixtures/render.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'vi', messages: {} }));
afterEach(cleanup);

const wrap = (node: React.ReactNode) => renderWithProviders(node);

describe('the home page’s pricing teaser', () => {
  it('quotes the catalogue’s free, basic and pro plans: price, annual price a month, credits', () => {
    wrap(<PricingTeaser />);
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Miễn phí', 'Basic', 'Pro']);
    const [free, basic, pro] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(free.textContent).toContain(formatVnd(0, 'vi'));
    expect(free.textContent).toContain(`${PLANS.free.credits.kind === 'once' ? PLANS.free.credits.amount : NaN} tín dụng miễn phí`);
    expect(free.textContent).toContain('Ảnh xuất có watermark');
    for (const [el, plan] of [
      [basic, PLANS.basic],
      [pro, PLANS.pro],
    ] as const) {
      const monthly = plan.monthlyVnd!;
      expect(el.textContent).toContain(formatVnd(monthly, 'vi'));
      expect(el.textContent).toContain(`hoặc ${formatVnd(Math.round((12 * 0.8 * monthly) / 12), 'vi')}/tháng khi trả theo năm`);
      expect(el.textContent).toContain(`${plan.credits.kind === 'cycle' ? plan.credits.monthly : NaN} tín dụng mỗi tháng`);
      expect(el.textContent).toContain('Ảnh xuất không watermark');
    }
    expect(screen.getByText('Tiết kiệm 20% khi trả theo năm')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Xem bảng giá đầy đủ' }).getAttribute('href')).toBe('/pricing');
  });

  it('quotes the same monthly prices and credits as /pricing', () => {
    wrap(<PricingTeaser />);
    const teaser = screen.getAllByRole('article').map((c) => c.textContent);
    cleanup();
    wrap(<PricingPage />);
    for (const [index, id] of (['free', 'basic', 'pro'] as const).entries()) {
      const card = document.querySelector<HTMLElement>(`[data-testid="plan-card"][data-plan="${id}"]`)!;
      const price = within(card).getByTestId('plan-price-month').textContent!;
      const credits = within(card).getByTestId('plan-credits').textContent!;
      expect(teaser[index]).toContain(price);
      expect(teaser[index]).toContain(credits);
    }
  });
});
