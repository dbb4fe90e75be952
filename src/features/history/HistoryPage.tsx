import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Generation } from '../../contract/generations.ts';
import type { Asset } from '../../contract/media.ts';
import { markJobsSeen } from '../../lib/offline/job-client.ts';
import { notify } from '../../lib/toast.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { button } from '../../ui/button.css.ts';
import { AppLink } from '../../ui/link.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { mediaSrc } from '../assets/shared/format.ts';
import { IconRefresh } from '../../ui/icons/index.ts';
import { describeGenerationError, generationText } from '../studio/data/generation-messages.ts';
import {
  generationQueryOptions,
  generationsOf,
  mergedGenerationsInfiniteQueryOptions,
  useCancelGeneration,
  useRegenerateGeneration,
} from '../studio/data/generations.ts';
import { useGenerationStream } from '../studio/data/generation-stream.ts';
import { shareLink } from '../studio/shell/format.ts';
import { useHistoryActions } from '../studio/shell/use-history-actions.ts';
import { featuresOf, STATUS_FILTER_LABELS, STATUS_FILTERS, STATUS_FILTER_STATUSES, statusesOf, STUDIOS, TOOL_FILTER_LABELS, TOOL_FILTERS, type StatusFilter, type ToolFilter } from './filters.ts';
import { groupByDay } from './day-groups.ts';
import { formatDayHeading } from '../../lib/format.ts';
import { HistoryItem, type HistoryItemActions } from './HistoryItem.tsx';
import * as s from './history.css.ts';

/** Loaded on first use: the list opens without the dialogs' code. */
const DownloadDialog = lazy(() => import('../assets/download/DownloadDialog.tsx').then((module) => ({ default: module.DownloadDialog })));
const ReviewDialog = lazy(() => import('../assets/review/ReviewDialog.tsx').then((module) => ({ default: module.ReviewDialog<Asset> })));

/**
 * /history (spec §2, §3 "Generation history item", §8): every generation across the tools,
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
/** An item counts as seen once this share of it is on screen. */
const SEEN_VISIBLE_RATIO = 0.6;

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A job can move between the streams of a merged list while its pages load (queued → processing): shown once. */
function uniqueById(jobs: readonly Generation[]): Generation[] {
  const seen = new Set<string>();
  return jobs.filter((job) => !seen.has(job.id) && seen.add(job.id));
}

/** A result's link as it can leave the app (absolute; the API may sit on another origin). */
function absoluteUrl(url: string): string {
  return new URL(mediaSrc(url), globalThis.location.href).href;
}

/**
 * Finished items seen on screen (most of the card visible) or opened: `see` marks them once per
 * page visit; `itemRef` goes on every item.
 */
