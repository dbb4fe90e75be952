import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const suggestion = style({ borderStyle: 'dashed' });

export const countLine = style({ color: vars.color.inkSoft, fontSize: vars.fontSize.sm, fontVariantNumeric: 'tabular-nums' });
