import { style } from '@vanilla-extract/css';
import { cardSurface } from '../../../ui/card-surface.ts';
import { vars } from '../../../ui/theme.css.ts';

export const form = style({ display: 'grid', gap: vars.space['6'], minWidth: 0 });

export const fieldset = style({ border: 0, margin: 0, padding: 0, minWidth: 0, display: 'grid', gap: vars.space['2'] });
export const legend = style({ padding: 0, marginBottom: vars.space['2'], fontSize: vars.fontSize.sm, fontWeight: 700, color: vars.color.ink });
export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.muted, margin: 0 });

export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
export const cards = style({ display: 'grid', gap: vars.space['2'], gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' });

/** The native radio stays in the accessibility tree and takes the keyboard; the label draws it. */
export const radio = style({
  position: 'absolute',
  opacity: 0,
  width: '1px',
  height: '1px',
  margin: 0,
  pointerEvents: 'none',
});

const choiceBase = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: vars.size.touchTarget,
  border: `1px solid ${vars.color.lineStrong}`,
  background: vars.color.paper,
  color: vars.color.ink,
  cursor: 'pointer',
  userSelect: 'none',
  touchAction: 'manipulation',
  transition: `border-color ${vars.motion.fast}, background ${vars.motion.fast}`,
  selectors: {
    '&:hover': { borderColor: vars.color.ink },
    '&:has(input:checked)': { borderColor: vars.color.accent, background: vars.color.accentSoft, boxShadow: `inset 0 0 0 1px ${vars.color.accent}` },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' },
    '&:has(input:disabled)': { cursor: 'not-allowed', color: vars.color.muted, background: vars.color.canvas, borderStyle: 'dashed' },
    '&:has(input:disabled):hover': { borderColor: vars.color.lineStrong },
  },
});

export const pill = style([
  choiceBase,
  { borderRadius: vars.radius.pill, padding: `0 ${vars.space['4']}`, fontSize: vars.fontSize.sm, fontWeight: 600, justifyContent: 'center', minWidth: '64px' },
]);

export const card = style([
  choiceBase,
  { borderRadius: vars.radius.md, padding: vars.space['3'], alignItems: 'flex-start', flexDirection: 'column', gap: vars.space['1'] },
]);
export const cardTitle = style({
  display: 'flex',
  width: '100%',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
});
export const cardAside = style({ fontWeight: 600, fontSize: vars.fontSize.xs, color: vars.color.inkSoft, whiteSpace: 'nowrap' });
export const cardText = style({ fontSize: vars.fontSize.xs, color: vars.color.inkSoft, lineHeight: 1.45 });
export const pillAside = style({ fontWeight: 500, fontSize: vars.fontSize.xs, color: vars.color.inkSoft });

export const switchLabel = style({ fontSize: vars.fontSize.sm, fontWeight: 700 });

export const slider = style({ display: 'grid', gap: vars.space['1'] });
export const sliderHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space['2'] });
export const sliderValue = style({ fontVariantNumeric: 'tabular-nums', fontSize: vars.fontSize.sm, fontWeight: 600 });
export const range = style({
  width: '100%',
  minHeight: vars.size.touchTarget,
  margin: 0,
  accentColor: vars.color.accent,
  cursor: 'pointer',
  touchAction: 'pan-y',
});

export const counter = style({ justifySelf: 'end', fontSize: vars.fontSize.xs, color: vars.color.muted, fontVariantNumeric: 'tabular-nums' });
export const counterFull = style([counter, { color: vars.color.warning, fontWeight: 700 }]);

export const group = style({
  display: 'grid',
  gap: vars.space['3'],
  padding: vars.space['4'],
  ...cardSurface,
});
export const nested = style({ display: 'grid', gap: vars.space['3'], paddingLeft: vars.space['3'], borderLeft: `2px solid ${vars.color.accentSoft}` });

export const cost = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  background: vars.color.canvas,
  fontSize: vars.fontSize.sm,
});
export const costValue = style({ fontWeight: 700, fontSize: vars.fontSize.md, fontVariantNumeric: 'tabular-nums' });

export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.inkSoft, margin: 0 });
export const warning = style({
  display: 'flex',
  gap: vars.space['2'],
  alignItems: 'flex-start',
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

/** The "paid plan" badge after an option's label. */
export const paidBadge = style({ marginInlineStart: vars.space['2'], verticalAlign: 'middle' });
