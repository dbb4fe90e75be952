import type { GlobalStyleRule, StyleRule } from '@vanilla-extract/css';
import { media, vars } from '../../../../ui/theme.css.ts';

/**
 * A page of text's layout and contents list (prose.css.ts), which a blog post shares
 * (blog.css.ts): style objects each spreads into its own classes, so the blog's script keeps its
 * own class names.
 */
export const proseStyle = {
  /** Title on top; from desktop width the contents sit in a column beside the text. */
  layout: {
    display: 'grid',
    gap: vars.space['8'],
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media': {
      [media.desktop]: {
        gridTemplateColumns: 'minmax(0, 260px) minmax(0, 760px)',
        gridTemplateAreas: '"head head" "toc body"',
        columnGap: vars.space['12'],
      },
    },
  },
  tocTitle: { margin: `0 0 ${vars.space['2']}`, fontSize: vars.fontSize.sm, fontWeight: 700 },
  tocList: { margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: vars.space['2'], lineHeight: 1.4 },
  tocSub: { paddingLeft: vars.space['4'] },
} satisfies Record<string, StyleRule>;

/** The contents list's links, and on hover. */
export const proseTocLink = {
  rest: { color: vars.color.inkSoft, textDecoration: 'none' },
  hover: { color: vars.color.accent, textDecoration: 'underline' },
} satisfies Record<string, GlobalStyleRule>;
