import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const base = style({
  display: 'grid',
  justifyItems: 'center',
  alignContent: 'center',
  gap: vars.space['3'],
  textAlign: 'center',
  color: vars.color.inkSoft,
});

/** framed: a dashed box in a page; plain: inside a panel that frames it already. */
export const state = styleVariants({
  framed: [base, { padding: `${vars.space['16']} ${vars.space['4']}`, border: `1px dashed ${vars.color.lineStrong}`, borderRadius: vars.radius.lg }],
  plain: [base, { padding: `${vars.space['12']} ${vars.space['4']}` }],
  compact: [base, { padding: vars.space['4'], justifyItems: 'start', textAlign: 'start' }],
});

export const error = style({ color: vars.color.danger });

export const title = style({ fontWeight: 600, fontSize: vars.fontSize.lg, color: vars.color.ink });

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: vars.space['2'], marginTop: vars.space['2'] });
