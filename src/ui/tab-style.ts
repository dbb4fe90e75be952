import type { StyleRule } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/**
 * The pill tab, the selected one filled (src/ui/Tabs.tsx, tabs.css.ts), as a style object: a page
 * that draws its own tabs (the public API reference) spreads it into its own class at build time,
 * so the public page loads no module or stylesheet of the design system's for it.
 */
export const pillTab = {
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space['4']}`,
  border: `1px solid ${vars.color.lineStrong}`,
  borderRadius: vars.radius.pill,
  background: vars.color.paper,
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  touchAction: 'manipulation',
  selectors: {
    '&:hover': { borderColor: vars.color.ink },
    '&[aria-selected="true"]': { background: vars.color.ink, borderColor: vars.color.ink, color: vars.color.onDark },
  },
} satisfies StyleRule;
