import { Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Generation } from '../../contract/generations.schema.ts';
import type { Asset } from '../../contract/media.schema.ts';
import { byId, useCursorList } from '../../lib/cursor-list.ts';
import { notify } from '../../lib/toast.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { button } from '../../ui/button.ts';
import { mediaSrc } from '../../lib/media-src.ts';
import { IconRefresh } from '../../ui/icons/app/IconRefresh.tsx';
import { describeGenerationError, generationText } from '../generations/generation-messages.ts';
import { usePlanKit } from '../generations/plan-kit.ts';
import { mergedGenerationsInfiniteQueryOptions } from '../generations/merged-list.ts';
import { generationQueryOptions } from '../generations/cache.ts';
import { useCancelGeneration, useRegenerateGeneration } from '../generations/mutations.ts';
import { useGenerationStream } from '../generations/generation-stream.ts';
import { shareLink } from '../generations/share-link.ts';
import { useHistoryActions } from '../generations/use-history-actions.ts';
import { featuresOf, STATUS_FILTER_STATUSES, statusesOf, type StatusFilter, type ToolFilter } from '../generations/filters.ts';
import { groupByDay } from './day-groups.ts';
import { formatDayHeading } from '../../lib/format.ts';
import { DeleteGenerationDialog } from './DeleteGenerationDialog.tsx';
import { HistoryFilters } from './HistoryFilters.tsx';
import { HistoryItem, type HistoryItemActions } from './HistoryItem.tsx';
import { HistoryEmpty, HistoryListError, HistorySkeleton } from './HistoryStates.tsx';
import { useSeenTracker } from './use-seen-tracker.ts';
import * as s from './history.css.ts';
import { LazyDownloadDialog, LazyReviewDialog } from '../assets/lazy-dialogs.ts';

/** Loaded on first use: the list opens without the dialogs' code. */

/**
 * /history (docs/product-rules.md#history, #history-item, #messages-other): every generation across the tools,
 * newest first and grouped by day, filtered by tool (the dashboard's seven chips) and status;
 * pages load as the list scrolls. Each item: inputs, result (videos play inline), times, error,
 * cost; download, share, regenerate, delete (confirmed), cancel a running job. `?job=` scrolls to
 * an item and opens its result (the notifications' links), fetching it alone when the loaded
 * pages do not hold it. Filtering by video tools (Image to Video, AI Upscaler) is the video
 * history: their results play inline in a 16:9 player.
 *
 * Stable test ids: `history-page`, `history-tool-filters` / `history-status-filters` (chips with
 * `data-filter`, `aria-pressed`), `history-refresh`, `history-loading`, `history-list-error` with
 * `history-retry`, `history-empty` (`data-filtered`) with `history-clear-filters`,
 * `history-day` (`data-day`), `history-more`, `history-pinned`, `history-delete-dialog` with
 * `history-delete-confirm` and `history-delete-cancel`; items: see HistoryItem.
 */

export interface HistorySearchChange {
  tool?: ToolFilter;
  status?: StatusFilter;
  job?: string | undefined;
}

export interface HistoryPageProps {
  tool: ToolFilter;
  status: StatusFilter;
  /** `?job=`: the generation to scroll to and open. */
  job?: string | undefined;
  onSearchChange: (next: HistorySearchChange) => void;
}

/** Items per page: about two screens of cards on a tablet. */
export const HISTORY_PAGE_SIZE = 20;
/** The relative times ("5 phút trước") move on this often. */
const NOW_TICK_MS = 60_000;
/** The next page is asked for while the end of the list is still this far below the viewport. */
const LOAD_AHEAD_PX = 800;

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A result's link as it can leave the app (absolute; the API may sit on another origin). */
function absoluteUrl(url: string): string {
  return new URL(mediaSrc(url), globalThis.location.href).href;
}

interface Review {
  job: Generation;
  index: number;
}

