import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** The label text and its hint on the left, the switch on the right across both lines; the whole row is a 44 px target. */
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  columnGap: vars.space['4'],
  rowGap: '2px',
  minHeight: vars.size.touchTarget,
  padding: `${vars.space['3']} ${vars.space['4']}`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.canvas,
  cursor: 'pointer',
  touchAction: 'manipulation',
  selectors: { '&[data-disabled="true"]': { cursor: 'not-allowed' } },
});

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 700 });
export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });

/** A checkbox drawn as a switch (role="switch"): a 48 × 28 px track. */
export const input = style({
  appearance: 'none',
  gridColumn: '2',
  gridRow: '1 / span 2',
  position: 'relative',
  width: '48px',
  height: '28px',
  margin: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.lineStrong,
  cursor: 'inherit',
  transition: `background ${vars.motion.fast}`,
  '::before': {
    content: '""',
    position: 'absolute',
    top: '3px',
    left: '3px',
    width: '22px',
    height: '22px',
    borderRadius: '50%',
    background: vars.color.paper,
    boxShadow: vars.shadow.sm,
    transition: `transform ${vars.motion.fast}`,
  },
  selectors: {
    '&:checked': { background: vars.color.accent },
    '&:checked::before': { transform: 'translateX(20px)' },
    '&:disabled': { opacity: 0.55 },
    '&[aria-busy="true"]': { opacity: 0.75 },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
