import { style, styleVariants } from '@vanilla-extract/css';
import { cardSurface } from './card-surface.ts';
import { vars } from './theme.css.ts';

/**
 * Panel styles the studio shell shares with the pieces it shows from other features (the upload
 * outbox in an upload zone and the library, status badges in the history): a card, its title,
 * muted and error text, a list of files, and the status badge.
 */
export const card = style({
  ...cardSurface,
  padding: vars.space['5'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  selectors: { '&[data-active="true"]': { borderColor: vars.color.ink, boxShadow: vars.shadow.md } },
});
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.ink });
export const muted = style({ color: vars.color.muted, margin: 0, fontSize: vars.fontSize.sm });
export const items = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['2'], width: '100%' });
export const item = style({ display: 'grid', gap: vars.space['1'], textAlign: 'left', fontSize: vars.fontSize.sm });
export const itemRow = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space['2'] });
export const fileName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const error = style({ color: vars.color.danger, margin: 0, fontSize: vars.fontSize.sm });
export const badge = style({
  display: 'inline-block',
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  justifySelf: 'start',
});
export const badgeTone = styleVariants({
  queued: { background: vars.color.sand, color: vars.color.inkSoft },
  processing: { background: vars.color.warningSoft, color: vars.color.warning },
  completed: { background: vars.color.successSoft, color: vars.color.success },
  failed: { background: vars.color.dangerSoft, color: vars.color.danger },
  cancelled: { background: vars.color.sand, color: vars.color.muted },
});
