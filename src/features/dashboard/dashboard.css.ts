import { keyframes, style } from '@vanilla-extract/css';
import { cardSurface } from '../../ui/card-surface.ts';
import { media, vars } from '../../ui/theme.css.ts';
import { tileGrid } from '../../ui/tile-grid.ts';

export const page = style({
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `${vars.space['6']} ${vars.space['4']} ${vars.space['16']}`,
  display: 'grid',
  gap: vars.space['10'],
  '@media': {
    [media.tablet]: { padding: `${vars.space['10']} ${vars.space['8']} ${vars.space['20']}`, gap: vars.space['12'] },
  },
});

export const hero = style({ display: 'grid', gap: vars.space['3'], maxWidth: '760px' });

export const eyebrow = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.14em',
  textTransform: 'uppercase',
  color: vars.color.accent,
});

export const title = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: 'clamp(2rem, 4vw, 2.75rem)',
  letterSpacing: '-0.01em',
  overflowWrap: 'anywhere',
});

export const lead = style({ color: vars.color.inkSoft, fontSize: vars.fontSize.lg, maxWidth: '62ch' });

export const section = style({ display: 'grid', gap: vars.space['5'] });

export const sectionTitle = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: vars.fontSize['2xl'],
});

/* ---------- quick access ---------- */

export const toolGrid = style({ ...tileGrid('220px'), '@media': { [media.tablet]: { gap: vars.space['4'] } } });

export const toolCard = style({
  position: 'relative',
  height: '100%',
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gridTemplateRows: 'auto 1fr',
  columnGap: vars.space['3'],
  rowGap: vars.space['1'],
  alignItems: 'center',
  padding: `${vars.space['4']} ${vars.space['10']} ${vars.space['4']} ${vars.space['4']}`,
  ...cardSurface,
  textDecoration: 'none',
  color: vars.color.ink,
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}, transform ${vars.motion.fast}`,
  selectors: {
    '&:hover': { borderColor: vars.color.lineStrong, boxShadow: vars.shadow.md },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' },
  },
  '@media': {
    [media.tablet]: {
      gridTemplateColumns: '1fr',
      gridTemplateRows: 'auto auto 1fr',
      alignItems: 'start',
      rowGap: vars.space['2'],
      padding: vars.space['5'],
    },
    '(prefers-reduced-motion: no-preference)': {
      selectors: { '&:hover': { transform: 'translateY(-1px)' } },
    },
  },
});

export const toolIcon = style({
  gridRow: 'span 2',
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  borderRadius: vars.radius.md,
  background: vars.color.sand,
  color: vars.color.ink,
  '@media': { [media.tablet]: { gridRow: 'auto', marginBottom: vars.space['2'] } },
});

export const toolName = style({ fontWeight: 650, lineHeight: 1.3 });

/** "Coming soon" after the name of a tool not built yet. */
export const toolSoon = style({ marginInlineStart: vars.space['2'], verticalAlign: 'middle', fontWeight: 600, whiteSpace: 'nowrap' });

export const toolDescription = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  lineHeight: 1.45,
  alignSelf: 'start',
});

export const toolArrow = style({
  position: 'absolute',
  right: vars.space['4'],
  top: '50%',
  transform: 'translateY(-50%)',
  color: vars.color.muted,
  transition: `transform ${vars.motion.fast}, color ${vars.motion.fast}`,
  selectors: { [`${toolCard}:hover &`]: { color: vars.color.accent } },
  '@media': { [media.tablet]: { top: vars.space['5'], right: vars.space['5'], transform: 'none' } },
});

/* ---------- 3D body model banner ---------- */

export const banner = style({
  position: 'relative',
  overflow: 'hidden',
  display: 'grid',
  gap: vars.space['4'],
  alignItems: 'center',
  padding: `${vars.space['8']} ${vars.space['6']}`,
  borderRadius: vars.radius.xl,
  background: `radial-gradient(120% 140% at 100% 0%, #2a1d1e 0%, ${vars.color.ink} 55%)`,
  color: vars.color.onDark,
  '@media': {
    [media.tablet]: { gridTemplateColumns: '1fr auto', padding: `${vars.space['10']} ${vars.space['10']}` },
  },
});

export const bannerText = style({ display: 'grid', gap: vars.space['3'], justifyItems: 'start', maxWidth: '560px' });

