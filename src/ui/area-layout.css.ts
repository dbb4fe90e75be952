import { style } from '@vanilla-extract/css';
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

/** A pill link; the current one is filled. */
export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space['4']}`,
  border: `1px solid ${vars.color.lineStrong}`,
  borderRadius: vars.radius.pill,
  background: vars.color.paper,
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  touchAction: 'manipulation',
  selectors: {
    '&:hover': { borderColor: vars.color.ink, color: vars.color.ink },
    '&[aria-current="page"]': { background: vars.color.ink, borderColor: vars.color.ink, color: vars.color.onDark },
  },
});
