import { globalStyle, style } from '@vanilla-extract/css';
import { accountPage } from '../../ui/account-page.ts';
import { callout, calloutTone } from '../../ui/callout.ts';
import { media, vars } from '../../ui/theme.css.ts';

export const page = style(accountPage.page);

export const head = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: vars.space['4'] });
export const headText = style({ display: 'grid', gap: vars.space['2'] });
export const title = style(accountPage.title);
export const sectionTitle = style(accountPage.sectionTitle);
export const lead = style(accountPage.lead);
export const muted = style(accountPage.muted);
export const section = style({ display: 'grid', gap: vars.space['3'] });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' });

export const stats = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const statCard = style({ display: 'grid', gap: vars.space['1'] });
export const statValue = style({ fontSize: vars.fontSize['2xl'], fontWeight: 700, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' });

export const notice = style({
  ...callout,
  ...calloutTone.warning,
  display: 'grid',
  gap: vars.space['2'],
  justifyItems: 'start',
  padding: `${vars.space['3']} ${vars.space['4']}`,
});
export const alert = style({ ...callout, ...calloutTone.danger, display: 'grid', gap: vars.space['1'], padding: `${vars.space['3']} ${vars.space['4']}` });
export const warning = style([alert, calloutTone.warning]);

export const chipRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['1'] });
export const cellStack = style({ display: 'grid', gap: vars.space['1'], justifyItems: 'start' });
export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, wordBreak: 'break-all' });
export const nowrap = style({ whiteSpace: 'nowrap' });
export const inlineLink = style(accountPage.inlineLink);
/** A row's name: a button that opens its detail, a whole 44 px target. */
export const rowButton = style({
  minHeight: vars.size.touchTarget,
  // A name of a few words stays on one or two lines in a narrow table (tablet portrait).
  minWidth: '9rem',
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  fontWeight: 700,
  textAlign: 'start',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  cursor: 'pointer',
});

/** A label/value list (the detail's facts). */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  margin: 0,
});
globalStyle(`${facts} dt`, { color: vars.color.muted });
globalStyle(`${facts} dd`, { margin: 0, fontVariantNumeric: 'tabular-nums' });
export const dangerText = style({ color: vars.color.danger });

// ── Form ──
export const form = style({ display: 'grid', gap: vars.space['4'] });
export const fieldset = style({ border: 0, margin: 0, padding: 0, display: 'grid', gap: vars.space['2'], minWidth: 0 });
export const legend = style({ padding: 0, marginBottom: vars.space['1'], fontSize: vars.fontSize.sm, fontWeight: 600 });
export const checks = style({ display: 'grid', gap: vars.space['1'], gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' });
export const check = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'], minHeight: vars.size.touchTarget, cursor: 'pointer' });
export const checkbox = style({ width: '22px', height: '22px', flexShrink: 0, accentColor: vars.color.ink });
export const fieldError = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: 600 });
export const twoCols = style({ display: 'grid', gap: vars.space['4'], '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } } });
export const dialogHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space['2'] });
export const dialogTitle = style({ fontFamily: vars.font.display, fontSize: vars.fontSize.xl, fontWeight: 600 });

// ── Secret ──
export const secretBox = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'stretch' });
export const secretValue = style({
  flex: '1 1 260px',
  minHeight: vars.size.touchTarget,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.lineStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.canvas,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
});

// ── Detail drawer ──
/** Wider than the sidebar drawer: the detail holds tables and a chart (doubled class: wins over the primitive's width). */
export const drawer = style({ selectors: { '&&': { width: 'min(100vw, 880px)' } } });
export const drawerHead = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderBottom: `1px solid ${vars.color.line}`,
  background: vars.color.paper,
});
export const drawerBody = style({
  display: 'grid',
  gap: vars.space['6'],
  padding: vars.space['4'],
  '@media': { [media.tablet]: { padding: vars.space['6'] } },
});

// ── Chart ──
export const figure = style([section, { margin: 0 }]);
export const chart = style({ width: '100%', height: 'auto', overflow: 'visible' });
export const barRequests = style({ fill: vars.color.ink });
export const barErrors = style({ fill: vars.color.danger });
export const axis = style({ stroke: vars.color.lineStrong, strokeWidth: 1 });
export const legendRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['4'], fontSize: vars.fontSize.sm, color: vars.color.inkSoft });
export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2'] });
export const swatch = style({ display: 'inline-block', width: '12px', height: '12px', borderRadius: '2px' });
export const swatchRequests = style([swatch, { background: vars.color.ink }]);
export const swatchErrors = style([swatch, { background: vars.color.danger }]);
