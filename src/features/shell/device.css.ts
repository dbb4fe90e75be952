import { style, styleVariants } from '@vanilla-extract/css';
import { cardSurface } from '../../ui/card-surface.ts';
import { media, vars } from '../../ui/theme.css.ts';

/* The device restriction screen and the device check page share these. */

export const screen = style({
  minHeight: '100%',
  display: 'grid',
  justifyItems: 'center',
  padding: `${vars.space['8']} ${vars.space['4']} ${vars.space['12']}`,
  background: vars.color.canvas,
  '@media': { [media.tablet]: { padding: `${vars.space['12']} ${vars.space['8']}` } },
});

export const column = style({ width: '100%', maxWidth: '640px', display: 'grid', gap: vars.space['6'] });

export const head = style({ display: 'grid', gap: vars.space['3'], justifyItems: 'start' });

export const title = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: 'clamp(1.75rem, 6vw, 2.5rem)',
  letterSpacing: '-0.01em',
});

export const lead = style({ color: vars.color.inkSoft });

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  whiteSpace: 'nowrap',
});

export const badgeTone = styleVariants({
  blocked: { background: vars.color.dangerSoft, color: vars.color.danger },
  pass: { background: vars.color.successSoft, color: vars.color.success },
  warn: { background: vars.color.warningSoft, color: vars.color.warning },
  pending: { background: vars.color.sand, color: vars.color.inkSoft },
});

export const card = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['5'],
  ...cardSurface,
  boxShadow: vars.shadow.sm,
  '@media': { [media.tablet]: { padding: vars.space['6'] } },
});

export const facts = style({
  display: 'grid',
  gap: vars.space['3'],
  margin: 0,
});

export const fact = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  paddingBottom: vars.space['3'],
  borderBottom: `1px solid ${vars.color.line}`,
  selectors: { '&:last-child': { borderBottom: 0, paddingBottom: 0 } },
});

export const factLabel = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const factValue = style({ margin: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' });

export const cardTitle = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: vars.fontSize.xl,
  marginBottom: vars.space['3'],
});

export const lists = style({
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['3'],
  fontSize: vars.fontSize.sm,
});

export const listItem = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: vars.space['2'], alignItems: 'start' });

export const listIcon = style({ marginTop: '2px', color: vars.color.accent });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] });

export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
