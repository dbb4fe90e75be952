import { globalStyle, style } from '@vanilla-extract/css';
import { pillTab } from '../../ui/tab-style.ts';
import { media, vars } from '../../ui/theme.css.ts';
import { publicStyle } from '../../ui/public-style.ts';

/**
 * The /api-docs page: the public pages' look (paper and canvas bands, the display font for
 * titles, the accent for links) with a table of contents beside the text from desktop width.
 */

export const container = style(publicStyle.container);

export const hero = style({ background: vars.color.canvas, padding: `${vars.space['12']} 0 ${vars.space['10']}` });

export const eyebrow = style(publicStyle.eyebrow);

export const heroTitle = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: vars.fontSize['4xl'],
  lineHeight: 1.1,
  margin: `${vars.space['3']} 0 ${vars.space['4']}`,
  textWrap: 'balance',
});

export const lead = style({ fontSize: vars.fontSize.lg, lineHeight: 1.65, color: vars.color.muted, maxWidth: '62ch', margin: 0 });

export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], marginTop: vars.space['6'] });

/**
 * One column below desktop width, as wide as the window allows and no wider: a code sample wider
 * than the page scrolls inside its own box. Only the top and bottom padding: the sides are the
 * container's (a phone's margin).
 */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['8'],
  paddingTop: vars.space['10'],
  paddingBottom: vars.space['16'],
  '@media': { [media.desktop]: { gridTemplateColumns: '240px minmax(0, 1fr)', gap: vars.space['12'] } },
});

export const toc = style({
  alignSelf: 'start',
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  padding: vars.space['4'],
  background: vars.color.paper,
  '@media': {
    [media.desktop]: {
      position: 'sticky',
      top: `calc(${vars.size.headerHeight} + ${vars.space['4']})`,
      maxHeight: `calc(100vh - ${vars.size.headerHeight} - ${vars.space['8']})`,
      overflowY: 'auto',
    },
  },
});

export const tocTitle = style({ fontSize: vars.fontSize.sm, fontWeight: 700, margin: `0 0 ${vars.space['2']}` });

/** Below desktop width the contents sit above the text: a wrapped row rather than a tall column. */
export const tocList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space['4'],
  '@media': { [media.desktop]: { display: 'grid', gap: '2px' } },
});

export const indexList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '2px' });

export const tocSub = style({ listStyle: 'none', margin: 0, paddingLeft: vars.space['4'] });

/** 44 px: a comfortable touch target on a tablet. */
export const tocLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  color: vars.color.inkSoft,
  textDecoration: 'none',
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { color: vars.color.accent } },
});

/** The grids below hold their column to their own width (`minmax(0, 1fr)`), whatever a code sample's longest line. */
const column = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' } as const;

export const content = style({ ...column, minWidth: 0, gap: vars.space['12'] });

export const section = style({ ...column, gap: vars.space['4'], scrollMarginTop: `calc(${vars.size.headerHeight} + ${vars.space['4']})` });

export const h2 = style({ fontFamily: vars.font.display, fontWeight: 400, fontSize: vars.fontSize['3xl'], lineHeight: 1.2, margin: 0 });

export const h3 = style({
  fontSize: vars.fontSize.xl,
  margin: `${vars.space['4']} 0 0`,
  scrollMarginTop: `calc(${vars.size.headerHeight} + ${vars.space['4']})`,
});

export const prose = style({ display: 'grid', gap: vars.space['3'], lineHeight: 1.7, maxWidth: '72ch' });

export const inlineLink = style({ color: vars.color.accent, fontWeight: 600, textUnderlineOffset: '3px' });

export const code = style({
  fontFamily: vars.font.mono,
  fontSize: '0.9em',
  background: vars.color.canvas,
  padding: '1px 4px',
  borderRadius: vars.radius.sm,
  overflowWrap: 'anywhere',
});

export const pre = style({
  margin: 0,
  padding: vars.space['4'],
  background: vars.color.ink,
  color: vars.color.onDark,
  borderRadius: vars.radius.md,
  overflowX: 'auto',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.55,
  tabSize: 2,
});

export const preWrap = style([pre, { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }]);

