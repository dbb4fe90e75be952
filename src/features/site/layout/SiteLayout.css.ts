import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const shell = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.paper,
});

export const skipLink = style({
  position: 'absolute',
  left: vars.space['4'],
  top: vars.space['2'],
  zIndex: vars.layer.maximum,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.paper,
  color: vars.color.ink,
  fontWeight: 600,
  textDecoration: 'none',
  boxShadow: vars.shadow.md,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const main = style({
  flex: 1,
  display: 'block',
  selectors: { '&:focus': { outline: 'none' } },
});
