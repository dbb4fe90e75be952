import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { cardSurface } from '../../../ui/card-surface.ts';
import { media, vars } from '../../../ui/theme.css.ts';

const reducedMotion = '(prefers-reduced-motion: reduce)';
const onDarkHover = 'rgba(255, 255, 255, 0.1)';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.layer.header,
  height: vars.size.headerHeight,
  color: vars.color.onDark,
  background: vars.color.headerSolid,
  borderBottom: '1px solid rgba(255, 255, 255, 0.08)',
  transition: `background-color ${vars.motion.normal} ease, border-color ${vars.motion.normal} ease`,
  selectors: {
    '&[data-solid="false"]': { background: 'transparent', borderBottomColor: 'transparent' },
  },
  '@media': { [reducedMotion]: { transition: 'none' } },
});

/** Over a hero: the header takes no room in the flow, so the hero starts under it. */
export const overlay = style({ marginBottom: `calc(-1 * ${vars.size.headerHeight})` });

export const bar = style({
  height: '100%',
  maxWidth: `calc(${vars.size.contentMax} + 2 * ${vars.space['6']})`,
  margin: '0 auto',
  padding: `0 ${vars.space['4']}`,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  '@media': { [media.tablet]: { padding: `0 ${vars.space['6']}`, gap: vars.space['4'] } },
});

export const logo = style({
  display: 'inline-flex',
  alignItems: 'baseline',
  gap: '3px',
  minHeight: vars.size.touchTarget,
  paddingTop: '6px',
  fontFamily: vars.font.display,
  fontSize: '1.625rem',
  letterSpacing: '0.01em',
  lineHeight: 1.3,
  color: 'inherit',
  textDecoration: 'none',
  flexShrink: 0,
});

export const logoDot = style({
  width: '6px',
  height: '6px',
  borderRadius: '1px',
  background: vars.color.accent,
  transform: 'rotate(45deg)',
});

export const desktopNav = style({
  display: 'none',
  marginLeft: vars.space['6'],
  '@media': { [media.desktop]: { display: 'block' } },
});

export const navList = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  minHeight: '40px',
  padding: `0 ${vars.space['3']}`,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  letterSpacing: '0.01em',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast}`,
  selectors: {
    '&:hover': { background: onDarkHover },
    '&[aria-current="page"], &[data-active="true"]': {
      textDecoration: 'underline',
      textDecorationColor: vars.color.accent,
      textDecorationThickness: '2px',
      textUnderlineOffset: '6px',
    },
  },
  '@media': { [reducedMotion]: { transition: 'none' } },
});

export const chevron = style({
  transition: `transform ${vars.motion.normal}`,
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(180deg)' } },
  '@media': { [reducedMotion]: { transition: 'none' } },
});

export const actions = style({
  marginLeft: 'auto',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
});

export const langToggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '6px',
  minHeight: '40px',
  minWidth: '40px',
  padding: `0 ${vars.space['3']}`,
  border: '1px solid rgba(255, 255, 255, 0.28)',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  letterSpacing: '0.06em',
  cursor: 'pointer',
  selectors: { '&:hover': { background: onDarkHover, borderColor: 'rgba(255, 255, 255, 0.5)' } },
});

globalStyle(`${langToggle} svg`, {
  flexShrink: 0,
  '@media': { 'screen and (max-width: 399px)': { display: 'none' } },
});

export const goToApp = style({
  '@media': { 'screen and (max-width: 379px)': { paddingLeft: vars.space['3'], paddingRight: vars.space['3'] } },
});

export const menuButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  marginRight: `calc(-1 * ${vars.space['2']})`,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: { '&:hover': { background: onDarkHover } },
  '@media': { [media.desktop]: { display: 'none' } },
});

// Services dropdown

export const dropdown = style({ position: 'relative' });

export const dropdownPanel = style({
  position: 'absolute',
  top: `calc(100% + ${vars.space['3']})`,
  left: `calc(-1 * ${vars.space['4']})`,
  zIndex: vars.layer.dropdown,
  width: '400px',
  padding: vars.space['2'],
  ...cardSurface,
  color: vars.color.ink,
  boxShadow: vars.shadow.lg,
  selectors: { '&[hidden]': { display: 'none' } },
});

export const dropdownList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '2px' });

export const dropdownItem = style({
  display: 'grid',
  gridTemplateColumns: '40px 1fr',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: {
    '&:hover, &:focus-visible': { background: vars.color.canvas },
    '&:focus-visible': { outlineOffset: '-2px' },
  },
});

export const dropdownIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.accent,
});

export const itemName = style({ display: 'block', fontWeight: 600, fontSize: vars.fontSize.sm, lineHeight: 1.4 });
export const itemSummary = style({ display: 'block', color: vars.color.muted, fontSize: vars.fontSize.sm, lineHeight: 1.4 });

// Full-screen menu on small screens

const fadeIn = keyframes({ from: { opacity: 0, transform: 'translateY(-8px)' }, to: { opacity: 1, transform: 'none' } });

export const mobileMenu = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.layer.navigation,
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.ink,
  color: vars.color.onDark,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  selectors: { '&[hidden]': { display: 'none' } },
  '@media': {
    '(prefers-reduced-motion: no-preference)': { animation: `${fadeIn} ${vars.motion.normal} ease-out` },
    [media.desktop]: { display: 'none' },
  },
});

export const mobileTop = style([bar, { flex: `0 0 ${vars.size.headerHeight}`, width: '100%' }]);

export const mobileBody = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['8'],
  width: '100%',
  maxWidth: '640px',
  margin: '0 auto',
  padding: `${vars.space['6']} ${vars.space['6']} ${vars.space['10']}`,
});

export const mobileList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['1'] });

export const mobileLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '52px',
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    '&[aria-current="page"]': {
      textDecoration: 'underline',
      textDecorationColor: vars.color.accent,
      textDecorationThickness: '2px',
      textUnderlineOffset: '8px',
    },
  },
});

export const mobileGroupLabel = style({
  marginTop: vars.space['4'],
  marginBottom: vars.space['1'],
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.14em',
  textTransform: 'uppercase',
  color: vars.color.onDarkMuted,
});

export const mobileSubList = style({
  listStyle: 'none',
  margin: `0 0 ${vars.space['2']}`,
  padding: `0 0 0 ${vars.space['4']}`,
  borderLeft: '1px solid rgba(255, 255, 255, 0.16)',
  display: 'grid',
});

export const mobileSubLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: '48px',
  fontSize: vars.fontSize.lg,
  color: 'inherit',
  textDecoration: 'none',
});

export const mobileFooter = style({
  marginTop: 'auto',
  display: 'flex',
  gap: vars.space['3'],
  alignItems: 'center',
});

export const grow = style({ flex: 1 });

export const pushRight = style({ marginLeft: 'auto' });