export const steps = style({ margin: 0, paddingLeft: vars.space['6'], display: 'grid', gap: vars.space['2'], lineHeight: 1.7 });

export const tableWrap = style({ overflowX: 'auto', border: `1px solid ${vars.color.line}`, borderRadius: vars.radius.md });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const cell = style({
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderBottom: `1px solid ${vars.color.line}`,
});

/**
 * A name in a table (an error code, a parameter) stays whole, never split mid-word: the table gives
 * its column the room, the prose beside it wraps, and a table still wider than a phone scrolls
 * inside its own frame (tableWrap), never the page.
 */
globalStyle(`${cell} ${code}`, { overflowWrap: 'normal' });

export const headCell = style([cell, { background: vars.color.canvas, fontWeight: 700 }]);

export const operation = style({
  ...column,
  gap: vars.space['4'],
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.lg,
  padding: vars.space['4'],
  scrollMarginTop: `calc(${vars.size.headerHeight} + ${vars.space['4']})`,
  '@media': { [media.tablet]: { padding: vars.space['6'] } },
});

export const opHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'], margin: 0, fontSize: vars.fontSize.lg });

export const method = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  textTransform: 'uppercase',
});

export const opPath = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.md, overflowWrap: 'anywhere' });

export const opSummary = style({ margin: 0, color: vars.color.muted });

export const h4 = style({ fontSize: vars.fontSize.md, margin: 0 });

export const schema = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['2'] });

export const field = style({ borderLeft: `2px solid ${vars.color.line}`, paddingLeft: vars.space['3'] });

export const fieldName = style({ fontFamily: vars.font.mono, fontWeight: 700 });

export const fieldType = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, color: vars.color.muted });

export const required = style({ marginLeft: vars.space['2'], fontSize: vars.fontSize.xs, fontWeight: 700, color: vars.color.danger });

export const facts = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'baseline', marginTop: vars.space['1'] });

export const fieldDescription = style({ flexBasis: '100%', margin: 0, fontSize: vars.fontSize.sm, color: vars.color.inkSoft });

export const badge = style({
  fontSize: vars.fontSize.xs,
  padding: `1px ${vars.space['2']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.canvas,
  color: vars.color.inkSoft,
});

export const enumLine = style({ margin: 0, fontSize: vars.fontSize.sm, display: 'flex', flexWrap: 'wrap', gap: vars.space['1'], alignItems: 'baseline' });

export const enumValue = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  background: vars.color.sand,
  padding: '1px 6px',
  borderRadius: vars.radius.sm,
});

export const schemaNote = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.muted });

export const fold = style({ ...column, gap: vars.space['2'] });

/** 44 px high: the fold opens by touch as easily as by Enter or Space. */
export const foldSummary = style({
  cursor: 'pointer',
  minHeight: vars.size.touchTarget,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['1'],
  // A flex summary loses the browser's disclosure triangle: this one turns when the fold opens.
  selectors: {
    '&::before': { content: '"▸"', color: vars.color.muted, width: '1em', flexShrink: 0 },
    'details[open] > &::before': { content: '"▾"' },
  },
});

export const samples = style({ ...column, gap: vars.space['2'] });

export const samplesBar = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: vars.space['2'] });

export const tabList = style({ display: 'flex', gap: vars.space['1'], overflowX: 'auto', maxWidth: '100%' });

/** A pill tab, the selected one filled (the look of src/ui/Tabs.tsx); 44 px high for touch. */
export const tab = style(pillTab);

/** The reference's loading, offline and error notes (the look of src/ui/States.tsx, framed). */
export const state = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['2'],
  textAlign: 'center',
  padding: vars.space['8'],
  border: `1px dashed ${vars.color.lineStrong}`,
  borderRadius: vars.radius.lg,
  color: vars.color.muted,
});

export const stateTitle = style({ margin: 0, fontWeight: 600, fontSize: vars.fontSize.lg, color: vars.color.ink });

export const stateError = style([state, { borderColor: vars.color.danger }]);

/** The live region stays in the page (so it is announced) but takes no room while empty. */
export const copyStatus = style({ margin: 0 });

export const copy = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['2'] });

export const copyError = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger });
