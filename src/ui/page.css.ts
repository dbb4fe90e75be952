import { style } from '@vanilla-extract/css';
import { media, vars } from './theme.css.ts';

/** A screen's column: 1100 px at most, centred, the sections 24 px apart. */
export const page = style({
  width: '100%',
  maxWidth: '1100px',
  margin: '0 auto',
  padding: `${vars.space['8']} ${vars.space['4']} ${vars.space['16']}`,
  display: 'grid',
  alignContent: 'start',
  gap: vars.space['6'],
  minWidth: 0,
  '@media': { [media.desktop]: { padding: `${vars.space['10']} ${vars.space['8']} ${vars.space['16']}` } },
});

/** The title block on the left, the actions on the right (below it when the row is too narrow). */
export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: vars.space['4'] });
export const heading = style({ display: 'grid', gap: vars.space['1'], minWidth: 0 });
export const eyebrow = style({ fontSize: vars.fontSize.xs, fontWeight: 700, letterSpacing: '0.14em', textTransform: 'uppercase', color: vars.color.accent });
export const title = style({ fontFamily: vars.font.display, fontSize: vars.fontSize['2xl'] });
export const lead = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
