/**
 * The assets picker popup (spec §2 Other screens, §3 Asset, §8 'Failed to load assets',
 * 'Failed to select asset'): the caller's library in a modal, tabs all / images / videos /
 * upscaled, a search by name, infinite scroll, and a selection for one studio input (a role).
 *
 * Stable test ids (e2e):
 * - `assets-picker`            the dialog; `assets-picker-close` its close button
 * - `assets-picker-tab`        each tab, `data-tab` = all | image | video | upscaled
 * - `assets-picker-search`     the search box
 * - `asset-option`             each tile, `data-asset-id`, aria-selected
 * - `assets-picker-error`      'Failed to load assets' with `assets-picker-retry`
 * - `assets-picker-empty`      nothing to show
 * - `assets-picker-problem`    'Failed to select asset' and why
 * - `assets-picker-confirm`    the confirm button (shows the count)
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Asset, AssetRole, MediaType } from '../../../contract/media.ts';
import { button } from '../../../ui/button.css.ts';
import { IconAlert, IconCheck, IconRefresh } from '../../../ui/icons/index.ts';
import { assetQueryOptions, assetsInfiniteQueryOptions, linksExpiring } from '../api.ts';
import { mediaSrc } from '../shared/format.ts';
import { IconImage } from '../../../ui/icons/index.ts';
import { ThumbBadges } from '../shared/ThumbBadges.tsx';
import { AssetSearchBox, AssetTabs } from '../shared/FilterControls.tsx';
import { CloseButton, Modal } from '../../../ui/Modal.tsx';
import { useDebouncedValue } from '../shared/use-debounced-value.ts';
import { visuallyHidden } from '../../../ui/a11y.css.ts';
import {
  acceptedMediaTypes,
  gridMove,
  selectionProblem,
  tabKind,
  toggleSelection,
  visibleTabs,
  type PickerTab,
  type SelectionProblem,
} from './selection.ts';
import * as s from './picker.css.ts';

/** The search waits this long after the last keystroke before asking the server, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The next page loads when the end of the grid comes within this distance of the view, in px. */
const PREFETCH_MARGIN_PX = 400;
/** Tiles drawn while the first page loads. */
const SKELETON_TILES = 12;

export interface AssetsPickerProps {
  /** Mounted and shown while true; closing unmounts it, so each opening starts afresh. */
  open: boolean;
  onClose: () => void;
  /** The chosen assets, in the order they were picked (fresh links). The picker then closes. */
  onSelect: (assets: Asset[]) => void;
  /** What the pick is for: only assets that can serve it are listed (server filter) and accepted. */
  role?: AssetRole;
  /** Media types accepted; by default what the role implies (video for `video`, else image), or both. */
  accept?: readonly MediaType[];
  multiple?: boolean;
  /** Most assets a multiple pick may hold. */
  max?: number;
  /** Fewest assets a multiple pick needs before it can be confirmed (default 1). */
  min?: number;
  /** Already chosen assets, shown selected. */
  initialSelection?: readonly Asset[];
  initialTab?: PickerTab;
  /** Overrides the title derived from the role. */
  title?: string;
}

const ROLE_TITLES: Record<AssetRole, MessageDescriptor> = {
  model: msg`Chọn ảnh người mẫu`,
  garment: msg`Chọn ảnh trang phục`,
  face: msg`Chọn ảnh khuôn mặt`,
  hair: msg`Chọn ảnh mẫu tóc`,
  image: msg`Chọn ảnh`,
  video: msg`Chọn video`,
};

const TAB_LABELS: Record<PickerTab, MessageDescriptor> = {
  all: msg`Tất cả`,
  image: msg`Ảnh`,
  video: msg`Video`,
  upscaled: msg`Đã nâng cấp`,
};

interface Problem {
  title: string;
  detail: string;
}

export function AssetsPicker(props: AssetsPickerProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return <PickerDialog {...props} />;
}

