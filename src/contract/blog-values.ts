/**
 * The blog's plain values: its languages and sorts, the longest search and newsletter address, and
 * the paths of its pages (Vietnamese at the root, English under /en). No valibot: the blog's pages
 * in the browser take these from here and so load none of the schemas (about 4 KB gzip of script
 * for a few numbers and paths). blog.ts and newsletter.ts build their schemas from them and export
 * them again, so the server and the rest of the contract keep one place to read them from.
 */

export const BLOG_LOCALES = ['vi', 'en'] as const;
export type BlogLocaleCode = (typeof BLOG_LOCALES)[number];

export const BLOG_SORTS = ['newest', 'oldest', 'title-asc', 'title-desc'] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];

/** Longest search query, in characters. */
export const BLOG_QUERY_MAX = 100;

/** Longest email address of a newsletter sign-up, in characters (RFC 5321's path limit). */
export const NEWSLETTER_EMAIL_MAX = 254;

/** The comments' anchor in a post's page (`#comments`): signing in from them comes back there. */
export const BLOG_COMMENTS_ANCHOR = 'comments';

const localePrefix = (locale: BlogLocaleCode): string => (locale === 'vi' ? '' : '/en');
export const blogIndexPath = (locale: BlogLocaleCode): string => `${localePrefix(locale)}/blog`;
export const blogPostPath = (locale: BlogLocaleCode, slug: string): string => `${localePrefix(locale)}/blog/${slug}`;
export const blogCategoryPath = (locale: BlogLocaleCode, slug: string): string => `${localePrefix(locale)}/blog/category/${slug}`;
export const blogTagPath = (locale: BlogLocaleCode, slug: string): string => `${localePrefix(locale)}/blog/tag/${slug}`;
/**
 * A post's link-preview image: `version` is 16 hex digits naming what it shows (the server's
 * answer is cached for good under it); a slug never holds a dot, so the name splits one way only.
 */
export const blogImagePath = (locale: BlogLocaleCode, slug: string, version: string): string => `${localePrefix(locale)}/blog/og/${slug}.${version}.png`;
export const blogFeedPath = (locale: BlogLocaleCode, format: 'rss' | 'atom'): string => `${localePrefix(locale)}/blog/${format}.xml`;
