import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../ui/theme.css.ts';

/** Styles of the image-to-video screen's own parts: the step panel, the summary, the stage list. */

/** The one step shown; focused (programmatically) when the step changes, so no outline of its own. */
export const stepPanel = style({ display: 'flex', flexDirection: 'column', gap: vars.space['6'], outline: 'none' });

export const summary = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: '200px minmax(0, 1fr)' } },
  alignItems: 'start',
});
export const summaryImage = style({ width: '100%', maxHeight: '260px', objectFit: 'contain', borderRadius: vars.radius.md, background: vars.color.sand });
export const summaryList = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: `${vars.space['2']} ${vars.space['4']}`, margin: 0, fontSize: vars.fontSize.sm });
export const summaryTerm = style({ color: vars.color.muted, margin: 0 });
export const summaryValue = style({ color: vars.color.ink, margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

export const stages = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['2'] });
export const stage = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: '44px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  selectors: {
    '&[data-state="current"]': { borderColor: vars.color.ink, color: vars.color.ink, fontWeight: 600 },
    '&[data-state="done"]': { background: vars.color.successSoft, color: vars.color.success, borderColor: 'transparent' },
  },
});
export const stageMark = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '24px',
  height: '24px',
  flexShrink: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.sand,
  color: vars.color.ink,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});
