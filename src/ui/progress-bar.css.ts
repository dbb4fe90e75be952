import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const bar = style({ width: '100%', height: '8px', borderRadius: vars.radius.pill, background: vars.color.sand, overflow: 'hidden' });
export const barFill = style({ height: '100%', background: vars.color.accent, transition: `width ${vars.motion.normal}` });
