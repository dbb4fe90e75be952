import { style } from '@vanilla-extract/css';
import { vars } from '../../../../ui/theme.css.ts';

export const count = style({
  minWidth: '1.6em',
  padding: `0 ${vars.space['1']}`,
  borderRadius: vars.radius.pill,
  background: 'rgba(127, 127, 127, 0.18)',
  fontSize: vars.fontSize.xs,
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
});

export const grid = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))',
});

export const styleCard = style({ justifyItems: 'center', textAlign: 'center', padding: vars.space['2'] });

export const silhouette = style({ width: '72px', height: '72px', borderRadius: vars.radius.md, background: vars.color.canvas });

export const styleName = style({ fontWeight: 700, fontSize: vars.fontSize.sm, lineHeight: 1.3 });

export const empty = style({
  padding: vars.space['6'],
  borderRadius: vars.radius.lg,
  border: `1px dashed ${vars.color.lineStrong}`,
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

export const summary = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'], fontSize: vars.fontSize.sm });

export const palette = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const colorChoice = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  borderRadius: '50%',
  cursor: 'pointer',
  boxShadow: 'inset 0 0 0 1px rgba(11, 11, 12, 0.2)',
  outlineOffset: '3px',
  selectors: {
    '&:has(input:checked)': { outline: `3px solid ${vars.color.accent}` },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.ink}` },
  },
});

/** "Keep the current colour": a crossed circle. */
export const keepColor = style({
  background: `linear-gradient(135deg, transparent 46%, ${vars.color.muted} 46%, ${vars.color.muted} 54%, transparent 54%), ${vars.color.paper}`,
});

export const customRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['2'] });

export const colorInput = style({
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  padding: 0,
  border: `1px solid ${vars.color.lineStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.paper,
  cursor: 'pointer',
});

export const hexInput = style({ width: '11ch', fontFamily: vars.font.mono });

export const current = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2'], fontSize: vars.fontSize.sm, color: vars.color.inkSoft });

export const currentDot = style({ width: '20px', height: '20px', borderRadius: '50%', boxShadow: 'inset 0 0 0 1px rgba(11, 11, 12, 0.2)' });
