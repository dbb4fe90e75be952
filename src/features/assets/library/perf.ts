/**
 * The library's performance marks, read by scripts/bench-assets.ts: when the opening screen
 * asks for its stored data, when the grid first shows tiles in this document, and whether their
 * data came from storage (the IndexedDB query persister) rather than from the network since the
 * page loaded.
 */

export const FIRST_TILES_MARK = 'atelier:library:first-tiles';
/** When the opening library asked IndexedDB for its first page (the route's loader). */
export const RESTORE_START_MARK = 'atelier:library:restore-start';

export interface FirstTilesDetail {
  /** Tiles' worth of data (assets listed). */
  items: number;
  /** The data was fetched before this page loaded: it was restored from storage. */
  restored: boolean;
}

let marked = false;
let restoreMarked = false;

/** Marks, once per document, the moment the library's stored first page is asked for. */
export function markRestoreStart(): void {
  if (restoreMarked || typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  restoreMarked = true;
  performance.mark(RESTORE_START_MARK);
}

/** Data updated before this document started was restored from a persisted copy. */
export function restoredFromStorage(dataUpdatedAt: number, timeOrigin = performance.timeOrigin): boolean {
  return dataUpdatedAt > 0 && dataUpdatedAt < timeOrigin;
}

/** Marks the first tiles once per document, after the frame that shows them has been painted. */
export function markFirstTiles(detail: FirstTilesDetail): void {
  if (marked || typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  marked = true;
  // The frame is painted after the next animation frame's callbacks; a task queued from there
  // runs after that paint. A user-blocking task runs right after it, where a timer would wait
  // behind the start-up's other queued work (scripts, load events) and mark the paint late.
  const mark = () => performance.mark(FIRST_TILES_MARK, { detail });
  requestAnimationFrame(() => {
    const scheduler = (globalThis as { scheduler?: { postTask?: (task: () => void, options: { priority: string }) => unknown } }).scheduler;
    if (scheduler?.postTask) void scheduler.postTask(mark, { priority: 'user-blocking' });
    else setTimeout(mark, 0);
  });
}
