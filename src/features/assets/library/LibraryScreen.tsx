/**
 * /your-assets (docs/product-rules.md#library, #offline): every upload and result of the person, with tabs
 * (all, images, videos, upscaled), search by name, tool filter, date range and sort (all in the
 * address), a virtualised grid that loads the next page of 100 as the end comes near, and:
 * - a click opens the review dialog over the loaded list (download, "use in", keep offline);
 * - "Giữ ngoại tuyến" (PinToggle, offline core) in each asset's menu and in the review dialog;
 * - multi-select (checkbox, shift-click ranges, select all loaded) with download and delete;
 * - "Dùng trong…" per asset: the studios and inputs it fits (opens the studio pre-filled).
 *
 * Router-free: the route passes the address, how to change it and how to open a studio.
 *
 * Test ids beyond the parts': `library-page`, `library-count` (`data-count`), `library-panel`,
 * `library-more` (loading the next page), `library-more-error` with `library-more-retry`,
 * `review-download`.
 */
import { Suspense, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Asset } from '../../../contract/media.schema.ts';
import { byId, useCursorList } from '../../../lib/cursor-list.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { InlineError } from '../../../ui/InlineError.tsx';
import { PinToggle } from '../../offline/PinToggle.tsx';
import { OutboxStatus } from '../../uploads/OutboxStatus.tsx';
import type { UseInTarget } from '../incoming-asset.ts';
import { assetKeys, assetQueryOptions, assetsInfiniteQueryOptions, linksExpiring, useDeleteAssets } from '../../media/api.ts';
import { IconDownload } from '../../../ui/icons/media/IconDownload.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';
import { downloadMany } from './download-many.ts';
import { downloadStemOf } from '../download/use-download-stem.ts';
import { TOOL_LABELS, UPLOAD_SOURCE_LABEL } from './labels.ts';
import { LibraryGrid, type GridActions } from './LibraryGrid.tsx';
import { LibraryEmpty, LibraryError, LibrarySkeleton } from './LibraryStates.tsx';
import { LibraryToolbar } from './LibraryToolbar.tsx';
import { filtersOf, isFiltered, LIBRARY_SEARCH_DEFAULTS, MASKS_PROBE, type LibrarySearch } from './search.ts';
import { EMPTY_SELECTION, keepPresent, selectAll, selectRange, toggle, type Selection } from './selection.ts';
import { SelectionBar } from './SelectionBar.tsx';
import { UseInMenu } from './UseInMenu.tsx';
import * as s from './library.css.ts';
import { LazyDownloadDialog, LazyReviewDialog } from '../lazy-dialogs.ts';

// The dialogs load when first opened: their code and styles stay out of the library's first frame.

/** The search box writes the address this long after the last keystroke, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** "Giữ ngoại tuyến" in an asset's menus. Module-level: one function for every tile (they are memoised on it). */
const renderPin = (asset: Asset): ReactNode => <PinToggle asset={asset} />;

export interface LibraryScreenProps {
  search: LibrarySearch;
  /** Changes part of the address (replace: filters are no history entries). */
  onSearchChange: (patch: Partial<LibrarySearch>) => void;
  /** Opens a studio with the asset in one of its inputs (`/<studio>?asset=&as=`). */
  onUseIn: (asset: Asset, target: UseInTarget) => void;
}

