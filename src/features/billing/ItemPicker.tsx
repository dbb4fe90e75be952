import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import {
  ANNUAL_DISCOUNT_PERCENT,
  BILLING_PERIODS,
  PLANS,
  planCycleCredits,
  planPrice,
  type BillingPeriod,
  type PurchasablePlanId,
} from '../../contract/plans.ts';
import { PACKS, type PackId } from '../../contract/packs.ts';
import type { CheckoutItem } from '../../contract/billing.schema.ts';
import { formatCount, formatVnd } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { RadioChoice } from '../../ui/RadioChoice.tsx';
import { PLAN_NAMES } from '../../lib/plan-names.ts';
import { PERIOD_LABELS } from './labels.ts';
import * as s from './billing.css.ts';

export interface ItemPickerProps {
  /** The plans and packs on sale (GET /api/billing/plans). */
  plans: readonly PurchasablePlanId[];
  packs: readonly PackId[];
  item: CheckoutItem | undefined;
  period: BillingPeriod;
  onItemChange: (item: CheckoutItem) => void;
  onPeriodChange: (period: BillingPeriod) => void;
}

/** The billing period of a plan: monthly, or annual with its saving. Test ids `period-<period>`. */
export function PeriodToggle({ period, onChange }: { period: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  const { i18n } = useLingui();
  return (
    <fieldset className={s.fieldset}>
      <legend className={s.legend}>
        <Trans>Chu kỳ thanh toán</Trans>
      </legend>
      <div className={s.chipRow}>
        {BILLING_PERIODS.map((value) => (
          <RadioChoice key={value} name="billing-period" value={value} checked={period === value} onChange={() => onChange(value)} testId={`period-${value}`}>
            {i18n._(PERIOD_LABELS[value])}
            {value === 'annual' ? (
              <span>
                <Trans>· Tiết kiệm {ANNUAL_DISCOUNT_PERCENT}%</Trans>
              </span>
            ) : null}
          </RadioChoice>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * What to buy: the plans on sale (with the billing period) and the credit packs, as radio cards
 * (one Tab stop per group, arrow keys between answers). Test ids `pick-<item>`.
 */
export function ItemPicker({ plans, packs, item, period, onItemChange, onPeriodChange }: ItemPickerProps) {
  const { i18n, t } = useLingui();
  const { locale } = useLocale();
  return (
    <div className={s.section} data-testid="item-picker">
      {plans.length > 0 ? (
        <>
          <PeriodToggle period={period} onChange={onPeriodChange} />
          <fieldset className={s.fieldset}>
            <legend className={s.legend}>
              <Trans>Gói đăng ký</Trans>
            </legend>
            <div className={s.choices}>
              {plans.map((id) => {
                const plan = PLANS[id];
                const price = planPrice(plan, period);
                const credits = planCycleCredits(plan, period);
                const priceText = price === null ? null : formatVnd(price, locale);
                const cap = credits === null ? '' : formatCount(credits, locale);
                return (
                  <RadioChoice
                    key={id}
                    look="card"
                    name="checkout-item"
                    value={id}
                    checked={item === id}
                    onChange={() => onItemChange(id)}
                    testId={`pick-${id}`}
                  >
                    <span className={s.choiceBody}>
                      <span className={s.choiceName}>{i18n._(PLAN_NAMES[id])}</span>
                      {priceText !== null ? <span>{period === 'annual' ? t`${priceText} / năm` : t`${priceText} / tháng`}</span> : null}
                      {credits !== null ? (
                        <span className={s.choiceMeta}>
                          {plan.credits.kind === 'unlimited' ? t`Không giới hạn (tối đa ${cap} lượt)` : t`${plural(credits, { other: '# tín dụng' })}`}
                        </span>
                      ) : null}
                    </span>
                  </RadioChoice>
                );
              })}
            </div>
          </fieldset>
        </>
      ) : null}
      {packs.length > 0 ? (
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>
            <Trans>Gói tín dụng mua thêm</Trans>
          </legend>
          <div className={s.choices}>
            {packs.map((id) => {
              const pack = PACKS[id];
              return (
                <RadioChoice key={id} look="card" name="checkout-item" value={id} checked={item === id} onChange={() => onItemChange(id)} testId={`pick-${id}`}>
                  <span className={s.choiceBody}>
                    <span className={s.choiceName}>{t`${plural(pack.credits, { other: '# tín dụng' })}`}</span>
                    <span>{formatVnd(pack.priceVnd, locale)}</span>
                  </span>
                </RadioChoice>
              );
            })}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
