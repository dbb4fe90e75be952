import { cardBase, cardInteractive, cardPadding, cardTone } from './card.css.ts';
import { variants, type VariantSelection } from './variants.ts';

/** The card's classes (padding md, tone paper, not interactive by default). */
export const card = variants(
  cardBase,
  { padding: cardPadding, tone: cardTone, interactive: cardInteractive },
  { padding: 'md', tone: 'paper', interactive: 'false' },
);

export type CardVariants = VariantSelection<{ padding: typeof cardPadding; tone: typeof cardTone; interactive: typeof cardInteractive }>;
