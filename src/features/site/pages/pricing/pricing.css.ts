import { globalStyle, style } from '@vanilla-extract/css';
import { cardSurface } from '../../../../ui/card-surface.ts';
import { media, vars } from '../../../../ui/theme.css.ts';
import { faqStyle } from '../faq-style.ts';
import { reducedMotion } from '../sections.css.ts';

// Hero: the title, then the period toggle, then the plans.

export const hero = style({
  padding: `${vars.space['12']} 0 ${vars.space['16']}`,
  background: vars.color.canvas,
  '@media': { [media.desktop]: { padding: `${vars.space['16']} 0 96px` } },
});

export const heroHead = style({
  display: 'grid',
  gap: vars.space['6'],
  marginBottom: vars.space['10'],
  '@media': { [media.desktop]: { gridTemplateColumns: '1fr auto', alignItems: 'end' } },
});

export const heroTitle = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: vars.fontSize['4xl'],
  lineHeight: 1.1,
  letterSpacing: '-0.015em',
  maxWidth: '18ch',
  textWrap: 'balance',
});

export const customBand = style({
  marginTop: vars.space['12'],
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['6'],
  padding: vars.space['5'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.lineStrong}`,
  background: vars.color.paper,
  '@media': { [media.tablet]: { padding: vars.space['8'] } },
});

/** On a phone the band's action may take two lines rather than leave the band. */
globalStyle(`${customBand} > a`, { whiteSpace: 'normal', maxWidth: '100%', textAlign: 'center' });

export const customTitle = style({ fontFamily: vars.font.display, fontWeight: 400, fontSize: vars.fontSize['2xl'] });

export const customText = style({ marginTop: vars.space['2'], color: vars.color.muted, maxWidth: '60ch' });

// Credit costs: the head beside the table on a desktop.

export const split = style({
  display: 'grid',
  gap: vars.space['10'],
  '@media': { [media.desktop]: { gridTemplateColumns: '0.8fr 1.2fr', gap: vars.space['16'], alignItems: 'start' } },
});

export const toolCell = style({ textAlign: 'start', fontWeight: 600 });

export const costDetail = style({ display: 'block', fontWeight: 400, color: vars.color.muted });

export const costCell = style({ whiteSpace: 'nowrap', fontWeight: 600 });

// Packs

export const packs = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const pack = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['6'],
  ...cardSurface,
});

export const packFeatured = style([pack, { borderColor: vars.color.accent, boxShadow: `0 0 0 1px ${vars.color.accent}` }]);

export const packCredits = style({ fontFamily: vars.font.display, fontSize: vars.fontSize['2xl'] });

export const packPrice = style({ fontSize: vars.fontSize.xl, fontWeight: 600 });

export const packNote = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

export const packButton = style({ marginTop: vars.space['2'] });

// Questions

export const faqGrid = style(faqStyle.grid);

export const faqList = style({ display: 'grid', alignContent: 'start', borderTop: `1px solid ${vars.color.lineStrong}` });

export const faqItem = style(faqStyle.item);

export const faqQuestion = style({
  ...faqStyle.question,
  selectors: {
    ...faqStyle.question.selectors,
    // A + that turns into a × when open (an icon component would be a shared chunk on this page).
    '&::after': {
      content: '"+"',
      flexShrink: 0,
      fontSize: vars.fontSize['2xl'],
      fontWeight: 400,
      lineHeight: 1,
      transition: `transform ${vars.motion.normal}`,
    },
    [`${faqItem}[open] > &::after`]: { transform: 'rotate(45deg)' },
  },
  '@media': { [reducedMotion]: { selectors: { '&::after': { transition: 'none' } } } },
});

export const faqAnswer = style(faqStyle.answer);
