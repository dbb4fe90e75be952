import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const head = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space['2'] });

export const suggestion = style({ borderStyle: 'dashed' });

export const countLine = style({ color: vars.color.inkSoft, fontSize: vars.fontSize.sm, fontVariantNumeric: 'tabular-nums' });
