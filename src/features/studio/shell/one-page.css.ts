import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../ui/theme.css.ts';

/* One page (the legacy studios): the form beside its output from tablet width, the output kept in
   view while the form scrolls on a wide screen; the history below both. */
export const columns = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
    [media.desktop]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
  },
});
export const output = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  minWidth: 0,
  // Under the public layout's sticky header.
  '@media': { [media.tablet]: { position: 'sticky', top: `calc(${vars.size.headerHeight} + ${vars.space['4']})` } },
});
export const outputTitle = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.ink });
export const outputEmpty = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '240px',
  padding: vars.space['5'],
  border: `2px dashed ${vars.color.line}`,
  borderRadius: vars.radius.lg,
  background: vars.color.canvas,
  textAlign: 'center',
});
export const history = style({ minWidth: 0, maxWidth: '720px' });
