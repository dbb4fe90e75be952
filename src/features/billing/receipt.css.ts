import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** The receipt: a sheet of paper on screen, the only thing on the page when printed. */
export const sheet = style({
  display: 'grid',
  gap: vars.space['6'],
  maxWidth: '760px',
  width: '100%',
  margin: '0 auto',
  padding: vars.space['8'],
  background: vars.color.paper,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  '@media': { print: { border: 0, padding: 0, maxWidth: 'none' } },
});

export const head = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space['4'] });
export const parties = style({ display: 'grid', gap: vars.space['4'], gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' });
/** A party's lines from the top: the shorter of the two does not spread its lines to the other's height. */
export const party = style({ display: 'grid', gap: vars.space['1'], alignContent: 'start', fontStyle: 'normal' });
export const partyTitle = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

/** The screen's toolbar (Print, back): never printed. */
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], justifyContent: 'flex-end', '@media': { print: { display: 'none' } } });

// Printing hides the app's chrome (sidebar, headers, banners, toasts): everything but the receipt,
// and only while a receipt is on the page, so printing another screen is unaffected.
globalStyle('body:has([data-print-receipt]) *', { '@media': { print: { visibility: 'hidden' } } });
globalStyle('body:has([data-print-receipt]) [data-print-receipt], body:has([data-print-receipt]) [data-print-receipt] *', {
  '@media': { print: { visibility: 'visible' } },
});
globalStyle('body:has([data-print-receipt]) [data-print-receipt]', { '@media': { print: { position: 'absolute', inset: '0 0 auto 0' } } });
