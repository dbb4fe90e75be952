import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useAfterFirstFrame } from '../../../lib/after-first-frame.ts';
import type { Asset } from '../../../contract/media.schema.ts';
import { gridMove } from '../picker/selection.ts';
import { AssetTile, type TileHandlers } from './AssetTile.tsx';
import { columnsFor, GRID_GAP_PX, rowHeightFor } from './layout.ts';
import { markFirstTiles, restoredFromStorage } from './perf.ts';
import * as s from './library.css.ts';

/** Rows drawn beyond the window on each side: a fast flick on a tablet still finds tiles ready. */
const OVERSCAN_ROWS = 3;
/** The next page is asked for when the last drawn row is this close to the end of what is loaded. */
const PREFETCH_ROWS = 8;
/**
 * Scrolling faster than this (px/s, about three tablet screens a second) is flying past, not
 * looking: tiles that come into view meanwhile wait with their empty box and load their image
 * when the scroll slows below half of it or stops, like a photo gallery does. Loading every
 * thumbnail flown past would queue hundreds of image requests and decodes, which is what made
 * a fast fling stutter.
 */
export const FAST_SCROLL_PX_PER_S = 3_000;
/** No scroll event for this long (ms) means the scroll stopped. */
const SCROLL_SETTLE_MS = 120;

/** Whether the window is scrolling fast (FAST_SCROLL_PX_PER_S); changes state only when crossing the thresholds. */
function useFastScroll(): boolean {
  const [fast, setFast] = useState(false);
  useEffect(() => {
    let lastY = window.scrollY;
    let lastAt = performance.now();
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const now = performance.now();
      const y = window.scrollY;
      const elapsed = now - lastAt;
      if (elapsed > 0) {
        const speed = (Math.abs(y - lastY) / elapsed) * 1000;
        if (speed > FAST_SCROLL_PX_PER_S) setFast(true);
        else if (speed < FAST_SCROLL_PX_PER_S / 2) setFast(false);
      }
      lastY = y;
      lastAt = now;
      clearTimeout(settle);
      settle = setTimeout(() => setFast(false), SCROLL_SETTLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(settle);
    };
  }, []);
  return fast;
}

/** Width assumed before the first measurement, in px (a tablet beside no sidebar). */
const FALLBACK_WIDTH_PX = 720;

/** What the screen handles; the grid adds focus movement and builds the tiles' handlers. */
export type GridActions = Omit<TileHandlers, 'move' | 'focus' | 'menu' | 'closeMenu'> & {
  selectAll: () => void;
  /** Escape: true when there was a selection to clear. */
  clearSelection: () => boolean;
};

export interface LibraryGridProps {
  items: readonly Asset[];
  selected: ReadonlySet<string>;
  actions: GridActions;
  renderPin: ((asset: Asset) => ReactNode) | null;
  hasNextPage: boolean;
  /** Asks for the next page; called when the end comes near (the screen ignores calls while one is under way). */
  loadMore: () => void;
  canLoadMore: boolean;
  /** When the list's data was fetched (for the first-tiles mark: restored or fresh). */
  dataUpdatedAt: number;
  /** The grid's accessible name. */
  label: string;
}

/**
 * Which DOM row (slot) draws each row index: rows staying in view keep their slot, and rows that
 * come into view take the slots of rows that left. Scrolling then updates a few existing tiles
 * (their asset, text and image) instead of building new ones and tearing old ones down, which
 * is most of a scroll frame's cost on a tablet. Pure: `previous` is the last assignment.
 */
export function assignSlots(indexes: readonly number[], previous: ReadonlyMap<number, number>): Map<number, number> {
  const next = new Map<number, number>();
  const taken = new Set<number>();
  for (const index of indexes) {
    const slot = previous.get(index);
    if (slot !== undefined) {
      next.set(index, slot);
      taken.add(slot);
    }
  }
  const free = [...previous.values()].filter((slot) => !taken.has(slot)).toSorted((a, b) => b - a);
  let fresh = Math.max(-1, ...previous.values()) + 1;
  for (const index of indexes) {
    if (next.has(index)) continue;
    const slot = free.pop() ?? fresh++;
    next.set(index, slot);
  }
  return next;
}

