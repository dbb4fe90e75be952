import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../../../ui/theme.css.ts';
import { proseStyle, proseTocLink } from './prose-style.ts';

/** Title on top; from desktop width the contents sit in a sticky column beside the text. */
export const layout = style(proseStyle.layout);

export const head = style({
  display: 'grid',
  gap: vars.space['3'],
  maxWidth: '760px',
  '@media': { [media.desktop]: { gridArea: 'head' } },
});

export const updated = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm });

export const toc = style({
  alignSelf: 'start',
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.canvas,
  fontSize: vars.fontSize.sm,
  '@media': {
    [media.desktop]: {
      gridArea: 'toc',
      position: 'sticky',
      top: `calc(${vars.size.headerHeight} + ${vars.space['4']})`,
      maxHeight: `calc(100vh - ${vars.size.headerHeight} - ${vars.space['8']})`,
      overflowY: 'auto',
    },
  },
});

export const tocTitle = style(proseStyle.tocTitle);

export const tocList = style(proseStyle.tocList);

export const tocSub = style(proseStyle.tocSub);

globalStyle(`${tocList} a`, proseTocLink.rest);
globalStyle(`${tocList} a:hover`, proseTocLink.hover);

/** The text itself: a readable measure and rhythm for long documents. */
export const body = style({
  maxWidth: '760px',
  fontSize: vars.fontSize.md,
  lineHeight: 1.7,
  color: vars.color.inkSoft,
  '@media': { [media.desktop]: { gridArea: 'body', fontSize: vars.fontSize.lg } },
});

globalStyle(`${body} h2`, {
  margin: `${vars.space['10']} 0 ${vars.space['3']}`,
  fontFamily: vars.font.display,
  fontWeight: 400,
  fontSize: vars.fontSize['2xl'],
  lineHeight: 1.25,
  color: vars.color.ink,
});
globalStyle(`${body} h2:first-child`, { marginTop: 0 });
globalStyle(`${body} h3`, { margin: `${vars.space['8']} 0 ${vars.space['2']}`, fontSize: vars.fontSize.lg, lineHeight: 1.35, color: vars.color.ink });
globalStyle(`${body} p, ${body} ul, ${body} ol, ${body} table, ${body} blockquote`, { margin: `0 0 ${vars.space['4']}` });
globalStyle(`${body} li + li`, { marginTop: vars.space['1'] });
globalStyle(`${body} a`, { color: vars.color.accent, textUnderlineOffset: '2px' });
globalStyle(`${body} strong`, { color: vars.color.ink });
globalStyle(`${body} code`, {
  fontFamily: vars.font.mono,
  fontSize: '0.9em',
  padding: '1px 5px',
  borderRadius: vars.radius.sm,
  background: vars.color.canvas,
  color: vars.color.ink,
});
globalStyle(`${body} pre`, { overflowX: 'auto', padding: vars.space['4'], borderRadius: vars.radius.md, background: vars.color.canvas });
globalStyle(`${body} pre code`, { padding: 0, background: 'none' });
globalStyle(`${body} blockquote`, { paddingLeft: vars.space['4'], borderLeft: `3px solid ${vars.color.line}`, color: vars.color.muted });
globalStyle(`${body} table`, { display: 'block', overflowX: 'auto', borderCollapse: 'collapse', fontSize: vars.fontSize.sm, lineHeight: 1.5 });
/** A table of text scrolls inside its own frame when a phone is narrower than its columns; their padding is smaller there. */
globalStyle(`${body} th, ${body} td`, {
  padding: `${vars.space['2']} ${vars.space['2']}`,
  border: `1px solid ${vars.color.line}`,
  textAlign: 'left',
  verticalAlign: 'top',
  '@media': { [media.tablet]: { padding: `${vars.space['2']} ${vars.space['3']}` } },
});
globalStyle(`${body} th`, { background: vars.color.canvas, color: vars.color.ink });
globalStyle(`${body} hr`, { border: 0, borderTop: `1px solid ${vars.color.line}`, margin: `${vars.space['8']} 0` });
