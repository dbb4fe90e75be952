import { style } from '@vanilla-extract/css';
import { cardSurface } from '../../ui/card-surface.ts';
import { vars } from '../../ui/theme.css.ts';

export const page = style({
  maxWidth: '760px',
  margin: '0 auto',
  padding: `${vars.space['8']} ${vars.space['4']} ${vars.space['16']}`,
  display: 'grid',
  gap: vars.space['5'],
});

export const header = style({ display: 'grid', gap: vars.space['1'] });
export const title = style({ fontFamily: vars.font.display, fontSize: vars.fontSize['2xl'] });

export const summary = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['4'],
  padding: vars.space['5'],
  ...cardSurface,
});
export const summaryText = style({ display: 'grid', gap: '2px', minWidth: 0 });
export const summaryName = style({ fontWeight: 700, fontSize: vars.fontSize.lg });
export const summaryEmail = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], marginTop: vars.space['2'] });
export const chip = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.canvas,
  border: `1px solid ${vars.color.line}`,
});
export const chipGood = style([chip, { background: vars.color.successSoft, color: vars.color.success, borderColor: 'transparent' }]);

export const form = style({ display: 'grid', gap: vars.space['4'], maxWidth: '480px' });

export const danger = style({ borderColor: '#f0c7c3' });
export const dangerButton = style({ color: vars.color.danger, borderColor: '#e6b0aa' });
export const dangerSolid = style({
  background: vars.color.danger,
  selectors: { '&:hover:not(:disabled)': { background: '#8f1e17' } },
});
export const checkbox = style({ display: 'flex', gap: vars.space['2'], alignItems: 'flex-start', fontSize: vars.fontSize.sm, cursor: 'pointer' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] });
export { lead, section, sectionTitle } from '../../ui/section.css.ts';

/** The profile picture: the current one beside its actions, which wrap under it on a narrow screen. */
export const picture = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['4'] });
export const pictureText = style({ display: 'grid', gap: vars.space['2'], minWidth: 0, flex: '1 1 240px' });
export const pictureHint = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
