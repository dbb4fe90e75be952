import { style, styleVariants } from '@vanilla-extract/css';
import { cardSurface } from '../../ui/card-surface.ts';
import { media, vars } from '../../ui/theme.css.ts';
import { tileGrid } from '../../ui/tile-grid.ts';
import { skeleton } from './dashboard.css.ts';

/* ---------- stats ---------- */

export const statsGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: vars.space['4'] } },
});

/** A figure's card (src/ui Card): label, value and hint close together, all four cards as tall. */
export const statCard = style({ gap: vars.space['1'], minHeight: '128px' });

export const statLabel = style({ fontSize: vars.fontSize.sm, fontWeight: 600, color: vars.color.inkSoft });

export const statValue = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  lineHeight: 1.1,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});

export const statHint = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });

export const skeletonValue = style([skeleton, { width: '60%', height: '2.25rem', margin: `${vars.space['1']} 0` }]);
export const skeletonLine = style([skeleton, { width: '80%', height: '0.75rem' }]);

/* ---------- thumbnails (body models, community) ---------- */

export const strip = style({
  listStyle: 'none',
  margin: 0,
  padding: `0 0 ${vars.space['2']}`,
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(150px, 180px)',
  gap: vars.space['3'],
  overflowX: 'auto',
  scrollSnapType: 'x proximity',
  overscrollBehaviorX: 'contain',
});

export const mediaCard = style({
  position: 'relative',
  display: 'grid',
  gridTemplateRows: 'auto 1fr',
  overflow: 'hidden',
  ...cardSurface,
  scrollSnapAlign: 'start',
});

export const mediaFrame = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  padding: 0,
  border: 0,
  background: vars.color.sand,
  cursor: 'pointer',
  overflow: 'hidden',
});

export const mediaFrameRatio = styleVariants({
  portrait: { aspectRatio: '3 / 4' },
  square: { aspectRatio: '1 / 1' },
});

export const mediaImage = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const mediaBody = style({ display: 'grid', alignContent: 'start', gap: vars.space['2'], padding: vars.space['3'] });

export const mediaTitle = style({ fontSize: vars.fontSize.sm, fontWeight: 650, lineHeight: 1.3, overflowWrap: 'anywhere' });

export const mediaMeta = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });

export const communityGrid = style({ ...tileGrid('170px'), '@media': { [media.tablet]: { gap: vars.space['4'] } } });

export const playBadge = style({
  position: 'absolute',
  inset: 0,
  margin: 'auto',
  display: 'grid',
  placeItems: 'center',
  width: '48px',
  height: '48px',
  borderRadius: '50%',
  background: vars.color.overlay,
  color: vars.color.onDark,
  pointerEvents: 'none',
  transition: `opacity ${vars.motion.fast}`,
  selectors: { '[data-playing="true"] &': { opacity: 0 } },
});
