import type { StyleRule } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/**
 * The surface every card-like box of the house is drawn on (a card, a panel, a settings section,
 * a list item, a table's frame, a menu's panel): paper, the hairline border, the large radius. A
 * style object, spread into each box's own class at build time, so a public page loads no shared
 * module for it; the box sets its own layout, padding and shadow.
 */
export const cardSurface = {
  background: vars.color.paper,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.lg,
} satisfies StyleRule;
