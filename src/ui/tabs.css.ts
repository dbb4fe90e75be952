import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** The tabs wrap onto a second line where they do not fit: every tab stays in view, none is cut at the edge. */
export const list = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['1'], maxWidth: '100%' });

/** A pill tab; the selected one is filled. */
export const tab = style({
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
});