function PickerDialog({ onClose, onSelect, role, accept, multiple = false, max, min = 1, initialSelection = [], initialTab = 'all', title }: AssetsPickerProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const titleId = useId();
  const panelId = useId();
  const tabIdPrefix = useId();

  const accepted = useMemo(() => acceptedMediaTypes(role, accept), [role, accept]);
  const tabs = useMemo(() => visibleTabs(accepted), [accepted]);
  const [tab, setTab] = useState<PickerTab>(tabs.includes(initialTab) ? initialTab : 'all');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<Asset[]>(() => [...initialSelection]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [confirming, setConfirming] = useState(false);
  // A single pick never exceeds one; `max` below 1 would make every pick impossible.
  const limit = multiple ? (max !== undefined ? Math.max(1, max) : undefined) : 1;

  const query = useInfiniteQuery(assetsInfiniteQueryOptions({ kind: tabKind(tab), role, q }));
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages ?? []).flatMap((page) => page.items).filter((asset) => !seen.has(asset.id) && Boolean(seen.add(asset.id)));
  }, [query.data]);

  const problemText = (reason: SelectionProblem): string => {
    if (reason === 'wrongRole') return t`Tệp này không dùng được cho mục này.`;
    return accepted.includes('video') ? t`Ở đây cần một video, không phải ảnh.` : t`Ở đây cần một ảnh, không phải video.`;
  };

  const toggle = (asset: Asset) => {
    const reason = selectionProblem(asset, role, accepted);
    if (reason) {
      setProblem({ title: t`Không chọn được tệp`, detail: problemText(reason) });
      return;
    }
    setProblem(null);
    const result = toggleSelection(selected, asset, { multiple, max: limit });
    if (result.limitReached) {
      const most = limit ?? 0;
      setAnnouncement(t({ message: plural(most, { other: 'Bạn chỉ có thể chọn tối đa # tệp.' }) }));
      return;
    }
    setAnnouncement('');
    setSelected(result.selected);
  };

  const confirm = async () => {
    if (selected.length === 0 || confirming) return;
    setConfirming(true);
    setProblem(null);
    try {
      const chosen: Asset[] = [];
      for (const asset of selected) {
        const reason = selectionProblem(asset, role, accepted);
        if (reason) {
          setProblem({ title: t`Không chọn được tệp`, detail: `${asset.name}: ${problemText(reason)}` });
          return;
        }
        // A studio keeps the asset a while before submitting it; links about to expire are
        // renewed now, which also tells a deleted asset apart before it is used.
        if (linksExpiring(asset)) {
          try {
            chosen.push(await queryClient.fetchQuery({ ...assetQueryOptions(asset.id), staleTime: 0 }));
          } catch {
            const name = asset.name;
            setProblem({ title: t`Không chọn được tệp`, detail: t`Không tải được tệp “${name}”. Có thể tệp đã bị xóa.` });
            return;
          }
        } else {
          chosen.push(asset);
        }
      }
      onSelect(chosen);
      onClose();
    } finally {
      setConfirming(false);
    }
  };

  const count = selected.length;
  const canConfirm = count >= (multiple ? Math.max(1, min) : 1) && !confirming;
  const dialogTitle = title ?? (role ? i18n._(ROLE_TITLES[role]) : t`Thư viện của bạn`);

  return (
    <Modal onClose={onClose} labelledBy={titleId} size="wide" testId="assets-picker">
      <div className={s.header}>
        <h2 id={titleId} className={s.title}>
          {dialogTitle}
        </h2>
        <CloseButton onClose={onClose} testId="assets-picker-close" />
      </div>

      <div className={s.toolbar}>
        <AssetTabs tabs={tabs} active={tab} labels={TAB_LABELS} onChange={setTab} panelId={panelId} idPrefix={tabIdPrefix} testId="assets-picker-tab" />
        <AssetSearchBox value={search} onChange={setSearch} testId="assets-picker-search" />
      </div>

      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${tabIdPrefix}-${tab}`}
        aria-busy={query.isPending || query.isFetchingNextPage}
        className={s.panel}
        data-testid="assets-picker-panel"
      >
        <PanelContent
          status={query.status}
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          nextPageFailed={query.isFetchNextPageError}
          onRetry={() => void query.refetch()}
          onLoadMore={() => void query.fetchNextPage()}
          items={items}
          q={q}
          selected={selected}
          accepted={accepted}
          role={role}
          multiple={multiple}
          onToggle={toggle}
        />
      </div>

      <div className={visuallyHidden} role="status" aria-live="polite">
        {announcement}
      </div>

      <div className={s.footer}>
        <div className={s.footerInfo}>
          {problem ? (
            <div className={s.problem} role="alert" data-testid="assets-picker-problem">
              <span className={s.problemTitle}>{problem.title}</span>
              <span>{problem.detail}</span>
            </div>
          ) : null}
          {announcement ? <span aria-hidden="true">{announcement}</span> : null}
          {multiple ? (
            <span data-testid="assets-picker-count">
              {limit !== undefined ? <Trans>Đã chọn {count}/{limit}</Trans> : <Trans>Đã chọn {count}</Trans>}
            </span>
          ) : null}
        </div>
        <div className={s.actions}>
          <button type="button" className={button({ variant: 'secondary' })} onClick={onClose}>
            <Trans>Hủy</Trans>
          </button>
          <button
            type="button"
            className={button({ variant: 'primary' })}
            disabled={!canConfirm}
            aria-busy={confirming}
            data-testid="assets-picker-confirm"
            onClick={() => void confirm()}
          >
            {count > 0 ? <Trans>Chọn ({count})</Trans> : <Trans>Chọn</Trans>}
          </button>
        </div>
      </div>
    </Modal>
  );
}

interface PanelContentProps {
  status: 'pending' | 'error' | 'success';
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  onRetry: () => void;
  onLoadMore: () => void;
  items: Asset[];
  q: string;
  selected: readonly Asset[];
  accepted: readonly MediaType[];
  role: AssetRole | undefined;
  multiple: boolean;
  onToggle: (asset: Asset) => void;
}

function PanelContent(props: PanelContentProps) {
  const { status, items, q, onRetry } = props;
  if (status === 'pending') {
    return (
      <>
        <p className={visuallyHidden} role="status">
          <Trans>Đang tải thư viện…</Trans>
        </p>
        <div className={s.grid} aria-hidden="true" data-testid="assets-picker-loading">
          {Array.from({ length: SKELETON_TILES }, (_, index) => (
            <div key={index} className={s.skeleton} />
          ))}
        </div>
      </>
    );
  }
  if (status === 'error') {
    return (
      <div className={s.errorState} role="alert" data-testid="assets-picker-error">
        <IconAlert size={28} />
        <p className={s.stateTitle}>
          <Trans>Không tải được thư viện</Trans>
        </p>
        <button type="button" className={button({ variant: 'secondary' })} data-testid="assets-picker-retry" onClick={onRetry}>
          <IconRefresh size={18} />
          <Trans>Thử lại</Trans>
        </button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className={s.state} data-testid="assets-picker-empty">
        <IconImage size={32} />
        {q ? (
          <p className={s.stateTitle}>
            <Trans>Không có tệp nào khớp với “{q}”.</Trans>
          </p>
        ) : (
          <>
            <p className={s.stateTitle}>
              <Trans>Chưa có tệp nào ở đây</Trans>
            </p>
            <p>
              <Trans>Ảnh và video bạn tải lên hoặc tạo trong các công cụ sẽ xuất hiện ở đây để dùng lại.</Trans>
            </p>
          </>
        )}
      </div>
    );
  }
  return <AssetGrid {...props} />;
}

/**
 * The tiles as a listbox: one tab stop, arrows move by tile and by row, Home/End, Enter or
 * Space selects. Reaching the end loads the next page (IntersectionObserver on a sentinel).
 */
function AssetGrid({ items, selected, accepted, role, multiple, onToggle, hasNextPage, isFetchingNextPage, nextPageFailed, onLoadMore }: PanelContentProps) {
  const { t } = useLingui();
  const listRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, items.length - 1);
  const moved = useRef(false);

  // Keyboard moves carry focus to the new tile (and only they: a re-render must not steal focus).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const option = listRef.current?.querySelectorAll<HTMLElement>('[role="option"]')[activeIndex];
    option?.focus();
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  // The latest callback, without making the observer anew on every render.
  const loadMore = useRef(onLoadMore);
  useLayoutEffect(() => {
    loadMore.current = onLoadMore;
  });

  // The observer is made anew after each page, so a sentinel still in view asks for the next.
  const pageCount = items.length;
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || pageCount === 0 || !hasNextPage || isFetchingNextPage || nextPageFailed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { root: sentinel.closest('[role="tabpanel"]'), rootMargin: `0px 0px ${PREFETCH_MARGIN_PX}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, nextPageFailed, pageCount]);

  const columns = (): number => {
    const options = listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [];
    const top = options[0]?.getBoundingClientRect().top;
    let count = 0;
    for (const option of options) {
      if (option.getBoundingClientRect().top !== top) break;
      count += 1;
    }
    return Math.max(1, count);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      const asset = items[activeIndex];
      if (!asset) return;
      event.preventDefault();
      onToggle(asset);
      return;
    }
    const next = gridMove(activeIndex, event.key, items.length, columns());
    if (next === null) return;
    event.preventDefault();
    // At the last tile, a step further asks for the next page.
    if (next === activeIndex && activeIndex === items.length - 1 && hasNextPage && !isFetchingNextPage) onLoadMore();
    moved.current = true;
    setActive(next);
  };

  const selectedIds = new Map(selected.map((asset, index) => [asset.id, index]));
  return (
    <>
      <div ref={listRef} role="listbox" aria-multiselectable={multiple} aria-label={t`Tệp trong thư viện`} className={s.grid} data-testid="assets-picker-grid">
        {items.map((asset, index) => {
          const order = selectedIds.get(asset.id);
          const usable = selectionProblem(asset, role, accepted) === null;
          return (
            <AssetTile
              key={asset.id}
              asset={asset}
              selected={order !== undefined}
              order={multiple && order !== undefined ? order + 1 : undefined}
              usable={usable}
              tabbable={index === activeIndex}
              onPress={() => {
                setActive(index);
                onToggle(asset);
              }}
              onKeyDown={onKeyDown}
            />
          );
        })}
      </div>
      <div ref={sentinelRef} className={s.sentinel} aria-hidden="true" />
      {isFetchingNextPage ? (
        <p className={s.more} role="status">
          <Trans>Đang tải thêm…</Trans>
        </p>
      ) : nextPageFailed ? (
        <div className={s.more} role="alert">
          <span>
            <Trans>Không tải được thư viện</Trans>
          </span>
          <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={onLoadMore}>
            <Trans>Thử lại</Trans>
          </button>
        </div>
      ) : hasNextPage && typeof IntersectionObserver === 'undefined' ? (
        <div className={s.more}>
          <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={onLoadMore}>
            <Trans>Tải thêm</Trans>
          </button>
        </div>
      ) : null}
    </>
  );
}

