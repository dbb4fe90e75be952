import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';
import { faqStyle } from './faq-style.ts';
import { reducedMotion } from './sections.css.ts';

/**
 * The questions of the home page and the service landing pages: native disclosures in a list,
 * a + icon that turns into a × when open, beside the section's heading from desktop width.
 */
export const faqGrid = style(faqStyle.grid);

export const faqList = style({ display: 'grid', borderTop: `1px solid ${vars.color.lineStrong}` });

export const faqItem = style(faqStyle.item);

export const faqQuestion = style(faqStyle.question);

export const faqIcon = style({
  flexShrink: 0,
  transition: `transform ${vars.motion.normal}`,
  selectors: { [`${faqItem}[open] &`]: { transform: 'rotate(45deg)' } },
  '@media': { [reducedMotion]: { transition: 'none' } },
});

export const faqAnswer = style(faqStyle.answer);
