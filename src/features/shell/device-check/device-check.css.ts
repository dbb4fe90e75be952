import { style } from '@vanilla-extract/css';
import { cardSurface } from '../../../ui/card-surface.ts';
import { media, vars } from '../../../ui/theme.css.ts';

export const page = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: vars.color.canvas });

export const main = style({ flex: 1, outline: 'none' });

export const column = style({ width: '100%', maxWidth: '880px', display: 'grid', gap: vars.space['6'] });

export const eyebrow = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.14em',
  textTransform: 'uppercase',
  color: vars.color.accent,
});

export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space['4'],
  alignItems: 'center',
  padding: vars.space['5'],
  ...cardSurface,
  boxShadow: vars.shadow.sm,
});

export const summaryIcon = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  borderRadius: '50%',
  background: vars.color.sand,
  color: vars.color.inkSoft,
});

export const summaryPass = style({ background: vars.color.successSoft, color: vars.color.success });
export const summaryWarn = style({ background: vars.color.warningSoft, color: vars.color.warning });

export const summaryText = style({ display: 'grid', gap: vars.space['1'] });

export const summaryTitle = style({ fontWeight: 650, fontSize: vars.fontSize.lg, lineHeight: 1.35 });

export const summaryHint = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const summaryActions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  '@media': { [media.tablet]: { gridColumn: '2' } },
});

export const checklist = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  ...cardSurface,
  overflow: 'hidden',
});

export const row = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gridTemplateAreas: '"main badge" "value value"',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  padding: `${vars.space['4']} ${vars.space['5']}`,
  borderBottom: `1px solid ${vars.color.line}`,
  selectors: { '&:last-child': { borderBottom: 0 } },
  '@media': {
    [media.tablet]: {
      gridTemplateColumns: '1fr minmax(180px, 34%) 118px',
      gridTemplateAreas: '"main value badge"',
      alignItems: 'start',
    },
  },
});

export const rowBadge = style({ gridArea: 'badge', justifySelf: 'end', alignSelf: 'start' });

export const rowMain = style({ gridArea: 'main', display: 'grid', gap: vars.space['1'], justifyItems: 'start' });

export const rowLabel = style({ fontWeight: 600 });

export const rowExplanation = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, lineHeight: 1.5 });

export const rowAction = style({ marginTop: vars.space['2'] });

export const rowValue = style({
  gridArea: 'value',
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 500,
  color: vars.color.inkSoft,
  overflowWrap: 'anywhere',
  '@media': { [media.tablet]: { textAlign: 'right' } },
});

export const details = style({
  padding: `${vars.space['3']} ${vars.space['5']}`,
  ...cardSurface,
});

export const detailsSummary = style({ cursor: 'pointer', fontWeight: 600, fontSize: vars.fontSize.sm });

export const userAgent = style({
  marginTop: vars.space['2'],
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.inkSoft,
  overflowWrap: 'anywhere',
});
