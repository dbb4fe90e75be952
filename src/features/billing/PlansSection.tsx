import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { StudioPlans } from './StudioPlans.tsx';
import { EmptyState, ErrorState } from '../../ui/States.tsx';
import { billingOverviewQueryOptions, billingPlansQueryOptions, useUpdateSubscription } from './queries.ts';
import { SectionLoading, SectionOffline } from './SectionStates.tsx';
import * as s from './billing.css.ts';

/**
 * The plan grid of /studio-pricing (docs/product-rules.md#plan-changes): the catalogue the server
 * offers (GET /api/billing/plans) with the account's plan from the overview, Upgrade and Renew
 * to checkout, Downgrade scheduled for the end of the cycle. The spec's three pricing messages
 * are its error and empty states.
 */
export function PlansSection() {
  const { t } = useLingui();
  const plans = useQuery(billingPlansQueryOptions());
  const overview = useQuery(billingOverviewQueryOptions());
  const update = useUpdateSubscription();

  let body;
  if (plans.isError) {
    body = (
      <ErrorState title={<Trans>Lỗi tải bảng giá</Trans>} onRetry={() => void plans.refetch()} testId="plans-error">
        <p className={s.muted}>
          <Trans>Không tải được thông tin bảng giá. Vui lòng thử lại.</Trans>
        </p>
      </ErrorState>
    );
  } else if (plans.data && plans.data.plans.length === 0) {
    body = <EmptyState title={<Trans>Chưa có gói nào</Trans>} testId="plans-empty" />;
  } else if (plans.data && overview.data) {
    body = (
      <StudioPlans
        plan={overview.data.plan}
        subscription={overview.data.subscription}
        busy={update.isPending}
        onDowngrade={(plan, period) => update.mutate({ scheduled: { plan, period } })}
      />
    );
  } else if (plans.fetchStatus === 'paused' || overview.fetchStatus === 'paused') {
    body = <SectionOffline section="plans" />;
  } else if (overview.isError) {
    // The header card above says why the account's state did not load and offers the retry.
    body = null;
  } else {
    body = <SectionLoading section="plans" lines={3} />;
  }

  return (
    <section className={s.section} aria-label={t`Các gói`} data-testid="plans-section">
      {body}
    </section>
  );
}
