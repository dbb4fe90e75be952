import type { StyleRule } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/**
 * A message set apart on a soft tone (a notice, a failure, a plan's summary): the rounded box and
 * its colours, as style objects a place spreads into its own class with its padding, type and
 * layout (at build time: no module or stylesheet of their own to load on a public page).
 */
export const callout = { margin: 0, borderRadius: vars.radius.md } satisfies StyleRule;

export const calloutTone = {
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger },
  neutral: { background: vars.color.sand, color: vars.color.inkSoft },
} satisfies Record<string, StyleRule>;
