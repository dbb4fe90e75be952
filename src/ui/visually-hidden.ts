import type { StyleRule } from '@vanilla-extract/css';

/**
 * Hidden on screen, read by screen readers (a11y.css.ts's visuallyHidden), as a style object: a
 * public page spreads it into its own class at build time rather than load a shared module for it.
 */
export const visuallyHiddenRule = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} satisfies StyleRule;
