import { Trans } from '@lingui/react/macro';
import { Chip } from '../../../ui/Chip.tsx';
import { AppLink } from '../../../ui/link.tsx';
import * as s from './param-controls.css.ts';

/** The "paid plan" badge beside an option the account's plan does not include. */
export function PaidPlanBadge() {
  return (
    <Chip tone="accent" className={s.paidBadge}>
      <Trans>Gói trả phí</Trans>
    </Chip>
  );
}

/** One line under the choice when a paid-plan option is chosen, with the way to the plans. */
export function PaidPlanNote() {
  return (
    <p className={s.note} role="status" data-testid="video-paid-note">
      <Trans>
        Video 1080p dành cho gói trả phí. <AppLink to="/studio-pricing">Xem các gói</AppLink>
      </Trans>
    </p>
  );
}