export const bannerEyebrow = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.14em',
  textTransform: 'uppercase',
  color: vars.color.onDarkMuted,
});

export const bannerTitle = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: 'clamp(1.625rem, 3vw, 2.25rem)',
});

export const bannerLead = style({ color: vars.color.onDarkMuted, marginBottom: vars.space['2'] });

export const bannerFigure = style({
  display: 'none',
  width: '180px',
  height: 'auto',
  color: vars.color.onDark,
  '@media': { [media.tablet]: { display: 'block' } },
});

export const bannerFigureAccent = style({ stroke: '#d9777c' });

/* ---------- recent generations ---------- */

export const chips = style({
  display: 'flex',
  gap: vars.space['2'],
  overflowX: 'auto',
  paddingBottom: vars.space['1'],
  marginInline: `calc(-1 * ${vars.space['4']})`,
  paddingInline: vars.space['4'],
  scrollbarWidth: 'none',
  '@media': { [media.tablet]: { flexWrap: 'wrap', overflowX: 'visible', marginInline: 0, paddingInline: 0 } },
});

/** The filter chips scroll sideways on a phone: they keep their width. */
export const chip = style({ flexShrink: 0 });

export const authCard = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['6'],
  background: vars.color.paper,
  border: `1px dashed ${vars.color.lineStrong}`,
  borderRadius: vars.radius.lg,
  '@media': {
    [media.tablet]: {
      gridTemplateColumns: 'auto 1fr',
      columnGap: vars.space['5'],
      padding: vars.space['8'],
    },
  },
});

export const authIcon = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '52px',
  height: '52px',
  borderRadius: '50%',
  background: vars.color.accentSoft,
  color: vars.color.accent,
});

export const authText = style({ display: 'grid', gap: vars.space['2'], maxWidth: '62ch' });

export const authTitle = style({ fontFamily: vars.font.display, fontWeight: 400, fontSize: vars.fontSize.xl });

export const authLead = style({ fontWeight: 600 });

export const authHint = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const authActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  '@media': { [media.tablet]: { gridColumn: '2' } },
});

/* ---------- section heads and shared states ---------- */

export const sectionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

export const sectionLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  minHeight: '40px',
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.accent,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const sectionLead = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, maxWidth: '62ch' });

/** An empty list or a failed load: a quiet card with a line and an action. */
export const stateCard = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space['3'],
  padding: vars.space['6'],
  background: vars.color.paper,
  border: `1px dashed ${vars.color.lineStrong}`,
  borderRadius: vars.radius.lg,
  color: vars.color.inkSoft,
});

const shimmer = keyframes({ '0%': { backgroundPosition: '100% 0' }, '100%': { backgroundPosition: '-100% 0' } });

/** A grey block standing in for content while it loads (still under reduced motion). */
export const skeleton = style({
  display: 'block',
  borderRadius: vars.radius.sm,
  background: `linear-gradient(90deg, ${vars.color.sand} 25%, ${vars.color.canvas} 50%, ${vars.color.sand} 75%)`,
  backgroundSize: '200% 100%',
  '@media': { '(prefers-reduced-motion: no-preference)': { animation: `${shimmer} 1.4s ease-in-out infinite` } },
});

/* ---------- recent generations ---------- */

export const recentList = style(tileGrid('240px'));

export const recentItem = style({
  display: 'grid',
  gridTemplateColumns: '64px 1fr',
  gap: vars.space['3'],
  alignItems: 'center',
  padding: vars.space['3'],
  background: vars.color.paper,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  textDecoration: 'none',
  color: vars.color.ink,
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: { '&:hover': { borderColor: vars.color.lineStrong, boxShadow: vars.shadow.sm } },
});

export const recentThumb = style({
  width: '64px',
  height: '64px',
  borderRadius: vars.radius.sm,
  objectFit: 'cover',
  background: vars.color.sand,
});

export const recentText = style({ display: 'grid', gap: '2px', minWidth: 0 });

export const recentTool = style({ fontWeight: 650, fontSize: vars.fontSize.sm, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const badge = style({
  justifySelf: 'start',
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
});

/** A job status badge's colours: the same as every status badge's. */
export { badgeTone } from '../../ui/panel.css.ts';
