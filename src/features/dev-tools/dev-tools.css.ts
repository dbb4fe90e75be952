import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css.ts';

export const lead = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const notice = style({
  display: 'grid',
  gap: vars.space['2'],
  justifyItems: 'start',
  padding: vars.space['6'],
  border: `1px dashed ${vars.color.lineStrong}`,
  borderRadius: vars.radius.lg,
  background: vars.color.canvas,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['5'] });

export const cardHeader = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space['2'] });
export const subject = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });
export const badge = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.sand,
  color: vars.color.ink,
});
export const meta = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

export const columns = style({
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.desktop]: { gridTemplateColumns: '1fr 1fr' } },
});

export const text = style({
  margin: 0,
  padding: vars.space['3'],
  background: vars.color.canvas,
  borderRadius: vars.radius.md,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.6,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const link = style({ color: vars.color.accent });

export const preview = style({
  width: '100%',
  minHeight: '320px',
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.paper,
});
