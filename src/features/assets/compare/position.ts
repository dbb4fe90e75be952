/** Divider positions are percentages of the width, from the left edge: 0 shows only "after", 100 only "before". */
export const MIN_POSITION = 0;
export const MAX_POSITION = 100;
/** Arrow keys move the divider by this many percent, Page Up / Page Down by the larger step. */
export const KEY_STEP = 1;
export const PAGE_STEP = 10;

export function clampPosition(value: number): number {
  if (Number.isNaN(value)) return MAX_POSITION / 2;
  return Math.min(MAX_POSITION, Math.max(MIN_POSITION, value));
}

/** The divider under a pointer at `clientX` over a box spanning `left` to `left + width` (px). */
export function positionFromPointer(clientX: number, left: number, width: number): number {
  if (width <= 0) return MAX_POSITION / 2;
  return clampPosition(((clientX - left) / width) * 100);
}

/** The divider after a key press (ARIA slider keys), or null for a key the slider ignores. */
export function positionFromKey(current: number, key: string): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampPosition(current - KEY_STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampPosition(current + KEY_STEP);
    case 'PageDown':
      return clampPosition(current - PAGE_STEP);
    case 'PageUp':
      return clampPosition(current + PAGE_STEP);
    case 'Home':
      return MIN_POSITION;
    case 'End':
      return MAX_POSITION;
    default:
      return null;
  }
}
