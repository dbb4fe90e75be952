import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** A small rounded label: a status, a tag, a count; `selectable` for a filter chip that toggles. */
export const chipBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  borderRadius: vars.radius.pill,
  border: '1px solid transparent',
  fontWeight: 600,
  lineHeight: 1.2,
  whiteSpace: 'nowrap',
});

export const chipTone = styleVariants({
  neutral: { background: vars.color.sand, color: vars.color.inkSoft },
  accent: { background: vars.color.accentSoft, color: vars.color.accent },
  success: { background: vars.color.successSoft, color: vars.color.success },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger },
  outline: { background: vars.color.paper, color: vars.color.inkSoft, borderColor: vars.color.lineStrong },
  dark: { background: 'rgba(11, 11, 12, 0.72)', color: vars.color.onDark },
});

export const chipSize = styleVariants({
  sm: { padding: `2px ${vars.space['2']}`, fontSize: vars.fontSize.xs },
  md: { padding: `${vars.space['1']} ${vars.space['3']}`, fontSize: vars.fontSize.sm },
});

/** A chip that is a button: a 44 px target that shows whether it is pressed. */
export const chipSelectable = styleVariants({
  true: {
    minHeight: vars.size.touchTarget,
    padding: `0 ${vars.space['4']}`,
    cursor: 'pointer',
    touchAction: 'manipulation',
    selectors: {
      '&:hover': { borderColor: vars.color.ink },
      '&[aria-pressed="true"], &[aria-checked="true"], &[aria-selected="true"]': {
        background: vars.color.ink,
        borderColor: vars.color.ink,
        color: vars.color.onDark,
      },
      '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
    },
  },
  false: {},
});
