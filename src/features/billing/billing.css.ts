import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css.ts';
import { cards as planCards } from '../site/pages/pricing/plan-grid.css.ts';
import { accountPage } from '../../ui/account-page.ts';
import { callout, calloutTone } from '../../ui/callout.ts';

export const page = style(accountPage.page);

/** The checkout and the result pages: one column, centred in the public layout. */
export const narrowPage = style([page, { maxWidth: '760px' }]);

export const title = style(accountPage.title);
export const sectionTitle = style(accountPage.sectionTitle);
export const lead = style(accountPage.lead);
export const muted = style(accountPage.muted);

export const section = style({ display: 'grid', gap: vars.space['4'] });
export const sectionHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space['2'] });

export const fieldset = style({ border: 0, margin: 0, padding: 0, display: 'grid', gap: vars.space['3'], minWidth: 0 });
export const legend = style({ padding: 0, marginBottom: vars.space['2'], fontWeight: 700 });
export const choices = style({ display: 'grid', gap: vars.space['2'], gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' });
export const chipRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
export const choiceBody = style({ display: 'grid', gap: vars.space['1'], minHeight: vars.size.touchTarget, alignContent: 'center' });
export const choiceName = style({ fontWeight: 700 });
export const choiceMeta = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

export const chosen = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

/** A label/value list (summary, header card, receipt). */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  // Its rows keep their height when a flex or grid parent makes the list taller (the receipt's head).
  alignContent: 'start',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  margin: 0,
});
globalStyle(`${facts} dd`, { margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
export const total = style({ fontWeight: 700, fontSize: vars.fontSize.lg, borderTop: `1px solid ${vars.color.line}`, paddingTop: vars.space['2'] });
export const credit = style({ color: vars.color.success });

export const terms = style({ display: 'flex', gap: vars.space['3'], alignItems: 'flex-start', minHeight: vars.size.touchTarget, cursor: 'pointer' });
export const checkbox = style({ width: '22px', height: '22px', marginTop: '2px', flexShrink: 0, accentColor: vars.color.ink });
export const fieldError = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: 600 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' });
export const notice = style({ ...callout, ...calloutTone.warning, padding: `${vars.space['3']} ${vars.space['4']}` });
export const alert = style({ ...callout, ...calloutTone.danger, display: 'grid', gap: vars.space['2'], padding: `${vars.space['3']} ${vars.space['4']}` });

/** The grey line a section shows while it loads. */
export const skeleton = style({ display: 'block', height: '1.2em', borderRadius: vars.radius.sm, background: vars.color.sand });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinner = style({
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  border: `4px solid ${vars.color.sand}`,
  borderTopColor: vars.color.ink,
  animation: `${spin} 0.8s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2.4s' } },
});

export const result = style({ display: 'grid', gap: vars.space['4'], justifyItems: 'center', textAlign: 'center' });
export const resultFacts = style([facts, { width: '100%', maxWidth: '420px', textAlign: 'left' }]);

// ── Studio pricing ──
export const headerCard = style({
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});
export const planName = style({ margin: 0, fontFamily: vars.font.display, fontSize: vars.fontSize['2xl'], fontWeight: 400 });
export const balance = style({ fontSize: vars.fontSize['3xl'], fontWeight: 700, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' });

export const cards = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const packCard = style({ display: 'grid', gap: vars.space['2'], alignContent: 'space-between' });
export const packPrice = style({ fontSize: vars.fontSize.xl, fontWeight: 700 });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['2'] });
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  alignItems: 'center',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.paper,
  minHeight: vars.size.touchTarget,
});
export const rowAmount = style({ fontWeight: 700, textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
export const plus = style({ color: vars.color.success });
export const minus = style({ color: vars.color.danger });
/** Lines in one table cell, read from the start (a row header's cell centres its text otherwise). */
export const cellStack = style({ display: 'grid', gap: vars.space['1'], justifyItems: 'start', textAlign: 'start' });
/** An amount and what it bought ("300 tín dụng", kept on one line), under each other at the end of a table cell. */
export const amountStack = style({ display: 'grid', gap: vars.space['1'], justifyItems: 'end', whiteSpace: 'nowrap' });
export const inlineLink = style({ ...accountPage.inlineLink, justifySelf: 'start' });

/**
 * The plan grid inside the studio: its columns follow the width the studio gives it (the sidebar
 * takes a third of a 1024 px screen), not the window's, so a price never runs into the next card.
 * Four side by side only where each card still holds a price on one line.
 */
export const studioPlanGrid = style({ containerType: 'inline-size', minWidth: 0 });
for (const planList of [planCards.personal, planCards.business]) {
  globalStyle(`${studioPlanGrid} ${planList}`, {
    '@container': {
      '(max-width: 999px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
      '(max-width: 479px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
    },
  });
}
