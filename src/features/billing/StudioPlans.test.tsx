// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { PlanId } from '../../contract/plans.ts';
import type { Subscription } from '../../contract/billing.schema.ts';
import { formatDate } from '../../lib/format.ts';
import { StudioPlans } from './StudioPlans.tsx';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';
import { setUpDialogTests } from '../../../tests/fixtures/dialog-tests.ts';

setUpDialogTests();

const ENDS_AT = '2026-12-15T00:00:00.000Z';
const subscription = (plan: PlanId, period: 'monthly' | 'annual', extra: Partial<Subscription> = {}): Subscription => ({
  plan,
  period,
  started_at: '2026-11-15T00:00:00.000Z',
  ends_at: ENDS_AT,
  next: null,
  scheduled: null,
  auto_renew: false,
  method: 'payos',
  ...extra,
});

const card = (id: string) => document.querySelector<HTMLElement>(`[data-testid="plan-card"][data-plan="${id}"]`)!;
/** What each card offers: its link's href or button's test id, or its note. */
function actions(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const el of document.querySelectorAll<HTMLElement>('[data-testid="plan-card"]')) {
    const link = el.querySelector('a');
    const buttonEl = el.querySelector('button');
    out[el.dataset.plan!] = link
      ? `${link.textContent} ${link.getAttribute('href')}`
      : buttonEl
        ? `${buttonEl.textContent}`
        : el.lastElementChild!.textContent!;
  }
  return out;
}

function show(plan: PlanId, sub: Subscription | null, onDowngrade = vi.fn<(plan: PlanId, period: 'monthly' | 'annual') => void>(), busy = false) {
  renderWithProviders(<StudioPlans plan={plan} subscription={sub} onDowngrade={onDowngrade} busy={busy} />);
  return onDowngrade;
}

describe('StudioPlans', () => {
  it('on a monthly Starter: Current plan on Starter with Renew, Upgrade above, Downgrade below, a demo for Enterprise', () => {
    show('starter', subscription('starter', 'monthly'));
    expect(within(card('starter')).getByText('Gói hiện tại · theo tháng')).toBeTruthy();
    expect(card('starter').dataset.current).toBe('true');
    expect(card('pro').dataset.current).toBeUndefined();
    expect(actions()).toEqual({
      free: 'Hạ gói',
      basic: 'Hạ gói',
      starter: 'Gia hạn /checkout?item=starter&period=monthly',
      pro: 'Nâng cấp /checkout?item=pro&period=monthly',
      professional: 'Nâng cấp /checkout?item=professional&period=monthly',
      premium: 'Nâng cấp /checkout?item=premium&period=monthly',
      enterprise: 'Đặt lịch demo /contact?topic=business',
    });
  });

  it('switched to yearly, a year of the same plan is an upgrade; from a yearly plan a month is a downgrade', () => {
    show('starter', subscription('starter', 'monthly'));
    fireEvent.click(screen.getByRole('radio', { name: /Theo năm/ }));
    expect(actions().starter).toBe('Nâng cấp /checkout?item=starter&period=annual');
    expect(actions().pro).toBe('Nâng cấp /checkout?item=pro&period=annual');
    cleanup();
    show('pro', subscription('pro', 'annual'));
    expect((screen.getByRole('radio', { name: /Theo năm/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(card('pro')).getByText('Gói hiện tại · theo năm')).toBeTruthy();
    expect(actions().pro).toBe('Gia hạn /checkout?item=pro&period=annual');
    fireEvent.click(screen.getByRole('radio', { name: 'Theo tháng' }));
    expect(actions().pro).toBe('Hạ gói');
  });

  it('on the free plan: no checkout for free, every paid plan an upgrade', () => {
    show('free', null);
    expect(within(card('free')).getByText('Gói hiện tại')).toBeTruthy();
    expect(actions()).toMatchObject({
      free: 'Bạn đang dùng gói này',
      basic: 'Nâng cấp /checkout?item=basic&period=monthly',
      premium: 'Nâng cấp /checkout?item=premium&period=monthly',
      enterprise: 'Đặt lịch demo /contact?topic=business',
    });
    expect(screen.queryByTestId('plan-downgrade')).toBeNull();
  });

  it('asks before a downgrade, saying it takes effect when the cycle ends on its date, then calls onDowngrade', () => {
    const onDowngrade = show('pro', subscription('pro', 'monthly'));
    fireEvent.click(within(card('basic')).getByRole('button', { name: 'Hạ gói' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Hạ xuống gói Basic?')).toBeTruthy();
    expect(dialog.textContent).toContain(`khi kỳ hiện tại kết thúc vào ${formatDate(ENDS_AT, 'vi')}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    expect(onDowngrade).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(card('free')).getByRole('button', { name: 'Hạ gói' }));
    expect(within(screen.getByRole('dialog')).getByText('Không gia hạn gói Pro?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('downgrade-confirm'));
    expect(onDowngrade).toHaveBeenCalledExactlyOnceWith('free', 'monthly');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a scheduled change instead of its button, and holds the downgrade buttons while busy', () => {
    show('pro', subscription('pro', 'monthly', { scheduled: { plan: 'basic', period: 'monthly' } }), undefined, true);
    expect(within(card('basic')).getByTestId('plan-scheduled').textContent).toBe(`Bắt đầu từ ${formatDate(ENDS_AT, 'vi')}`);
    const free = within(card('free')).getByRole('button', { name: 'Hạ gói' }) as HTMLButtonElement;
    expect(free.disabled).toBe(true);
  });
});