interface AssetTileProps {
  asset: Asset;
  selected: boolean;
  /** Position in a multiple selection, shown on the check mark. */
  order: number | undefined;
  usable: boolean;
  tabbable: boolean;
  onPress: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
}

function AssetTile({ asset, selected, order, usable, tabbable, onPress, onKeyDown }: AssetTileProps) {
  const [broken, setBroken] = useState(false);
  return (
    <div
      role="option"
      aria-selected={selected}
      aria-disabled={!usable || undefined}
      tabIndex={tabbable ? 0 : -1}
      className={s.tile}
      data-testid="asset-option"
      data-asset-id={asset.id}
      onClick={onPress}
      onKeyDown={onKeyDown}
    >
      <span className={s.thumb}>
        {broken ? (
          <IconImage size={28} />
        ) : (
          <img className={s.thumbImage} src={mediaSrc(asset.thumbnail_url)} alt="" loading="lazy" decoding="async" draggable={false} onError={() => setBroken(true)} />
        )}
        <ThumbBadges asset={asset} videoClassName={s.badge} kindClassName={s.kindBadge} />
        {selected ? (
          <span className={s.check} aria-hidden="true">
            {order ?? <IconCheck size={16} />}
          </span>
        ) : null}
      </span>
      <span className={s.name}>{asset.name}</span>
    </div>
  );
}
