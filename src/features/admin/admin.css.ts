import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const centered = style({
  minHeight: '70vh',
  display: 'grid',
  placeItems: 'center',
  alignContent: 'center',
  gap: vars.space['3'],
  padding: vars.space['8'],
  textAlign: 'center',
});

export { spinner } from '../../ui/screens.css.ts';

export const deniedCard = style({
  maxWidth: '460px',
  display: 'grid',
  gap: vars.space['3'],
  justifyItems: 'center',
  padding: vars.space['8'],
  borderRadius: vars.radius.xl,
  background: vars.color.paper,
  boxShadow: vars.shadow.md,
});

export const deniedIcon = style({
  width: '56px',
  height: '56px',
  display: 'grid',
  placeItems: 'center',
  borderRadius: '50%',
  background: vars.color.dangerSoft,
  color: vars.color.danger,
});

export const email = style({ color: vars.color.ink, overflowWrap: 'anywhere' });

export const title = style({ fontFamily: vars.font.display, fontSize: vars.fontSize['2xl'] });
export const lead = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const muted = style({ color: vars.color.muted });

export const cards = style({
  display: 'grid',
  gap: vars.space['4'],
  margin: 0,
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
});

/** A figure's card (src/ui Card): its label, value and note close together. */
export const card = style({ gap: vars.space['1'] });
export const cardLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, fontWeight: 600 });
export const cardValue = style({ margin: 0, fontFamily: vars.font.display, fontSize: vars.fontSize['3xl'], lineHeight: 1.1, color: vars.color.ink });
export const cardNote = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.muted });

export { section as panel, sectionTitle as panelTitle } from '../../ui/section.css.ts';

export const bars = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['3'] });
export const barRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(90px, 140px) 1fr auto',
  alignItems: 'center',
  gap: vars.space['3'],
  fontSize: vars.fontSize.sm,
});
export const barLabel = style({ fontWeight: 600, textTransform: 'capitalize' });
export const barTrack = style({ height: '10px', borderRadius: vars.radius.pill, background: vars.color.canvas, overflow: 'hidden' });
export const barFill = style({ display: 'block', height: '100%', borderRadius: vars.radius.pill, background: vars.color.accent });
export const barValue = style({ fontVariantNumeric: 'tabular-nums' });