function useSeenTracker() {
  const seen = useRef(new Set<string>());
  const observer = useRef<IntersectionObserver | null>(null);
  const elements = useRef(new Set<HTMLElement>());
  const see = useCallback((ids: readonly string[]) => {
    const fresh = ids.filter((id) => !seen.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) seen.current.add(id);
    // They leave the app badge (finished but unseen) and their notifications close.
    void markJobsSeen(fresh);
  }, []);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const watcher = new IntersectionObserver(
      (entries) => {
        const ids = entries.flatMap((entry) => {
          const { dataset } = entry.target as HTMLElement;
          return entry.isIntersecting && dataset.jobId && (dataset.status === 'completed' || dataset.status === 'failed') ? [dataset.jobId] : [];
        });
        see(ids);
      },
      { threshold: SEEN_VISIBLE_RATIO },
    );
    observer.current = watcher;
    // Items mounted before this effect ran (children attach first).
    for (const element of elements.current) watcher.observe(element);
    return () => {
      watcher.disconnect();
      observer.current = null;
    };
  }, [see]);
  const itemRef = useCallback((element: HTMLLIElement | null) => {
    if (!element) return;
    elements.current.add(element);
    observer.current?.observe(element);
    return () => {
      elements.current.delete(element);
      observer.current?.unobserve(element);
    };
  }, []);
  return { see, itemRef };
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
  const query = useInfiniteQuery(mergedGenerationsInfiniteQueryOptions(filter));
  const jobs = useMemo(() => uniqueById(generationsOf(query.data)), [query.data]);
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
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const loader = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px` },
    );
    loader.observe(sentinel);
    return () => loader.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

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

      <div className={s.filters}>
        <div className={s.chips} role="group" aria-label={t`Lọc theo công cụ`} data-testid="history-tool-filters">
          <span className={s.chipsLabel} aria-hidden="true">
            <Trans>Công cụ</Trans>
          </span>
          {TOOL_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              className={s.chip}
              aria-pressed={value === tool}
              data-filter={value}
              onClick={() => onSearchChange({ tool: value, job: undefined })}
            >
              {i18n._(TOOL_FILTER_LABELS[value])}
            </button>
          ))}
        </div>
        <div className={s.chips} role="group" aria-label={t`Lọc theo trạng thái`} data-testid="history-status-filters">
          <span className={s.chipsLabel} aria-hidden="true">
            <Trans>Trạng thái</Trans>
          </span>
          {STATUS_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              className={s.chip}
              aria-pressed={value === status}
              data-filter={value}
              onClick={() => onSearchChange({ status: value, job: undefined })}
            >
              {i18n._(STATUS_FILTER_LABELS[value])}
            </button>
          ))}
        </div>
      </div>

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
          <div className={s.skeleton} role="status" aria-label={t`Đang tải lịch sử...`} aria-busy="true" data-testid="history-loading">
            {[0, 1, 2].map((index) => (
              <div key={index} className={s.skeletonCard} aria-hidden="true">
                <span className={s.skeletonBlock.line} />
                <span className={s.skeletonBlock.media} />
                <span className={s.skeletonBlock.line} />
              </div>
            ))}
          </div>
        ) : query.isError && jobs.length === 0 ? (
          <div className={s.state} role="alert" data-testid="history-list-error">
            <p className={s.stateTitle}>
              <Trans>Không tải được lịch sử tạo</Trans>
            </p>
            <p className={s.stateText}>{describeGenerationError(query.error, i18n).description}</p>
            <button type="button" className={button({ variant: 'primary', size: 'sm' })} onClick={() => void query.refetch()} data-testid="history-retry">
              <Trans>Thử lại</Trans>
            </button>
          </div>
        ) : jobs.length === 0 ? (
          <div className={s.state} data-testid="history-empty" data-filtered={filtered}>
            {filtered ? (
              <>
                <p className={s.stateTitle}>
                  <Trans>Không có lần tạo nào khớp bộ lọc</Trans>
                </p>
                <button
                  type="button"
                  className={button({ variant: 'secondary', size: 'sm' })}
                  onClick={() => onSearchChange({ tool: 'all', status: 'all', job: undefined })}
                  data-testid="history-clear-filters"
                >
                  <Trans>Bỏ bộ lọc</Trans>
                </button>
              </>
            ) : (
              <>
                <p className={s.stateTitle}>
                  <Trans>Chưa có lịch sử</Trans>
                </p>
                <p className={s.stateText}>
                  <Trans>Ảnh và video bạn tạo sẽ hiện ở đây. Hãy bắt đầu với một công cụ:</Trans>
                </p>
                <ul className={s.studios}>
                  {STUDIOS.map((studio) => (
                    <li key={studio.to}>
                      <AppLink to={studio.to} className={s.studioLink}>
                        <studio.icon size={18} />
                        {i18n._(studio.label)}
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
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
              onClick={() => void fetchNextPage()}
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
          <ReviewDialog
            open
            items={shownReview.job.results}
            initialIndex={shownReview.index}
            onClose={closeReview}
            renderActions={(item) => (
              <button type="button" className={button({ variant: 'onDark', size: 'sm' })} onClick={() => setDownloading(item)}>
                <Trans>Tải xuống</Trans>
              </button>
            )}
          />
        ) : null}
        {downloading ? <DownloadDialog open asset={downloading} onClose={() => setDownloading(null)} /> : null}
      </Suspense>

      {confirming ? <DeleteDialog job={confirming} onConfirm={() => void remove(confirming)} onCancel={() => setConfirming(null)} /> : null}
    </div>
  );
}

function DeleteDialog({ job, onConfirm, onCancel }: { job: Generation; onConfirm: () => void; onCancel: () => void }) {
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal onClose={onCancel} labelledBy={titleId} describedBy={textId} initialFocusRef={cancelRef} testId="history-delete-dialog">
      <div className={s.confirm}>
        <h2 id={titleId} className={s.confirmTitle}>
          <Trans>Xóa lần tạo này?</Trans>
        </h2>
        <p id={textId} className={s.confirmText}>
          {job.results.length > 0 ? (
            <Trans>Lần tạo sẽ bị xóa khỏi lịch sử, và kết quả của nó khỏi thư viện (trừ khi một lần tạo khác đang dùng). Không thể hoàn tác.</Trans>
          ) : (
            <Trans>Lần tạo sẽ bị xóa khỏi lịch sử. Không thể hoàn tác.</Trans>
          )}
        </p>
        <div className={s.confirmActions}>
          <button ref={cancelRef} type="button" className={button({ variant: 'secondary' })} onClick={onCancel} data-testid="history-delete-cancel">
            <Trans>Không</Trans>
          </button>
          <button type="button" className={button({ variant: 'accent' })} onClick={onConfirm} data-testid="history-delete-confirm">
            <Trans>Xóa</Trans>
          </button>
        </div>
      </div>
    </Modal>
  );
}
