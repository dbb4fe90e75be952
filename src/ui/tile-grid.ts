import type { StyleRule } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/**
 * A list of tiles (tools, recent jobs, community pictures, shared photos, studios to open): no
 * bullets, as many columns of at least `minWidth` as fit, one column on a screen narrower than
 * that. A style object, spread into the list's own class at build time.
 */
export function tileGrid(minWidth: string): StyleRule {
  return {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: vars.space['3'],
    gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minWidth}), 1fr))`,
  };
}
