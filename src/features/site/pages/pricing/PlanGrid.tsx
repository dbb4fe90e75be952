import { useId, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import {
  annualMonthlyEquivalent,
  PLAN_GROUPS,
  PLAN_LIST,
  planCycleCredits,
  planPrice,
  type BillingPeriod,
  type PlanDefinition,
  type PlanFeatures,
  type PlanGroup,
  type PlanId,
} from '../../../../contract/plans.ts';
import { useLocale } from '../../../../lib/use-locale.ts';
import { IconCheck } from '../../../../ui/icons/app/IconCheck.tsx';
import { Stroke } from '../../../../ui/icons/icon.tsx';
import { GROUP_NAME, PLAN_TEXT } from './plan-text.ts';
import { SaveBadge } from './PeriodToggle.tsx';
import * as s from './plan-grid.css.ts';
import { formatCount, formatVnd } from './vnd.ts';

export interface PlanGridProps {
  period: BillingPeriod;
  /** What a plan's card offers to do for the period shown (the public page's sign-up links, the app's upgrade buttons). */
  action: (plan: PlanDefinition, period: BillingPeriod) => ReactNode;
  /** A note over a plan's card (the app's "Current plan"); the highlighted plans get "Recommended" otherwise. */
  badge?: (plan: PlanDefinition) => ReactNode;
  /** The account's plan: its card is outlined. */
  current?: PlanId;
}

/** The catalogue's plans by group, each group a labelled row, so a seller compares the seven tiers at a glance. */
export function PlanGrid({ period, action, badge, current }: PlanGridProps) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div className={s.groups}>
      {PLAN_GROUPS.map((group) => (
        <section key={group} className={s.group} aria-labelledby={`${id}-${group}`} data-testid={`plan-group-${group}`}>
          <h2 id={`${id}-${group}`} className={s.groupName}>
            {i18n._(GROUP_NAME[group])}
          </h2>
          <ul className={s.cards[group]}>
            {plansOf(group).map((plan) => (
              <li key={plan.id}>
                <PlanCard plan={plan} period={period} badge={badge?.(plan)} action={action(plan, period)} current={plan.id === current} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

const plansOf = (group: PlanGroup) => PLAN_LIST.filter((plan) => plan.group === group);

interface PlanCardProps {
  plan: PlanDefinition;
  period: BillingPeriod;
  badge: ReactNode;
  action: ReactNode;
  current: boolean;
}

function PlanCard({ plan, period, badge, action, current }: PlanCardProps) {
  const { i18n } = useLingui();
  const text = PLAN_TEXT[plan.id];
  const tone = plan.highlighted ? 'featured' : 'plain';
  const note = badge ?? (plan.highlighted ? <Trans>Đề xuất</Trans> : null);
  return (
    <article className={s.card[tone]} data-testid="plan-card" data-plan={plan.id} data-current={current || undefined}>
      {note ? <p className={s.badge}>{note}</p> : null}
      <div>
        <h3 className={s.planName}>{i18n._(text.name)}</h3>
        <p className={s.planFor}>{i18n._(text.audience)}</p>
      </div>
      <PlanPrice plan={plan} period={period} />
      <p className={s.credits} data-testid="plan-credits">
        <PlanCredits plan={plan} period={period} />
      </p>
      <ul className={s.features}>
        {featureRows(plan.features).map((row) => (
          <li key={row.label.id} className={row.included ? s.feature : s.featureMissing}>
            {row.included ? (
              <IconCheck size={18} className={s.check} />
            ) : (
              <Stroke size={18} className={s.cross}>
                <path d="m6 6 12 12M18 6 6 18" />
              </Stroke>
            )}
            <span className={s.hidden}>{row.included ? <Trans>Có:</Trans> : <Trans>Không có:</Trans>} </span>
            {i18n._(row.label)}
          </li>
        ))}
      </ul>
      <div className={s.action}>{action}</div>
    </article>
  );
}

/** The price for the period shown: a month's price, and for a year what it comes to a month with the total. */
function PlanPrice({ plan, period }: { plan: PlanDefinition; period: BillingPeriod }) {
  const { locale } = useLocale();
  const price = planPrice(plan, period);
  const perMonth = period === 'annual' ? annualMonthlyEquivalent(plan) : price;
  if (price === null || perMonth === null) {
    return (
      <div className={s.price} data-testid="plan-price">
        <p className={s.priceValue}>
          <Trans>Giá theo thỏa thuận</Trans>
        </p>
        <p className={s.priceNote}>
          <Trans>Báo giá theo khối lượng và nhu cầu tích hợp</Trans>
        </p>
      </div>
    );
  }
  const total = formatVnd(price, locale);
  return (
    <div className={s.price} data-testid="plan-price">
      <p className={s.priceLine}>
        <span className={s.priceValue} data-testid="plan-price-month">
          {formatVnd(perMonth, locale)}
        </span>
        {price > 0 && <Trans>/ tháng</Trans>}
      </p>
      <p className={s.priceNote}>
        {price === 0 ? (
          <Trans>Không cần trả phí để dùng thử</Trans>
        ) : period === 'annual' ? (
          <>
            <span data-testid="plan-price-total">
              <Trans>{total} thanh toán mỗi năm</Trans>
            </span>{' '}
            <SaveBadge />
          </>
        ) : (
          <Trans>Thanh toán theo tháng</Trans>
        )}
      </p>
    </div>
  );
}

/** Credits for the period: the free trial's, a cycle's grant, the fair-use cap of unlimited plans, or the contract's. */
export function PlanCredits({ plan, period }: { plan: PlanDefinition; period: BillingPeriod }) {
  const { locale } = useLocale();
  const credits = plan.credits;
  switch (credits.kind) {
    case 'once':
      return <Plural value={credits.amount} other="# tín dụng miễn phí" />;
    case 'cycle': {
      const amount = planCycleCredits(plan, period) ?? 0;
      return period === 'annual' ? <Plural value={amount} other="# tín dụng mỗi năm" /> : <Plural value={amount} other="# tín dụng mỗi tháng" />;
    }
    case 'unlimited': {
      const cap = formatCount(credits.fairUseMonthly, locale);
      return <Trans>Không giới hạn (sử dụng hợp lý {cap}/tháng)</Trans>;
    }
    case 'custom':
      return <Trans>Tín dụng theo hợp đồng</Trans>;
  }
}

interface FeatureRow {
  label: MessageDescriptor;
  included: boolean;
}

const PRIORITY: Record<PlanFeatures['priority'], MessageDescriptor> = {
  0: msg`Xử lý ưu tiên`,
  1: msg`Xử lý nhanh hơn`,
  2: msg`Xử lý ưu tiên`,
  3: msg`Ưu tiên cao nhất`,
};

/** The same rows in the same order on every card, ticked or crossed, so the cards compare line by line. */
export function featureRows(features: PlanFeatures): FeatureRow[] {
  return [
    { label: msg`Ảnh xuất không watermark`, included: !features.watermark },
    { label: msg`Video 1080p, làm nét ảnh ×3 và ×4`, included: features.hd },
    { label: PRIORITY[features.priority], included: features.priority > 0 },
    { label: msg`Truy cập API`, included: features.api },
    { label: msg`Tạo không giới hạn`, included: features.unlimited },
    { label: msg`Quản lý tài khoản riêng, hóa đơn và hợp đồng`, included: features.dedicatedSupport },
  ];
}
