import type { StyleRule } from '@vanilla-extract/css';
import { media, vars } from './theme.css.ts';

/**
 * The public pages' column and the small capitals over a title (site/pages/sections.css.ts),
 * which the API reference's page (api-docs.css.ts) draws too: style objects spread into each
 * page's own classes at build time, so the reference loads no module of the other pages for them.
 */
export const publicStyle = {
  container: {
    width: '100%',
    maxWidth: `calc(${vars.size.contentMax} + 2 * ${vars.space['6']})`,
    margin: '0 auto',
    padding: `0 ${vars.space['4']}`,
    '@media': { [media.tablet]: { padding: `0 ${vars.space['6']}` } },
  },
  eyebrow: {
    fontSize: vars.fontSize.xs,
    fontWeight: 700,
    letterSpacing: '0.16em',
    textTransform: 'uppercase',
    color: vars.color.accent,
  },
} satisfies Record<string, StyleRule>;
