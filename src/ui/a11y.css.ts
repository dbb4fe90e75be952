import { style } from '@vanilla-extract/css';
import { visuallyHiddenRule } from './visually-hidden.ts';

/** Hidden on screen, read by screen readers (live regions, labels of icon-only controls). */
export const visuallyHidden = style(visuallyHiddenRule);
