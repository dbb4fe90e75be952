import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  padding: `${vars.space['4']} ${vars.space['3']} 0 ${vars.space['5']}`,
});

export const heading = style({ flex: 1, display: 'grid', gap: '2px', minWidth: 0, paddingTop: vars.space['2'] });

export const title = style({ fontFamily: vars.font.display, fontSize: vars.fontSize.xl, fontWeight: 600 });

export const subtitle = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, overflowWrap: 'anywhere' });

export const body = style({ display: 'grid', gap: vars.space['5'], padding: vars.space['5'], overflowY: 'auto' });

export const fieldset = style({ display: 'grid', gap: vars.space['2'], margin: 0, padding: 0, border: 0, minWidth: 0 });

export const legend = style({ padding: 0, marginBottom: vars.space['2'], fontSize: vars.fontSize.sm, fontWeight: 700 });

export const options = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: vars.space['2'] });

export const option = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space['3'],
  rowGap: '2px',
  alignContent: 'start',
  minHeight: vars.size.touchTarget,
  padding: vars.space['3'],
  border: `1px solid ${vars.color.lineStrong}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.ink },
    '&:has(input:checked)': { borderColor: vars.color.ink, background: vars.color.canvas, boxShadow: `inset 0 0 0 1px ${vars.color.ink}` },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' },
    '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.55 },
  },
});

export const radio = style({ gridRow: 'span 2', width: '18px', height: '18px', margin: '2px 0 0', accentColor: vars.color.ink });

export const optionLabel = style({ gridColumn: 2, fontWeight: 600, fontSize: vars.fontSize.sm });

export const optionHint = style({ gridColumn: 2, fontSize: vars.fontSize.xs, color: vars.color.muted, fontVariantNumeric: 'tabular-nums' });

export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

export const summary = style({
  display: 'grid',
  gap: '2px',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  background: vars.color.canvas,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const summaryName = style({ fontWeight: 600 });

export const progress = style({ display: 'grid', gap: vars.space['1'], fontSize: vars.fontSize.sm, color: vars.color.inkSoft });

export const bar = style({ height: '6px', borderRadius: vars.radius.pill, background: vars.color.sand, overflow: 'hidden' });

export const barFill = style({ height: '100%', background: vars.color.ink, transition: `width ${vars.motion.fast} linear` });

export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['5']} ${vars.space['5']}`,
});
