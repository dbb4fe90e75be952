import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

/** The kind tabs and the name search shared by the assets picker and /your-assets. */

export const search = style({ position: 'relative', flex: '1 1 220px', display: 'flex', alignItems: 'center' });

export const searchIcon = style({ position: 'absolute', left: vars.space['3'], color: vars.color.muted, pointerEvents: 'none' });

export const searchInput = style({
  width: '100%',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space['3']} 0 40px`,
  border: `1px solid ${vars.color.lineStrong}`,
  borderRadius: vars.radius.pill,
  background: vars.color.paper,
  fontSize: vars.fontSize.md,
  selectors: {
    '&::placeholder': { color: vars.color.muted },
    '&:focus': { outline: 'none', borderColor: vars.color.ink, boxShadow: `0 0 0 3px ${vars.color.sand}` },
  },
});
