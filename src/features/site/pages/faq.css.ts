import { style } from '@vanilla-extract/css';
import { media, vars } from '../../../ui/theme.css.ts';
import { reducedMotion } from './sections.css.ts';

/**
 * The questions of the home page and the service landing pages: native disclosures in a list,
 * a + icon that turns into a × when open, beside the section's heading from desktop width.
 */
export const faqGrid = style({
  display: 'grid',
  gap: vars.space['10'],
  '@media': { [media.desktop]: { gridTemplateColumns: '0.8fr 1.2fr', gap: vars.space['16'] } },
});

export const faqList = style({ display: 'grid', borderTop: `1px solid ${vars.color.lineStrong}` });

export const faqItem = style({ borderBottom: `1px solid ${vars.color.lineStrong}` });

export const faqQuestion = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  minHeight: '64px',
  padding: `${vars.space['4']} 0`,
  fontSize: vars.fontSize.lg,
  fontWeight: 600,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
});

export const faqIcon = style({
  flexShrink: 0,
  transition: `transform ${vars.motion.normal}`,
  selectors: { [`${faqItem}[open] &`]: { transform: 'rotate(45deg)' } },
  '@media': { [reducedMotion]: { transition: 'none' } },
});

export const faqAnswer = style({ paddingBottom: vars.space['5'], color: vars.color.inkSoft, maxWidth: '68ch' });
