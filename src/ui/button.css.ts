import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  border: '1px solid transparent',
  borderRadius: vars.radius.pill,
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  transition: `background ${vars.motion.fast}, color ${vars.motion.fast}, border-color ${vars.motion.fast}`,
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const buttonVariant = styleVariants({
  primary: {
    background: vars.color.ink,
    color: vars.color.onDark,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.inkSoft } },
  },
  accent: {
    background: vars.color.accent,
    color: vars.color.accentInk,
    selectors: { '&:hover:not(:disabled)': { filter: 'brightness(0.92)' } },
  },
  secondary: {
    background: vars.color.paper,
    color: vars.color.ink,
    borderColor: vars.color.lineStrong,
    selectors: { '&:hover:not(:disabled)': { borderColor: vars.color.ink } },
  },
  ghost: {
    background: 'transparent',
    color: 'inherit',
    selectors: { '&:hover:not(:disabled)': { background: 'rgba(127,127,127,0.12)' } },
  },
  onDark: {
    background: vars.color.onDark,
    color: vars.color.ink,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.sand } },
  },
});

export const buttonSize = styleVariants({
  sm: { minHeight: '36px', padding: `0 ${vars.space['4']}`, fontSize: vars.fontSize.sm },
  md: { minHeight: vars.size.touchTarget, padding: `0 ${vars.space['5']}`, fontSize: vars.fontSize.md },
  lg: { minHeight: '52px', padding: `0 ${vars.space['8']}`, fontSize: vars.fontSize.lg },
});
