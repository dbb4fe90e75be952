import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** A titled section of a settings page (the profile page and the offline settings in it). */
export const lead = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const section = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['6'],
  borderRadius: vars.radius.lg,
  background: vars.color.paper,
  border: `1px solid ${vars.color.line}`,
});
export const sectionTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });
