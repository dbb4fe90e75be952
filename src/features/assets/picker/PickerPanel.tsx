import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Asset } from '../../../contract/media.schema.ts';
import type { AssetRole, MediaType } from '../../../contract/media.ts';
import { visuallyHidden } from '../../../ui/a11y.css.ts';
import { button } from '../../../ui/button.ts';
import { IconCheck } from '../../../ui/icons/app/IconCheck.tsx';
import { IconImage } from '../../../ui/icons/media/IconImage.tsx';
import { ErrorState } from '../../../ui/States.tsx';
import { InlineError } from '../../../ui/InlineError.tsx';
import { mediaSrc } from '../../../lib/media-src.ts';
import { ThumbBadges } from '../shared/ThumbBadges.tsx';
import { gridMove, selectionProblem } from './selection.ts';
import * as s from './picker.css.ts';

/** The next page loads when the end of the grid comes within this distance of the view, in px. */
const PREFETCH_MARGIN_PX = 400;
/** Tiles drawn while the first page loads. */
const SKELETON_TILES = 12;

/** The picker's panel: the first page loading, the load failed, nothing to show, or the grid of tiles. */
export interface PanelContentProps {
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

export function PanelContent(props: PanelContentProps) {
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
      <ErrorState
        title={<Trans>Không tải được thư viện</Trans>}
        onRetry={onRetry}
        variant="plain"
        testId="assets-picker-error"
        retryTestId="assets-picker-retry"
      />
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
        <InlineError className={s.more} title={<Trans>Không tải được thư viện</Trans>} onRetry={onLoadMore} />
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
          <img
            className={s.thumbImage}
            src={mediaSrc(asset.thumbnail_url)}
            alt=""
            loading="lazy"
            decoding="async"
            draggable={false}
            onError={() => setBroken(true)}
          />
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
