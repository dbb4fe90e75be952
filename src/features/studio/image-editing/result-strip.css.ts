import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

/** The strip of a multi-image edit's results: one thumbnail button per result, scrolling sideways. */

/** Touch targets are at least this big (px): tablets are the main device. */
const THUMB_PX = '72px';

export const strip = style({
  display: 'flex',
  gap: vars.space['2'],
  overflowX: 'auto',
  listStyle: 'none',
  margin: 0,
  padding: `${vars.space['1']} 0`,
});

export const thumbButton = style({
  display: 'grid',
  gap: vars.space['1'],
  justifyItems: 'center',
  padding: vars.space['1'],
  minWidth: THUMB_PX,
  border: `2px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.paper,
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.xs,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.accent, color: vars.color.ink, fontWeight: 600 },
    '&:focus-visible': { outline: `3px solid ${vars.color.accent}`, outlineOffset: '2px' },
  },
});

export const thumbImage = style({ width: THUMB_PX, height: THUMB_PX, objectFit: 'cover', borderRadius: vars.radius.sm, background: vars.color.sand });

export const caption = style({ margin: `0 0 ${vars.space['2']}`, color: vars.color.muted, fontSize: vars.fontSize.sm });
