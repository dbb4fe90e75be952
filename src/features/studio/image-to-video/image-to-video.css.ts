import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

/** Styles of the image-to-video screen's own parts: the step panel, the summary, the stage list. */

/** The one step shown; focused (programmatically) when the step changes, so no outline of its own. */
export const stepPanel = style({ display: 'flex', flexDirection: 'column', gap: vars.space['6'], outline: 'none' });

/**
 * The image beside the list where the card is wide enough for both, above it otherwise: the
 * card's width decides (a side panel narrows it on any screen), not the window's.
 */
export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  alignItems: 'flex-start',
});
export const summaryImage = style({
  flex: '0 1 200px',
  minWidth: 0,
  maxHeight: '260px',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
  background: vars.color.sand,
});
/** The terms take at most two fifths of the line (a long one wraps between words), the values the rest. */
export const summaryList = style({
  flex: '1 1 280px',
  minWidth: 0,
  display: 'grid',
  gridTemplateColumns: 'fit-content(40%) minmax(0, 1fr)',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});
export const summaryTerm = style({ color: vars.color.muted, margin: 0 });
/** A value breaks inside a word only when the word is wider than the whole column (a long prompt's URL). */
export const summaryValue = style({ color: vars.color.ink, margin: 0, fontWeight: 600, overflowWrap: 'break-word', minWidth: 0 });

export const stages = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['2'] });
export const stage = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: vars.size.touchTarget,
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
