import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../ui/theme.css.ts';

export const footer = style({
  background: vars.color.ink,
  color: vars.color.onDarkMuted,
  fontSize: vars.fontSize.sm,
});

export const inner = style({
  maxWidth: `calc(${vars.size.contentMax} + 2 * ${vars.space['6']})`,
  margin: '0 auto',
  padding: `${vars.space['16']} ${vars.space['4']} ${vars.space['8']}`,
  '@media': { [media.tablet]: { padding: `${vars.space['20']} ${vars.space['6']} ${vars.space['8']}` } },
});

export const grid = style({
  display: 'grid',
  gap: `${vars.space['10']} ${vars.space['6']}`,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': {
    [media.desktop]: { gridTemplateColumns: '1.6fr 1fr 1fr 1.4fr', gap: vars.space['12'] },
  },
});

export const brand = style({ display: 'grid', gap: vars.space['5'], alignContent: 'start', color: vars.color.onDark });

export const tagline = style({ color: vars.color.onDarkMuted, maxWidth: '34ch', lineHeight: 1.7 });

export const heading = style({
  marginBottom: vars.space['4'],
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.14em',
  textTransform: 'uppercase',
  color: vars.color.onDark,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['1'] });

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '32px',
  color: vars.color.onDarkMuted,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.onDark, textDecoration: 'underline', textUnderlineOffset: '4px' },
  },
});

export const address = style({ fontStyle: 'normal', display: 'grid', gap: vars.space['2'] });

export const contactRow = style({
  display: 'grid',
  gridTemplateColumns: '20px 1fr',
  gap: vars.space['3'],
  alignItems: 'start',
  lineHeight: 1.6,
});

export const contactIcon = style({ marginTop: '3px', color: vars.color.onDark });

export const socials = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const social = style({
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.pill,
  border: '1px solid rgba(255, 255, 255, 0.22)',
  color: vars.color.onDark,
  transition: `background-color ${vars.motion.fast}, color ${vars.motion.fast}`,
  selectors: { '&:hover': { background: vars.color.onDark, color: vars.color.ink } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const bottom = style({
  marginTop: vars.space['16'],
  paddingTop: vars.space['6'],
  borderTop: '1px solid rgba(255, 255, 255, 0.14)',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  alignItems: 'center',
  justifyContent: 'space-between',
});

export const payments = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'], flexWrap: 'wrap' });

export const paymentList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', gap: vars.space['2'] });

export const paymentMark = style({ width: '56px', height: '36px' });

/** A column that takes the full width on phones (the two link lists share a row). */
export const wide = style({ '@media': { [media.phone]: { gridColumn: '1 / -1' } } });
