import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';
import { TUTORIAL } from './types.ts';
import { pillButton } from '../../ui/choice.css.ts';

/*
 * Layering: the dimmed backdrop sits at `modalBackdrop` and the tooltip at `modal` (docs/product-rules.md#layers),
 * above the header, navigation and history panel the tour points at; the scale's `tooltip` level
 * (70) is for hover hints and would leave the history panel (85) on top of the tour. Each layer
 * is positioned on its own (no common positioned parent), so each keeps its own level.
 */

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const reducedMotion = '(prefers-reduced-motion: reduce)';

/** Shared by every layer: appears with a short fade, leaves with the 300 ms one (docs/product-rules.md#tutorial-numbers). */
const layer = style({
  animation: `${fadeIn} ${vars.motion.normal} ease-out`,
  transition: `opacity ${TUTORIAL.endFadeMs}ms ease-in`,
  '@media': { [reducedMotion]: { animation: 'none', transition: 'none' } },
});

export const fading = style({ opacity: 0, pointerEvents: 'none' });

export const backdrop = style([
  layer,
  {
    position: 'fixed',
    inset: 0,
    width: '100%',
    height: '100%',
    zIndex: vars.layer.modalBackdrop,
    // Only the painted (dimmed) area takes presses: the cut-out lets them through to the page.
    pointerEvents: 'none',
    overflow: 'visible',
  },
]);

export const backdropShade = style({
  fill: `rgba(0, 0, 0, ${TUTORIAL.backdropOpacity})`,
  pointerEvents: 'auto',
  cursor: 'default',
});

/** A light ring around the cut-out, so the highlighted area reads on dark and light pages alike. */
export const ring = style({
  fill: 'none',
  stroke: vars.color.onDark,
  strokeWidth: 2,
  pointerEvents: 'none',
});

/** Covers the cut-out when the step blocks presses on its target (`disableInteraction`). */
export const blocker = style([
  layer,
  {
    position: 'fixed',
    zIndex: vars.layer.modalBackdrop,
    cursor: 'not-allowed',
    background: 'transparent',
  },
]);

export const tooltip = style([
  layer,
  {
    position: 'fixed',
    zIndex: vars.layer.modal,
    width: `min(${TUTORIAL.tooltipWidth}px, calc(100vw - ${2 * TUTORIAL.viewportMargin}px))`,
    maxHeight: `calc(100vh - ${2 * TUTORIAL.viewportMargin}px)`,
    overflowY: 'auto',
    display: 'grid',
    gap: vars.space['3'],
    padding: vars.space['5'],
    background: vars.color.paper,
    color: vars.color.ink,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.lg,
    // The container takes focus only to be read out; its controls show the focus ring.
    outline: 'none',
  },
]);

/** Progress on the left, Skip on the right. */
export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  // Skip keeps a 44 px touch target without making the row that tall.
  marginBlock: `calc(-1 * ${vars.space['2']})`,
});

export const skip = style({
  minHeight: vars.size.touchTarget,
  minWidth: vars.size.touchTarget,
  marginInlineEnd: `calc(-1 * ${vars.space['2']})`,
  padding: `0 ${vars.space['2']}`,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.ink, background: vars.color.canvas } },
});

export const progress = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.muted,
});

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: 700, fontFamily: vars.font.body });

export const content = style({ fontSize: vars.fontSize.sm, color: vars.color.inkSoft, lineHeight: 1.55 });

export const countdown = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: vars.space['2'],
  marginTop: vars.space['1'],
});

/** Key hints only where a keyboard is likely: not on touch-only tablets and phones. */
export const hints = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.muted,
  '@media': { '(hover: none)': { display: 'none' } },
});

globalStyle(`${hints} kbd`, {
  display: 'inline-block',
  minWidth: '1.6em',
  padding: `0 ${vars.space['1']}`,
  border: `1px solid ${vars.color.lineStrong}`,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.mono,
  fontSize: '0.95em',
  textAlign: 'center',
  color: vars.color.inkSoft,
  background: vars.color.canvas,
});

/** The help button: the pill button of src/ui. */
export const helpButton = pillButton;
