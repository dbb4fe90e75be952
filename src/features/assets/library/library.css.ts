import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '../../../ui/theme.css.ts';
import { CAPTION_PX, GRID_GAP_PX } from './layout.ts';

/** The page's widest, in px: wide enough for seven columns beside the sidebar. */
const PAGE_MAX_PX = 1440;
/** Round overlay controls on a tile, in px (with the 2 px ring, above the 44 px touch target once the tile is pressed anywhere else). */
const OVERLAY_CONTROL_PX = 36;

export const page = style({
  maxWidth: `${PAGE_MAX_PX}px`,
  margin: '0 auto',
  padding: `${vars.space['6']} ${vars.space['4']} ${vars.space['20']}`,
  display: 'grid',
  gap: vars.space['5'],
  '@media': { [media.tablet]: { padding: `${vars.space['8']} ${vars.space['6']} ${vars.space['20']}` } },
});

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: `${vars.space['2']} ${vars.space['4']}` });

export const title = style({ fontFamily: vars.font.display, fontWeight: 400, fontSize: 'clamp(1.75rem, 3.5vw, 2.5rem)', letterSpacing: '-0.01em' });

export const count = style({ color: vars.color.muted, fontSize: vars.fontSize.md, fontVariantNumeric: 'tabular-nums' });

export const lead = style({ flexBasis: '100%', color: vars.color.inkSoft, maxWidth: '70ch' });

export const toolbar = style({ display: 'grid', gap: vars.space['3'] });

export const toolbarRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'] });

/** A filter of the toolbar: wide enough for its longest choice, never the whole row. */
export const filter = style({ minWidth: '150px' });

export const toolbarEnd = style({ marginLeft: 'auto', display: 'flex', gap: vars.space['2'], alignItems: 'flex-end' });

/* ---------- the grid ---------- */

export const grid = style({ position: 'relative', width: '100%', outline: 'none' });

export const row = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  display: 'grid',
  gap: `${GRID_GAP_PX}px`,
  // The column count is set per render (a custom property), the rest stays in the stylesheet.
  gridTemplateColumns: 'repeat(var(--library-columns, 4), minmax(0, 1fr))',
  // A row's size is fixed (full width, the height set per render): laying one out never touches
  // the rest of the page, so a row added while scrolling costs only itself. Not paint: a tile's
  // "use in" menu reaches below its row.
  contain: 'size layout style',
});

// Containment makes each row a layer of its own, and recycled rows are not in visual order: the
// row whose menu is open goes above the others.
globalStyle(`${row}:has([data-menu-open="true"])`, { zIndex: 1 });

export const tile = style({
  position: 'relative',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  borderRadius: vars.radius.md,
  outline: 'none',
  // A shift-click selects tiles, not the page's text.
  userSelect: 'none',
  selectors: {
    '&:focus-within': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' },
  },
});

export const open = style({
  display: 'block',
  width: '100%',
  padding: 0,
  border: 0,
  background: 'transparent',
  cursor: 'pointer',
  textAlign: 'left',
  borderRadius: vars.radius.md,
  outline: 'none',
});

export const thumb = style({
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  // The box has its size before the image arrives: no layout shift.
  aspectRatio: '1',
  width: '100%',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: vars.color.sand,
  color: vars.color.muted,
  boxShadow: `inset 0 0 0 1px ${vars.color.line}`,
  selectors: {
    [`${tile}[data-selected="true"] &`]: { boxShadow: `inset 0 0 0 3px ${vars.color.ink}` },
  },
});

export const thumbImage = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  selectors: { [`${tile}[data-selected="true"] &`]: { transform: 'scale(0.92)', borderRadius: vars.radius.sm } },
});

export const caption = style({
  height: `${CAPTION_PX}px`,
  display: 'grid',
  alignContent: 'start',
  gap: '1px',
  padding: `${vars.space['2']} ${vars.space['1']} 0`,
  minWidth: 0,
});

