import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UsageStats } from '../../contract/dashboard.schema.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { ErrorState } from '../../ui/States.tsx';
import { Card } from '../../ui/Card.tsx';
import { usageStatsQueryOptions } from './api.ts';
import { AuthRequired } from './AuthRequired.tsx';
import { OfflineEmpty } from './OfflineEmpty.tsx';
import { formatCount, formatMonth, formatStorageSize, formatSuccessRate } from '../../lib/format.ts';
import * as s from './dashboard.css.ts';
import * as c from './dashboard-cards.css.ts';

/**
 * The stats cards (docs/product-rules.md#dashboard): generations this month, credits left, assets (with the
 * storage they use of the plan's quota), success rate. Skeletons while the first answer comes; the last known figures stay on screen when a
 * refresh fails (offline); with nothing to show, an error and Retry. Guests get the sign-in card.
 *
 * Stable test ids: `stats-section`, `stat-card` (`data-stat` = generations | credits | assets |
 * success), `stat-value`, `stat-storage`, `stats-loading`, `stats-error`, `stats-retry`.
 */
export function StatsSection({ signedIn }: { signedIn: boolean }) {
  const headingId = useId();
  return (
    <section className={s.section} aria-labelledby={headingId} data-testid="stats-section">
      <h2 id={headingId} className={s.sectionTitle}>
        <Trans>Tổng quan</Trans>
      </h2>
      {signedIn ? (
        <Stats />
      ) : (
        <AuthRequired
          section="stats"
          hint={<Trans>Đăng nhập để xem số lượt tạo trong tháng, tín dụng còn lại, số tài sản và tỉ lệ thành công của bạn.</Trans>}
        />
      )}
    </section>
  );
}

function Stats() {
  const query = useQuery(usageStatsQueryOptions());
  if (query.data) return <StatsCards stats={query.data} />;
  if (query.fetchStatus === 'paused') return <OfflineEmpty section="stats" />;
  if (query.isError) {
    return (
      <ErrorState
        variant="compact"
        className={s.stateCard}
        title={<Trans>Không tải được số liệu</Trans>}
        testId="stats-error"
        retryTestId="stats-retry"
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <StatsSkeleton />;
}

const STAT_IDS = ['generations', 'credits', 'assets', 'success'] as const;

function StatsSkeleton() {
  const { t } = useLingui();
  return (
    <ul className={c.statsGrid} aria-busy="true" aria-label={t`Đang tải số liệu`} data-testid="stats-loading">
      {STAT_IDS.map((id) => (
        <Card as="li" key={id} className={c.statCard}>
          <span className={c.skeletonLine} />
          <span className={c.skeletonValue} />
          <span className={c.skeletonLine} />
        </Card>
      ))}
    </ul>
  );
}

/** The four cards, figures formatted in the reader's language. Exported for tests. */
export function StatsCards({ stats }: { stats: UsageStats }) {
  const { locale } = useLocale();
  const month = formatMonth(stats.month_start, locale);
  const completed = formatCount(stats.completed_total, locale);
  const failed = formatCount(stats.failed_total, locale);
  const used = formatStorageSize(stats.storage_used_bytes, locale);
  const limit = formatStorageSize(stats.storage_limit_bytes, locale);
  return (
    <ul className={c.statsGrid}>
      <StatCard id="generations" label={<Trans>Lượt tạo tháng này</Trans>} value={formatCount(stats.generations_this_month, locale)} hint={month} />
      <StatCard
        id="credits"
        label={<Trans>Tín dụng còn lại</Trans>}
        value={formatCount(stats.credits, locale)}
        hint={<Trans>Dùng chung cho mọi công cụ</Trans>}
      />
      <StatCard
        id="assets"
        label={<Trans>Tài sản</Trans>}
        value={formatCount(stats.assets, locale)}
        hint={
          <span data-testid="stat-storage">
            <Trans>
              Đã dùng {used} trên {limit} dung lượng
            </Trans>
          </span>
        }
      />
      <StatCard
        id="success"
        label={<Trans>Tỉ lệ thành công</Trans>}
        value={formatSuccessRate(stats.success_rate, locale)}
        hint={
          stats.success_rate === null ? (
            <Trans>Chưa có lượt tạo nào kết thúc</Trans>
          ) : (
            <Trans>
              {completed} thành công, {failed} thất bại
            </Trans>
          )
        }
      />
    </ul>
  );
}

function StatCard({ id, label, value, hint }: { id: (typeof STAT_IDS)[number]; label: ReactNode; value: string; hint: ReactNode }) {
  const labelId = useId();
  return (
    <Card as="li" className={c.statCard} data-testid="stat-card" data-stat={id} aria-labelledby={labelId}>
      <span id={labelId} className={c.statLabel}>
        {label}
      </span>
      <span className={c.statValue} data-testid="stat-value">
        {value}
      </span>
      {hint ? <span className={c.statHint}>{hint}</span> : null}
    </Card>
  );
}
