import { Trans } from '@lingui/react/macro';
import { Chip } from '../../../ui/Chip.tsx';
import { AppLink } from '../../../ui/link.tsx';
import * as s from '../image-to-video/param-controls.css.ts';

/** The "paid plan" badge beside an option the account's plan does not include. */
export function PaidPlanBadge() {
  return (
    <Chip tone="accent" className={s.paidBadge}>
      <Trans>Gói trả phí</Trans>
    </Chip>
  );
}

/** One line under the choice when a paid-plan option is chosen, with the way to the plans. */
export function PaidPlanNote({ testId }: { testId: string }) {
  return (
    <p className={s.note} role="status" data-testid={testId}>
      <Trans>
        Phóng to ×3, ×4 và video trên 1080p dành cho gói trả phí. <AppLink to="/studio-pricing">Xem các gói</AppLink>
      </Trans>
    </p>
  );
}
