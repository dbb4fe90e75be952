import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CreditBucket } from '../../contract/billing.schema.ts';
import { PACK_LIST, PACK_VALIDITY_MONTHS } from '../../contract/packs.ts';
import { formatCount, formatDate, formatVnd } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { button } from '../../ui/button.ts';
import { Card } from '../../ui/Card.tsx';
import { EmptyState, ErrorState } from '../../ui/States.tsx';
import { CreditActivity } from './CreditActivity.tsx';
import { bucketLabel } from './labels.ts';
import { PaymentHistory } from './PaymentHistory.tsx';
import { PlanHeaderCard } from './PlanHeaderCard.tsx';
import { billingOverviewQueryOptions } from './queries.ts';
import { SectionLoading, SectionOffline } from './SectionStates.tsx';
import * as s from './billing.css.ts';
import { billingErrorText } from './error-text.ts';

export interface StudioPricingScreenProps {
  /** The plan grid, shown under the current plan. */
  plans: ReactNode;
}

/**
 * /studio-pricing (and /studio/pricing): the current plan and its cycle, the plan grid (a slot),
 * the credit buckets in the order they are spent, the credit packs, the payment history and the
 * credit activity. Each section loads, fails and waits for the network on its own.
 *
 * Test ids: `studio-pricing`, `overview-loading`, `overview-error`, `overview-offline`,
 * `buckets` with `bucket` (`data-source`), `buckets-empty`, `packs` with `pack-buy-<pack>`.
 */
export function StudioPricingScreen({ plans }: StudioPricingScreenProps) {
  const { i18n } = useLingui();
  const overview = useQuery(billingOverviewQueryOptions());
  let head;
  if (overview.data) head = <PlanHeaderCard overview={overview.data} />;
  else if (overview.isError)
    head = (
      <ErrorState title={<Trans>Không tải được gói hiện tại và tín dụng</Trans>} onRetry={() => void overview.refetch()} testId="overview-error">
        <p className={s.muted}>{billingErrorText(i18n, overview.error)}</p>
      </ErrorState>
    );
  else if (overview.fetchStatus === 'paused') head = <SectionOffline section="overview" />;
  else head = <SectionLoading section="overview" lines={2} />;

  return (
    <div className={s.page} data-testid="studio-pricing">
      <header className={s.section}>
        <h1 className={s.title}>
          <Trans>Bảng giá và tín dụng</Trans>
        </h1>
        <p className={s.lead}>
          <Trans>Gói của bạn, số tín dụng còn lại, các khoản đã thanh toán và mọi lần dùng tín dụng.</Trans>
        </p>
      </header>
      {head}
      {plans}
      <section className={s.section} aria-labelledby="buckets-title">
        <div className={s.sectionHead}>
          <h2 id="buckets-title" className={s.sectionTitle}>
            <Trans>Tín dụng của bạn</Trans>
          </h2>
        </div>
        <p className={s.muted}>
          <Trans>Tín dụng sắp hết hạn được dùng trước; tín dụng không có hạn được dùng sau cùng.</Trans>
        </p>
        {overview.data ? (
          <Buckets buckets={overview.data.buckets} />
        ) : overview.isError ? null : overview.fetchStatus === 'paused' ? (
          <SectionOffline section="buckets" />
        ) : (
          <SectionLoading section="buckets" />
        )}
      </section>
      <Packs />
      <PaymentHistory />
      <CreditActivity />
    </div>
  );
}

function Buckets({ buckets }: { buckets: readonly CreditBucket[] }) {
  const { i18n, t } = useLingui();
  const { locale } = useLocale();
  if (buckets.length === 0) {
    return (
      <EmptyState
        title={<Trans>Bạn chưa có tín dụng nào</Trans>}
        variant="compact"
        testId="buckets-empty"
        actions={
          <a href="#packs" className={button({ variant: 'secondary' })}>
            <Trans>Mua thêm tín dụng</Trans>
          </a>
        }
      />
    );
  }
  return (
    <ol className={s.list} data-testid="buckets">
      {buckets.map((bucket) => (
        <li key={bucket.id} className={s.row} data-testid="bucket" data-source={bucket.source}>
          <span className={s.cellStack}>
            <span className={s.choiceName}>{bucketLabel(i18n, bucket)}</span>
            <span className={s.muted}>{bucket.expires_at ? t`Hết hạn ngày ${formatDate(bucket.expires_at, locale)}` : t`Không hết hạn`}</span>
          </span>
          <span className={s.rowAmount} data-testid="bucket-remaining">
            {t`Còn ${formatCount(bucket.remaining, locale)} / ${formatCount(bucket.granted, locale)}`}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Packs() {
  const { t } = useLingui();
  const { locale } = useLocale();
  return (
    <section id="packs" className={s.section} aria-labelledby="packs-title" data-testid="packs">
      <h2 id="packs-title" className={s.sectionTitle}>
        <Trans>Mua thêm tín dụng</Trans>
      </h2>
      <p className={s.muted}>
        <Trans>Mua được với mọi gói, kể cả gói miễn phí. Tín dụng mua thêm dùng được trong {PACK_VALIDITY_MONTHS} tháng.</Trans>
      </p>
      <ul className={s.cards}>
        {PACK_LIST.map((pack) => (
          <Card as="li" key={pack.id} className={s.packCard} tone={pack.highlighted ? 'raised' : 'paper'}>
            <span className={s.choiceName}>{t`${plural(pack.credits, { other: '# tín dụng' })}`}</span>
            <span className={s.packPrice}>{formatVnd(pack.priceVnd, locale)}</span>
            <Link
              to="/checkout"
              search={{ item: pack.id }}
              className={button({ variant: pack.highlighted ? 'accent' : 'secondary' })}
              data-testid={`pack-buy-${pack.id}`}
            >
              <Trans>Mua gói này</Trans>
            </Link>
          </Card>
        ))}
      </ul>
    </section>
  );
}
