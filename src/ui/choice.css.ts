import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** A 44 px pill on paper: a chip answer, and the studio forms' small buttons beside them. */
export const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: vars.size.touchTarget,
  minWidth: vars.size.touchTarget,
  border: `1px solid ${vars.color.lineStrong}`,
  borderRadius: vars.radius.pill,
  background: vars.color.paper,
  color: vars.color.ink,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
});

/** A small secondary button on the pill (add, clear, remove, the tutorial's help): its icon and label in a row. */
export const pillButton = style([
  pill,
  {
    gap: vars.space['2'],
    padding: `0 ${vars.space['3']}`,
    selectors: {
      '&:hover:not(:disabled)': { borderColor: vars.color.ink },
      '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
    },
  },
]);

/** A pill answer: a short one (gender, a frame ratio, a mode). The focus ring follows the radio's focus. */
const chip = style([
  pill,
  {
    position: 'relative',
    gap: vars.space['2'],
    padding: `0 ${vars.space['4']}`,
    userSelect: 'none',
    transition: `background ${vars.motion.fast}, color ${vars.motion.fast}, border-color ${vars.motion.fast}`,
    selectors: {
      '&:hover': { borderColor: vars.color.ink },
      '&:has(input:checked)': { background: vars.color.ink, color: vars.color.onDark, borderColor: vars.color.ink },
      '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' },
    },
  },
]);

/** A box: a choice with a picture or a line of description (a body type, a hairstyle). */
const card = style({
  position: 'relative',
  display: 'grid',
  gap: vars.space['2'],
  alignContent: 'start',
  minHeight: vars.size.touchTarget,
  padding: vars.space['3'],
  border: `2px solid ${vars.color.line}`,
  borderRadius: vars.radius.lg,
  background: vars.color.paper,
  color: vars.color.ink,
  cursor: 'pointer',
  userSelect: 'none',
  transition: `border-color ${vars.motion.fast}, background ${vars.motion.fast}`,
  selectors: {
    '&:hover': { borderColor: vars.color.lineStrong },
    '&:has(input:checked)': { borderColor: vars.color.accent, background: vars.color.accentSoft },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' },
  },
});

export const choice = { chip, card } as const;
