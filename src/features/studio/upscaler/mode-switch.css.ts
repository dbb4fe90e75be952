import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const switcher = style({
  display: 'inline-grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '1fr',
  gap: vars.space['1'],
  margin: 0,
  padding: vars.space['1'],
  minWidth: 0,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.pill,
  background: vars.color.canvas,
  selectors: { '&:disabled': { opacity: 0.6 } },
});

/** Named for assistive technology; the two segments say it visually. */
export const legend = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

export const radio = style({ position: 'absolute', opacity: 0, width: '1px', height: '1px', margin: 0, pointerEvents: 'none' });

export const segment = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: vars.size.touchTarget,
  minWidth: '112px',
  padding: `0 ${vars.space['5']}`,
  borderRadius: vars.radius.pill,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
  cursor: 'pointer',
  userSelect: 'none',
  touchAction: 'manipulation',
  transition: `background ${vars.motion.fast}, color ${vars.motion.fast}`,
  selectors: {
    '&:has(input:checked)': { background: vars.color.ink, color: vars.color.onDark },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' },
    '&:has(input:disabled)': { cursor: 'not-allowed' },
  },
});
