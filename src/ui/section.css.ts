import { style } from '@vanilla-extract/css';
import { cardSurface } from './card-surface.ts';
import { vars } from './theme.css.ts';

/** A titled section of a settings page (the profile page and the offline settings in it). */
export const lead = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const section = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['6'],
  ...cardSurface,
});
export const sectionTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });
