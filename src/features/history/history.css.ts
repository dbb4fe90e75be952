import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { accountPage } from '../../ui/account-page.ts';
import { callout, calloutTone } from '../../ui/callout.ts';
import { cardSurface } from '../../ui/card-surface.ts';
import { media, vars } from '../../ui/theme.css.ts';

export const page = style(accountPage.page);

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: vars.space['4'] });
export const title = style(accountPage.title);
export const lead = style({ margin: `${vars.space['1']} 0 0`, color: vars.color.inkSoft, maxWidth: '62ch' });

// ── Filters ──
export const filters = style({ display: 'grid', gap: vars.space['3'] });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center' });
export const chipsLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, marginRight: vars.space['1'], minWidth: '5.5rem' });

// ── List ──
export const days = style({ display: 'grid', gap: vars.space['8'] });
export const day = style({ display: 'grid', gap: vars.space['3'] });
export const dayHeading = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  letterSpacing: '0.04em',
  color: vars.color.inkSoft,
});
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['4'] });

export const item = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['4'],
  ...cardSurface,
  boxShadow: vars.shadow.sm,
  scrollMarginTop: vars.space['16'],
  transition: `border-color ${vars.motion.normal}, box-shadow ${vars.motion.normal}`,
  selectors: { '&[data-highlighted="true"]': { borderColor: vars.color.accent, boxShadow: `0 0 0 2px ${vars.color.accentSoft}, ${vars.shadow.md}` } },
  '@media': { [media.tablet]: { padding: vars.space['5'] } },
});
export const itemHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'], justifyContent: 'space-between' });
export const tool = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2'], fontWeight: 600, color: vars.color.ink });
export const toolIcon = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.md,
  background: vars.color.sand,
  color: vars.color.ink,
});
export const headMeta = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2'], flexWrap: 'wrap' });
export const cost = style({ fontSize: vars.fontSize.sm, color: vars.color.inkSoft });

/** Inputs on the left, the result on the right, from tablet width; stacked on narrow screens. */
export const body = style({
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', alignItems: 'start' } },
});
export const bodyVideo = style({
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)' } },
});
export const sectionLabel = style({
  margin: `0 0 ${vars.space['2']}`,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.muted,
});

export const inputs = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] });
export const input = style({ display: 'grid', gap: vars.space['1'], width: '88px', margin: 0 });
export const inputThumb = style({
  width: '88px',
  height: '110px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.sand,
  border: `1px solid ${vars.color.line}`,
});
export const inputMissing = style({
  display: 'grid',
  placeItems: 'center',
  padding: vars.space['2'],
  textAlign: 'center',
  fontSize: vars.fontSize.xs,
  color: vars.color.muted,
});
export const inputLabel = style({ fontSize: vars.fontSize.xs, color: vars.color.inkSoft, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const result = style({ display: 'grid', gap: vars.space['2'], minWidth: 0 });
export const resultButton = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.sand,
  cursor: 'zoom-in',
});
export const resultImage = style({ display: 'block', width: '100%', maxHeight: '360px', objectFit: 'contain' });
export const resultCount = style({
  position: 'absolute',
  right: vars.space['2'],
  bottom: vars.space['2'],
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.overlay,
  color: vars.color.onDark,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
});
/** Video results: a 16:9 player, letterboxed, so portrait and landscape clips line up. */
export const video = style({
  display: 'block',
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'contain',
  background: vars.color.headerSolid,
  borderRadius: vars.radius.md,
});

export const progress = style({ display: 'grid', gap: vars.space['2'], padding: vars.space['4'], borderRadius: vars.radius.md, background: vars.color.canvas });
export const stage = style({ margin: 0, fontWeight: 600, color: vars.color.ink });
export const failure = style({ ...callout, ...calloutTone.danger, padding: vars.space['3'], fontSize: vars.fontSize.sm });
export const failureTitle = style({ display: 'block', fontWeight: 700, marginBottom: vars.space['1'] });

export const times = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
});
export const timeTerm = style({ color: vars.color.muted });
export const timePair = style({ display: 'flex', gap: vars.space['1'] });
export const timeValue = style({ margin: 0 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center' });
export const action = style({ minHeight: vars.size.touchTarget });

export const more = style({ display: 'flex', justifyContent: 'center', minHeight: vars.size.touchTarget });

// ── States ──
const shimmer = keyframes({ '0%': { opacity: 0.55 }, '50%': { opacity: 1 }, '100%': { opacity: 0.55 } });
export const skeleton = style({ display: 'grid', gap: vars.space['4'] });
export const skeletonBlock = styleVariants({
  line: { height: '14px', width: '40%', borderRadius: vars.radius.sm, background: vars.color.sand, animation: `${shimmer} 1.4s ease-in-out infinite` },
  media: { height: '140px', borderRadius: vars.radius.md, background: vars.color.sand, animation: `${shimmer} 1.4s ease-in-out infinite` },
});

export const stateText = style({ margin: 0, color: vars.color.inkSoft, maxWidth: '52ch' });
export const studios = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], justifyContent: 'center' });
export const studioLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space['4']}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.lineStrong}`,
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.ink } },
});
export const error = style({ margin: 0, color: vars.color.danger });

export const pinned = style({ display: 'grid', gap: vars.space['3'] });

// ── Confirmation dialog ──
