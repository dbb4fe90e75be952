/**
 * The grid's geometry, shared by the styles (library.css.ts) and the virtualiser's arithmetic
 * (LibraryGrid.tsx): rows have a fixed height, so nothing is measured while scrolling.
 */

/** Space between tiles, in px. */
export const GRID_GAP_PX = 12;
/** Narrowest tile, in px: four columns on a 768 px tablet, five or six beside the sidebar. */
export const TILE_MIN_PX = 156;
/** Narrowest tile on a small window, in px (the library is a tablet screen; this only keeps a narrow window usable). */
export const TILE_MIN_SMALL_PX = 120;
/** Below this grid width, in px, the small tile width applies. */
export const SMALL_GRID_PX = 560;
/** Fewest columns. */
export const MIN_COLUMNS = 2;
/** Height of a tile's caption (name, then tool and date) under the square thumbnail, in px. */
export const CAPTION_PX = 52;

/** Columns that fit a grid `width` px wide. */
export function columnsFor(width: number): number {
  const min = width < SMALL_GRID_PX ? TILE_MIN_SMALL_PX : TILE_MIN_PX;
  return Math.max(MIN_COLUMNS, Math.floor((width + GRID_GAP_PX) / (min + GRID_GAP_PX)));
}

/** Height of one row of tiles (without the gap), in px: a square thumbnail plus the caption. */
export function rowHeightFor(width: number, columns: number): number {
  const tile = (width - GRID_GAP_PX * (columns - 1)) / columns;
  return Math.round(tile) + CAPTION_PX;
}
