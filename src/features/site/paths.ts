/**
 * Paths of the pre-rendered public pages and their output files. Plain data with no imports,
 * so the Vite config, the build scripts and the app all read the same list.
 */
export const SITE_PAGES = {
  home: { path: '/', file: 'index.html' },
  about: { path: '/about', file: 'about.html' },
  pricing: { path: '/pricing', file: 'pricing.html' },
  apiDocs: { path: '/api-docs', file: 'api-docs.html' },
  // The service landing pages (docs/product-rules.md#routes-public), one per tool of the Services menu.
  servicesVirtualTryon: { path: '/services/virtual-tryon', file: 'services/virtual-tryon.html' },
  servicesImageEditing: { path: '/services/image-editing', file: 'services/image-editing.html' },
  servicesImageToVideo: { path: '/services/image-to-video', file: 'services/image-to-video.html' },
  servicesBodyGenerator: { path: '/services/body-generator', file: 'services/body-generator.html' },
  servicesHairstyleChanger: { path: '/services/hairstyle-changer', file: 'services/hairstyle-changer.html' },
} as const;

export type SitePageName = keyof typeof SITE_PAGES;

export function sitePageForPath(pathname: string): SitePageName | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (Object.keys(SITE_PAGES) as SitePageName[]).find((name) => SITE_PAGES[name].path === clean);
}
