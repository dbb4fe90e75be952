import { globalStyle, style } from '@vanilla-extract/css';
import { cardSurface } from '../../../ui/card-surface.ts';
import { vars } from '../../../ui/theme.css.ts';

// The before/after viewer: the result over the original, clipped from the handle's position.
// Its own file, so the pages without a comparison do not carry its class names.

export const compare = style({
  position: 'relative',
  overflow: 'hidden',
  ...cardSurface,
  touchAction: 'pan-y',
  userSelect: 'none',
});

export const compareAfter = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  clipPath: 'inset(0 0 0 var(--split, 50%))',
});

/** Transparent results (a removed background) show on a checkerboard, as editors do. */
export const checker = style({
  backgroundColor: '#ffffff',
  backgroundImage: 'conic-gradient(#e6e3de 25%, #ffffff 0 50%, #e6e3de 0 75%, #ffffff 0)',
  backgroundSize: '24px 24px',
});

export const divider = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  left: 'var(--split, 50%)',
  width: '2px',
  marginLeft: '-1px',
  background: vars.color.paper,
  boxShadow: '0 0 0 1px rgba(11, 11, 12, 0.25)',
  pointerEvents: 'none',
});

export const handle = style({
  position: 'absolute',
  top: '50%',
  left: '50%',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  transform: 'translate(-50%, -50%)',
  borderRadius: '999px',
  background: vars.color.paper,
  boxShadow: '0 2px 10px rgba(11, 11, 12, 0.3)',
  display: 'grid',
  placeItems: 'center',
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
});

/** The native range input over the whole picture: drag, tap, arrow keys, Home/End, all for free. */
export const range = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'ew-resize',
});

/** The divider shows the keyboard focus the invisible input cannot. */
globalStyle(`${range}:focus-visible ~ ${divider}`, { boxShadow: `0 0 0 3px ${vars.color.accent}` });

export const tags = style({
  position: 'absolute',
  insetInline: vars.space['3'],
  top: vars.space['3'],
  display: 'flex',
  justifyContent: 'space-between',
  pointerEvents: 'none',
});

export const tag = style({
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  background: 'rgba(11, 11, 12, 0.72)',
  color: vars.color.onDark,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
});
