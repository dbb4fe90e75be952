import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

/** A small dark pill over a thumbnail (a video's length, "upscaled"); each grid places it. */
export const thumbBadge = style({
  position: 'absolute',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2px',
  padding: `1px ${vars.space['2']} 1px ${vars.space['1']}`,
  borderRadius: vars.radius.pill,
  background: 'rgba(11, 11, 12, 0.78)',
  color: vars.color.onDark,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
  pointerEvents: 'none',
});

/** The text-only pill ("upscaled"): even padding. */
export const thumbKindBadge = style([thumbBadge, { padding: `1px ${vars.space['2']}` }]);
