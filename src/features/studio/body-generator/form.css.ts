import { style } from '@vanilla-extract/css';
import { pillButton } from '../../../ui/choice.css.ts';
import { vars } from '../../../ui/theme.css.ts';

/**
 * Form styles shared by the studio parameter forms (body generator, hairstyle, image editing):
 * fieldsets, text fields, notes; the choice chips and cards are src/ui's RadioChoice.
 * Touch targets are at least 44 CSS px (WCAG 2.5.5; tablets are the main device).
 */

export const form = style({ display: 'grid', gap: vars.space['6'], minWidth: 0 });

/** The whole form as one fieldset, so `disabled` reaches every control. */
export const formFieldset = style([form, { margin: 0, padding: 0, border: 0 }]);

export const fieldset = style({ display: 'grid', gap: vars.space['3'], minWidth: 0, margin: 0, padding: 0, border: 0 });

export const legend = style({ padding: 0, marginBottom: vars.space['1'], fontWeight: 700, fontSize: vars.fontSize.md });

export const label = style({ fontWeight: 700, fontSize: vars.fontSize.md });

export const hint = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const chipRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const cardTitle = style({ fontWeight: 700, fontSize: vars.fontSize.md, lineHeight: 1.3 });

export const cardText = style({ color: vars.color.inkSoft, fontSize: vars.fontSize.sm, lineHeight: 1.45 });

export const input = style({
  minHeight: vars.size.touchTarget,
  width: '100%',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.lineStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.paper,
  fontSize: vars.fontSize.md,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '1px', borderColor: vars.color.accent },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

export const field = style({ display: 'grid', gap: vars.space['2'], minWidth: 0 });

export const counter = style({ justifySelf: 'end', color: vars.color.muted, fontSize: vars.fontSize.xs, fontVariantNumeric: 'tabular-nums' });

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: 600 });

/** A warning box (the prerequisites and count rules): AA contrast on its soft background. */
export const notice = style({
  display: 'grid',
  gap: vars.space['1'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

export const noticeList = style({ margin: 0, paddingLeft: vars.space['5'], fontWeight: 400, color: vars.color.ink });

/** A small secondary button (add, clear, remove): 44 px tall, a little tighter than the pill button's gap. */
export const smallButton = style([pillButton, { gap: vars.space['1'] }]);

export const link = style({ color: vars.color.accent, fontWeight: 600, fontSize: vars.fontSize.sm, textUnderlineOffset: '3px' });
