import { style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css.ts';

/* ---------- the modal (src/ui/Modal.tsx, size "form") ---------- */

/** The × in the dialog's top corner. */
export const closeButton = style({
  position: 'absolute',
  top: vars.space['3'],
  right: vars.space['3'],
  width: '40px',
  height: '40px',
  color: vars.color.muted,
  selectors: { '&:hover': { background: vars.color.canvas, color: vars.color.ink } },
});

export const header = style({ display: 'grid', gap: vars.space['2'], marginBottom: vars.space['6'], textAlign: 'center' });

export const eyebrow = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.14em',
  textTransform: 'uppercase',
  color: vars.color.accent,
});

export const title = style({ fontFamily: vars.font.display, fontSize: vars.fontSize['2xl'], fontWeight: 600, color: vars.color.ink });

export const lead = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

/* ---------- forms ---------- */

export const form = style({ display: 'grid', gap: vars.space['4'] });

export const otpInput = style({
  textAlign: 'center',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xl,
  letterSpacing: '0.5em',
  paddingLeft: '0.5em',
});

export const toggle = style({
  position: 'absolute',
  right: '4px',
  top: '50%',
  transform: 'translateY(-50%)',
  width: '40px',
  height: '38px',
  display: 'grid',
  placeItems: 'center',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.muted,
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.ink, background: vars.color.canvas } },
});

export const submit = style({ width: '100%', marginTop: vars.space['1'] });

export const textButton = style({
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.accent,
  fontWeight: 600,
  fontSize: 'inherit',
  cursor: 'pointer',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  textDecorationColor: 'transparent',
  selectors: {
    '&:hover': { textDecorationColor: 'currentColor' },
    '&:disabled': { color: vars.color.muted, cursor: 'not-allowed' },
  },
});

export const smallTextButton = style([textButton, { fontSize: vars.fontSize.sm }]);

export const footer = style({
  marginTop: vars.space['6'],
  paddingTop: vars.space['5'],
  borderTop: `1px solid ${vars.color.line}`,
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  margin: `${vars.space['5']} 0`,
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
  color: vars.color.muted,
  selectors: { '&::before, &::after': { content: '""', flex: 1, height: '1px', background: vars.color.line } },
});

export const googleButton = style({ width: '100%', gap: vars.space['3'] });

/* ---------- alerts and notices ---------- */

const alertBase = style({
  display: 'grid',
  gap: vars.space['1'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.5,
  overflowWrap: 'anywhere',
});

export const alert = styleVariants({
  error: [alertBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
  info: [alertBase, { background: vars.color.canvas, color: vars.color.inkSoft }],
  success: [alertBase, { background: vars.color.successSoft, color: vars.color.success }],
});

export const alertTitle = style({ fontWeight: 700 });

export const alertList = style({ margin: `${vars.space['1']} 0 0`, paddingLeft: vars.space['5'], display: 'grid', gap: '2px' });

export const alertActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], marginTop: vars.space['2'] });

export const details = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, opacity: 0.9 });

export const notice = style({ display: 'grid', gap: vars.space['4'], justifyItems: 'center', textAlign: 'center' });

export const noticeIcon = styleVariants({
  success: {
    width: '56px',
    height: '56px',
    display: 'grid',
    placeItems: 'center',
    borderRadius: '50%',
    background: vars.color.successSoft,
    color: vars.color.success,
  },
  info: {
    width: '56px',
    height: '56px',
    display: 'grid',
    placeItems: 'center',
    borderRadius: '50%',
    background: vars.color.sand,
    color: vars.color.ink,
  },
});

export const stack = style({ display: 'grid', gap: vars.space['3'], width: '100%' });

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center', justifyContent: 'center' });

export const emailChip = style({ fontWeight: 600, color: vars.color.ink });

/* ---------- stand-alone auth pages (/auth/*, guards) ---------- */

export const page = style({
  minHeight: '70vh',
  display: 'grid',
  placeItems: 'center',
  padding: `${vars.space['10']} ${vars.space['4']}`,
  background: vars.color.canvas,
});

export const card = style({
  width: '100%',
  maxWidth: '460px',
  background: vars.color.paper,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.md,
  padding: `${vars.space['8']} ${vars.space['5']}`,
  '@media': { [media.tablet]: { padding: `${vars.space['10']} ${vars.space['8']}` } },
});

export const headerIcon = style({ justifySelf: 'center' });
export const footerLine = style({ marginTop: vars.space['2'] });
