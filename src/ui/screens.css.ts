import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const centered = style({
  minHeight: '60vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space['8'],
  textAlign: 'center',
});

export const panel = style({
  maxWidth: '560px',
  display: 'grid',
  gap: vars.space['4'],
  justifyItems: 'center',
});

export const code = style({
  fontSize: '5rem',
  fontFamily: vars.font.display,
  lineHeight: 1,
  color: vars.color.accent,
});

export const title = style({ fontSize: vars.fontSize['2xl'], fontFamily: vars.font.display });
export const lead = style({ color: vars.color.muted });
export const errorText = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  maxWidth: '100%',
  overflowWrap: 'anywhere',
});
export const actions = style({ display: 'flex', gap: vars.space['3'], flexWrap: 'wrap', justifyContent: 'center' });

export const spinner = style({
  width: '32px',
  height: '32px',
  borderRadius: '50%',
  border: `3px solid ${vars.color.line}`,
  borderTopColor: vars.color.ink,
  animation: 'atelier-spin 0.8s linear infinite',
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2.4s' } },
});
