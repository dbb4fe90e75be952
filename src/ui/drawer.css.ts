import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const slideFromStart = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'none' } });
const slideFromEnd = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'none' } });

export const root = style({ position: 'fixed', inset: 0, zIndex: vars.layer.modal });

const panel = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  zIndex: vars.layer.modal,
  display: 'flex',
  flexDirection: 'column',
  width: 'min(86vw, 300px)',
  background: vars.color.paper,
  boxShadow: vars.shadow.lg,
  overflowY: 'auto',
  outline: 'none',
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const side = styleVariants({
  start: [panel, { left: 0, animation: `${slideFromStart} ${vars.motion.normal} ease-out` }],
  end: [panel, { right: 0, animation: `${slideFromEnd} ${vars.motion.normal} ease-out` }],
});
