import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

/** The handle is a touch target (docs/product-rules.md#touch-targets), centred on the divider. */
const HANDLE = vars.size.touchTarget;

export const root = style({
  position: 'relative',
  width: '100%',
  overflow: 'hidden',
  borderRadius: vars.radius.lg,
  background: vars.color.sand,
  userSelect: 'none',
  WebkitUserSelect: 'none',
  // Vertical swipes still scroll the page; horizontal drags move the divider.
  touchAction: 'pan-y',
  cursor: 'ew-resize',
});

export const image = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  maxWidth: 'none',
  objectFit: 'contain',
  pointerEvents: 'none',
});

export const divider = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  width: '2px',
  marginLeft: '-1px',
  background: vars.color.onDark,
  boxShadow: '0 0 0 1px rgba(11, 11, 12, 0.35)',
  pointerEvents: 'none',
});

export const handle = style({
  position: 'absolute',
  top: '50%',
  width: HANDLE,
  height: HANDLE,
  marginLeft: `calc(${HANDLE} / -2)`,
  marginTop: `calc(${HANDLE} / -2)`,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: vars.radius.pill,
  background: vars.color.onDark,
  color: vars.color.ink,
  boxShadow: vars.shadow.md,
  cursor: 'ew-resize',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.accent}`, outlineOffset: '2px' } },
});

const label = style({
  position: 'absolute',
  top: vars.space['3'],
  padding: `2px ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  background: 'rgba(11, 11, 12, 0.72)',
  color: vars.color.onDark,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.04em',
  pointerEvents: 'none',
});

export const labelBefore = style([label, { left: vars.space['3'] }]);
export const labelAfter = style([label, { right: vars.space['3'] }]);
