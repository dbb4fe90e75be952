/**
 * Paths of the pre-rendered public pages (their output files follow from the paths: `pageFile`). Plain data with no imports,
 * so the Vite config, the build scripts and the app all read the same list.
 *
 * Each page exists in both languages: Vietnamese at its path, English under `/en`
 * (`localizedPath`); the English file is the Vietnamese one's under `en/` (the home page's is
 * `en.html`, served for `/en`).
 * A prose page (`prose`) is text from content/site/<prose>.<locale>.md shown by one shared
 * component (pages/prose/ProsePage.tsx).
 */
export interface SitePagePath {
  path: string;
  /** The content file's name, for a prose page. */
  prose?: string;
}

export const SITE_PAGES = {
  home: { path: '/' },
  about: { path: '/about' },
  pricing: { path: '/pricing' },
  contact: { path: '/contact' },
  apiDocs: { path: '/api-docs' },
  // The service landing pages (docs/product-rules.md#routes-public), one per tool of the Services menu.
  servicesVirtualTryon: { path: '/services/virtual-tryon' },
  servicesImageEditing: { path: '/services/image-editing' },
  servicesImageToVideo: { path: '/services/image-to-video' },
  servicesBodyGenerator: { path: '/services/body-generator' },
  servicesHairstyleChanger: { path: '/services/hairstyle-changer' },
  terms: { path: '/terms', prose: 'terms' },
  privacy: { path: '/privacy', prose: 'privacy' },
  shipping: { path: '/shipping', prose: 'shipping' },
  warranty: { path: '/warranty', prose: 'warranty' },
  guidelinesImageEditing: { path: '/guidelines/image-editing', prose: 'guidelines-image-editing' },
  guidelinesBasic: { path: '/guidelines/image-editing/basic', prose: 'guidelines-basic' },
  guidelinesAdvanced: { path: '/guidelines/image-editing/advanced', prose: 'guidelines-advanced' },
} as const satisfies Record<string, SitePagePath>;

export type SitePageName = keyof typeof SITE_PAGES;

export type SiteLocale = 'vi' | 'en';

/** The prefix of the English pages. */
export const EN_PREFIX = '/en';

/** `/about` → `/en/about` in English; `/` → `/en`. */
export function localizedPath(path: string, locale: SiteLocale): string {
  if (locale === 'vi') return path;
  return path === '/' ? EN_PREFIX : `${EN_PREFIX}${path}`;
}

/** The language a public path is in and the path without its language prefix. */
export function splitLocale(pathname: string): { locale: SiteLocale; path: string } {
  if (pathname === EN_PREFIX || pathname === `${EN_PREFIX}/`) return { locale: 'en', path: '/' };
  if (pathname.startsWith(`${EN_PREFIX}/`)) return { locale: 'en', path: pathname.slice(EN_PREFIX.length) };
  return { locale: 'vi', path: pathname };
}

/**
 * A page's output file, from its path: `/` → `index.html`, `/services/x` → `services/x.html`
 * (the client's bundle carries the paths only).
 */
export function pageFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/** The English output file of a page: `about.html` → `en/about.html`, `index.html` → `en.html`. */
export function localizedFile(file: string, locale: SiteLocale): string {
  if (locale === 'vi') return file;
  return file === 'index.html' ? 'en.html' : `en/${file}`;
}

export function sitePageForPath(pathname: string): SitePageName | undefined {
  const { path } = splitLocale(pathname);
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (Object.keys(SITE_PAGES) as SitePageName[]).find((name) => SITE_PAGES[name].path === clean);
}

/**
 * Public paths that exist only as documents (no route in the SPA): the English pages, the prose
 * pages and the blog. A link to one is a plain navigation, never a client-side one.
 */
export function isDocumentOnlyPath(to: string): boolean {
  const path = to.split(/[?#]/)[0] ?? to;
  if (path === EN_PREFIX || path.startsWith(`${EN_PREFIX}/`)) return true;
  if (path === '/blog' || path.startsWith('/blog/')) return true;
  return Object.values(SITE_PAGES).some((page) => 'prose' in page && page.path === path);
}
