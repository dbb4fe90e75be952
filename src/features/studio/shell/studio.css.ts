import { keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '../../../ui/theme.css.ts';

/** Styles of the studio shell shared by the six studios (page, upload zone, generate, processing, result, history). */

// ── Page ──
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['6'],
  padding: vars.space['6'],
  maxWidth: '1400px',
  margin: '0 auto',
  width: '100%',
});

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space['4'] });
export const title = style({ margin: 0, fontFamily: vars.font.display, fontSize: vars.fontSize['2xl'], color: vars.color.ink });
export const description = style({ margin: `${vars.space['1']} 0 0`, color: vars.color.muted, maxWidth: '60ch' });
export const headerActions = style({ display: 'flex', gap: vars.space['2'], alignItems: 'center' });

export const steps = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], listStyle: 'none', margin: 0, padding: 0, counterReset: 'step' });
export const step = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.paper,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  selectors: {
    '&[data-state="current"]': { borderColor: vars.color.ink, color: vars.color.ink, fontWeight: 600 },
    '&[data-state="done"]': { background: vars.color.successSoft, color: vars.color.success, borderColor: 'transparent' },
  },
});
export const stepNumber = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '24px',
  height: '24px',
  borderRadius: vars.radius.pill,
  background: vars.color.sand,
  color: vars.color.ink,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});

export const layout = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) 320px' } },
});
export const main = style({ display: 'flex', flexDirection: 'column', gap: vars.space['6'], minWidth: 0 });
export const side = style({ minWidth: 0 });

export const nav = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space['3'], flexWrap: 'wrap' });

export const guidance = style({
  margin: 0,
  paddingLeft: vars.space['5'],
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
  display: 'grid',
  gap: vars.space['1'],
});

// ── Upload zone ──
export const zone = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['3'],
  minHeight: '180px',
  padding: vars.space['5'],
  border: `2px dashed ${vars.color.lineStrong}`,
  borderRadius: vars.radius.lg,
  background: vars.color.canvas,
  textAlign: 'center',
  selectors: {
    '&[data-dragging="true"]': { borderColor: vars.color.accent, background: vars.color.accentSoft },
    '&[data-disabled="true"]': { opacity: 0.6 },
    '&:focus-visible': { outline: `3px solid ${vars.color.accent}`, outlineOffset: '2px' },
  },
});
export const zoneButtons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], justifyContent: 'center' });
export const hiddenInput = style({ position: 'absolute', width: '1px', height: '1px', opacity: 0, pointerEvents: 'none' });
export const chosenGrid = style({ display: 'grid', gap: vars.space['3'], gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', width: '100%' });
export const chosen = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  background: vars.color.paper,
  border: `1px solid ${vars.color.line}`,
});
export const thumb = style({ width: '100%', aspectRatio: '3 / 4', objectFit: 'contain', background: vars.color.sand, borderRadius: vars.radius.sm });
export const chosenActions = style({ display: 'flex', gap: vars.space['1'], flexWrap: 'wrap' });
export const smallButton = style({ minHeight: vars.size.touchTarget });
export const notice = style({
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: vars.fontSize.sm,
});

// ── Progress ──

// ── Generate ──
export const generate = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], alignItems: 'stretch' });
/** Its words (the agreement, the cost) wrap onto a second line in a narrow column rather than run out of the button. */
export const generateButton = style({ minHeight: '52px', whiteSpace: 'normal', textAlign: 'center', textWrap: 'balance', paddingBlock: vars.space['2'] });
export const creditPanel = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.ink,
});
export const creditTable = style({ display: 'grid', gridTemplateColumns: 'auto auto', gap: `${vars.space['1']} ${vars.space['4']}`, margin: 0 });
export const creditValue = style({ margin: 0, fontWeight: 700, textAlign: 'right' });
export const creditLinks = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

// ── Processing ──
const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinner = style({
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  border: `4px solid ${vars.color.sand}`,
  borderTopColor: vars.color.accent,
  animation: `${spin} 1s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
export const processing = style({ alignItems: 'center', textAlign: 'center' });
export const stageText = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 600, color: vars.color.ink });
export const times = style({
  display: 'flex',
  gap: vars.space['4'],
  flexWrap: 'wrap',
  justifyContent: 'center',
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
});

// ── Result ──
export const resultMedia = style({ width: '100%', maxHeight: '70vh', objectFit: 'contain', borderRadius: vars.radius.md, background: vars.color.sand });
export const resultActions = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });
export const failure = style({ borderColor: vars.color.danger });

// ── History ──
export const history = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });
export const historyHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space['2'] });
export const historyList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['2'], maxHeight: '70vh', overflowY: 'auto' });
export const historyItem = style({
  display: 'grid',
  gridTemplateColumns: '56px minmax(0, 1fr)',
  gap: vars.space['3'],
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.paper,
  selectors: { '&[data-current="true"]': { borderColor: vars.color.ink } },
});
export const historyThumb = style({ width: '56px', height: '72px', objectFit: 'cover', borderRadius: vars.radius.sm, background: vars.color.sand });
export const historyBody = style({ display: 'grid', gap: vars.space['1'], minWidth: 0, fontSize: vars.fontSize.sm });
export const historyActions = style({ display: 'flex', gap: vars.space['1'], flexWrap: 'wrap' });

// ── Try-on garments ──
export const tabs = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });
export const tab = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space['4']}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.lineStrong}`,
  background: vars.color.paper,
  color: vars.color.ink,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.ink, color: vars.color.onDark, borderColor: vars.color.ink },
    '&:focus-visible': { outline: `3px solid ${vars.color.accent}`, outlineOffset: '2px' },
  },
});
export const select = style({
  minHeight: vars.size.touchTarget,
  width: '100%',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.lineStrong}`,
  padding: `0 ${vars.space['2']}`,
  background: vars.color.paper,
  color: vars.color.ink,
});
export { badge, badgeTone, card, cardTitle, error, fileName, item, itemRow, items, muted } from '../../../ui/panel.css.ts';

/* The form's "Last result" card (coming back to a studio). */
export const lastResult = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'], flexWrap: 'wrap' });
export const lastResultBody = style({ display: 'grid', gap: vars.space['1'], flex: '1 1 12rem', minWidth: 0 });
