/**
 * The public pages that are pre-rendered, by their Vietnamese path (the English page is the same
 * path under `/en`, `/` becoming `/en`): the sitemap's and llms.txt's list, which the pre-rendered
 * pages (src/features/site/paths.ts) and the blog are held to by a test. Plain data, no imports.
 */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/about',
  '/services/virtual-tryon',
  '/services/body-generator',
  '/services/hairstyle-changer',
  '/services/image-to-video',
  '/services/image-editing',
  '/pricing',
  '/contact',
  '/terms',
  '/privacy',
  '/shipping',
  '/warranty',
  '/guidelines/image-editing',
  '/guidelines/image-editing/basic',
  '/guidelines/image-editing/advanced',
  '/blog',
  '/api-docs',
] as const;

export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

const EN_PREFIX = '/en';

/** The English path of a public page: `/about` → `/en/about`, `/` → `/en`. */
export function englishPath(path: string): string {
  return path === '/' ? EN_PREFIX : `${EN_PREFIX}${path}`;
}

/** Whether an address is in English: `/en` and everything under `/en/`. */
export function isEnglishPath(pathname: string): boolean {
  return pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`);
}
