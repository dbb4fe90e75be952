import { style } from '@vanilla-extract/css';
import { cardSurface } from '../../../ui/card-surface.ts';
import { media, vars } from '../../../ui/theme.css.ts';

// Hero: copy beside the first example, on sand (the header is solid on these pages).

export const hero = style({
  background: vars.color.sand,
  padding: `${vars.space['12']} 0 ${vars.space['16']}`,
  '@media': { [media.desktop]: { padding: `72px 0 96px` } },
});

export const heroGrid = style({
  display: 'grid',
  // One column no wider than the screen: a long word or button never widens the page.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['10'],
  alignItems: 'center',
  '@media': { [media.desktop]: { gridTemplateColumns: '1.1fr 0.9fr', gap: vars.space['16'] } },
});

export const heroCopy = style({ display: 'grid', gap: vars.space['5'], justifyItems: 'start' });

export const heroTitle = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: 'clamp(2.25rem, 5vw, 3.75rem)',
  lineHeight: 1.06,
  letterSpacing: '-0.02em',
  textWrap: 'balance',
});

export const heroLead = style({ fontSize: vars.fontSize.lg, lineHeight: 1.7, color: vars.color.inkSoft, maxWidth: '58ch' });

/** The call to the studio: its words wrap on a narrow screen (a button keeps them on one line). */
export const cta = style({ selectors: { '&&': { whiteSpace: 'normal', textAlign: 'center', maxWidth: '100%' } } });

export const ctaNote = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, maxWidth: '52ch' });

export const priceChip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: '999px',
  background: vars.color.paper,
  border: `1px solid ${vars.color.line}`,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

export const figure = style({ margin: 0, display: 'grid', gap: vars.space['3'] });

/** A result at the width of its column (the comparison's two pictures are ones too). */
export const picture = style({ display: 'block', width: '100%', height: 'auto' });

export const caption = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

export const inputs = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] });

export const inputItem = style({ display: 'grid', gap: vars.space['1'], justifyItems: 'center', fontSize: vars.fontSize.xs, color: vars.color.muted });

export const thumb = style({
  display: 'block',
  width: 'auto',
  height: '96px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.paper,
});

export const instruction = style({
  margin: 0,
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderLeft: `3px solid ${vars.color.accent}`,
  background: vars.color.canvas,
  fontStyle: 'italic',
});

// Sections

export const exampleGrid = style({
  display: 'grid',
  gap: vars.space['10'],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const exampleCard = style({ display: 'grid', gap: vars.space['4'], alignContent: 'start' });

export const exampleTitle = style({ fontFamily: vars.font.display, fontWeight: 400, fontSize: vars.fontSize.xl });

export const gallery = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['6'],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const video = style({ display: 'block', width: '100%', height: 'auto', borderRadius: vars.radius.lg, background: vars.color.ink });

export const note = style({ marginTop: vars.space['8'], color: vars.color.inkSoft, maxWidth: '72ch' });

export const audiences = style({
  display: 'grid',
  gap: vars.space['8'],
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space['10'] } },
});

export const audience = style({
  display: 'grid',
  gap: vars.space['4'],
  alignContent: 'start',
  padding: vars.space['8'],
  ...cardSurface,
});

export const audienceTitle = style({ fontFamily: vars.font.display, fontWeight: 400, fontSize: vars.fontSize['2xl'] });

export const points = style({ margin: 0, paddingLeft: vars.space['5'], display: 'grid', gap: vars.space['3'], color: vars.color.inkSoft });

export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['6'],
  counterReset: 'step',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }, [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const step = style({
  display: 'grid',
  gap: vars.space['2'],
  alignContent: 'start',
  paddingTop: vars.space['4'],
  borderTop: `2px solid ${vars.color.ink}`,
});

export const stepNumber = style({ fontFamily: vars.font.display, fontSize: vars.fontSize['2xl'], color: vars.color.accent });

export const stepTitle = style({ fontWeight: 700, fontSize: vars.fontSize.lg });

export const stepText = style({ color: vars.color.muted });

export const split = style({
  display: 'grid',
  gap: vars.space['10'],
  '@media': { [media.desktop]: { gridTemplateColumns: '0.8fr 1.2fr', gap: vars.space['16'] } },
});

export const costDetail = style({ display: 'block', fontSize: vars.fontSize.sm, fontWeight: 400, color: vars.color.muted });

export const finalCta = style({
  display: 'grid',
  gap: vars.space['6'],
  justifyItems: 'start',
  '@media': { [media.desktop]: { gridTemplateColumns: '1fr auto', alignItems: 'end' } },
});

export const credit = style({ marginTop: vars.space['10'], fontSize: vars.fontSize.xs, color: vars.color.muted, maxWidth: '90ch' });

// The questions' styles, shared with the home page.
export { faqAnswer, faqIcon, faqItem, faqList, faqQuestion } from '../pages/faq.css.ts';
