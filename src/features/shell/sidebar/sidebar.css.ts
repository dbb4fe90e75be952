import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '../../../ui/theme.css.ts';

/*
 * The studio chrome is ink: the sidebar, the mobile header, the drawer and the dashboard's
 * compact top bar. Text on ink uses onDark (#fff, 19:1) and onDarkMuted (#c8c8cc, 12:1).
 */
export const hoverOnDark = 'rgba(255, 255, 255, 0.07)';
const activeOnDark = 'rgba(255, 255, 255, 0.12)';
export const lineOnDark = 'rgba(255, 255, 255, 0.12)';
/** Height of a navigation row in px: 16 entries fit a 768 px tall window with the card. */
const NAV_ROW_PX = 34;
/** Height of the mobile header and the dashboard top bar in px. */
const BAR_PX = 60;

export const skipLink = style({
  position: 'absolute',
  left: vars.space['3'],
  top: vars.space['3'],
  zIndex: vars.layer.maximum,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  background: vars.color.paper,
  color: vars.color.ink,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.md,
  fontWeight: 600,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const layout = style({
  minHeight: '100vh',
  background: vars.color.canvas,
});

export const main = style({
  minWidth: 0,
  minHeight: '100vh',
  outline: 'none',
  '@media': { [media.desktop]: { marginLeft: vars.size.sidebarWidth } },
});

/* ---------- the sidebar (fixed from 1024 px, also the drawer's content) ---------- */

export const aside = style({
  position: 'fixed',
  insetBlock: 0,
  left: 0,
  width: vars.size.sidebarWidth,
  zIndex: vars.layer.navigation,
  borderRight: `1px solid ${vars.color.headerSolid}`,
});

export const sidebar = style({
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.ink,
  color: vars.color.onDarkMuted,
});

export const sidebarTop = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  padding: `${vars.space['4']} ${vars.space['4']} ${vars.space['3']} ${vars.space['5']}`,
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'baseline',
  gap: vars.space['2'],
  color: vars.color.onDark,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  whiteSpace: 'nowrap',
});

export const brandName = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.xl,
  letterSpacing: '0.01em',
  lineHeight: 1,
});

export const brandTag = style({
  fontSize: '0.6875rem',
  textTransform: 'uppercase',
  letterSpacing: '0.16em',
  color: vars.color.onDarkMuted,
});

export const brandDot = style({ color: vars.color.accent });

export const nav = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  padding: `${vars.space['1']} ${vars.space['3']} ${vars.space['3']}`,
  scrollbarWidth: 'thin',
  scrollbarColor: `${lineOnDark} transparent`,
});

export const navList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '2px' });

export const groupStart = style({
  marginTop: vars.space['2'],
  paddingTop: vars.space['2'],
  borderTop: `1px solid ${lineOnDark}`,
});

export const navLink = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  width: '100%',
  minHeight: `${NAV_ROW_PX}px`,
  padding: `0 ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.onDarkMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: `background ${vars.motion.fast}, color ${vars.motion.fast}`,
  selectors: {
    '&:hover': { background: hoverOnDark, color: vars.color.onDark },
    '&:focus-visible': { outline: `2px solid ${vars.color.onDark}`, outlineOffset: '-2px' },
    '&[aria-current="page"]': { background: activeOnDark, color: vars.color.onDark, fontWeight: 600 },
    '&[aria-current="page"]::before': {
      content: '""',
      position: 'absolute',
      left: '-12px',
      top: '7px',
      bottom: '7px',
      width: '3px',
      borderRadius: '0 3px 3px 0',
      background: vars.color.accent,
    },
  },
  '@media': { '(pointer: coarse)': { minHeight: vars.size.touchTarget } },
});

export const navIcon = style({ flexShrink: 0, opacity: 0.9 });

export const navLabel = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const sidebarFooter = style({
  display: 'grid',
  gap: vars.space['3'],
  borderTop: `1px solid ${lineOnDark}`,
  padding: vars.space['3'],
});

export const footerRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  paddingInline: vars.space['2'],
  fontSize: vars.fontSize.sm,
});

/* ---------- language toggle ---------- */

export const langToggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2px',
  padding: '3px',
  border: `1px solid ${lineOnDark}`,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.onDarkMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.06em',
  cursor: 'pointer',
  flexShrink: 0,
  selectors: {
    '&:hover': { borderColor: vars.color.onDarkMuted },
    '&:focus-visible': { outline: `2px solid ${vars.color.onDark}`, outlineOffset: '2px' },
  },
});

export const langOption = style({
  minWidth: '30px',
  padding: '3px 6px',
  borderRadius: vars.radius.pill,
  lineHeight: 1.4,
  textAlign: 'center',
});

export const langOptionActive = style({ background: vars.color.onDark, color: vars.color.ink });

/* ---------- guest sign-in ---------- */

export const guestCard = style({ display: 'grid', gap: vars.space['2'] });

export const guestHint = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.onDarkMuted,
  lineHeight: 1.45,
  // On short windows the navigation needs the room more than the hint.
  '@media': { 'screen and (max-height: 820px)': { display: 'none' } },
});

export const signInButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  minHeight: '40px',
  padding: `0 ${vars.space['4']}`,
  border: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.onDark,
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.sand },
    '&:focus-visible': { outline: `2px solid ${vars.color.onDark}`, outlineOffset: '2px' },
  },
});

export const signInButtonCompact = style({ minHeight: '36px', padding: `0 ${vars.space['3']}` });

/* ---------- mobile header and drawer (below 1024 px, every sidebar page but /dashboard) ---------- */

export const bar = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.layer.navigation,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  height: `${BAR_PX}px`,
  padding: `0 ${vars.space['3']} 0 ${vars.space['4']}`,
  background: vars.color.ink,
  color: vars.color.onDark,
  borderBottom: `1px solid ${vars.color.headerSolid}`,
});

export const barActions = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'] });

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  minWidth: vars.size.touchTarget,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space['2']}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.onDark,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:hover, &[aria-expanded="true"]': { background: hoverOnDark },
    '&:focus-visible': { outline: `2px solid ${vars.color.onDark}`, outlineOffset: '-2px' },
  },
});

/* ---------- the dashboard's compact top bar (below 1024 px) ---------- */

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const topMenu = style({
  position: 'absolute',
  top: `calc(100% + 1px)`,
  left: 0,
  right: 0,
  zIndex: vars.layer.dropdown,
  maxHeight: `calc(100vh - ${BAR_PX}px)`,
  overflowY: 'auto',
  padding: `${vars.space['4']} ${vars.space['4']} ${vars.space['5']}`,
  background: vars.color.ink,
  color: vars.color.onDarkMuted,
  borderTop: `1px solid ${lineOnDark}`,
  boxShadow: vars.shadow.lg,
  animation: `${fadeIn} ${vars.motion.fast} ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const topMenuGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '2px',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const menuLabel = style({
  '@media': {
    [media.phone]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
});

export const brandTagBar = style({
  '@media': { 'screen and (max-width: 479px)': { display: 'none' } },
});

// Icons keep their size when a bar runs short of room; labels in the top-bar menu may wrap.
globalStyle(`${signInButton} svg, ${iconButton} svg`, { flexShrink: 0 });
globalStyle(`${topMenuGrid} ${navLabel}`, { whiteSpace: 'normal', lineHeight: 1.3, paddingBlock: '6px' });
