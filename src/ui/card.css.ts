import { style, styleVariants } from '@vanilla-extract/css';
import { cardSurface } from './card-surface.ts';
import { vars } from './theme.css.ts';

/** A bordered panel on paper: sections, list items, stats. */
export const cardBase = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  minWidth: 0,
  ...cardSurface,
});

export const cardPadding = styleVariants({
  none: { padding: 0, overflow: 'hidden' },
  sm: { padding: vars.space['3'] },
  md: { padding: vars.space['5'] },
  lg: { padding: vars.space['6'] },
});

export const cardTone = styleVariants({
  paper: {},
  canvas: { background: vars.color.canvas },
  raised: { boxShadow: vars.shadow.sm },
});

/** A card that is one link or button: lifts on hover. */
export const cardInteractive = styleVariants({
  true: {
    textDecoration: 'none',
    color: 'inherit',
    cursor: 'pointer',
    transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
    selectors: { '&:hover': { borderColor: vars.color.lineStrong, boxShadow: vars.shadow.md } },
  },
  false: {},
});
