import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** Scrolls a table wider than the screen sideways, inside its own frame. */
export const frame = style({
  maxWidth: '100%',
  overflowX: 'auto',
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.lg,
  background: vars.color.paper,
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const caption = style({ padding: `${vars.space['3']} ${vars.space['4']}`, textAlign: 'start', fontWeight: 600 });

export const headCell = style({
  padding: `${vars.space['2']} ${vars.space['4']}`,
  textAlign: 'start',
  fontWeight: 600,
  color: vars.color.muted,
  background: vars.color.canvas,
  borderBottom: `1px solid ${vars.color.line}`,
  whiteSpace: 'nowrap',
});

export const cell = style({ padding: `${vars.space['3']} ${vars.space['4']}`, borderBottom: `1px solid ${vars.color.line}`, verticalAlign: 'middle' });

export const end = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' });

export const row = style({});
globalStyle(`${row}:last-child > *`, { borderBottom: 0 });

/** The header's sort button: the whole header cell, 44 px tall. */
export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  minHeight: '44px',
  margin: `-${vars.space['2']} 0`,
  padding: 0,
  border: 0,
  background: 'transparent',
  font: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  touchAction: 'manipulation',
  selectors: { '&:hover': { color: vars.color.ink } },
});

export const sortMark = style({ display: 'inline-block', width: '1em', textAlign: 'center' });

/** The one row that says the table is loading, empty or failed. */
export const stateCell = style({ padding: `${vars.space['8']} ${vars.space['4']}`, textAlign: 'center', color: vars.color.muted });

export const errorCell = style([stateCell, { color: vars.color.danger }]);

export const stateActions = style({ display: 'flex', justifyContent: 'center', marginTop: vars.space['3'] });
