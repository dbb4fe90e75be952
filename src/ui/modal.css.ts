import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from './theme.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({ from: { opacity: 0, transform: 'translateY(12px)' }, to: { opacity: 1, transform: 'none' } });
const reducedMotion = { '(prefers-reduced-motion: reduce)': { animation: 'none' } };

/** The dimmed page behind a modal layer (dialogs and drawers). */
export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.layer.modalBackdrop,
  background: vars.color.overlay,
  border: 0,
  padding: 0,
  animation: `${fadeIn} ${vars.motion.normal} ease-out`,
  '@media': reducedMotion,
});

/** The click-outside area: centres the dialog, and scrolls one taller than the window from its top. */
export const viewport = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.layer.modal,
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  overflowY: 'auto',
  padding: vars.space['3'],
  '@media': { [media.tablet]: { padding: vars.space['8'] } },
});

export const viewportFull = style({ padding: 0, '@media': { [media.tablet]: { padding: 0 } } });

const dialogBase = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  margin: 'auto 0',
  background: vars.color.paper,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  animation: `${rise} ${vars.motion.normal} ease-out`,
  '@media': reducedMotion,
});

/** Sizes that fit the window clip their content and scroll inside; `form` grows and the viewport scrolls. */
const fitted = style({ maxHeight: '100%', overflow: 'hidden' });

export const dialog = styleVariants({
  compact: [dialogBase, fitted, { maxWidth: '520px' }],
  form: [
    dialogBase,
    {
      maxWidth: '440px',
      padding: `${vars.space['8']} ${vars.space['5']} ${vars.space['6']}`,
      '@media': { [media.tablet]: { padding: `${vars.space['10']} ${vars.space['8']} ${vars.space['8']}` } },
    },
  ],
  wide: [dialogBase, fitted, { maxWidth: '1040px', height: '100%', '@media': { [media.desktop]: { height: 'min(100%, 820px)' } } }],
  // The review viewer: the whole window, dark, edge to edge.
  full: [dialogBase, fitted, { maxWidth: 'none', height: '100%', borderRadius: 0, background: '#0b0b0c', color: vars.color.onDark }],
});

/** A round 44 px icon button (close, menu). */
export const iconButton = style({
  flex: 'none',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  display: 'grid',
  placeItems: 'center',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  touchAction: 'manipulation',
  selectors: { '&:hover': { background: 'rgba(127,127,127,0.16)' } },
});

/* ---------- the pieces of a simple dialog: body, title, text, actions ---------- */

export const body = style({ display: 'grid', gap: vars.space['3'], padding: vars.space['6'] });

export const title = style({ fontFamily: vars.font.display, fontSize: vars.fontSize.xl, fontWeight: 600 });

export const text = style({ color: vars.color.inkSoft });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  padding: `0 ${vars.space['6']} ${vars.space['6']}`,
});

export const danger = style({ background: vars.color.danger, selectors: { '&:hover:not(:disabled)': { background: '#8f1e18' } } });
