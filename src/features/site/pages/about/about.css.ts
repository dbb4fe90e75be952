import { style } from '@vanilla-extract/css';
import { cardSurface } from '../../../../ui/card-surface.ts';
import { media, vars } from '../../../../ui/theme.css.ts';

export const intro = style({
  position: 'relative',
  overflow: 'hidden',
  background: vars.color.sand,
  padding: `${vars.space['16']} 0 ${vars.space['12']}`,
  '@media': { [media.desktop]: { padding: `96px 0 ${vars.space['16']}` } },
});

export const introGrid = style({
  display: 'grid',
  gap: vars.space['10'],
  alignItems: 'end',
  '@media': { [media.desktop]: { gridTemplateColumns: '1.4fr 0.6fr', gap: vars.space['16'] } },
});

export const introCopy = style({ display: 'grid', gap: vars.space['5'] });

export const introTitle = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: 'clamp(2.25rem, 5.4vw, 4rem)',
  lineHeight: 1.06,
  letterSpacing: '-0.02em',
  textWrap: 'balance',
});

export const introLead = style({ fontSize: vars.fontSize.lg, lineHeight: 1.7, color: vars.color.inkSoft, maxWidth: '60ch' });

export const monogram = style({
  display: 'none',
  '@media': {
    [media.desktop]: {
      display: 'grid',
      placeItems: 'center',
      justifySelf: 'end',
      width: '100%',
      maxWidth: '260px',
      aspectRatio: '3 / 4',
      borderRadius: '999px 999px 16px 16px',
      background: `linear-gradient(180deg, ${vars.color.ink} 0%, #3a1416 100%)`,
      color: vars.color.sand,
      fontFamily: vars.font.display,
      fontSize: '7.5rem',
      fontStyle: 'italic',
      lineHeight: 1,
    },
  },
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: vars.space['6'],
  margin: `${vars.space['12']} 0 0`,
  paddingTop: vars.space['6'],
  borderTop: `1px solid ${vars.color.lineStrong}`,
});

export const fact = style({ display: 'flex', flexDirection: 'column-reverse', gap: vars.space['1'] });
export const factValue = style({ margin: 0, fontFamily: vars.font.display, fontSize: vars.fontSize['2xl'], lineHeight: 1.2 });
export const factLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

export const story = style({
  display: 'grid',
  gap: vars.space['10'],
  '@media': { [media.desktop]: { gridTemplateColumns: '1fr 1fr', gap: vars.space['16'], alignItems: 'start' } },
});

export const prose = style({ display: 'grid', gap: vars.space['5'], fontSize: vars.fontSize.lg, lineHeight: 1.75, color: vars.color.inkSoft });

export const quote = style({
  margin: 0,
  padding: `${vars.space['8']} 0 0`,
  borderTop: `2px solid ${vars.color.ink}`,
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.desktop]: { position: 'sticky', top: `calc(${vars.size.headerHeight} + ${vars.space['8']})` } },
});

export const quoteText = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontStyle: 'italic',
  fontSize: 'clamp(1.5rem, 2.6vw, 2rem)',
  lineHeight: 1.35,
});

export const quoteBy = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

export const mission = style({
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: 'clamp(1.75rem, 3.8vw, 3rem)',
  lineHeight: 1.2,
  letterSpacing: '-0.01em',
  maxWidth: '28ch',
  textWrap: 'balance',
});

export const missionGrid = style({ display: 'grid', gap: vars.space['6'] });

export const toolList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  borderTop: `1px solid ${vars.color.line}`,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: vars.space['10'] } },
});

export const toolRow = style({
  display: 'grid',
  gridTemplateColumns: '48px 1fr',
  gap: vars.space['4'],
  alignItems: 'center',
  padding: `${vars.space['5']} 0`,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const toolLink = style({
  fontWeight: 600,
  color: vars.color.ink,
  textUnderlineOffset: '4px',
  textDecorationColor: vars.color.lineStrong,
  selectors: { '&:hover': { color: vars.color.accent, textDecorationColor: 'currentColor' } },
});

export const toolSummary = style({ display: 'block', fontSize: vars.fontSize.sm, color: vars.color.muted });

export const platformNote = style({ marginTop: vars.space['8'], color: vars.color.inkSoft, maxWidth: '70ch' });

export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space['5'] },
    [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const card = style({
  height: '100%',
  display: 'grid',
  alignContent: 'start',
  gap: vars.space['3'],
  padding: vars.space['6'],
  ...cardSurface,
});

export const cardTitle = style({ fontFamily: vars.font.display, fontWeight: 400, fontSize: vars.fontSize.xl, marginTop: vars.space['2'] });

export const cardText = style({ color: vars.color.muted });

export const values = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['10'],
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space['8'] } },
});

export const value = style({ display: 'grid', gap: vars.space['3'], alignContent: 'start' });

export const valueIcon = style({ color: '#eab9b3' });

export const valueTitle = style({ fontFamily: vars.font.display, fontWeight: 400, fontSize: vars.fontSize['2xl'] });

export const valueText = style({ color: vars.color.onDarkMuted });

export const company = style({
  display: 'grid',
  gap: vars.space['10'],
  '@media': { [media.desktop]: { gridTemplateColumns: '1.1fr 0.9fr', gap: vars.space['16'] } },
});

export const companyFacts = style({
  margin: 0,
  padding: vars.space['8'],
  ...cardSurface,
  display: 'grid',
  gap: vars.space['5'],
});

export const companyRow = style({ display: 'grid', gap: '2px' });

export const companyLabel = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  color: vars.color.muted,
});

export const companyValue = style({ margin: 0, fontSize: vars.fontSize.lg });

export const companyLink = style({ color: vars.color.ink, textUnderlineOffset: '4px', selectors: { '&:hover': { color: vars.color.accent } } });

export const cta = style({
  display: 'grid',
  gap: vars.space['6'],
  justifyItems: 'start',
  '@media': { [media.desktop]: { gridTemplateColumns: '1fr auto', alignItems: 'end' } },
});
