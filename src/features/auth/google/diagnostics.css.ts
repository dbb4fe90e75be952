import { style } from '@vanilla-extract/css';
import { cardSurface } from '../../../ui/card-surface.ts';
import { vars } from '../../../ui/theme.css.ts';

export const page = style({
  maxWidth: '880px',
  margin: '0 auto',
  padding: `${vars.space['10']} ${vars.space['4']} ${vars.space['16']}`,
  display: 'grid',
  gap: vars.space['6'],
});

export const header = style({ display: 'grid', gap: vars.space['2'] });

export const section = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['6'],
  ...cardSurface,
});

export const sectionTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

export const facts = style({ display: 'grid', gap: vars.space['2'], margin: 0 });

export const fact = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(140px, 200px) 1fr',
  gap: vars.space['3'],
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' });

export const inline = style({ display: 'grid', gap: vars.space['3'], maxWidth: '420px' });

export const log = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['3'] });

export const logEntry = style({ display: 'grid', gap: vars.space['1'] });

export const good = style({ color: vars.color.success, fontWeight: 600, fontSize: vars.fontSize.sm });
export const bad = style({ color: vars.color.danger, fontWeight: 600, fontSize: vars.fontSize.sm });

export const pre = style({
  margin: 0,
  padding: vars.space['3'],
  background: vars.color.canvas,
  borderRadius: vars.radius.md,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
