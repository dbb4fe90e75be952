/**
 * Pieces of a public page's head shared by the pre-renderer (scripts/seo-head.ts) and the blog's
 * server-rendered pages (src/features/blog/head.ts).
 */
import type { SiteLocale } from './paths.ts';

/** The image of a link preview (1200 × 630 px), public/images/og/atelier.png. */
export const OG_IMAGE = { path: '/images/og/atelier.png', width: 1200, height: 630 };

export const OG_LOCALE: Record<SiteLocale, string> = { vi: 'vi_VN', en: 'en_US' };

export const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** JSON for a <script> element: `<` escaped so no text can close the element. */
export const jsonScript = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** `<meta property|name="…" content="…">`. */
export const metaTag = (key: 'property' | 'name', name: string, content: string | number) => `<meta ${key}="${name}" content="${escapeAttr(String(content))}">`;
