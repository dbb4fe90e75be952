import type { ResolveHref } from '../../../ui/link.tsx';
import { isDocumentOnlyPath, localizedPath, sitePageForPath, type SiteLocale } from '../paths.ts';

/** A public page or the blog: the paths that have an English version under `/en`. */
function isLocalizedPage(path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? path;
  return sitePageForPath(bare) !== undefined || bare === '/blog' || bare.startsWith('/blog/');
}

/**
 * Links of the public layout in `locale`: a public page's English version is under `/en` (a
 * document of its own); pages without an SPA route are plain navigations; anything else (the
 * studios, the dashboard) is left alone.
 */
export function siteHrefResolver(locale: SiteLocale): ResolveHref {
  return (to) => {
    if (!to.startsWith('/') || !isLocalizedPage(to)) return { href: to, document: false };
    const href = localizedPath(to, locale);
    return { href, document: isDocumentOnlyPath(href) };
  };
}
