import { keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '../../../ui/theme.css.ts';

/** Smallest tile width in px: three columns on a phone, five or six on a tablet. */
const TILE_MIN_PX = 96;
const TILE_MIN_TABLET_PX = 132;

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['3']} 0 ${vars.space['5']}`,
});

export const title = style({ flex: 1, fontFamily: vars.font.display, fontSize: vars.fontSize.xl, fontWeight: 600 });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['5']}`,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const panel = style({ flex: 1, minHeight: '240px', overflowY: 'auto', padding: vars.space['5'], overscrollBehavior: 'contain' });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fill, minmax(${TILE_MIN_PX}px, 1fr))`,
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.tablet]: { gridTemplateColumns: `repeat(auto-fill, minmax(${TILE_MIN_TABLET_PX}px, 1fr))` } },
});

export const tile = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  padding: vars.space['1'],
  borderRadius: vars.radius.md,
  border: '2px solid transparent',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.canvas },
    // An outline, not the border: the border already says "selected".
    '&:focus-visible': { outline: `3px solid ${vars.color.accent}`, outlineOffset: '2px' },
    '&[aria-selected="true"]': { borderColor: vars.color.ink, background: vars.color.canvas },
    '&[aria-disabled="true"]': { cursor: 'not-allowed' },
  },
});

export const thumb = style({
  position: 'relative',
  aspectRatio: '1',
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
  background: vars.color.sand,
  display: 'grid',
  placeItems: 'center',
  color: vars.color.muted,
  selectors: { [`${tile}[aria-disabled="true"] &`]: { opacity: 0.45 } },
});

export const thumbImage = style({ width: '100%', height: '100%', objectFit: 'cover' });

/** Where the thumbnail's pills sit (shared/ThumbBadges.tsx): the video's length bottom left, "upscaled" top right. */
export const badge = style({ left: vars.space['1'], bottom: vars.space['1'] });

export const kindBadge = style({ right: vars.space['1'], top: vars.space['1'] });

export const check = style({
  position: 'absolute',
  top: vars.space['2'],
  left: vars.space['2'],
  width: '26px',
  height: '26px',
  display: 'grid',
  placeItems: 'center',
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.paper}`,
  background: 'rgba(11, 11, 12, 0.35)',
  color: vars.color.onDark,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  selectors: { [`${tile}[aria-selected="true"] &`]: { background: vars.color.ink } },
});

export const name = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.inkSoft,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  padding: `0 ${vars.space['1']}`,
});

const shimmer = keyframes({ '0%': { opacity: 0.55 }, '50%': { opacity: 1 }, '100%': { opacity: 0.55 } });

export const skeleton = style({
  aspectRatio: '1',
  borderRadius: vars.radius.sm,
  background: vars.color.sand,
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const state = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['12']} ${vars.space['4']}`,
  textAlign: 'center',
  color: vars.color.muted,
});

export const stateTitle = style({ fontWeight: 600, color: vars.color.ink });

export const sentinel = style({ height: '1px' });

export const more = style({ display: 'flex', justifyContent: 'center', padding: vars.space['4'], color: vars.color.muted, fontSize: vars.fontSize.sm });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['5']}`,
  borderTop: `1px solid ${vars.color.line}`,
});

export const footerInfo = style({ flex: '1 1 200px', display: 'grid', gap: '2px', fontSize: vars.fontSize.sm, color: vars.color.muted });

export const problem = style({
  display: 'grid',
  gap: '2px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});

export const problemTitle = style({ fontWeight: 700 });

export const actions = style({ display: 'flex', gap: vars.space['2'], marginLeft: 'auto' });
