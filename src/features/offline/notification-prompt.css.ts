import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/**
 * A bar in the studio's own column, above the job it is about (never floating): it takes its
 * place in the flow, so it can cover neither the progress nor the result's buttons, and the page
 * stays usable while the question waits.
 */
export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  background: vars.color.accentSoft,
  color: vars.color.ink,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
});

/** The words take the room left by the buttons, which wrap under them on a narrow column. */
export const copy = style({ flex: '1 1 260px', display: 'grid', gap: vars.space['1'], minWidth: 0 });

export const title = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 700 });

export const text = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.inkSoft });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
