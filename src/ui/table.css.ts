import { globalStyle, style } from '@vanilla-extract/css';
import { cardSurface } from './card-surface.ts';
import { vars } from './theme.css.ts';

/** Scrolls a table wider than the screen sideways, inside its own frame. */
export const frame = style({
  maxWidth: '100%',
  overflowX: 'auto',
  ...cardSurface,
});

/** The header row (out of sight, still read, when the rows are cards). */
export const head = style({});

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

/** A cell's column name, shown only when the rows are cards. */
export const cellLabel = style({ display: 'none' });
export const cellValue = style({ minWidth: 0 });

/**
 * Rows as cards below a width of the table's frame (a container query: a drawer or a side panel
 * is narrow on any screen). Each cell becomes a line "column name | value"; the header row shows
 * only its sort buttons (the other column names are still read out).
 */
function stackedBelow(width: number) {
  const variant = style({ containerType: 'inline-size' });
  const query = `(max-width: ${width - 1}px)`;
  const at = (rule: Parameters<typeof globalStyle>[1]) => ({ '@container': { [query]: rule } });
  globalStyle(`${variant} > table, ${variant} tbody`, at({ display: 'block' }));
  // The header row keeps only its sort buttons, side by side; the other column names are read out.
  globalStyle(`${variant} ${head}`, at({ display: 'block', background: vars.color.canvas, borderBottom: `1px solid ${vars.color.line}` }));
  globalStyle(`${variant} ${head} > tr`, at({ display: 'flex', flexWrap: 'wrap' }));
  globalStyle(`${variant} ${head} > tr > th`, at({ display: 'block', padding: `${vars.space['2']} ${vars.space['4']}`, border: 0 }));
  globalStyle(
    `${variant} ${head} > tr > th:not([aria-sort])`,
    at({ position: 'absolute', width: '1px', height: '1px', padding: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }),
  );
  globalStyle(
    `${variant} ${head}:not(:has(th[aria-sort]))`,
    at({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }),
  );
  globalStyle(`${variant} > table`, at({ position: 'relative' }));
  globalStyle(
    `${variant} ${row}`,
    at({ display: 'grid', gap: vars.space['2'], padding: `${vars.space['3']} ${vars.space['4']}`, borderBottom: `1px solid ${vars.color.line}` }),
  );
  globalStyle(`${variant} ${row}:last-child`, at({ borderBottom: 0 }));
  globalStyle(
    `${variant} ${row} > ${cell}`,
    at({
      display: 'grid',
      gridTemplateColumns: 'minmax(6em, 11em) minmax(0, 1fr)',
      alignItems: 'center',
      gap: vars.space['3'],
      padding: 0,
      border: 0,
      textAlign: 'start',
    }),
  );
  globalStyle(`${variant} ${cellLabel}`, at({ display: 'block', color: vars.color.muted, fontSize: vars.fontSize.xs, fontWeight: 600 }));
  return variant;
}

/** The widths below which a table's rows become cards (`stackBelow` of Table). */
export const stackBelow = { 960: stackedBelow(960), 1200: stackedBelow(1200) } as const;

/** The header's sort button: the whole header cell, 44 px tall. */
export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  minHeight: vars.size.touchTarget,
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
