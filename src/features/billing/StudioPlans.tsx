import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { PLANS, type BillingPeriod, type PlanDefinition, type PlanId } from '../../contract/plans.ts';
import type { Subscription } from '../../contract/billing.schema.ts';
import { formatDate } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { button } from '../../ui/button.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { AppLink } from '../../ui/link.tsx';
import { PeriodToggle } from '../site/pages/pricing/PeriodToggle.tsx';
import { PlanGrid } from '../site/pages/pricing/PlanGrid.tsx';
import { PLAN_TEXT } from '../site/pages/pricing/plan-text.ts';
import * as g from '../site/pages/pricing/plan-grid.css.ts';
import * as b from './billing.css.ts';

export interface StudioPlansProps {
  /** The account's plan (BillingOverview.plan). */
  plan: PlanId;
  /** Its paid cycle; null on the free plan. */
  subscription: Subscription | null;
  /** Schedules a lower plan (or 'free': do not renew) for the end of the cycle, once confirmed. */
  onDowngrade: (plan: PlanId, period: BillingPeriod) => void;
  /** A change is being saved: the downgrade buttons wait. */
  busy?: boolean;
}

/** What choosing `target` for `period` would be on the account's plan: the contract's PlanChange, and `current` for the free plan itself. */
export type StudioPlanChange = 'current' | 'renewal' | 'upgrade' | 'downgrade';

export function studioPlanChange(
  target: PlanDefinition,
  period: BillingPeriod,
  current: PlanDefinition,
  currentPeriod: BillingPeriod | null,
): StudioPlanChange {
  if (target.rank !== current.rank) return target.rank > current.rank ? 'upgrade' : 'downgrade';
  if (currentPeriod === null || target.monthlyVnd === 0) return 'current';
  if (period === currentPeriod) return 'renewal';
  // A year instead of a month is an upgrade; a month instead of a year waits for the cycle's end.
  return period === 'annual' ? 'upgrade' : 'downgrade';
}

const checkoutPath = (plan: PlanId, period: BillingPeriod) => `/checkout?item=${plan}&period=${period}`;

/**
 * The app's plans section (/studio-pricing): the public grid with the account's plan marked,
 * Upgrade and Renew leading to the checkout, and Downgrade confirmed first because it takes
 * effect when the paid cycle ends. Props only: the page fetches the overview and saves the change.
 */
export function StudioPlans({ plan, subscription, onDowngrade, busy = false }: StudioPlansProps) {
  const { i18n } = useLingui();
  const { locale } = useLocale();
  const currentPeriod = subscription?.period ?? null;
  const [period, setPeriod] = useState<BillingPeriod>(currentPeriod ?? 'monthly');
  const [pending, setPending] = useState<{ plan: PlanId; period: BillingPeriod } | null>(null);
  const current = PLANS[plan];
  const currentName = i18n._(PLAN_TEXT[plan].name);
  const endDate = subscription ? formatDate(subscription.ends_at, locale) : null;
  const waiting = subscription?.scheduled ?? subscription?.next ?? null;

  // The grid passes the period it shows, the toggle's.
  const action = (target: PlanDefinition, shown: BillingPeriod) => {
    const look = `${button({ variant: target.highlighted ? 'accent' : 'secondary' })} ${g.actionButton}`;
    if (target.monthlyVnd === null) {
      return (
        <AppLink to="/contact?topic=business" className={look}>
          <Trans>Đặt lịch demo</Trans>
        </AppLink>
      );
    }
    if (waiting && waiting.plan === target.id && waiting.period === shown && endDate) {
      return (
        <p className={g.actionNote} data-testid="plan-scheduled">
          <Trans>Bắt đầu từ {endDate}</Trans>
        </p>
      );
    }
    switch (studioPlanChange(target, shown, current, currentPeriod)) {
      case 'current':
        return (
          <p className={g.actionNote}>
            <Trans>Bạn đang dùng gói này</Trans>
          </p>
        );
      case 'renewal':
        return (
          <AppLink to={checkoutPath(target.id, shown)} className={look} data-testid="plan-renew">
            <Trans>Gia hạn</Trans>
          </AppLink>
        );
      case 'upgrade':
        return (
          <AppLink to={checkoutPath(target.id, shown)} className={look} data-testid="plan-upgrade">
            <Trans>Nâng cấp</Trans>
          </AppLink>
        );
      case 'downgrade':
        return (
          <button
            type="button"
            className={`${button({ variant: 'secondary' })} ${g.actionButton}`}
            disabled={busy}
            aria-busy={busy || undefined}
            data-testid="plan-downgrade"
            onClick={() => setPending({ plan: target.id, period: shown })}
          >
            <Trans>Hạ gói</Trans>
          </button>
        );
    }
  };

  const badge = (target: PlanDefinition) => {
    if (target.id !== plan) return null;
    if (currentPeriod === 'annual') return <Trans>Gói hiện tại · theo năm</Trans>;
    if (currentPeriod === 'monthly') return <Trans>Gói hiện tại · theo tháng</Trans>;
    return <Trans>Gói hiện tại</Trans>;
  };

  const targetName = pending ? i18n._(PLAN_TEXT[pending.plan].name) : '';
  return (
    <div className={g.studio} data-testid="studio-plans">
      <div className={g.studioBar}>
        <PeriodToggle period={period} onChange={setPeriod} />
        <AppLink to="/contact" className={g.studioContact}>
          <Trans>Liên hệ để có gói riêng</Trans>
        </AppLink>
      </div>
      <div className={b.studioPlanGrid}>
        <PlanGrid period={period} current={plan} badge={badge} action={action} />
      </div>
      {pending ? (
        <ConfirmDialog
          tone="default"
          testId="downgrade"
          title={pending.plan === 'free' ? <Trans>Không gia hạn gói {currentName}?</Trans> : <Trans>Hạ xuống gói {targetName}?</Trans>}
          confirmLabel={<Trans>Hạ gói</Trans>}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            onDowngrade(pending.plan, pending.period);
            setPending(null);
          }}
        >
          <p>
            {endDate ? (
              <Trans>
                Thay đổi có hiệu lực khi kỳ hiện tại kết thúc vào {endDate}. Đến lúc đó, bạn vẫn dùng gói {currentName}.
              </Trans>
            ) : (
              <Trans>Thay đổi có hiệu lực khi kỳ hiện tại kết thúc. Đến lúc đó, bạn vẫn dùng gói {currentName}.</Trans>
            )}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
