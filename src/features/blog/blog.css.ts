import { globalStyle, style } from '@vanilla-extract/css';
import { body as proseBody } from '../site/pages/prose/prose.css.ts';
import { proseStyle, proseTocLink } from '../site/pages/prose/prose-style.ts';
import { callout, calloutTone } from '../../ui/callout.ts';
import { cardSurface } from '../../ui/card-surface.ts';
import { media, vars } from '../../ui/theme.css.ts';
import { belowTheFold } from '../site/layout/below-the-fold.ts';

/** The blog's pages: a list with its search bar, and a post with its contents column. */

export const stack = style({ display: 'grid', gap: vars.space['8'] });

export const head = style({ display: 'grid', gap: vars.space['3'], maxWidth: '760px' });

export const lead = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.lg });

export const filters = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'end',
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  background: vars.color.canvas,
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 2fr) repeat(4, minmax(0, 1fr)) auto' } },
});

export const notice = style({ ...callout, ...calloutTone.warning, padding: vars.space['4'] });

export const success = style({ margin: 0, color: vars.color.success });
export const danger = style({ margin: 0, color: vars.color.danger });

export const total = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm });

export const cards = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const card = style({
  ...belowTheFold('320px'),
  display: 'grid',
  gap: vars.space['2'],
  alignContent: 'start',
  padding: vars.space['5'],
  ...cardSurface,
});

export const cardTitle = style({ margin: 0, fontFamily: vars.font.display, fontSize: vars.fontSize.xl, lineHeight: 1.3 });
globalStyle(`${cardTitle} a`, { textDecoration: 'none' });
globalStyle(`${cardTitle} a:hover`, { color: vars.color.accent, textDecoration: 'underline' });

export const meta = style({ margin: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], color: vars.color.muted, fontSize: vars.fontSize.sm });

export const chips = style({ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
export const chip = style({
  display: 'inline-block',
  padding: `2px ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: vars.fontSize.xs,
  textDecoration: 'none',
});

export const pager = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center', justifyContent: 'center' });
export const pageLink = style({
  minWidth: '40px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.line}`,
  textAlign: 'center',
  textDecoration: 'none',
  selectors: { '&[aria-current="page"]': { background: vars.color.ink, color: vars.color.onDark, borderColor: vars.color.ink } },
});

/** A post sits like a page of text (prose.css.ts): the title on top, the contents beside the text from desktop width. */
export const postLayout = style(proseStyle.layout);

export const postHead = style([head, { '@media': { [media.desktop]: { gridArea: 'head' } } }]);

export const aside = style({
  alignSelf: 'start',
  display: 'grid',
  gap: vars.space['6'],
  '@media': {
    [media.desktop]: { gridArea: 'toc', position: 'sticky', top: `calc(${vars.size.headerHeight} + ${vars.space['4']})` },
  },
});

export const toc = style({ padding: vars.space['4'], borderRadius: vars.radius.md, background: vars.color.canvas, fontSize: vars.fontSize.sm });
/** The contents' title and links: the same as a page of text's (prose.css.ts). */
export const tocTitle = style(proseStyle.tocTitle);
export const tocList = style(proseStyle.tocList);
export const tocSub = style(proseStyle.tocSub);
globalStyle(`${tocList} a`, proseTocLink.rest);
globalStyle(`${tocList} a:hover`, proseTocLink.hover);

/**
 * The post's column: as wide as the page gives it and no wider (`minmax(0, 1fr)`), so a table wider
 * than a phone scrolls inside its own frame and the text beside it keeps the window's width.
 */
export const main = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['10'],
  minWidth: 0,
  '@media': { [media.desktop]: { gridArea: 'body' } },
});

/** A post's text reads like the site's other pages of text (headings, paragraphs, lists, tables, code). */
export const body = style([proseBody]);
// The prose pages' text takes their grid's `body` area on a desktop; in a post it is the first item
// of the main column. Said with the column's class too, so that it wins wherever the prose's sheet
// comes in the page (it comes after this one: with one class each, the text took an area the column
// does not have, and the related posts and the comments went up beside the text's top).
globalStyle(`${main} > ${body}`, { '@media': { [media.desktop]: { gridArea: 'auto' } } });
globalStyle(`${body} h2, ${body} h3`, {
  color: vars.color.ink,
  fontFamily: vars.font.display,
  lineHeight: 1.3,
  scrollMarginTop: `calc(${vars.size.headerHeight} + ${vars.space['4']})`,
});
globalStyle(`${body} a`, { color: vars.color.accent });
globalStyle(`${body} img`, { maxWidth: '100%', height: 'auto' });
globalStyle(`${body} pre`, { overflowX: 'auto', padding: vars.space['4'], background: vars.color.canvas, borderRadius: vars.radius.sm });

export const panel = style({
  display: 'grid',
  gap: vars.space['3'],
  padding: vars.space['5'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.line}`,
});
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.xl, fontFamily: vars.font.display });

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center' });

export const comments = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: vars.space['4'] });
export const comment = style({ display: 'grid', gap: vars.space['1'], paddingBottom: vars.space['3'], borderBottom: `1px solid ${vars.color.line}` });
export const commentBody = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

/** The newsletter's honeypot: out of sight and out of the tab order, for people; bots fill it. */
export const honeypot = style({ position: 'absolute', left: '-10000px', width: '1px', height: '1px', overflow: 'hidden' });

/** A field that takes the row's free width. */
export const grow = style({ flex: '1 1 240px' });
