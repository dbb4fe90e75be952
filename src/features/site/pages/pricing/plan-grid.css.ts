import { style, styleVariants } from '@vanilla-extract/css';
import { cardSurface } from '../../../../ui/card-surface.ts';
import { media, vars } from '../../../../ui/theme.css.ts';
import { visuallyHiddenRule } from '../../../../ui/visually-hidden.ts';

/** The plan grid, shared by /pricing and the app's /studio-pricing. */

// Period toggle: one pill holding two chips.

export const toggle = style({
  display: 'inline-flex',
  gap: vars.space['1'],
  margin: 0,
  padding: vars.space['1'],
  border: `1px solid ${vars.color.lineStrong}`,
  borderRadius: vars.radius.pill,
  background: vars.color.paper,
  minInlineSize: 0,
});

/** Read by screen readers only (src/ui/a11y.css.ts's, as a style object: a shared module is a chunk of its own on the public page). */
export const hidden = style(visuallyHiddenRule);

/** One answer: a 44 px chip, filled when checked, ringed when its radio has the keyboard focus. */
export const toggleOption = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space['4']}`,
  borderRadius: vars.radius.pill,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  userSelect: 'none',
  touchAction: 'manipulation',
  selectors: {
    '&:hover': { background: vars.color.canvas },
    '&:has(input:checked)': { background: vars.color.ink, color: vars.color.onDark },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' },
  },
});

export const saveBadge = style({
  display: 'inline-block',
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentInk,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  whiteSpace: 'nowrap',
});

export const toggleBadge = style({ marginInlineStart: vars.space['1'] });

// Groups and cards

export const groups = style({ display: 'grid', gap: vars.space['12'] });

export const group = style({ display: 'grid', gap: vars.space['5'] });

export const groupName = style({ fontFamily: vars.font.display, fontWeight: 400, fontSize: vars.fontSize['2xl'] });

const cardList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** Four personal plans and three business plans each fill a row on a desktop. */
export const cards = styleVariants({
  personal: [cardList, { '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } } }],
  business: [cardList, { '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } } }],
});

const cardBase = style({
  position: 'relative',
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['6'],
  ...cardSurface,
  selectors: { '&[data-current]': { boxShadow: `0 0 0 2px ${vars.color.accent}` } },
});

export const card = styleVariants({
  plain: [cardBase],
  featured: [cardBase, { background: vars.color.ink, color: vars.color.onDark, borderColor: vars.color.ink }],
});

/** Light text of the featured (ink) card, where the muted grey is too dark. */
const onFeatured = (rule: Record<string, string>) => ({ [`${card.featured} &`]: rule });

export const badge = style({
  alignSelf: 'flex-start',
  padding: `2px ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  selectors: onFeatured({ background: vars.color.accent, color: vars.color.accentInk }),
});

export const planName = style({ fontFamily: vars.font.display, fontWeight: 400, fontSize: vars.fontSize['2xl'] });

export const planFor = style({
  marginTop: vars.space['1'],
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  selectors: onFeatured({ color: vars.color.onDarkMuted }),
  // Two lines reserved side by side, so the prices line up.
  '@media': { [media.tablet]: { minHeight: '3.2em' } },
});

export const price = style({ display: 'grid', gap: vars.space['1'] });

export const priceLine = style({ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: vars.space['1'], fontSize: vars.fontSize.sm });

export const priceValue = style({ fontSize: '1.875rem', fontWeight: 600, letterSpacing: '-0.02em', lineHeight: 1.15 });

export const priceNote = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '1.6em',
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  selectors: onFeatured({ color: vars.color.onDarkMuted }),
});

export const credits = style({
  padding: `${vars.space['3']} 0`,
  borderTop: `1px solid ${vars.color.line}`,
  borderBottom: `1px solid ${vars.color.line}`,
  fontWeight: 600,
  selectors: onFeatured({ borderColor: 'rgba(255, 255, 255, 0.16)' }),
});

export const features = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['2'], fontSize: vars.fontSize.sm });

export const feature = style({ display: 'flex', gap: vars.space['2'], alignItems: 'flex-start' });

export const featureMissing = style([feature, { color: vars.color.muted, selectors: onFeatured({ color: vars.color.onDarkMuted }) }]);

export const check = style({ marginTop: '2px', flexShrink: 0, color: vars.color.success, selectors: onFeatured({ color: '#9be0bb' }) });

export const cross = style({ marginTop: '2px', flexShrink: 0, color: vars.color.muted, selectors: onFeatured({ color: vars.color.onDarkMuted }) });

export const action = style({ marginTop: 'auto', paddingTop: vars.space['2'], display: 'grid', gap: vars.space['2'] });

/** A full-width button or link at the foot of a card. */
export const actionButton = style({ width: '100%' });

/** Says why a card has no button (the plan in use, a change already scheduled). */
export const actionNote = style({
  minHeight: vars.size.touchTarget,
  display: 'grid',
  placeItems: 'center',
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  selectors: onFeatured({ color: vars.color.onDarkMuted }),
});

// The app's variant: the toggle and the custom-plan link above the grid.

export const studio = style({ display: 'grid', gap: vars.space['6'] });

export const studioBar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space['4'] });

export const studioContact = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  fontWeight: 600,
  color: vars.color.accent,
  textUnderlineOffset: '3px',
});
