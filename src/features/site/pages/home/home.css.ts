import { style } from '@vanilla-extract/css';
import { cardSurface } from '../../../../ui/card-surface.ts';
import { media, vars } from '../../../../ui/theme.css.ts';
import { motionOk, reducedMotion } from '../sections.css.ts';

// Hero: under the transparent header, on ink.

export const hero = style({
  position: 'relative',
  overflow: 'hidden',
  color: vars.color.onDark,
  background: [
    'radial-gradient(ellipse 60% 55% at 85% 25%, rgba(164, 55, 60, 0.38), transparent 70%)',
    'radial-gradient(ellipse 50% 45% at 5% 95%, rgba(138, 106, 47, 0.28), transparent 70%)',
    vars.color.ink,
  ].join(', '),
  paddingTop: `calc(${vars.size.headerHeight} + ${vars.space['10']})`,
  paddingBottom: vars.space['12'],
  '@media': {
    [media.desktop]: { paddingTop: `calc(${vars.size.headerHeight} + ${vars.space['16']})`, paddingBottom: vars.space['16'] },
  },
});

export const heroGrid = style({
  display: 'grid',
  gap: vars.space['12'],
  alignItems: 'center',
  '@media': { [media.desktop]: { gridTemplateColumns: '1.15fr 0.85fr', gap: vars.space['16'] } },
});

export const heroCopy = style({ display: 'grid', gap: vars.space['6'], justifyItems: 'start' });

export const heroTitle = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: 'clamp(2.5rem, 6.2vw, 4.5rem)',
  lineHeight: 1.04,
  letterSpacing: '-0.02em',
  textWrap: 'balance',
});

export const heroEm = style({ fontStyle: 'italic', color: '#eab9b3' });

export const heroLead = style({
  fontSize: 'clamp(1.0625rem, 1.6vw, 1.25rem)',
  lineHeight: 1.65,
  color: vars.color.onDarkMuted,
  maxWidth: '56ch',
});

export const heroActions = style({
  '@media': { [media.phone]: { display: 'grid', width: '100%' } },
});

export const heroFacts = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['2'],
  color: vars.color.onDarkMuted,
  fontSize: vars.fontSize.sm,
});

export const heroFact = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'] });

export const factIcon = style({ color: '#eab9b3', flexShrink: 0 });

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
  gap: vars.space['6'],
  margin: `${vars.space['12']} 0 0`,
  paddingTop: vars.space['8'],
  borderTop: '1px solid rgba(255, 255, 255, 0.14)',
  '@media': { [media.phone]: { gap: vars.space['3'] }, [media.desktop]: { marginTop: vars.space['16'] } },
});

export const stat = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space['1'],
  // One compact row per figure on phones: the figure, then its label.
  '@media': { [media.phone]: { flexDirection: 'row-reverse', justifyContent: 'flex-end', alignItems: 'baseline', gap: vars.space['3'] } },
});

export const statValue = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['3xl'],
  lineHeight: 1.1,
  color: vars.color.onDark,
  '@media': { [media.phone]: { fontSize: vars.fontSize['2xl'], minWidth: '8.5rem' } },
});

export const statLabel = style({ color: vars.color.onDarkMuted, fontSize: vars.fontSize.sm });

// Tools

export const toolGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space['5'] },
    [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space['6'] },
  },
});

export const toolCard = style({
  position: 'relative',
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['6'],
  ...cardSurface,
  transition: `border-color ${vars.motion.normal}, box-shadow ${vars.motion.normal}, transform ${vars.motion.normal}`,
  selectors: {
    '&:hover, &:focus-within': { borderColor: vars.color.ink, boxShadow: vars.shadow.md },
  },
  '@media': {
    [motionOk]: { selectors: { '&:hover': { transform: 'translateY(-2px)' } } },
    [reducedMotion]: { transition: 'none' },
  },
});

export const toolName = style({ fontFamily: vars.font.display, fontWeight: 400, fontSize: vars.fontSize.xl });

/** The card's one link covers the whole card. */
export const stretchedLink = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.lg },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' },
  },
});

