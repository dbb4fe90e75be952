import { style } from '@vanilla-extract/css';
import { tab } from './tabs.css.ts';
import { media, vars } from './theme.css.ts';

/** The area's navigation above its screens, on the same 1100 px column as a Page. */
export const nav = style({
  width: '100%',
  maxWidth: '1100px',
  margin: '0 auto',
  padding: `${vars.space['4']} ${vars.space['4']} 0`,
  '@media': { [media.desktop]: { padding: `${vars.space['6']} ${vars.space['8']} 0` } },
});

/** The links wrap onto a second line where they do not fit: none is cut at the edge. */
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

/** A pill link drawn as a tab (tabs.css.ts); the current one is filled as the selected tab is. */
export const link = style([
  tab,
  {
    display: 'inline-flex',
    alignItems: 'center',
    textDecoration: 'none',
    selectors: {
      '&[aria-current="page"]': { background: vars.color.ink, borderColor: vars.color.ink, color: vars.color.onDark },
    },
  },
]);
