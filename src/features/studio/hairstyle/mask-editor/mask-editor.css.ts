import { style, styleVariants } from '@vanilla-extract/css';
import { cardSurface } from '../../../../ui/card-surface.ts';
import { vars } from '../../../../ui/theme.css.ts';

export const root = style({ display: 'grid', gap: vars.space['3'], minWidth: 0 });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  // Groups sit further apart than the buttons within them.
  rowGap: vars.space['2'],
  columnGap: vars.space['5'],
  padding: vars.space['2'],
  ...cardSurface,
});

export const group = style({ display: 'flex', alignItems: 'center', gap: vars.space['1'] });

export const toolButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  minWidth: vars.size.touchTarget,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space['2']}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  cursor: 'pointer',
  transition: `background ${vars.motion.fast}, color ${vars.motion.fast}`,
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.canvas },
    '&[aria-pressed="true"]': { background: vars.color.ink, color: vars.color.onDark },
    '&:disabled': { opacity: 0.45, cursor: 'not-allowed' },
  },
});

export const sizeControl = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space['2']}`,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

export const slider = style({ width: '140px', minHeight: vars.size.touchTarget, accentColor: vars.color.accent, cursor: 'pointer' });

export const readout = style({ minWidth: '4.5ch', fontVariantNumeric: 'tabular-nums', color: vars.color.inkSoft, fontSize: vars.fontSize.sm });

export const surface = style({
  position: 'relative',
  overflow: 'hidden',
  width: '100%',
  minHeight: '240px',
  maxHeight: 'min(70vh, 760px)',
  borderRadius: vars.radius.lg,
  // A dark neutral around the photo shows its edges at any zoom.
  background: '#1d1d20',
  // Every touch is the editor's: one finger draws, two pinch and pan.
  touchAction: 'none',
  userSelect: 'none',
  WebkitUserSelect: 'none',
  WebkitTouchCallout: 'none',
  cursor: 'crosshair',
});

export const stage = style({
  position: 'absolute',
  top: 0,
  left: 0,
  transformOrigin: '0 0',
  willChange: 'transform',
  pointerEvents: 'none',
});

export const photo = style({ width: '100%', height: '100%', maxWidth: 'none', userSelect: 'none', pointerEvents: 'none' });

export const overlay = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  // The photo shows through the tinted mask.
  opacity: 0.55,
  pointerEvents: 'none',
  selectors: { '&[data-visible="false"]': { visibility: 'hidden' } },
});

const cursorBase = style({
  position: 'absolute',
  top: 0,
  left: 0,
  borderRadius: '50%',
  pointerEvents: 'none',
  zIndex: vars.layer.content,
  // White ring with a dark halo: visible on light and dark hair alike.
  boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.65), inset 0 0 0 1px rgba(0, 0, 0, 0.65)',
});

export const cursor = styleVariants({
  brush: [cursorBase, { border: '2px solid #ffffff' }],
  eraser: [cursorBase, { border: '2px dashed #ffffff' }],
});

export const footer = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'] });

export const help = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const hint = style({ color: vars.color.inkSoft, fontSize: vars.fontSize.sm });

export const ready = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  color: vars.color.success,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});