export const name = style({ fontSize: vars.fontSize.sm, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const meta = style({ fontSize: vars.fontSize.xs, color: vars.color.muted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

/** Where the thumbnail's pills sit (shared/ThumbBadges.tsx): the video's length bottom left, "upscaled" bottom right. */
export const badge = style({ left: vars.space['2'], bottom: vars.space['2'] });

export const kindBadge = style({ right: vars.space['2'], bottom: vars.space['2'] });

/** Controls over the thumbnail: shown on hover or focus where there is a mouse, always on touch and while selecting. */
const overlay = style({
  position: 'absolute',
  top: vars.space['2'],
  width: `${OVERLAY_CONTROL_PX}px`,
  height: `${OVERLAY_CONTROL_PX}px`,
  display: 'grid',
  placeItems: 'center',
  borderRadius: vars.radius.pill,
  '@media': {
    '(hover: hover)': {
      opacity: 0,
      selectors: {
        [`${tile}:hover &, ${tile}:focus-within &, ${tile}[data-selected="true"] &, [data-selecting="true"] &, &[data-menu-open="true"]`]: { opacity: 1 },
      },
    },
  },
});

export const check = style([
  overlay,
  {
    left: vars.space['2'],
    cursor: 'pointer',
    background: 'rgba(11, 11, 12, 0.35)',
    border: `2px solid ${vars.color.paper}`,
    color: vars.color.onDark,
    selectors: { [`${tile}[data-selected="true"] &`]: { background: vars.color.ink } },
  },
]);

export const checkInput = style({ position: 'absolute', inset: 0, margin: 0, opacity: 0, cursor: 'pointer' });

/**
 * The tiles' two small glyphs are drawn by CSS (a mask over the text colour) instead of inline
 * SVG elements: a screen of tiles builds a few hundred fewer nodes and attributes per frame.
 */
const glyph = (svg: string, size: number) =>
  ({
    width: `${size}px`,
    height: `${size}px`,
    backgroundColor: 'currentColor',
    mask: `url("data:image/svg+xml,${encodeURIComponent(svg)}") center / contain no-repeat`,
  }) as const;

const CHECK_SVG = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='1.6' stroke-linecap='round' stroke-linejoin='round'><path d='m5 12.5 4.5 4.5L19 7.5'/></svg>`;
const DOTS_SVG = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><circle cx='5' cy='12' r='2'/><circle cx='12' cy='12' r='2'/><circle cx='19' cy='12' r='2'/></svg>`;

export const checkMark = style({
  ...glyph(CHECK_SVG, 18),
  pointerEvents: 'none',
  opacity: 0,
  selectors: { [`${tile}[data-selected="true"] &`]: { opacity: 1 } },
});

export const dotsGlyph = style(glyph(DOTS_SVG, 20));

globalStyle(`${check}:has(:focus-visible)`, { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' });

export const menuAnchor = style([overlay, { right: vars.space['2'] }]);

export const menuTrigger = style({
  width: '100%',
  height: '100%',
  display: 'grid',
  placeItems: 'center',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'rgba(11, 11, 12, 0.72)',
  color: vars.color.onDark,
  cursor: 'pointer',
  selectors: { '&:hover': { background: 'rgba(60, 60, 66, 0.9)' } },
});

/* ---------- the "use in" menu ---------- */

export const menuRoot = style({ position: 'relative', display: 'inline-flex' });

export const menu = style({
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 6px)',
  zIndex: vars.layer.dropdown,
  minWidth: '240px',
  maxWidth: 'min(320px, 90vw)',
  display: 'grid',
  padding: vars.space['1'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.paper,
  color: vars.color.ink,
  boxShadow: vars.shadow.lg,
  textAlign: 'left',
  selectors: {
    '&[data-side="top"]': { top: 'auto', bottom: 'calc(100% + 6px)' },
    '&[data-align="start"]': { right: 'auto', left: 0 },
  },
});

export const menuHeading = style({
  padding: `${vars.space['2']} ${vars.space['3']} ${vars.space['1']}`,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  color: vars.color.muted,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
});

export const menuItem = style({
  display: 'grid',
  minHeight: vars.size.touchTarget,
  alignContent: 'center',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  fontSize: vars.fontSize.sm,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.canvas, outline: 'none' } },
});

export const menuItemHint = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });

export const menuSeparator = style({ height: '1px', margin: `${vars.space['1']} 0`, background: vars.color.line });

export const menuExtra = style({ padding: `${vars.space['1']} ${vars.space['2']}` });

/* ---------- states ---------- */

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.55 } });

export const skeletonGrid = style({ display: 'grid', gap: `${GRID_GAP_PX}px`, gridTemplateColumns: 'repeat(var(--library-columns, 4), minmax(0, 1fr))' });

export const skeleton = style({
  aspectRatio: '1',
  borderRadius: vars.radius.md,
  background: vars.color.sand,
  marginBottom: `${CAPTION_PX}px`,
  animation: `${pulse} 1.4s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const state = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['16']} ${vars.space['4']}`,
  textAlign: 'center',
  color: vars.color.inkSoft,
  border: `1px dashed ${vars.color.lineStrong}`,
  borderRadius: vars.radius.lg,
});

export const stateTitle = style({ fontWeight: 600, fontSize: vars.fontSize.lg, color: vars.color.ink });

export const studioLinks = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: vars.space['2'], marginTop: vars.space['2'] });

export const more = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: '56px',
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
});

/* ---------- the selection bar ---------- */

export const selectionBar = style({
  position: 'fixed',
  left: '50%',
  bottom: vars.space['4'],
  transform: 'translateX(-50%)',
  zIndex: vars.layer.sticky,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  width: 'max-content',
  maxWidth: `calc(100vw - 2 * ${vars.space['4']})`,
  padding: `${vars.space['2']} ${vars.space['2']} ${vars.space['2']} ${vars.space['5']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.ink,
  color: vars.color.onDark,
  boxShadow: vars.shadow.lg,
  '@media': { [media.desktop]: { marginLeft: `calc(${vars.size.sidebarWidth} / 2)` } },
});

export const selectionCount = style({ fontWeight: 600, marginRight: vars.space['2'], fontVariantNumeric: 'tabular-nums' });

export const barButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space['4']}`,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'rgba(255, 255, 255, 0.1)',
  color: vars.color.onDark,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: 'rgba(255, 255, 255, 0.2)' },
    '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const barDanger = style([barButton, { background: vars.color.danger, selectors: { '&:hover:not(:disabled)': { background: '#8f1e18' } } }]);

/* ---------- the delete confirmation ---------- */

/* ---------- the review dialog's actions ---------- */

export const reviewAction = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space['4']}`,
  border: '1px solid rgba(255, 255, 255, 0.24)',
  borderRadius: vars.radius.pill,
  background: 'rgba(11, 11, 12, 0.72)',
  color: vars.color.onDark,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: { '&:hover': { background: 'rgba(60, 60, 66, 0.9)' } },
});