export function HistoryPage({ tool, status, job: target, onSearchChange }: HistoryPageProps) {
  // Running jobs' progress and ends are pushed while the page is open (polling is the fallback).
  useGenerationStream();
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const titleId = useId();
  const filtered = tool !== 'all' || status !== 'all';
  const filter = useMemo(() => ({ features: featuresOf(tool), statuses: statusesOf(status), limit: HISTORY_PAGE_SIZE }), [tool, status]);
  // A job can move between the streams of a merged list while its pages load (queued → processing): shown once.
  const list = useCursorList(mergedGenerationsInfiniteQueryOptions(filter), { unique: byId });
  const { query, loadMore } = list;
  const jobs = useMemo(() => list.items ?? [], [list.items]);
  const groups = useMemo(() => groupByDay(jobs), [jobs]);
  const now = useNow(NOW_TICK_MS);

  const [review, setReview] = useState<Review | null>(null);
  const [downloading, setDownloading] = useState<Asset | null>(null);
  const [confirming, setConfirming] = useState<Generation | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [scrollTarget, setScrollTarget] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const { see, itemRef } = useSeenTracker();

  // ── Infinite list ──
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage } = query;
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const loader = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) loadMore();
      },
      { rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px` },
    );
    loader.observe(sentinel);
    return () => loader.disconnect();
  }, [hasNextPage, isFetchingNextPage, loadMore]);

  // ── ?job= ──
  const targetInList = target ? jobs.some((job) => job.id === target) : false;
  // Fetched alone when the loaded pages do not hold it (an older page, or outside the filter).
  const targetQuery = useQuery({ ...generationQueryOptions(target ?? ''), enabled: Boolean(target) && !query.isPending && !targetInList });
  const targetJob = target ? (jobs.find((job) => job.id === target) ?? targetQuery.data) : undefined;
  // The link's result opens by itself once, until the person closes it.
  const [dismissedTarget, setDismissedTarget] = useState<string | null>(null);
  const targetReview: Review | null =
    targetJob && target !== dismissedTarget && targetJob.status === 'completed' && targetJob.results.length > 0 ? { job: targetJob, index: 0 } : null;
  const shownReview = review ?? targetReview;
  // A result done in part says what was not done in the viewer too (docs/product-rules.md#engine-plan).
  const planKit = usePlanKit((shownReview?.job.plan?.not_done.length ?? 0) > 0);
  const shownNotDone = shownReview && planKit ? (planKit.words.partialCompletion(shownReview.job.plan, i18n)?.description ?? null) : null;
  const closeReview = () => {
    setReview(null);
    if (target) setDismissedTarget(target);
  };
  const targetReviewId = targetReview?.job.id;
  useEffect(() => {
    if (targetReviewId) see([targetReviewId]);
  }, [targetReviewId, see]);
  const shownHighlight = highlighted ?? target ?? null;

  // Scrolls to an item once it is on the page (the link's, a regenerated job), once per item.
  const wantedScroll = scrollTarget ?? target ?? null;
  const wantedPresent = wantedScroll !== null && (jobs.some((job) => job.id === wantedScroll) || targetJob?.id === wantedScroll);
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!wantedScroll || !wantedPresent || scrolledTo.current === wantedScroll) return;
    const element = listRef.current?.querySelector(`[data-job-id="${CSS.escape(wantedScroll)}"]`);
    if (!element) return;
    scrolledTo.current = wantedScroll;
    element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [wantedScroll, wantedPresent]);

  // ── Actions ──

  // The latest callback without re-creating the items' actions (the route makes a new one each render).
  const searchChange = useRef(onSearchChange);
  useEffect(() => {
    searchChange.current = onSearchChange;
  });

  const regenerator = useRegenerateGeneration();
  const { regenerate } = regenerator;
  const canceller = useCancelGeneration();
  const { mutateAsync: cancelJob } = canceller;
  const { refreshing, refresh, remove: removeJob } = useHistoryActions(() => query.refetch());

  const actions: HistoryItemActions = useMemo(
    () => ({
      onReview: (job, index) => {
        setReview({ job, index });
        see([job.id]);
      },
      onDownload: setDownloading,
      onShare: async (asset) => {
        const outcome = await shareLink({ title: t`Kết quả từ Atelier`, url: absoluteUrl(asset.url) });
        if (outcome === 'copied') notify.success(t`Đã sao chép liên kết`);
        else if (outcome === 'failed') notify.error(t`Không chia sẻ được`, { description: t`Trình duyệt không cho phép chia sẻ hay sao chép liên kết.` });
      },
      onRegenerate: async (job) => {
        try {
          const created = await regenerate(job.id);
          notify.success(t`Đã bắt đầu tạo lại`);
          setHighlighted(created.id);
          setScrollTarget(created.id);
          // The new job starts queued: a status filter that hides running jobs would hide it.
          const statuses = status === 'all' ? null : STATUS_FILTER_STATUSES[status];
          if (statuses && !statuses.includes(created.status)) searchChange.current({ status: 'all', job: undefined });
        } catch (error) {
          const described = describeGenerationError(error, i18n);
          notify.error(described.title, { description: described.description });
        }
      },
      onDelete: setConfirming,
      onCancel: async (job) => {
        try {
          await cancelJob(job.id);
          notify.info(generationText('cancelled', undefined, i18n));
        } catch (error) {
          const described = describeGenerationError(error, i18n);
          notify.error(described.title, { description: described.description });
        }
      },
      onSeen: (job) => see([job.id]),
    }),
    [t, i18n, regenerate, cancelJob, see, status],
  );

  const remove = async (job: Generation) => {
    setConfirming(null);
    if ((await removeJob(job.id)) && job.id === target) onSearchChange({ job: undefined });
  };

  const itemProps = (job: Generation) => ({
    job,
    now,
    highlighted: job.id === shownHighlight,
    regenerating: regenerator.isPending,
    cancelling: canceller.isPending && canceller.variables === job.id,
    itemRef,
    ...actions,
  });

  return (
    <div className={s.page} data-testid="history-page">
      <header className={s.header}>
        <div>
          <h1 id={titleId} className={s.title}>
            <Trans>Lịch sử tạo</Trans>
          </h1>
          <p className={s.lead}>
            <Trans>Mọi ảnh và video bạn đã tạo ở các công cụ, mới nhất ở trên cùng.</Trans>
          </p>
        </div>
        <button
          type="button"
          className={button({ variant: 'secondary', size: 'sm' })}
          onClick={() => void refresh()}
          disabled={refreshing}
          aria-busy={refreshing}
          data-testid="history-refresh"
        >
          <IconRefresh size={18} />
          <Trans>Làm mới</Trans>
        </button>
      </header>

      <HistoryFilters tool={tool} status={status} onSearchChange={onSearchChange} />

      <div ref={listRef} aria-labelledby={titleId} role="region">
        {target && !targetInList && !query.isPending ? (
          targetJob ? (
            <section className={s.pinned} data-testid="history-pinned" aria-label={t`Lần tạo bạn đang xem`}>
              <ul className={s.list}>
                <HistoryItem {...itemProps(targetJob)} />
              </ul>
            </section>
          ) : targetQuery.isError ? (
            <p className={s.error} role="alert" data-testid="history-pinned-error">
              {describeGenerationError(targetQuery.error, i18n).description}
            </p>
          ) : null
        ) : null}

        {query.isPending ? (
          <HistorySkeleton />
        ) : query.isError && jobs.length === 0 ? (
          <HistoryListError reason={describeGenerationError(query.error, i18n).description} onRetry={() => void query.refetch()} />
        ) : jobs.length === 0 ? (
          <HistoryEmpty filtered={filtered} onClearFilters={() => onSearchChange({ tool: 'all', status: 'all', job: undefined })} />
        ) : (
          <div className={s.days}>
            {groups.map((group) => (
              <section key={group.key} className={s.day} data-testid="history-day" data-day={group.key} aria-labelledby={`${titleId}-${group.key}`}>
                <h2 id={`${titleId}-${group.key}`} className={s.dayHeading}>
                  {formatDayHeading(group.date, now, locale)}
                </h2>
                <ul className={s.list}>
                  {group.items.map((job) => (
                    <HistoryItem key={job.id} {...itemProps(job)} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}

        {hasNextPage ? (
          <div ref={sentinelRef} className={s.more}>
            <button
              type="button"
              className={button({ variant: 'secondary', size: 'sm' })}
              onClick={loadMore}
              disabled={isFetchingNextPage}
              aria-busy={isFetchingNextPage}
              data-testid="history-more"
            >
              {isFetchingNextPage ? <Trans>Đang tải...</Trans> : <Trans>Xem thêm</Trans>}
            </button>
          </div>
        ) : null}
      </div>

      <Suspense fallback={null}>
        {shownReview ? (
          <LazyReviewDialog
            open
            items={shownReview.job.results}
            initialIndex={shownReview.index}
            onClose={closeReview}
            renderNote={shownNotDone ? () => shownNotDone : undefined}
            renderActions={(item) => (
              <button type="button" className={button({ variant: 'onDark', size: 'sm' })} onClick={() => setDownloading(item)}>
                <Trans>Tải xuống</Trans>
              </button>
            )}
          />
        ) : null}
        {downloading ? <LazyDownloadDialog open asset={downloading} onClose={() => setDownloading(null)} /> : null}
      </Suspense>

      {confirming ? <DeleteGenerationDialog job={confirming} onConfirm={() => void remove(confirming)} onCancel={() => setConfirming(null)} /> : null}
    </div>
  );
}
