import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { layers } from './layers.ts';

/** Screen widths (docs/product-rules.md#screen-widths): mobile below 768 px, tablet from 768 px, desktop from 1024 px. */
export const breakpoints = { tablet: 768, desktop: 1024 } as const;
export const media = {
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
  desktop: `screen and (min-width: ${breakpoints.desktop}px)`,
  phone: `screen and (max-width: ${breakpoints.tablet - 1}px)`,
} as const;

const zIndex = Object.fromEntries(Object.entries(layers).map(([k, v]) => [k, String(v)])) as {
  [K in keyof typeof layers]: string;
};

// The theme is fixed to light (docs/product-rules.md#theme). Contrast of every text/background pair used here
// is at least 4.5:1 (WCAG AA).
export const vars = createGlobalTheme(':root', {
  color: {
    ink: '#0b0b0c',
    inkSoft: '#3b3b40',
    muted: '#5c5c66',
    line: '#e4e2dd',
    lineStrong: '#c9c6bf',
    paper: '#ffffff',
    canvas: '#f7f5f1',
    sand: '#efe9df',
    accent: '#a4373c',
    accentInk: '#ffffff',
    accentSoft: '#f6e7e6',
    gold: '#8a6a2f',
    success: '#1f7a4d',
    successSoft: '#e3f3ea',
    warning: '#8a5a00',
    warningSoft: '#fff4d6',
    danger: '#b3261e',
    dangerSoft: '#fbe9e7',
    overlay: 'rgba(11, 11, 12, 0.6)',
    headerSolid: '#000000',
    onDark: '#ffffff',
    onDarkMuted: '#c8c8cc',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    display: 'Georgia, "Times New Roman", "Noto Serif", serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    '2xl': '1.75rem',
    '3xl': '2.25rem',
    '4xl': 'clamp(2.25rem, 5vw, 3.75rem)',
  },
  space: {
    '0': '0',
    '1': '4px',
    '2': '8px',
    '3': '12px',
    '4': '16px',
    '5': '20px',
    '6': '24px',
    '8': '32px',
    '10': '40px',
    '12': '48px',
    '16': '64px',
    '20': '80px',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', xl: '24px', pill: '999px' },
  shadow: {
    sm: '0 1px 2px rgba(11,11,12,0.06), 0 1px 3px rgba(11,11,12,0.08)',
    md: '0 4px 12px rgba(11,11,12,0.08), 0 2px 4px rgba(11,11,12,0.06)',
    lg: '0 16px 40px rgba(11,11,12,0.16)',
  },
  layer: zIndex,
  size: {
    headerHeight: '68px',
    sidebarWidth: '264px',
    contentMax: '1200px',
    /** The smallest touch target, both ways (WCAG 2.5.5, docs/product-rules.md#touch-targets; tablets are the main device). */
    touchTarget: '44px',
  },
  motion: { fast: '120ms', normal: '200ms' },
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', {
  colorScheme: 'light',
  WebkitTextSizeAdjust: '100%',
  scrollPaddingTop: vars.size.headerHeight,
});
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.6,
  color: vars.color.ink,
  background: vars.color.paper,
  WebkitFontSmoothing: 'antialiased',
});
globalStyle('img, svg, video', { display: 'block', maxWidth: '100%' });
// The `hidden` attribute must win over the display rules above (the browser's own [hidden] rule
// is weaker than any author style).
globalStyle('[hidden]', { display: 'none !important' });
globalStyle('a', { color: 'inherit' });
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
globalStyle('h1, h2, h3, h4', { lineHeight: 1.2, margin: 0 });
globalStyle('p', { margin: 0 });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' });
// An English reader gets the Vietnamese pre-rendered page re-rendered in English before
// it is shown (see the inline script in index.html and src/main.tsx).
globalStyle('html[data-relocalize] #root', { visibility: 'hidden' });
