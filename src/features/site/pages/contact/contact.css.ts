import { style } from '@vanilla-extract/css';
import { callout, calloutTone } from '../../../../ui/callout.ts';
import { media, vars } from '../../../../ui/theme.css.ts';

export const intro = style({ background: vars.color.sand, padding: `${vars.space['12']} 0 ${vars.space['10']}` });

export const introTitle = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: vars.fontSize['4xl'],
  lineHeight: 1.1,
  margin: `${vars.space['3']} 0`,
});

export const layout = style({
  display: 'grid',
  gap: vars.space['10'],
  padding: `${vars.space['10']} 0 ${vars.space['16']}`,
  maxWidth: '760px',
});

export const form = style({ display: 'grid', gap: vars.space['5'] });

/** Two fields side by side from tablet width (first and last name, email and phone). */
export const pair = style({ display: 'grid', gap: vars.space['5'], '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } } });

/** The honeypot: out of sight and out of reach for people (not focusable, not read). */
export const trap = style({ position: 'absolute', left: '-10000px', width: '1px', height: '1px', overflow: 'hidden' });

export const files = style({ display: 'grid', gap: vars.space['2'], margin: 0, padding: 0, listStyle: 'none' });

export const file = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: '48px',
  padding: `${vars.space['1']} ${vars.space['1']} ${vars.space['1']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.paper,
});

export const fileName = style({ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const fileSize = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

/** A touch-sized (44 px) text button. */
export const remove = style({
  minWidth: vars.size.touchTarget,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space['3']}`,
  fontWeight: 600,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.inkSoft,
  cursor: 'pointer',
  ':hover': { background: vars.color.canvas },
});

export const status = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, margin: 0 });

export const alert = style({ ...callout, padding: vars.space['4'], ...calloutTone.danger });

export const notice = style([alert, calloutTone.warning]);

export const done = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['8'],
  borderRadius: vars.radius.lg,
  background: vars.color.successSoft,
  ':focus': { outline: 'none' },
});

export const reference = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xl, fontWeight: 700, letterSpacing: '0.08em' });