export const toolText = style({ color: vars.color.muted, flex: 1 });

export const toolMeta = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  paddingTop: vars.space['4'],
  borderTop: `1px solid ${vars.color.line}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
});

export const toolArrow = style({
  color: vars.color.ink,
  marginLeft: 'auto',
  transition: `transform ${vars.motion.normal}`,
  selectors: { [`${toolCard}:hover &`]: { transform: 'translateX(4px)' } },
  '@media': { [reducedMotion]: { transition: 'none' } },
});

// Steps

export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['8'],
  counterReset: 'step',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: vars.space['6'] },
  },
});

export const step = style({
  display: 'grid',
  gap: vars.space['3'],
  alignContent: 'start',
  paddingTop: vars.space['5'],
  borderTop: `2px solid ${vars.color.ink}`,
});

export const stepTop = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });

export const stepNumber = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  color: vars.color.accent,
  lineHeight: 1,
});

export const stepTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 600 });

export const stepText = style({ color: vars.color.muted });

// Pricing teaser

export const pricingHead = style({
  display: 'grid',
  gap: vars.space['6'],
  marginBottom: vars.space['10'],
  '@media': { [media.desktop]: { gridTemplateColumns: '1.2fr 0.8fr', alignItems: 'end' } },
});

/** The SAVE 20% badge, at the end of the heading's row on a desktop. */
export const saveBadge = style({
  justifySelf: 'start',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentInk,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  '@media': { [media.desktop]: { justifySelf: 'end' } },
});

export const plans = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space['6'] } },
});

export const plan = style({
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['8'],
  ...cardSurface,
});

export const planFeatured = style([plan, { background: vars.color.ink, color: vars.color.onDark, borderColor: vars.color.ink }]);

export const planName = style({ fontFamily: vars.font.display, fontWeight: 400, fontSize: vars.fontSize['2xl'] });

export const price = style({ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: vars.space['1'], fontSize: vars.fontSize.sm });

export const priceValue = style({ fontSize: vars.fontSize['3xl'], fontWeight: 600, letterSpacing: '-0.02em', lineHeight: 1.1 });

export const priceAnnual = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  minHeight: '1.6em',
  selectors: { [`${planFeatured} &`]: { color: vars.color.onDarkMuted } },
});

export const perks = style({
  listStyle: 'none',
  margin: 0,
  padding: `${vars.space['4']} 0 0`,
  borderTop: `1px solid ${vars.color.line}`,
  display: 'grid',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  selectors: { [`${planFeatured} &`]: { borderTopColor: 'rgba(255, 255, 255, 0.16)' } },
});

export const perk = style({ display: 'flex', gap: vars.space['2'], alignItems: 'flex-start' });

export const perkIcon = style({ marginTop: '2px', flexShrink: 0, color: vars.color.success, selectors: { [`${planFeatured} &`]: { color: '#9be0bb' } } });

export const pricingFoot = style({ marginTop: vars.space['8'], display: 'flex', justifyContent: 'flex-end' });

// Final call to action

export const finalCta = style({
  position: 'relative',
  overflow: 'hidden',
  display: 'grid',
  gap: vars.space['6'],
  justifyItems: 'center',
  textAlign: 'center',
  padding: `${vars.space['16']} ${vars.space['6']}`,
  borderRadius: vars.radius.xl,
  color: vars.color.onDark,
  background: ['radial-gradient(ellipse 70% 80% at 50% 0%, rgba(164, 55, 60, 0.45), transparent 70%)', vars.color.ink].join(', '),
  '@media': { [media.desktop]: { padding: `${vars.space['20']} ${vars.space['16']}` } },
});

export const finalTitle = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: 'clamp(2rem, 4.5vw, 3.25rem)',
  lineHeight: 1.1,
  letterSpacing: '-0.015em',
  maxWidth: '20ch',
  textWrap: 'balance',
});

// The questions' styles, shared with the service landing pages.
export { faqAnswer, faqGrid, faqIcon, faqItem, faqList, faqQuestion } from '../faq.css.ts';
