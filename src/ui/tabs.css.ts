import { style } from '@vanilla-extract/css';
import { pillTab } from './tab-style.ts';
import { vars } from './theme.css.ts';

/** The tabs wrap onto a second line where they do not fit: every tab stays in view, none is cut at the edge. */
export const list = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['1'], maxWidth: '100%' });

/** A pill tab; the selected one is filled. */
export const tab = style(pillTab);
