import type { StyleRule } from '@vanilla-extract/css';
import { media, vars } from '../../../ui/theme.css.ts';

/**
 * The questions' look (faq.css.ts for the home and service pages, pricing.css.ts for the pricing
 * page, which draws its + without an icon component): native disclosures in a ruled list beside
 * the section's heading from desktop width. Style objects, spread into each page's classes.
 */
export const faqStyle = {
  grid: {
    display: 'grid',
    gap: vars.space['10'],
    '@media': { [media.desktop]: { gridTemplateColumns: '0.8fr 1.2fr', gap: vars.space['16'] } },
  },
  item: { borderBottom: `1px solid ${vars.color.lineStrong}` },
  question: {
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
  },
  answer: { paddingBottom: vars.space['5'], color: vars.color.inkSoft, maxWidth: '68ch' },
} satisfies Record<string, StyleRule>;
