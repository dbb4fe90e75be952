import { keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '../../../../ui/theme.css.ts';
import { motionOk } from '../sections.css.ts';

// Hero visual: the drawing (public/images/hero-try-on.svg) with its labels over it.

const float = keyframes({ '0%, 100%': { transform: 'translateY(0)' }, '50%': { transform: 'translateY(-6px)' } });

export const visual = style({
  position: 'relative',
  width: '100%',
  maxWidth: '440px',
  aspectRatio: '440 / 520',
  margin: '0 auto',
  '@media': { [media.phone]: { maxWidth: '340px' } },
});

export const visualSvg = style({ width: '100%', height: '100%' });

const chipBase = style({
  position: 'absolute',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.paper,
  color: vars.color.ink,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  lineHeight: 1.3,
  boxShadow: vars.shadow.lg,
  whiteSpace: 'nowrap',
  '@media': { [motionOk]: { animation: `${float} 5s ease-in-out infinite` }, [media.tablet]: { fontSize: vars.fontSize.sm } },
});

export const chipTop = style([chipBase, { top: '7%', left: '-2%' }]);
export const chipBottom = style([chipBase, { bottom: '9%', right: '-2%', animationDelay: '-2.5s' }]);

export const chipIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '26px',
  height: '26px',
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accent,
});

export const chipIconDone = style([chipIcon, { background: vars.color.successSoft, color: vars.color.success }]);

export const beforeAfter = style({
  position: 'absolute',
  top: '33%',
  left: 0,
  right: 0,
  display: 'flex',
  justifyContent: 'space-between',
  padding: `0 9%`,
  pointerEvents: 'none',
});

export const tag = style({
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  background: 'rgba(11, 11, 12, 0.78)',
  color: vars.color.onDark,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.04em',
});
