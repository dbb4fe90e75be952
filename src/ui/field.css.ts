import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const field = style({ display: 'grid', gap: '6px', minWidth: 0 });

export const labelRow = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space['2'] });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600, color: vars.color.ink });

export const controlWrap = style({ position: 'relative', display: 'flex' });

/** Text inputs, selects and text areas: 46 px tall, a ring on focus, red when invalid. */
export const control = style({
  width: '100%',
  minHeight: '46px',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.lineStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.paper,
  fontSize: vars.fontSize.md,
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: {
    '&::placeholder': { color: '#8a8a93' },
    '&:hover': { borderColor: vars.color.muted },
    '&:focus': { outline: 'none', borderColor: vars.color.ink, boxShadow: `0 0 0 3px ${vars.color.sand}` },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&[aria-invalid="true"]:focus': { boxShadow: `0 0 0 3px ${vars.color.dangerSoft}` },
    '&:disabled': { background: vars.color.canvas, color: vars.color.muted },
  },
});

/** Room for a button inside the right edge (show password). */
export const withTrailing = style({ paddingRight: '52px' });

export const select = style([control, { appearance: 'auto', cursor: 'pointer' }]);

export const textArea = style([control, { minHeight: '96px', padding: vars.space['3'], lineHeight: 1.5, resize: 'vertical' }]);

export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '6px',
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
  lineHeight: 1.4,
});

export const errorIcon = style({ flex: 'none', marginTop: '2px' });
