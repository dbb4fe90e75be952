/**
 * Paths of the pre-rendered public pages and their output files. Plain data with no imports,
 * so the Vite config, the build scripts and the app all read the same list.
 */
export const SITE_PAGES = {
  home: { path: '/', file: 'index.html' },
  about: { path: '/about', file: 'about.html' },
  pricing: { path: '/pricing', file: 'pricing.html' },
  contact: { path: '/contact', file: 'contact.html' },
  apiDocs: { path: '/api-docs', file: 'api-docs.html' },
} as const;

export type SitePageName = keyof typeof SITE_PAGES;

export function sitePageForPath(pathname: string): SitePageName | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (Object.keys(SITE_PAGES) as SitePageName[]).find((name) => SITE_PAGES[name].path === clean);
}
