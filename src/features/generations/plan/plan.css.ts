import { style } from '@vanilla-extract/css';
import { callout, calloutTone } from '../../../ui/callout.ts';
import { vars } from '../../../ui/theme.css.ts';

/** The plan of a job in words (PlanSummary.tsx): a soft box, two short lists that wrap. */
export const box = style({
  ...callout,
  ...calloutTone.neutral,
  padding: vars.space['3'],
  fontSize: vars.fontSize.sm,
  display: 'grid',
  gap: vars.space['2'],
  overflowWrap: 'anywhere',
  selectors: {
    '&[data-partial="true"]': { background: vars.color.warningSoft, color: vars.color.ink },
    '&[data-refused="true"]': { background: vars.color.dangerSoft, color: vars.color.ink },
  },
});
export const title = style({ margin: 0, fontWeight: 600, fontSize: vars.fontSize.sm });
export const group = style({ display: 'grid', gap: vars.space['1'] });
export const label = style({ margin: 0, fontWeight: 600 });
export const list = style({ margin: 0, paddingLeft: vars.space['5'], display: 'grid', gap: vars.space['1'] });
export const note = style({ margin: 0, color: vars.color.muted });
