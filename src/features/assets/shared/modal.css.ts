import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '../../../ui/theme.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({ from: { opacity: 0, transform: 'translateY(12px)' }, to: { opacity: 1, transform: 'none' } });

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.layer.modalBackdrop,
  background: vars.color.overlay,
  animation: `${fadeIn} ${vars.motion.normal} ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

/** The click-outside area, centring the dialog. */
export const viewport = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.layer.modal,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space['3'],
  '@media': { [media.tablet]: { padding: vars.space['8'] } },
});

const dialogBase = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  maxHeight: '100%',
  background: vars.color.paper,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  overflow: 'hidden',
  animation: `${rise} ${vars.motion.normal} ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const dialog = styleVariants({
  compact: [dialogBase, { maxWidth: '520px' }],
  wide: [dialogBase, { maxWidth: '1040px', height: '100%', '@media': { [media.desktop]: { height: 'min(100%, 820px)' } } }],
  // The review viewer: the whole window, dark, edge to edge.
  full: [dialogBase, { maxWidth: 'none', height: '100%', borderRadius: 0, background: '#0b0b0c', color: vars.color.onDark }],
});

export const viewportFull = style({ padding: 0, '@media': { [media.tablet]: { padding: 0 } } });

export const closeButton = style({
  flex: 'none',
  width: '44px',
  height: '44px',
  display: 'grid',
  placeItems: 'center',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: { '&:hover': { background: 'rgba(127,127,127,0.16)' } },
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