/**
 * The library's grid, virtualised by rows on the window's scroll: only the rows in view (and a
 * few around) are in the page, each a fixed height computed from the width, so scrolling 10,000
 * assets measures nothing and lays out a few rows at a time. Rows are recycled (assignSlots),
 * React renders once per change of the rows in range, never per scroll frame, and the row with
 * the grid's tab stop stays in the page while scrolled away, so Tab always finds the grid.
 *
 * Keyboard (ARIA grid): one tab stop; arrows, Home/End, Page Up/Down move; Enter opens; Space
 * selects (with Shift, a range); Ctrl/⌘+A selects everything loaded; Escape clears the selection.
 *
 * Test ids: `library-grid` (`data-columns`, `data-complete` once every page is loaded).
 */
export function LibraryGrid({ items, selected, actions, renderPin, hasNextPage, loadMore, canLoadMore, dataUpdatedAt, label }: LibraryGridProps) {
  const gridRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, offset: 0 });
  const width = box.width || FALLBACK_WIDTH_PX;
  const columns = columnsFor(width);
  const rowHeight = rowHeightFor(width, columns);
  const rowCount = Math.ceil(items.length / columns);

  // Width decides the columns; the offset from the top of the page is where the rows start.
  useLayoutEffect(() => {
    const element = gridRef.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const next = { width: Math.round(rect.width), offset: Math.round(rect.top + window.scrollY) };
      setBox((current) => (current.width === next.width && current.offset === next.offset ? current : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The first frame draws the rows in view only; the rows around them follow right after it.
  const firstFrameDone = useAfterFirstFrame();

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight,
    gap: GRID_GAP_PX,
    overscan: firstFrameDone ? OVERSCAN_ROWS : 0,
    scrollMargin: box.offset,
    // Rows are placed by React (recycled rows are not the virtualiser's elements); in this mode
    // it still sizes the grid and re-renders only when the rows in range change.
    directDomUpdates: true,
    // That render runs in its own task, not inside the scroll event: a frame's scroll handling,
    // rendering and painting are then not one long task. The overscan rows cover the frame in between.
    useFlushSync: false,
    directDomUpdatesMode: 'position',
  });
  // New widths give new row heights: every row is placed again.
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight, columns]);

  const rows = virtualizer.getVirtualItems();
  const lastRow = rows.at(-1)?.index ?? -1;
  const fast = useFastScroll();
  useEffect(() => {
    if (hasNextPage && canLoadMore && lastRow >= rowCount - PREFETCH_ROWS) loadMore();
  }, [lastRow, rowCount, hasNextPage, canLoadMore, loadMore]);

  const firstPaint = items.length > 0;
  useLayoutEffect(() => {
    if (firstPaint) markFirstTiles({ items: items.length, restored: restoredFromStorage(dataUpdatedAt) });
    // Only the first render with tiles matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstPaint]);

  // ── Roving focus ──
  const [active, setActive] = useState(0);
  /** The tile whose "use in" popup is open. */
  const [menuIndex, setMenuIndex] = useState<number | null>(null);
  // Another list (a delete, new filters): positions now name other assets.
  useEffect(() => setMenuIndex(null), [items]);
  const activeIndex = Math.min(active, Math.max(0, items.length - 1));
  // The rows to draw (the range, plus the tab stop's row when scrolled away) and their slots.
  const activeRow = Math.floor(activeIndex / columns);
  const slots = useRef<Map<number, number>>(new Map());
  const drawn = useMemo(() => {
    const indexes = rows.map((row) => row.index);
    if (activeRow < rowCount && !indexes.includes(activeRow)) indexes.push(activeRow);
    // Same input, same answer: rendering twice (StrictMode) assigns the same slots.
    slots.current = assignSlots(indexes, slots.current);
    return indexes.map((index) => ({ index, slot: slots.current.get(index)! }));
    // `rows` is a new array at every render; the range's ends identify it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows[0]?.index, lastRow, activeRow, rowCount]);
  /** A tile to focus once it is drawn (after a keyboard move scrolled to it). */
  const pendingFocus = useRef<number | null>(null);
  const latest = useRef({ items, columns, rows: rowCount, virtualizer, actions });
  useLayoutEffect(() => {
    latest.current = { items, columns, rows: rowCount, virtualizer, actions };
  });

  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const target = gridRef.current?.querySelector<HTMLElement>(`[data-item="${index}"] [data-open]`);
    if (target) {
      pendingFocus.current = null;
      target.focus({ preventScroll: true });
    }
  });

  const handlers = useMemo<TileHandlers>(() => {
    const call = () => latest.current;
    return {
      activate: (index, modifiers) => call().actions.activate(index, modifiers),
      toggle: (index, shift) => call().actions.toggle(index, shift),
      open: (index) => call().actions.open(index),
      use: (asset, target) => call().actions.use(asset, target),
      describe: (asset) => call().actions.describe(asset),
      focus: (index) => setActive(index),
      menu: (index) => setMenuIndex((current) => (current === index ? null : index)),
      closeMenu: (index, focusTrigger) => {
        setMenuIndex(null);
        if (focusTrigger) gridRef.current?.querySelector<HTMLElement>(`[data-item="${index}"] [data-testid="use-in-trigger"]`)?.focus();
      },
      move: (index, key) => {
        const { items: list, columns: cols, virtualizer: v } = call();
        const page = Math.max(1, Math.floor(window.innerHeight / Math.max(1, v.options.estimateSize(0)))) * cols;
        const next =
          key === 'PageDown' ? Math.min(list.length - 1, index + page) : key === 'PageUp' ? Math.max(0, index - page) : gridMove(index, key, list.length, cols);
        if (next === null) return false;
        setActive(next);
        pendingFocus.current = next;
        v.scrollToIndex(Math.floor(next / cols), { align: 'auto' });
        // Drawn already: focus now (the effect covers a row that is drawn on the next render).
        const target = gridRef.current?.querySelector<HTMLElement>(`[data-item="${next}"] [data-open]`);
        if (target) {
          pendingFocus.current = null;
          target.focus({ preventScroll: true });
        }
        return true;
      },
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('[data-menu-open="true"]')) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      actions.selectAll();
    } else if (event.key === 'Escape' && actions.clearSelection()) {
      event.preventDefault();
    }
  };

  return (
    // oxlint-disable-next-line jsx-a11y/interactive-supports-focus -- the cells' controls take focus (roving tab stop)
    <div
      ref={(node) => {
        gridRef.current = node;
        virtualizer.containerRef(node);
      }}
      role="grid"
      aria-label={label}
      aria-rowcount={rowCount}
      aria-colcount={columns}
      aria-multiselectable="true"
      className={s.grid}
      style={{ ['--library-columns' as string]: columns }}
      data-testid="library-grid"
      data-columns={columns}
      data-complete={!hasNextPage}
      data-selecting={selected.size > 0}
      onKeyDown={onKeyDown}
    >
      {drawn.map(({ index: rowIndex, slot }) => {
        const start = rowIndex * columns;
        const rowItems = items.slice(start, start + columns);
        return (
          <div
            key={slot}
            role="row"
            aria-rowindex={rowIndex + 1}
            data-index={rowIndex}
            className={s.row}
            style={{ height: rowHeight, top: rowIndex * (rowHeight + GRID_GAP_PX) }}
          >
            {rowItems.map((asset, column) => {
              const index = start + column;
              return (
                // Keyed by column: a recycled row's tiles take their new assets in place.
                <AssetTile
                  key={column}
                  asset={asset}
                  index={index}
                  selected={selected.has(asset.id)}
                  tabbable={index === activeIndex}
                  menuOpen={index === menuIndex}
                  handlers={handlers}
                  renderPin={renderPin}
                  loadImage={!fast}
                />
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
