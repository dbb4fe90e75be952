/**
 * Where the cut-out and the tooltip go (docs/product-rules.md#tutorial-numbers: tooltip about 320×200, 16 px from the viewport's
 * edges and 16 px from the highlighted area). Pure functions of rectangles, in CSS px of the
 * viewport (what getBoundingClientRect gives).
 */
import { TUTORIAL, type TutorialPlacement } from './types.ts';

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export type TooltipSide = 'top' | 'bottom' | 'left' | 'right' | 'center';

export interface TooltipPosition {
  top: number;
  left: number;
  side: TooltipSide;
}

/** The target's rectangle grown by the padding on every side. */
export function highlightRect(target: Rect, padding: number = TUTORIAL.highlightPadding): Rect {
  return {
    top: target.top - padding,
    left: target.left - padding,
    width: target.width + 2 * padding,
    height: target.height + 2 * padding,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

type Side = Exclude<TooltipSide, 'center'>;
/** `auto` tries below first (reading order), then above, then beside. */
const AUTO_ORDER: readonly Side[] = ['bottom', 'top', 'right', 'left'];
const OPPOSITE: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

interface PlaceOptions {
  /** The highlighted area (target plus padding), or null for a centred step. */
  highlight: Rect | null;
  tooltip: Size;
  viewport: Size;
  placement?: TutorialPlacement;
  /** The step's extra shift, in px. */
  offset?: { x?: number; y?: number };
  margin?: number;
  gap?: number;
}

/**
 * The tooltip's top-left corner. An explicit side is kept when the tooltip fits there, else the
 * opposite side is tried, then the `auto` order; when no side has room (a target as big as the
 * screen) the roomiest side is used. The result always stays inside the viewport's margins.
 */
export function placeTooltip({
  highlight,
  tooltip,
  viewport,
  placement = 'auto',
  offset,
  margin = TUTORIAL.viewportMargin,
  gap = TUTORIAL.tooltipOffset,
}: PlaceOptions): TooltipPosition {
  const dx = offset?.x ?? 0;
  const dy = offset?.y ?? 0;
  const inside = (left: number, top: number, side: TooltipSide): TooltipPosition => ({
    left: clamp(left + dx, margin, viewport.width - tooltip.width - margin),
    top: clamp(top + dy, margin, viewport.height - tooltip.height - margin),
    side,
  });

  if (!highlight) {
    return inside((viewport.width - tooltip.width) / 2, (viewport.height - tooltip.height) / 2, 'center');
  }

  const room: Record<Side, number> = {
    top: highlight.top,
    bottom: viewport.height - (highlight.top + highlight.height),
    left: highlight.left,
    right: viewport.width - (highlight.left + highlight.width),
  };
  const need: Record<Side, number> = {
    top: tooltip.height + gap + margin,
    bottom: tooltip.height + gap + margin,
    left: tooltip.width + gap + margin,
    right: tooltip.width + gap + margin,
  };
  const fits = (side: Side) => room[side] >= need[side];

  const candidates: Side[] = placement === 'auto' ? [...AUTO_ORDER] : [placement, OPPOSITE[placement], ...AUTO_ORDER];
  const side =
    candidates.find(fits) ??
    // Nothing fits: the side with the most room for what it needs.
    AUTO_ORDER.toSorted((a, b) => room[b] - need[b] - (room[a] - need[a]))[0]!;

  const centreX = highlight.left + highlight.width / 2 - tooltip.width / 2;
  const centreY = highlight.top + highlight.height / 2 - tooltip.height / 2;
  switch (side) {
    case 'bottom':
      return inside(centreX, highlight.top + highlight.height + gap, side);
    case 'top':
      return inside(centreX, highlight.top - gap - tooltip.height, side);
    case 'right':
      return inside(highlight.left + highlight.width + gap, centreY, side);
    case 'left':
      return inside(highlight.left - gap - tooltip.width, centreY, side);
  }
}

/** Hundredths of a px are plenty, and keep the path short. */
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * An SVG path covering the viewport with a rounded hole at `hole`: with `fill-rule="evenodd"` the
 * hole is neither painted nor hit, so presses there reach the page (unless the step blocks them).
 */
export function cutoutPath(viewport: Size, hole: Rect | null, radius: number = TUTORIAL.highlightRadius): string {
  const outer = `M0 0H${viewport.width}V${viewport.height}H0Z`;
  if (!hole) return outer;
  const { left: x, top: y, width: w, height: h } = hole;
  const r = Math.max(0, Math.min(radius, w / 2, h / 2));
  const [x0, y0, x1, y1, rr] = [x, y, x + w, y + h, r].map(round) as [number, number, number, number, number];
  return (
    `${outer}M${round(x0 + rr)} ${y0}H${round(x1 - rr)}A${rr} ${rr} 0 0 1 ${x1} ${round(y0 + rr)}` +
    `V${round(y1 - rr)}A${rr} ${rr} 0 0 1 ${round(x1 - rr)} ${y1}H${round(x0 + rr)}` +
    `A${rr} ${rr} 0 0 1 ${x0} ${round(y1 - rr)}V${round(y0 + rr)}A${rr} ${rr} 0 0 1 ${round(x0 + rr)} ${y0}Z`
  );
}
