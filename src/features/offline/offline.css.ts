import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/* ---------- the offline banner (top of the studio's content) ---------- */

export const banner = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['4']}`,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  borderBottom: `1px solid ${vars.color.line}`,
});
export const bannerBack = style([banner, { background: vars.color.successSoft, color: vars.color.success }]);
export const bannerDot = style({
  flex: 'none',
  width: '8px',
  height: '8px',
  borderRadius: vars.radius.pill,
  background: 'currentColor',
});

/* ---------- "keep offline" toggle ---------- */

export const pinToggle = style({
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.ink, color: vars.color.onDark, borderColor: vars.color.ink },
  },
});

/* ---------- settings section (profile page) ---------- */

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
  gap: vars.space['3'],
  margin: 0,
});
export const figure = style({
  display: 'grid',
  gap: '2px',
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.canvas,
  border: `1px solid ${vars.color.line}`,
});
export const figureLabel = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });
export const figureValue = style({ fontWeight: 700, fontSize: vars.fontSize.lg, margin: 0 });

export const rows = style({ display: 'grid', gap: vars.space['4'] });
export const row = style({ display: 'grid', gap: vars.space['1'] });
export const rowTitle = style({ fontWeight: 600 });
export const rowText = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const rowActions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'], marginTop: vars.space['1'] });
/** The budget's select: as wide as its choices, not the section. */
export const budget = style({ width: 'auto', minWidth: '10rem', justifySelf: 'start' });
export const good = style({ color: vars.color.success, fontWeight: 600 });
export const warn = style({ color: vars.color.warning, fontWeight: 600 });

/* ---------- a full-size picture or video that cannot be shown (offline, not kept) ---------- */

export const unavailable = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['2'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.paper,
  color: vars.color.ink,
  border: `1px solid ${vars.color.line}`,
  textAlign: 'center',
  maxWidth: '100%',
  boxSizing: 'border-box',
});
/** Over a viewer's stage (the review dialog): centred, never wider than the stage. */
export const unavailableOverlay = style([
  unavailable,
  {
    position: 'absolute',
    top: '50%',
    left: '50%',
    transform: 'translate(-50%, -50%)',
    width: `min(28rem, calc(100% - ${vars.space['8']}))`,
    maxHeight: `calc(100% - ${vars.space['8']})`,
    overflow: 'auto',
  },
]);
export const unavailableThumb = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '40vh',
  width: 'auto',
  height: 'auto',
  objectFit: 'contain',
  borderRadius: vars.radius.sm,
});
export const unavailableTitle = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
export const unavailableText = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.muted, overflowWrap: 'anywhere' });
/** The banner's second line: what is kept offline. */
export const bannerNote = style({ fontWeight: 400 });
export const bannerText = style({ display: 'grid', gap: '2px', minWidth: 0 });
