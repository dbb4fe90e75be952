import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

// warning (#8a5a00) on warningSoft (#fff4d6): 5.9:1.
export const note = style({
  display: 'flex',
  gap: vars.space['3'],
  alignItems: 'flex-start',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warning}`,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.5,
});

export const icon = style({ flex: 'none', marginTop: '1px' });

export const text = style({ display: 'grid', gap: '2px' });

export const title = style({ fontWeight: 700 });
