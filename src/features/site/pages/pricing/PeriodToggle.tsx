import { useId, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { ANNUAL_DISCOUNT_PERCENT, type BillingPeriod } from '../../../../contract/plans.ts';
import * as s from './plan-grid.css.ts';

/** The "SAVE 20%" badge (docs/product-rules.md#annual-discount), its figure from the catalogue. */
export function SaveBadge({ className }: { className?: string }) {
  const percent = ANNUAL_DISCOUNT_PERCENT;
  return (
    <span className={className ? `${s.saveBadge} ${className}` : s.saveBadge}>
      <Trans>Tiết kiệm {percent}%</Trans>
    </span>
  );
}

/**
 * Monthly or annual prices: two native radios drawn as one pill, so arrows switch them, Tab stops
 * once, and a screen reader hears a named group with its checked answer. (Not src/ui's
 * RadioChoice: a chunk of its own would cost the public page a request and bytes of its budget.)
 */
export function PeriodToggle({ period, onChange }: { period: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  const name = useId();
  const option = (value: BillingPeriod, label: ReactNode) => (
    <label className={s.toggleOption} data-testid={`period-${value}`}>
      <input className={s.hidden} type="radio" name={name} value={value} checked={period === value} onChange={() => onChange(value)} />
      {label}
    </label>
  );
  return (
    <fieldset className={s.toggle} data-testid="period-toggle">
      <legend className={s.hidden}>
        <Trans>Chu kỳ thanh toán</Trans>
      </legend>
      {option('monthly', <Trans>Theo tháng</Trans>)}
      {option(
        'annual',
        <>
          <Trans>Theo năm</Trans>
          <SaveBadge className={s.toggleBadge} />
        </>,
      )}
    </fieldset>
  );
}
