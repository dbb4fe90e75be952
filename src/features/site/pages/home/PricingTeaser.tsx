import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { ANNUAL_DISCOUNT_PERCENT, annualMonthlyEquivalent, PLANS, type PlanDefinition } from '../../../../contract/plans.ts';
import { INTL_LOCALE } from '../../../../lib/i18n.ts';
import { PLAN_NAMES } from '../../../../lib/plan-names.ts';
import { AppLink } from '../../../../ui/link.tsx';
import { IconCheck } from '../../../../ui/icons/app/IconCheck.tsx';
import * as ui from '../sections.css.ts';
import * as s from './home.css.ts';

/**
 * Three plans of the catalogue (src/contract/plans.ts): prices and credits come from it, so the
 * teaser and /pricing quote the same figures. /pricing says whom each plan is for.
 */
const TEASER: ReadonlyArray<[PlanDefinition, MessageDescriptor]> = [
  [PLANS.free, PLAN_NAMES.free],
  [PLANS.basic, PLAN_NAMES.basic],
  [PLANS.pro, PLAN_NAMES.pro],
];

/** The home page's pricing teaser: three plans, monthly and annual prices in đồng. */
export function PricingTeaser() {
  const { i18n } = useLingui();
  // Intl here rather than src/lib/format-number.ts: that module is a chunk of its own, and the
  // home page's script budget has no room for another request.
  const vnd = (amount: number) => new Intl.NumberFormat(INTL_LOCALE[i18n.locale === 'en' ? 'en' : 'vi'], { style: 'currency', currency: 'VND' }).format(amount);
  const percent = ANNUAL_DISCOUNT_PERCENT;
  return (
    <section className={ui.section.paper} aria-labelledby="home-pricing-title">
      <div className={ui.container}>
        <div className={s.pricingHead}>
          <div className={ui.flushHead}>
            <h2 id="home-pricing-title" className={ui.title}>
              <Trans>Bắt đầu miễn phí, trả tiền khi bạn cần nhiều hơn</Trans>
            </h2>
          </div>
          <p className={s.saveBadge}>
            <Trans>Tiết kiệm {percent}% khi trả theo năm</Trans>
          </p>
        </div>

        <ul className={s.plans}>
          {TEASER.map(([plan, name]) => {
            const monthly = plan.monthlyVnd ?? 0;
            const annual = vnd(annualMonthlyEquivalent(plan) ?? 0);
            const credits = plan.credits;
            return (
              <li key={plan.id}>
                <article className={plan.highlighted ? s.planFeatured : s.plan}>
                  <h3 className={s.planName}>{i18n._(name)}</h3>
                  <div>
                    <p className={s.price}>
                      <span className={s.priceValue}>{vnd(monthly)}</span>
                      {monthly > 0 && <Trans>/ tháng</Trans>}
                    </p>
                    <p className={s.priceAnnual}>{monthly > 0 && <Trans>hoặc {annual}/tháng khi trả theo năm</Trans>}</p>
                  </div>
                  <ul className={s.perks}>
                    {[
                      credits.kind === 'once' ? (
                        <Plural value={credits.amount} other="# tín dụng miễn phí" />
                      ) : credits.kind === 'cycle' ? (
                        <Plural value={credits.monthly} other="# tín dụng mỗi tháng" />
                      ) : null,
                      plan.features.watermark ? <Trans>Ảnh xuất có watermark</Trans> : <Trans>Ảnh xuất không watermark</Trans>,
                    ].map((perk, index) => (
                      <li key={index} className={s.perk}>
                        <IconCheck size={18} strokeWidth={1.75} className={s.perkIcon} />
                        {perk}
                      </li>
                    ))}
                  </ul>
                </article>
              </li>
            );
          })}
        </ul>

        <div className={s.pricingFoot}>
          <AppLink to="/pricing" className={ui.textLink}>
            <Trans>Xem bảng giá đầy đủ</Trans>
          </AppLink>
        </div>
      </div>
    </section>
  );
}
