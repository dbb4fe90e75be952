import { useId, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Feature } from '../../../contract/tools.ts';
import type { Generation } from '../../../contract/generations.schema.ts';
import { button } from '../../../ui/button.ts';
import { mediaSrc } from '../../../lib/media-src.ts';
import { EmptyState, ErrorState } from '../../../ui/States.tsx';
import { isPendingStatus } from '../../generations/api.ts';
import { generationsInfiniteQueryOptions, generationsOf } from '../../generations/cache.ts';
import { STATUS_LABELS } from '../../generations/status-labels.ts';
import * as s from './studio.css.ts';
import { useHistoryActions } from '../../generations/use-history-actions.ts';
import type { StudioJob } from '../../generations/use-studio-job.ts';

/**
 * This tool's past jobs (docs/product-rules.md#history-panel: 'History refreshed
 * successfully', 'No history found', 'Failed to load generations' with Retry): newest first,
 * page after page, with status badges; open a past result (or a running job's progress),
 * regenerate, delete after a confirmation, refresh.
 *
 * Stable test ids: `history-panel`, `history-refresh`, `history-item` (`data-job-id`,
 * `data-status`), `history-status`, `history-open`, `history-regenerate`, `history-delete`,
 * `history-delete-confirm`, `history-delete-cancel`, `history-empty`, `history-error` with
 * `history-retry`, `history-more`.
 */

/** Jobs per page of the panel: a column of small rows. */
const PAGE_SIZE = 12;

export interface HistoryPanelProps {
  /** This tool's feature(s) (the upscaler passes its two modes). */
  feature: Feature | readonly Feature[];
  /** The screen's job: a past job opens in it, regenerates through it, and its job is marked. */
  studio: Pick<StudioJob, 'job' | 'open' | 'regenerate'>;
  /** Overrides the heading ('Lịch sử'). */
  title?: string;
  /** A target for tutorials (`data-tutorial`). */
  tutorialTarget?: string;
}

export function HistoryPanel({ feature, studio, title, tutorialTarget }: HistoryPanelProps) {
  const currentJobId = studio.job?.id;
  const onOpen = (job: Generation) => studio.open(job.id);
  const onRegenerate = (job: Generation) => void studio.regenerate(job.id);
  const { t, i18n } = useLingui();
  const headingId = useId();
  // The server filters by one feature; several (the upscaler's two modes) are read unfiltered and filtered here.
  const features = typeof feature === 'string' ? [feature] : feature;
  const query = useInfiniteQuery(generationsInfiniteQueryOptions(features.length === 1 ? { feature: features[0], limit: PAGE_SIZE } : { limit: PAGE_SIZE }));
  const jobs = generationsOf(query.data).filter((job) => features.includes(job.feature));
  const [confirming, setConfirming] = useState<string | null>(null);
  const { refreshing, refresh, remove: removeJob, removing } = useHistoryActions(() => query.refetch());

  const remove = async (job: Generation) => {
    setConfirming(null);
    await removeJob(job.id);
  };

  return (
    <section className={`${s.card} ${s.history}`} aria-labelledby={headingId} data-testid="history-panel" data-tutorial={tutorialTarget}>
      <div className={s.historyHead}>
        <h2 id={headingId} className={s.cardTitle}>
          {title ?? t`Lịch sử`}
        </h2>
        <button
          type="button"
          className={button({ variant: 'ghost', size: 'sm' })}
          onClick={() => void refresh()}
          disabled={refreshing}
          aria-busy={refreshing}
          data-testid="history-refresh"
        >
          <Trans>Làm mới</Trans>
        </button>
      </div>

      {query.isPending ? (
        <p className={s.muted} role="status">
          <Trans>Đang tải lịch sử...</Trans>
        </p>
      ) : query.isError && jobs.length === 0 ? (
        <ErrorState
          variant="compact"
          title={<Trans>Không tải được danh sách</Trans>}
          onRetry={() => void query.refetch()}
          testId="history-error"
          retryTestId="history-retry"
        />
      ) : jobs.length === 0 ? (
        <EmptyState variant="compact" title={<Trans>Chưa có lịch sử</Trans>} testId="history-empty" />
      ) : (
        <ul className={s.historyList}>
          {jobs.map((job) => {
            const thumb = job.results[0] ?? job.input_assets[0];
            const pending = isPendingStatus(job.status);
            const when = new Date(job.created_at).toLocaleString(i18n.locale, { dateStyle: 'short', timeStyle: 'short' });
            return (
              <li
                key={job.id}
                className={s.historyItem}
                data-testid="history-item"
                data-job-id={job.id}
                data-status={job.status}
                data-current={job.id === currentJobId}
              >
                {thumb ? (
                  <img className={s.historyThumb} src={mediaSrc(thumb.thumbnail_url ?? thumb.url)} alt="" loading="lazy" />
                ) : (
                  <span className={s.historyThumb} />
                )}
                <div className={s.historyBody}>
                  <span className={`${s.badge} ${s.badgeTone[job.status]}`} data-testid="history-status">
                    {i18n._(STATUS_LABELS[job.status])}
                  </span>
                  <time dateTime={job.created_at} className={s.muted}>
                    {when}
                  </time>
                  {confirming === job.id ? (
                    <div className={s.historyActions} role="group" aria-label={t`Xác nhận xóa`}>
                      <span>
                        <Trans>Xóa lần tạo này?</Trans>
                      </span>
                      <button
                        type="button"
                        className={button({ variant: 'accent', size: 'sm' })}
                        onClick={() => void remove(job)}
                        data-testid="history-delete-confirm"
                      >
                        <Trans>Xóa</Trans>
                      </button>
                      <button
                        type="button"
                        className={button({ variant: 'ghost', size: 'sm' })}
                        onClick={() => setConfirming(null)}
                        data-testid="history-delete-cancel"
                      >
                        <Trans>Không</Trans>
                      </button>
                    </div>
                  ) : (
                    <div className={s.historyActions}>
                      <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={() => onOpen(job)} data-testid="history-open">
                        {pending ? <Trans>Xem tiến độ</Trans> : <Trans>Mở</Trans>}
                      </button>
                      {!pending ? (
                        <>
                          <button
                            type="button"
                            className={button({ variant: 'ghost', size: 'sm' })}
                            onClick={() => onRegenerate(job)}
                            data-testid="history-regenerate"
                          >
                            <Trans>Tạo lại</Trans>
                          </button>
                          <button
                            type="button"
                            className={button({ variant: 'ghost', size: 'sm' })}
                            onClick={() => setConfirming(job.id)}
                            disabled={removing === job.id}
                            data-testid="history-delete"
                          >
                            <Trans>Xóa</Trans>
                          </button>
                        </>
                      ) : null}
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {query.hasNextPage ? (
        <button
          type="button"
          className={button({ variant: 'secondary', size: 'sm' })}
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          data-testid="history-more"
        >
          <Trans>Xem thêm</Trans>
        </button>
      ) : null}
    </section>
  );
}
