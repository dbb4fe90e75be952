import { style } from '@vanilla-extract/css';
import { cardSurface } from '../../ui/card-surface.ts';
import { media, vars } from '../../ui/theme.css.ts';
import { tileGrid } from '../../ui/tile-grid.ts';

export const page = style({
  maxWidth: '880px',
  margin: '0 auto',
  padding: `${vars.space['6']} ${vars.space['4']} ${vars.space['16']}`,
  display: 'grid',
  gap: vars.space['8'],
  '@media': { [media.tablet]: { padding: `${vars.space['10']} ${vars.space['8']} ${vars.space['20']}` } },
});

export const header = style({ display: 'grid', gap: vars.space['2'] });

/** The photos, then the studios: apart enough to read as two steps. */
export const body = style({ display: 'grid', gap: vars.space['8'] });

export const section = style({ display: 'grid', gap: vars.space['3'] });

export const title = style({ fontFamily: vars.font.display, fontWeight: 400, fontSize: 'clamp(1.75rem, 3.5vw, 2.25rem)' });

export const lead = style({ color: vars.color.inkSoft, maxWidth: '62ch' });

export const caption = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, fontStyle: 'italic', overflowWrap: 'anywhere' });

export const sectionTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 650 });

export const photos = style(tileGrid('180px'));

export const photo = style({
  position: 'relative',
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['2'],
  background: vars.color.paper,
  border: `2px solid ${vars.color.line}`,
  borderRadius: vars.radius.lg,
  selectors: { '&[data-selected="true"]': { borderColor: vars.color.accent } },
});

/** The radio that picks which photo the studio links use stays in the accessibility tree; the card draws it. */
export const photoRadio = style({ position: 'absolute', opacity: 0, width: '1px', height: '1px', margin: 0 });

export const photoLabel = style({ display: 'grid', gap: vars.space['2'], cursor: 'pointer' });

export const photoImage = style({
  width: '100%',
  aspectRatio: '3 / 4',
  objectFit: 'contain',
  background: vars.color.sand,
  borderRadius: vars.radius.md,
});

export const photoStatus = style({ display: 'grid', gap: vars.space['1'], fontSize: vars.fontSize.sm, color: vars.color.inkSoft });

export const progress = style({ width: '100%', height: '6px', accentColor: vars.color.accent });

export const problem = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });

export const doneText = style({ color: vars.color.success, fontWeight: 600 });

export const waitingText = style({ color: vars.color.warning, fontWeight: 600 });

export const targets = style(tileGrid('240px'));

export const target = style({
  display: 'grid',
  gap: vars.space['1'],
  minHeight: vars.size.touchTarget,
  height: '100%',
  padding: vars.space['4'],
  ...cardSurface,
  color: vars.color.ink,
  textDecoration: 'none',
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: {
    '&:hover:not([aria-disabled="true"])': { borderColor: vars.color.lineStrong, boxShadow: vars.shadow.md },
    '&[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const targetName = style({ fontWeight: 650 });

export const targetHint = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

export const notice = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space['3'],
  padding: vars.space['6'],
  background: vars.color.paper,
  border: `1px dashed ${vars.color.lineStrong}`,
  borderRadius: vars.radius.lg,
});

export const noticeTitle = style({ fontFamily: vars.font.display, fontWeight: 400, fontSize: vars.fontSize.xl });
