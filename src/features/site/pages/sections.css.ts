import { style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '../../../ui/theme.css.ts';
import { belowTheFold } from '../layout/below-the-fold.ts';
import { publicStyle } from '../../../ui/public-style.ts';

/** Building blocks shared by the public pages. */

export const reducedMotion = '(prefers-reduced-motion: reduce)';
export const motionOk = '(prefers-reduced-motion: no-preference)';

export const container = style(publicStyle.container);

const sectionBase = style({
  padding: `${vars.space['16']} 0`,
  '@media': { [media.desktop]: { padding: `96px 0` } },
});

// A light section's layout waits until it nears the screen. A dark one (and the footer) never
// does: an accessibility checker finds no background behind a skipped section's text, takes the
// page's light one, and reports light text on it as unreadable.
const later = belowTheFold('720px');

export const section = styleVariants({
  paper: [sectionBase, later, { background: vars.color.paper }],
  canvas: [sectionBase, later, { background: vars.color.canvas }],
  sand: [sectionBase, later, { background: vars.color.sand }],
  ink: [sectionBase, { background: vars.color.ink, color: vars.color.onDark }],
});

export const sectionHead = style({
  display: 'grid',
  gap: vars.space['4'],
  alignContent: 'start',
  maxWidth: '720px',
  marginBottom: vars.space['10'],
  '@media': { [media.desktop]: { marginBottom: vars.space['12'] } },
});

/** A section head whose parent spaces it. */
export const flushHead = style([sectionHead, { marginBottom: 0, '@media': { [media.desktop]: { marginBottom: 0 } } }]);

export const centeredHead = style([sectionHead, { marginLeft: 'auto', marginRight: 'auto', textAlign: 'center', justifyItems: 'center' }]);

export const eyebrow = style(publicStyle.eyebrow);

/** Eyebrow on the ink background (the accent itself is too dark there for AA text). */
export const eyebrowOnDark = style([eyebrow, { color: '#eab9b3' }]);

export const title = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: 'clamp(1.875rem, 3.6vw, 2.875rem)',
  letterSpacing: '-0.01em',
  lineHeight: 1.15,
  textWrap: 'balance',
});

export const lead = style({
  fontSize: vars.fontSize.lg,
  lineHeight: 1.65,
  color: vars.color.muted,
  maxWidth: '62ch',
  textWrap: 'pretty',
});

export const leadOnDark = style([lead, { color: vars.color.onDarkMuted }]);

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' });

export const actionsCenter = style([actions, { justifyContent: 'center' }]);

/** A secondary button on the ink background. */
export const outlineOnDark = style({
  borderColor: 'rgba(255, 255, 255, 0.45)',
  color: vars.color.onDark,
  selectors: { '&:hover:not(:disabled)': { borderColor: vars.color.onDark, background: 'rgba(255, 255, 255, 0.08)' } },
});

export const iconTile = style({
  display: 'grid',
  placeItems: 'center',
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  flexShrink: 0,
});

export const textLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: vars.size.touchTarget,
  fontWeight: 600,
  color: vars.color.ink,
  textDecoration: 'underline',
  textDecorationColor: vars.color.accent,
  textDecorationThickness: '2px',
  textUnderlineOffset: '6px',
  selectors: { '&:hover': { color: vars.color.accent } },
});

export const inlineLink = style({
  color: vars.color.accent,
  fontWeight: 600,
  textUnderlineOffset: '3px',
});
