import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { ANNUAL_DISCOUNT_PERCENT, PLANS, type BillingPeriod, type PlanDefinition } from '../../../../contract/plans.ts';
import { button } from '../../../../ui/button.ts';
import { ArrowRightIcon } from '../../../../ui/icons/site/ArrowRightIcon.tsx';
import { AppLink } from '../../../../ui/link.tsx';
import * as ui from '../sections.css.ts';
import { CreditCosts } from './CreditCosts.tsx';
import { Packs } from './Packs.tsx';
import { PeriodToggle } from './PeriodToggle.tsx';
import { PlanGrid } from './PlanGrid.tsx';
import { PricingFaq } from './PricingFaq.tsx';
import { PLAN_TEXT } from './plan-text.ts';
import * as g from './plan-grid.css.ts';
import * as s from './pricing.css.ts';

/** Where a plan's card leads a visitor: the app to start free, the checkout, or a demo for enterprise. */
function PublicAction({ plan, period }: { plan: PlanDefinition; period: BillingPeriod }) {
  const { i18n } = useLingui();
  const look = `${button({ variant: plan.highlighted ? 'accent' : 'secondary' })} ${g.actionButton}`;
  if (plan.id === 'free') {
    return (
      <AppLink to="/dashboard" className={look}>
        <Trans>Bắt đầu miễn phí</Trans>
      </AppLink>
    );
  }
  if (plan.monthlyVnd === null) {
    return (
      <AppLink to="/contact?topic=business" className={look}>
        <Trans>Đặt lịch demo</Trans>
      </AppLink>
    );
  }
  const name = i18n._(PLAN_TEXT[plan.id].name);
  return (
    <AppLink to={`/checkout?item=${plan.id}&period=${period}`} className={look}>
      <Trans>Chọn gói {name}</Trans>
    </AppLink>
  );
}

const publicAction = (plan: PlanDefinition, period: BillingPeriod) => <PublicAction plan={plan} period={period} />;

/** The public /pricing page: every plan from the catalogue, the credit costs, the packs and the questions. */
export default function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const free = PLANS.free.credits.kind === 'once' ? PLANS.free.credits.amount : 0;
  const percent = ANNUAL_DISCOUNT_PERCENT;
  return (
    <>
      <section className={s.hero} aria-labelledby="pricing-title">
        <div className={ui.container}>
          <div className={s.heroHead}>
            <div className={ui.flushHead}>
              <p className={ui.eyebrow}>
                <Trans>Bảng giá</Trans>
              </p>
              <h1 id="pricing-title" className={s.heroTitle}>
                <Trans>Giá rõ ràng bằng VND, trả bằng tín dụng bạn dùng</Trans>
              </h1>
              <p className={ui.lead}>
                <Trans>
                  Bắt đầu với {free} tín dụng miễn phí. Khi cần nhiều hơn, chọn gói theo tháng, hoặc trả theo năm để tiết kiệm {percent}%. Mọi giá đã gồm VAT.
                </Trans>
              </p>
            </div>
            <PeriodToggle period={period} onChange={setPeriod} />
          </div>
          <PlanGrid period={period} action={publicAction} />
          <div className={s.customBand}>
            <div>
              <h2 className={s.customTitle}>
                <Trans>Cần một gói riêng?</Trans>
              </h2>
              <p className={s.customText}>
                <Trans>Nhiều cửa hàng, số lượng lớn hay cần tích hợp riêng: chúng tôi đề xuất gói và giá phù hợp.</Trans>
              </p>
            </div>
            <AppLink to="/contact" className={button({ variant: 'primary', size: 'lg' })}>
              <Trans>Liên hệ để có gói riêng</Trans>
              <ArrowRightIcon size={20} />
            </AppLink>
          </div>
        </div>
      </section>
      <CreditCosts />
      <Packs />
      <PricingFaq />
    </>
  );
}
