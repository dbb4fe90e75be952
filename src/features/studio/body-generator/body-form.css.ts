import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const measureGrid = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
});

export const measure = style({ display: 'grid', gap: vars.space['1'], minWidth: 0 });

export const measureHead = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space['2'] });

export const measureRow = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'] });

export const slider = style({ flex: 1, minWidth: 0, minHeight: vars.size.touchTarget, accentColor: vars.color.accent, cursor: 'pointer' });

export const numberBox = style({ display: 'flex', alignItems: 'center', gap: vars.space['1'], flexShrink: 0 });

/**
 * Room for the longest value ("72.5", "165") and the number field's stepper: the width is the
 * content's (the shared input's padding and border come on top), so a value is never cut.
 */
export const numberInput = style({ boxSizing: 'content-box', width: 'calc(4ch + 1.5em)', textAlign: 'right', fontVariantNumeric: 'tabular-nums' });

export const unit = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const bmi = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.color.canvas,
  fontSize: vars.fontSize.sm,
});

export const bmiValue = style({ fontWeight: 700, fontSize: vars.fontSize.lg, fontVariantNumeric: 'tabular-nums' });

export const swatchRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] });

export const swatch = style({
  position: 'relative',
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['1'],
  width: '72px',
  cursor: 'pointer',
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  textAlign: 'center',
  color: vars.color.inkSoft,
});

export const swatchDot = style({
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  borderRadius: '50%',
  // A line around every swatch keeps the palest tone visible on white.
  boxShadow: `inset 0 0 0 1px rgba(11, 11, 12, 0.18)`,
  outlineOffset: '3px',
  selectors: {
    [`${swatch}:has(input:checked) &`]: { outline: `3px solid ${vars.color.accent}` },
    [`${swatch}:has(input:focus-visible) &`]: { outline: `3px solid ${vars.color.ink}` },
  },
});

export const bodyCards = style({ display: 'grid', gap: vars.space['3'], gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' });

export const bodyCardInner = style({ display: 'flex', gap: vars.space['3'], alignItems: 'flex-start' });

export const figure = style({ flexShrink: 0, width: '40px', height: '64px', color: vars.color.inkSoft });

export const ratioShape = style({ width: '24px', height: '24px', flexShrink: 0 });

export const hintChips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], margin: 0, padding: 0, listStyle: 'none' });

export const hintChip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  minHeight: vars.size.touchTarget,
  paddingLeft: vars.space['3'],
  borderRadius: vars.radius.pill,
  background: vars.color.sand,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  maxWidth: '100%',
});

export const hintText = style({ overflowWrap: 'anywhere' });

export const hintRemove = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  flexShrink: 0,
  border: 0,
  borderRadius: '50%',
  background: 'transparent',
  color: vars.color.ink,
  cursor: 'pointer',
  selectors: { '&:hover': { background: 'rgba(11, 11, 12, 0.08)' } },
});

export const hintAdd = style({ display: 'flex', gap: vars.space['2'] });

export const suggestion = style({ borderStyle: 'dashed' });
