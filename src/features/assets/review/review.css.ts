import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../ui/theme.css.ts';

/*
 * The viewer is dark: text is onDark (#fff, 19:1 on #0b0b0c) or onDarkMuted (#c8c8cc, 12:1);
 * controls float on a translucent ink that keeps them at least 4.5:1 over any image.
 */
const glass = 'rgba(11, 11, 12, 0.72)';
const glassHover = 'rgba(60, 60, 66, 0.9)';
/** Round controls are 48 px: above the 44 px touch minimum with room for the focus ring. */
const CONTROL_PX = 48;

export const topBar = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto auto',
  gridTemplateAreas: '"info counter close" "actions actions actions"',
  alignItems: 'center',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  padding: `${vars.space['2']} ${vars.space['2']} ${vars.space['2']} ${vars.space['4']}`,
  borderBottom: '1px solid rgba(255, 255, 255, 0.12)',
  '@media': {
    [media.tablet]: {
      gridTemplateColumns: 'minmax(0, 1fr) auto auto auto',
      gridTemplateAreas: '"info counter actions close"',
    },
  },
});

export const info = style({ gridArea: 'info', minWidth: 0, display: 'grid', gap: '2px' });

export const closeArea = style({ gridArea: 'close' });

export const name = style({
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space['3']}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.onDarkMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const counter = style({
  gridArea: 'counter',
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.onDarkMuted,
});

export const actions = style({ gridArea: 'actions', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['2'] });

export const stage = style({
  position: 'relative',
  flex: 1,
  minHeight: 0,
  overflow: 'hidden',
  // Every gesture on the picture is ours: swipe, pinch, pan, double tap.
  touchAction: 'none',
  userSelect: 'none',
  WebkitUserSelect: 'none',
  selectors: { '&[data-zoomed="true"]': { cursor: 'grab' } },
});

export const mediaElement = style({
  position: 'absolute',
  top: '50%',
  left: '50%',
  maxWidth: 'none',
  transformOrigin: 'center',
  willChange: 'transform',
  pointerEvents: 'none',
});

export const video = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'contain',
  background: '#000',
});

const round = style({
  width: `${CONTROL_PX}px`,
  height: `${CONTROL_PX}px`,
  display: 'grid',
  placeItems: 'center',
  border: 0,
  borderRadius: vars.radius.pill,
  background: glass,
  color: vars.color.onDark,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: glassHover },
    '&:disabled': { opacity: 0.35, cursor: 'default' },
    '&:focus-visible': { outline: `3px solid ${vars.color.onDark}`, outlineOffset: '2px' },
  },
});

export const navButton = style([
  round,
  {
    position: 'absolute',
    top: '50%',
    marginTop: `-${CONTROL_PX / 2}px`,
    zIndex: 1,
  },
]);

export const prev = style([navButton, { left: vars.space['3'], '@media': { [media.tablet]: { left: vars.space['5'] } } }]);
export const next = style([navButton, { right: vars.space['3'], '@media': { [media.tablet]: { right: vars.space['5'] } } }]);

export const toolbar = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderTop: '1px solid rgba(255, 255, 255, 0.12)',
});

export const toolButton = round;

export const zoomLevel = style({
  minWidth: '4.5em',
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.onDarkMuted,
});

export const empty = style({ display: 'grid', placeItems: 'center', height: '100%', color: vars.color.onDarkMuted });
