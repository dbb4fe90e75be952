import { buttonBase, buttonSize, buttonVariant } from './button.css.ts';
import { variants, type VariantSelection } from './variants.ts';

/** The button's classes: `button({ variant: 'secondary', size: 'sm' })` (primary, md by default). */
export const button = variants(buttonBase, { variant: buttonVariant, size: buttonSize }, { variant: 'primary', size: 'md' });

export type ButtonVariants = VariantSelection<{ variant: typeof buttonVariant; size: typeof buttonSize }>;
