import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css.ts';

/**
 * Floats at the bottom centre (the toasts own the bottom-right corner), under the modal layer:
 * an open dialog (download, review) stays fully usable while the question waits.
 */
export const card = style({
  position: 'fixed',
  insetInline: vars.space['4'],
  bottom: vars.space['4'],
  zIndex: vars.layer.tooltip,
  display: 'grid',
  gap: vars.space['3'],
  padding: vars.space['4'],
  background: vars.color.paper,
  color: vars.color.ink,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  '@media': {
    [media.tablet]: { insetInline: 'auto', left: '50%', transform: 'translateX(-50%)', width: 'min(420px, calc(100vw - 32px))' },
  },
});

export const title = style({ fontSize: vars.fontSize.md, fontWeight: 700 });

export const text = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], justifyContent: 'flex-end' });
