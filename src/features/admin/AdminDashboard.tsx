import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UserStatistics } from '../../contract/admin.schema.ts';
import { formatCount, formatPercent, NO_FIGURE } from '../../lib/format.ts';
import { isLocale } from '../../lib/i18n.ts';
import { Card } from '../../ui/Card.tsx';
import { LoadStates, Page } from '../../ui/Page.tsx';
import { userStatisticsQueryOptions } from './api.ts';
import * as s from './admin.css.ts';

/**
 * /admin and /admin/dashboard (docs/product-rules.md#routes-admin): user statistics from GET /api/admin/statistics/users
 * (totals, verified, new in 7 and 30 days, by plan), numbers in the reader's locale.
 */
export function AdminDashboard() {
  const titleId = useId();
  const statistics = useQuery(userStatisticsQueryOptions());
  return (
    <Page
      testId="admin-dashboard"
      titleId={titleId}
      eyebrow={<Trans>Quản trị</Trans>}
      title={<Trans>Bảng điều khiển quản trị</Trans>}
      lead={<Trans>Tổng quan người dùng của Atelier.</Trans>}
    >
      <LoadStates
        query={statistics}
        loading={<Trans>Đang tải số liệu…</Trans>}
        renderError={(loadError) => <Trans>Không tải được số liệu người dùng: {loadError}</Trans>}
        offline={<Trans>Đang ngoại tuyến: số liệu người dùng sẽ tải khi có mạng trở lại.</Trans>}
        testId="admin-stats"
      >
        {(data) => <Statistics data={data} />}
      </LoadStates>
    </Page>
  );
}

function Statistics({ data }: { data: UserStatistics }) {
  const { i18n, t } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'vi';
  const count = (value: number) => formatCount(value, locale);
  const share = (part: number) => (data.total_users > 0 ? formatPercent(part / data.total_users, locale) : NO_FIGURE);
  const plans = Object.entries(data.by_plan).toSorted(([, a], [, b]) => b - a);
  const plansId = useId();
  const verified = share(data.verified_users);
  return (
    <>
      <dl className={s.cards} data-testid="admin-user-stats">
        <Stat label={t`Tổng người dùng`} value={count(data.total_users)} testId="stat-total" />
        <Stat label={t`Đã xác minh email`} value={count(data.verified_users)} note={t`Chiếm ${verified} tổng số`} testId="stat-verified" />
        <Stat label={t`Mới trong 7 ngày`} value={count(data.new_users_7d)} testId="stat-new-7d" />
        <Stat label={t`Mới trong 30 ngày`} value={count(data.new_users_30d)} testId="stat-new-30d" />
      </dl>
      <section className={s.panel} aria-labelledby={plansId}>
        <h2 id={plansId} className={s.panelTitle}>
          <Trans>Theo gói</Trans>
        </h2>
        {plans.length === 0 ? (
          <p className={s.lead}>
            <Trans>Chưa có người dùng.</Trans>
          </p>
        ) : (
          <ul className={s.bars} data-testid="stat-by-plan">
            {plans.map(([plan, users]) => (
              <li key={plan} className={s.barRow}>
                <span className={s.barLabel}>{plan}</span>
                <span className={s.barTrack} aria-hidden="true">
                  <span className={s.barFill} style={{ width: data.total_users > 0 ? `${(users / data.total_users) * 100}%` : 0 }} />
                </span>
                <span className={s.barValue}>
                  {count(users)} <span className={s.muted}>({share(users)})</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Stat({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <Card className={s.card} data-testid={testId}>
      <dt className={s.cardLabel}>{label}</dt>
      <dd className={s.cardValue}>{value}</dd>
      {note && <dd className={s.cardNote}>{note}</dd>}
    </Card>
  );
}
