import { chipBase, chipSelectable, chipSize, chipTone } from './chip.css.ts';
import { variants, type VariantSelection } from './variants.ts';

/** The chip's classes (tone neutral, size sm, not selectable by default). */
export const chip = variants(chipBase, { tone: chipTone, size: chipSize, selectable: chipSelectable }, { tone: 'neutral', size: 'sm', selectable: 'false' });

export type ChipVariants = VariantSelection<{ tone: typeof chipTone; size: typeof chipSize; selectable: typeof chipSelectable }>;
