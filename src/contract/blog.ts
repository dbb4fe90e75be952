/**
 * The blog's plain values: its languages and sorts, its limits, the paths of its pages (Vietnamese
 * at the root, English under /en), the size of a post's preview image and the API's error texts.
 * No valibot: the blog's pages in the browser take these from here and so load none of the
 * schemas (about 4 KB gzip of script for a few numbers and paths); blog.schema.ts builds the read
 * API's schemas on them.
 */

export const BLOG_LOCALES = ['vi', 'en'] as const;
export type BlogLocaleCode = (typeof BLOG_LOCALES)[number];

export const BLOG_SORTS = ['newest', 'oldest', 'title-asc', 'title-desc'] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];

/** Longest search query, in characters. */
export const BLOG_QUERY_MAX = 100;

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

/** Posts per list page (/blog, category and tag pages). */
export const BLOG_PAGE_SIZE = 10;
/** Highest page number the grammar accepts (far beyond any real blog: 100,000 posts). */
export const BLOG_PAGE_MAX = 10_000;
/** Longest slug, in characters (the posts' column has the same bound). */
export const BLOG_SLUG_MAX = 120;
/** Related posts shown under a post (when the blog has that many other posts). */
export const BLOG_RELATED_COUNT = 3;
/** Latest posts in each feed. */
export const BLOG_FEED_SIZE = 20;
/** A post's link-preview image (Open Graph, Twitter card, JSON-LD): a PNG of this size, in pixels. */
export const BLOG_IMAGE_WIDTH = 1200;
export const BLOG_IMAGE_HEIGHT = 630;
/** Largest request body of /api/blog, in bytes: its routes are GETs without a body. */
export const BLOG_BODY_MAX_BYTES = 1_024;

/** Every error of the blog API, by its code. */
export const BLOG_MESSAGES = {
  postNotFound: 'Post not found',
  categoryNotFound: 'Category not found',
  tagNotFound: 'Tag not found',
  authorNotFound: 'Author not found',
  slugTaken: 'Another post in this language already has this slug. Choose another slug.',
} as const;
export type BlogMessageKey = keyof typeof BLOG_MESSAGES;
