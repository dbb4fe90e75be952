import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Chip } from '../../../ui/Chip.tsx';
import { AppLink } from '../../../ui/link.tsx';
import * as s from './param-controls.css.ts';

/** The "paid plan" badge on an option the account's plan does not include. */
export function PaidPlanBadge() {
  return (
    <Chip tone="accent" className={s.paidBadge}>
      <Trans>Gói trả phí</Trans>
    </Chip>
  );
}

/** An option's label, with the badge when the plan does not include it. */
export function withPaidBadge(label: ReactNode, paid: boolean): ReactNode {
  return paid ? (
    <>
      {label}
      <PaidPlanBadge />
    </>
  ) : (
    label
  );
}

/** The line under a choice with options the plan does not include: why, and the way to the plans. */
export function PaidPlanNote({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p className={s.note} data-testid={testId}>
      {children}{' '}
      <AppLink to="/studio-pricing" data-testid={`${testId}-link`}>
        <Trans>Xem các gói đăng ký</Trans>
      </AppLink>
    </p>
  );
}

/**
 * What of a choice is for paid plans, in a sentence: 'Video 1080p dành cho gói trả phí.',
 * 'Phóng to ×3 và ×4 dành cho gói trả phí.' (`values` are the closed options, listed in the locale's way).
 */
export function usePaidText(): (kind: 'video' | 'upscale', values: readonly string[]) => string {
  const { t, i18n } = useLingui();
  return (kind, values) => {
    const list = new Intl.ListFormat(i18n.locale).format(values);
    return kind === 'video' ? t`Video ${list} dành cho gói trả phí.` : t`Phóng to ${list} dành cho gói trả phí.`;
  };
}
