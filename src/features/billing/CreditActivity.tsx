import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { useCursorList } from '../../lib/cursor-list.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { EmptyState, ErrorState } from '../../ui/States.tsx';
import { activityLabel, signedCredits } from './labels.ts';
import { activityInfiniteQueryOptions } from './queries.ts';
import { LoadMore, SectionLoading, SectionOffline } from './SectionStates.tsx';
import * as s from './billing.css.ts';
import { billingErrorText } from './error-text.ts';

/**
 * The credit activity, newest first: when, what (a tool's generation links to its history entry,
 * its refund, a plan's or a pack's credits, an expiry), the change (+/−) and the balance after.
 * Test ids: `activity` (`data-status`), `activity-item` (`data-kind`), `activity-amount`,
 * `activity-balance`, `activity-more`, `activity-offline`, `activity-empty`, `activity-error`.
 */
export function CreditActivity() {
  const { i18n, t } = useLingui();
  const { locale } = useLocale();
  const { query, items = [], offline, loadMore } = useCursorList(activityInfiniteQueryOptions());

  let body;
  if (query.isPending) body = offline ? <SectionOffline section="activity" /> : <SectionLoading section="activity" />;
  else if (query.isError && items.length === 0)
    body = (
      <ErrorState title={<Trans>Không tải được lịch sử tín dụng</Trans>} onRetry={() => void query.refetch()} variant="compact" testId="activity-error">
        <p className={s.muted}>{billingErrorText(i18n, query.error)}</p>
      </ErrorState>
    );
  else if (items.length === 0) body = <EmptyState title={<Trans>Chưa có biến động tín dụng nào</Trans>} variant="compact" testId="activity-empty" />;
  else
    body = (
      <ul className={s.list}>
        {items.map((item) => {
          const label = activityLabel(i18n, item);
          return (
            <li key={item.id} className={s.row} data-testid="activity-item" data-kind={item.kind}>
              <span className={s.cellStack}>
                {item.generation_id ? (
                  <Link to="/history" search={{ job: item.generation_id }} className={s.inlineLink}>
                    {label}
                  </Link>
                ) : (
                  <span>{label}</span>
                )}
                <span className={s.muted}>{formatDateTime(new Date(item.at), locale)}</span>
              </span>
              <span className={s.cellStack}>
                <span className={`${s.rowAmount} ${item.amount < 0 ? s.minus : s.plus}`} data-testid="activity-amount">
                  {signedCredits(item.amount, (value) => formatCount(value, locale))}
                </span>
                <span className={s.muted} data-testid="activity-balance">
                  {t`Số dư: ${formatCount(item.balance_after, locale)}`}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    );

  return (
    <section className={s.section} aria-labelledby="activity-title" data-testid="activity" data-status={query.status}>
      <h2 id="activity-title" className={s.sectionTitle}>
        <Trans>Biến động tín dụng</Trans>
      </h2>
      {body}
      {query.hasNextPage ? <LoadMore section="activity" loading={query.isFetchingNextPage} onClick={loadMore} /> : null}
    </section>
  );
}
