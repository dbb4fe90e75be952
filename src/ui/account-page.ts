import type { StyleRule } from '@vanilla-extract/css';
import { media, vars } from './theme.css.ts';

/**
 * The account's screens on the content width (billing, API management, history): the column,
 * the title and the section titles, the lead and the small muted text under them, the links in
 * text. Style objects, spread into each screen's own classes at build time: no module or
 * stylesheet of their own to load.
 */
export const accountPage = {
  page: {
    maxWidth: vars.size.contentMax,
    margin: '0 auto',
    width: '100%',
    padding: `${vars.space['6']} ${vars.space['4']} ${vars.space['16']}`,
    display: 'grid',
    gap: vars.space['6'],
    '@media': { [media.tablet]: { padding: `${vars.space['8']} ${vars.space['8']} ${vars.space['20']}` } },
  },
  title: { margin: 0, fontFamily: vars.font.display, fontWeight: 400, fontSize: 'clamp(1.75rem, 3.5vw, 2.5rem)' },
  sectionTitle: { margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700 },
  lead: { margin: 0, color: vars.color.inkSoft, maxWidth: '62ch' },
  muted: { margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm },
  /** A link in a line of text or a table cell: underlined, a 44 px target. */
  inlineLink: {
    color: 'inherit',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
    minHeight: vars.size.touchTarget,
    display: 'inline-flex',
    alignItems: 'center',
  },
} satisfies Record<string, StyleRule>;