export function LibraryScreen({ search, onSearchChange, onUseIn }: LibraryScreenProps) {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const panelId = useId();
  const tabIdPrefix = useId();
  const deleteAssets = useDeleteAssets();

  // ── The address and the search box ──
  const [text, setText] = useState(search.q);
  const filtered = isFiltered(search);
  const change = (patch: Partial<LibrarySearch>) => {
    onSearchChange(patch);
    // Another list: start at its top.
    if (typeof window !== 'undefined' && window.scrollY > 0) window.scrollTo({ top: 0 });
  };
  useEffect(() => {
    const timer = setTimeout(() => {
      const q = text.trim();
      if (q !== search.q.trim()) change({ q });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only typing starts the wait; `search.q` changing alone (cleared filters) is no keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  const clearFilters = () => {
    setText('');
    change({ ...LIBRARY_SEARCH_DEFAULTS, sort: search.sort, tool: undefined, from: undefined, to: undefined });
  };

  // ── The list ──
  const library = useCursorList({ ...assetsInfiniteQueryOptions(filtersOf(search)), placeholderData: keepPreviousData }, { unique: byId });
  const { query, loadMore } = library;
  const items = useMemo(() => library.items ?? [], [library.items]);
  // Masks are working files, out of the other tabs: their own tab shows while there are some.
  const masksProbe = useInfiniteQuery({ ...assetsInfiniteQueryOptions(MASKS_PROBE), select: (data) => data.pages.some((page) => page.items.length > 0) });
  const hasMasks = masksProbe.data === true;
  const order = useMemo(() => items.map((asset) => asset.id), [items]);
  const indexOf = useMemo(() => new Map(order.map((id, index) => [id, index])), [order]);
  const { hasNextPage, isFetching, isFetchingNextPage, isFetchNextPageError, isPlaceholderData } = query;
  const canLoadMore = !isFetching && !isFetchNextPageError && !isPlaceholderData;

  // ── Selection (assets no longer listed drop out of it) ──
  const [rawSelection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const selection = useMemo(() => keepPresent(rawSelection, indexOf), [rawSelection, indexOf]);

  // ── Dialogs ──
  const [reviewId, setReviewId] = useState<string | null>(null);
  const reviewIndex = reviewId === null ? -1 : (indexOf.get(reviewId) ?? -1);
  const [downloadTarget, setDownloadTarget] = useState<Asset | null>(null);
  const [confirmIds, setConfirmIds] = useState<string[] | null>(null);
  const [downloading, setDownloading] = useState<{ done: number; total: number } | null>(null);
  const downloadAbort = useRef<AbortController | null>(null);
  useEffect(() => () => downloadAbort.current?.abort(), []);

  const openIn = (asset: Asset, target: UseInTarget) => {
    // The studio finds the asset in the cache (fresh links) and does not fetch it again.
    if (!linksExpiring(asset)) queryClient.setQueryData(assetKeys.detail(asset.id), asset);
    onUseIn(asset, target);
  };

  // The grid's handlers read the latest state through this ref: they stay the same objects, so
  // tiles re-render only for their own changes.
  const latest = useRef({ items, order, indexOf, selection, i18n, locale, openIn });
  useLayoutEffect(() => {
    latest.current = { items, order, indexOf, selection, i18n, locale, openIn };
  });
  const actions = useMemo<GridActions>(() => {
    const now = () => latest.current;
    const select = (index: number, range: boolean) => {
      const { items: list, order: ids, indexOf: positions } = now();
      const asset = list[index];
      if (!asset) return;
      setSelection((current) => {
        const present = keepPresent(current, positions);
        return range ? selectRange(present, ids, asset.id, positions) : toggle(present, asset.id);
      });
    };
    return {
      activate: (index, { shift, toggle: single }) => {
        if (shift) select(index, true);
        else if (single || now().selection.ids.size > 0) select(index, false);
        else setReviewId(now().items[index]?.id ?? null);
      },
      toggle: (index, shift) => select(index, shift),
      open: (index) => setReviewId(now().items[index]?.id ?? null),
      use: (asset, target) => now().openIn(asset, target),
      describe: (asset) => {
        const { i18n: translator, locale: language } = now();
        const tool = translator._(asset.feature ? TOOL_LABELS[asset.feature] : UPLOAD_SOURCE_LABEL);
        const created = new Date(asset.created_at);
        return Number.isNaN(created.getTime()) ? tool : `${tool} · ${formatShortDate(created, language)}`;
      },
      selectAll: () => setSelection(selectAll(now().order)),
      clearSelection: () => {
        if (now().selection.ids.size === 0) return false;
        setSelection(EMPTY_SELECTION);
        return true;
      },
    };
  }, []);

  // ── Selection actions ──
  const selectedAssets = () => items.filter((asset) => selection.ids.has(asset.id));

  const downloadSelected = async () => {
    const chosen = selectedAssets();
    if (chosen.length === 0 || downloading) return;
    if (chosen.length === 1) {
      setDownloadTarget(chosen[0]!);
      return;
    }
    const controller = new AbortController();
    downloadAbort.current = controller;
    setDownloading({ done: 0, total: chosen.length });
    try {
      const result = await downloadMany(chosen, {
        renew: (asset) => queryClient.fetchQuery({ ...assetQueryOptions(asset.id), staleTime: 0 }),
        expiring: (asset) => linksExpiring(asset),
        nameOf: (asset) => downloadStemOf(asset, queryClient, i18n),
        signal: controller.signal,
        onProgress: (done, total) => setDownloading({ done, total }),
      });
      const saved = result.saved.length;
      const failed = result.failed.length;
      if (failed === 0) notify.success(t`Tải xuống hoàn tất`, { description: t({ message: plural(saved, { other: 'Đã tải xuống # tệp.' }) }) });
      else
        notify.error(t`Tải xuống thất bại`, {
          description: t({ message: `${plural(failed, { other: '# tệp không tải xuống được' })}; ${plural(saved, { other: 'đã tải # tệp' })}.` }),
        });
    } catch {
      // Aborted: the screen is gone.
    } finally {
      if (!controller.signal.aborted) setDownloading(null);
      downloadAbort.current = null;
    }
  };

  const confirmDelete = async () => {
    const ids = confirmIds;
    setConfirmIds(null);
    if (!ids || ids.length === 0) return;
    setSelection(EMPTY_SELECTION);
    try {
      const result = await deleteAssets.mutateAsync(ids);
      const failed = result.failed.length;
      const deleted = result.deleted.length;
      if (failed === 0) {
        notify.success(t`Đã xóa thành công`, deleted > 1 ? { description: t({ message: plural(deleted, { other: 'Đã xóa # tệp.' }) }) } : undefined);
      } else {
        notify.error(t`Không xóa được tệp`, { description: t({ message: plural(failed, { other: '# tệp chưa xóa được, vui lòng thử lại.' }) }) });
      }
    } catch {
      notify.error(t`Không xóa được tệp`, { description: t`Vui lòng kiểm tra kết nối mạng và thử lại.` });
    }
  };

  // ── Content ──
  const count = items.length;
  let content: ReactNode;
  if (query.status === 'pending') content = <LibrarySkeleton />;
  else if (query.status === 'error' && count === 0) content = <LibraryError onRetry={() => void query.refetch()} />;
  else if (count === 0) content = <LibraryEmpty filtered={filtered} onClearFilters={clearFilters} />;
  else {
    content = (
      <>
        <LibraryGrid
          items={items}
          selected={selection.ids}
          actions={actions}
          renderPin={renderPin}
          hasNextPage={hasNextPage}
          loadMore={loadMore}
          canLoadMore={canLoadMore}
          dataUpdatedAt={query.dataUpdatedAt}
          label={t`Tệp trong thư viện`}
        />
        {isFetchingNextPage ? (
          <p className={s.more} role="status" data-testid="library-more">
            <Trans>Đang tải thêm…</Trans>
          </p>
        ) : isFetchNextPageError ? (
          <InlineError
            className={s.more}
            title={<Trans>Không tải được thư viện</Trans>}
            onRetry={loadMore}
            testId="library-more-error"
            retryTestId="library-more-retry"
          />
        ) : null}
      </>
    );
  }

  const reviewed = reviewIndex >= 0 ? items[reviewIndex] : undefined;
  return (
    <div className={s.page} data-testid="library-page">
      <header className={s.header}>
        <h1 className={s.title}>
          <Trans>Thư viện của bạn</Trans>
        </h1>
        {query.status === 'success' ? (
          <span className={s.count} data-testid="library-count" data-count={count}>
            {hasNextPage ? <Plural value={count} other="# tệp trở lên" /> : <Plural value={count} other="# tệp" />}
          </span>
        ) : null}
        <p className={s.lead}>
          <Trans>Mọi ảnh và video bạn đã tải lên hoặc tạo ra. Mở để xem, tải xuống, xóa hoặc dùng lại trong một công cụ.</Trans>
        </p>
      </header>

      {/* Files chosen offline and still waiting for the network, with cancel (docs/product-rules.md#upload-outbox). */}
      <OutboxStatus />

      <LibraryToolbar
        search={search}
        onChange={change}
        text={text}
        onTextChange={setText}
        panelId={panelId}
        tabIdPrefix={tabIdPrefix}
        filtered={filtered}
        onClearFilters={clearFilters}
        onSelectAll={count > 0 ? actions.selectAll : null}
        hasMasks={hasMasks}
      />

      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${tabIdPrefix}-${search.tab}`}
        aria-busy={query.isPending || isFetchingNextPage || isPlaceholderData}
        data-testid="library-panel"
      >
        {content}
      </div>

      {selection.ids.size > 0 ? (
        <SelectionBar
          count={selection.ids.size}
          downloading={downloading}
          onDownload={() => void downloadSelected()}
          onDelete={() => setConfirmIds([...selection.ids])}
          onClear={() => setSelection(EMPTY_SELECTION)}
        />
      ) : null}

      <Suspense fallback={null}>
        {reviewed !== undefined ? (
          <LazyReviewDialog
            open
            onClose={() => setReviewId(null)}
            items={items}
            initialIndex={Math.max(0, reviewIndex)}
            onIndexChange={(index) => setReviewId(items[index]?.id ?? null)}
            renderActions={(asset) => (
              <>
                <button type="button" className={s.reviewAction} data-testid="review-download" onClick={() => setDownloadTarget(asset)}>
                  <IconDownload size={18} />
                  <Trans>Tải xuống</Trans>
                </button>
                <PinToggle asset={asset} />
                <UseInMenu asset={asset} onUse={openIn} />
              </>
            )}
          />
        ) : null}
        {downloadTarget ? <LazyDownloadDialog open onClose={() => setDownloadTarget(null)} asset={downloadTarget} /> : null}
      </Suspense>
      {confirmIds ? <DeleteDialog count={confirmIds.length} onClose={() => setConfirmIds(null)} onConfirm={() => void confirmDelete()} /> : null}
    </div>
  );
}
