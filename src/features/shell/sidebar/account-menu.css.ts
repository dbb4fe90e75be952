import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';
import { hoverOnDark, lineOnDark } from './sidebar.css.ts';

/* ---------- account card and menu ---------- */

export const account = style({ position: 'relative' });

export const accountTrigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  width: '100%',
  padding: vars.space['2'],
  border: `1px solid ${lineOnDark}`,
  borderRadius: vars.radius.md,
  background: 'rgba(255, 255, 255, 0.04)',
  color: vars.color.onDark,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover, &[aria-expanded="true"]': { background: hoverOnDark, borderColor: 'rgba(255, 255, 255, 0.24)' },
    '&:focus-visible': { outline: `2px solid ${vars.color.onDark}`, outlineOffset: '2px' },
  },
});

export const accountTriggerCompact = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2px',
  padding: '2px',
  border: `1px solid ${lineOnDark}`,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.onDark,
  cursor: 'pointer',
  selectors: {
    '&:hover, &[aria-expanded="true"]': { borderColor: vars.color.onDarkMuted },
    '&:focus-visible': { outline: `2px solid ${vars.color.onDark}`, outlineOffset: '2px' },
  },
});

export const accountText = style({ display: 'grid', minWidth: 0, flex: 1, lineHeight: 1.3 });

export const accountName = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const accountEmail = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.onDarkMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const avatar = style({
  flexShrink: 0,
  display: 'inline-grid',
  placeItems: 'center',
  borderRadius: '50%',
  overflow: 'hidden',
  background: vars.color.sand,
  color: vars.color.ink,
  fontFamily: vars.font.display,
  fontWeight: 700,
  letterSpacing: '0.02em',
  userSelect: 'none',
});

export const avatarImage = style({ width: '100%', height: '100%', objectFit: 'cover' });

const menuIn = keyframes({ from: { opacity: 0, transform: 'translateY(4px)' }, to: { opacity: 1, transform: 'none' } });

export const menu = style({
  position: 'absolute',
  zIndex: vars.layer.dropdown,
  minWidth: '240px',
  padding: vars.space['2'],
  background: vars.color.paper,
  color: vars.color.ink,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  animation: `${menuIn} ${vars.motion.fast} ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const menuPlacement = styleVariants({
  up: { left: 0, right: 0, bottom: 'calc(100% + 8px)' },
  down: { right: 0, top: 'calc(100% + 8px)' },
});

export const menuHeader = style({
  display: 'grid',
  padding: `${vars.space['2']} ${vars.space['3']} ${vars.space['3']}`,
  marginBottom: vars.space['1'],
  borderBottom: `1px solid ${vars.color.line}`,
  lineHeight: 1.35,
  minWidth: 0,
});

/** The name and address whole (the sidebar's card cuts them): a long one wraps, an address at any character. */
export const menuHeaderName = style({ fontWeight: 600, overflowWrap: 'break-word' });
export const menuHeaderEmail = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, overflowWrap: 'anywhere' });

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  width: '100%',
  minHeight: '40px',
  padding: `0 ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover, &:focus-visible': { background: vars.color.canvas },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '-2px' },
  },
});

export const menuItemDanger = style({ color: vars.color.danger });

export const menuSeparator = style({
  height: '1px',
  margin: `${vars.space['1']} 0`,
  border: 0,
  background: vars.color.line,
});
