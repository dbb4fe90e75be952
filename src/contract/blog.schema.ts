/**
 * The blog (docs/product-rules.md#blog): the read API's query grammar and answers. Imports only
 * valibot and the other contract modules.
 *
 * Endpoints (no sign-in; published posts only; `locale` is `vi` unless given):
 * - GET /api/blog/posts?locale&q&category&tag&author&sort&page   a page of post summaries with totals
 * - GET /api/blog/posts/{slug}?locale                            one post: html, toc, related posts, the other language's slug
 * - GET /api/blog/categories?locale                              categories with their post counts
 * - GET /api/blog/tags?locale                                    tags with their post counts
 * - GET /api/blog/authors?locale                                 authors with their post counts
 * - GET /blog/og/{slug}.{version}.png, /en/blog/og/…              a post's link-preview image (blogImagePath)
 * Category, tag and author slugs are those of the query's locale. An unknown query key, a bad
 * value (a sort that does not exist, page 0, a q over 100 characters) is a 422 naming it; a slug
 * that names nothing is a 404 with its code (BLOG_MESSAGES).
 */
import * as v from 'valibot';
import { BLOG_PAGE_MAX, BLOG_SLUG_MAX, BLOG_LOCALES, BLOG_QUERY_MAX, BLOG_SORTS } from './blog.ts';
import { queryInteger, safeString } from './input.schema.ts';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MESSAGE = 'A slug is lower-case ASCII letters and digits joined by single hyphens';

export const BlogSlugSchema = v.pipe(v.string(), v.maxLength(BLOG_SLUG_MAX), v.regex(SLUG_PATTERN, SLUG_MESSAGE));

export const BlogLocaleSchema = v.picklist(BLOG_LOCALES);

/** GET /api/blog/posts query (every value arrives as text). */
export const BlogListQuerySchema = v.strictObject({
  locale: v.optional(BlogLocaleSchema, 'vi'),
  /** Every term must occur in the title, description or body; diacritics and case do not matter. */
  q: v.optional(v.pipe(safeString(), v.maxLength(BLOG_QUERY_MAX), v.trim()), ''),
  category: v.optional(BlogSlugSchema),
  tag: v.optional(BlogSlugSchema),
  author: v.optional(BlogSlugSchema),
  sort: v.optional(v.picklist(BLOG_SORTS), 'newest'),
  page: v.optional(queryInteger(1, BLOG_PAGE_MAX), '1'),
});
export type BlogListQuery = v.InferOutput<typeof BlogListQuerySchema>;

/** `?locale=` alone (a post, the taxonomy lists). */
export const BlogLocaleQuerySchema = v.strictObject({ locale: v.optional(BlogLocaleSchema, 'vi') });

const isoDateTime = v.pipe(v.string(), v.isoTimestamp());

export const BlogTermSchema = v.object({
  key: v.string(),
  slug: v.string(),
  name: v.string(),
});
export type BlogTerm = v.InferOutput<typeof BlogTermSchema>;

export const BlogAuthorSchema = v.object({
  key: v.string(),
  slug: v.string(),
  name: v.string(),
  role: v.string(),
  bio: v.string(),
});
export type BlogAuthor = v.InferOutput<typeof BlogAuthorSchema>;

export const BlogTocEntrySchema = v.object({
  id: v.string(),
  text: v.string(),
  depth: v.picklist([2, 3]),
});

/** A post in a list (and in "related posts"). */
export const BlogPostSummarySchema = v.object({
  translation_key: v.string(),
  locale: BlogLocaleSchema,
  slug: v.string(),
  title: v.string(),
  description: v.string(),
  published_at: isoDateTime,
  updated_at: isoDateTime,
  reading_minutes: v.number(),
  author: BlogAuthorSchema,
  category: BlogTermSchema,
  tags: v.array(BlogTermSchema),
});
export type BlogPostSummary = v.InferOutput<typeof BlogPostSummarySchema>;

export const BlogPostSchema = v.object({
  ...BlogPostSummarySchema.entries,
  /** This language's row: what its comment thread is keyed by (src/contract/blog-comments.schema.ts). */
  id: v.string(),
  /** Sanitised HTML of the body (its headings carry the toc's ids). */
  html: v.string(),
  toc: v.array(BlogTocEntrySchema),
  /** Words (en) or syllables (vi) of the body. */
  word_count: v.number(),
  /**
   * The path of its link-preview image (blogImagePath): drawn from its title, category and
   * language, and versioned by them, so a changed title is a new address.
   */
  image: v.string(),
  /** The same article in the other language (hreflang), or null when it has none published. */
  alternate: v.nullable(v.object({ locale: BlogLocaleSchema, slug: v.string() })),
  /** BLOG_RELATED_COUNT other posts: most shared tags first, then the same category, then the newest. */
  related: v.array(BlogPostSummarySchema),
});
export type BlogPost = v.InferOutput<typeof BlogPostSchema>;

export const BlogPostPageSchema = v.object({
  items: v.array(BlogPostSummarySchema),
  page: v.number(),
  page_size: v.number(),
  /** Posts matching the query, over every page. */
  total: v.number(),
  /** 0 when nothing matches; a page past the last has no items. */
  page_count: v.number(),
  /** The filters as the locale names them (for the page's heading), null when not filtered. */
  category: v.nullable(BlogTermSchema),
  tag: v.nullable(BlogTermSchema),
  author: v.nullable(BlogAuthorSchema),
});
export type BlogPostPage = v.InferOutput<typeof BlogPostPageSchema>;

export const BlogTermCountSchema = v.object({ ...BlogTermSchema.entries, post_count: v.number() });
export const BlogTermListSchema = v.object({ items: v.array(BlogTermCountSchema) });
export type BlogTermList = v.InferOutput<typeof BlogTermListSchema>;

export const BlogAuthorListSchema = v.object({ items: v.array(v.object({ ...BlogAuthorSchema.entries, post_count: v.number() })) });
export type BlogAuthorList = v.InferOutput<typeof BlogAuthorListSchema>;

// ── Writing a post (the seed loader now, the admin editor later) ─────────────────────

export const BLOG_TITLE_MAX = 200;
/** A description is a search result's snippet: at most 160 characters. */
export const BLOG_DESCRIPTION_MAX = 160;
/** Longest markdown body, in characters (a very long article is about 60,000). */
export const BLOG_MARKDOWN_MAX = 200_000;
/** Most tags on one post. */
export const BLOG_TAGS_MAX = 10;

export const BLOG_WRITE_MESSAGES = {
  unknownCategory: 'That category does not exist.',
  unknownTag: 'One of the tags does not exist.',
  unknownAuthor: 'That author does not exist.',
} as const;

const KeySchema = v.pipe(
  v.string(),
  v.maxLength(BLOG_SLUG_MAX),
  v.regex(SLUG_PATTERN, 'A key is lower-case ASCII letters and digits joined by single hyphens'),
);
const textOf = (max: number) => v.pipe(safeString(), v.trim(), v.minLength(1), v.maxLength(max));

/** A post in one language, as its author writes it; the server renders the rest on save. */
export const BlogPostInputSchema = v.object({
  translation_key: KeySchema,
  locale: BlogLocaleSchema,
  slug: BlogSlugSchema,
  title: textOf(BLOG_TITLE_MAX),
  description: textOf(BLOG_DESCRIPTION_MAX),
  markdown: v.pipe(safeString(), v.maxLength(BLOG_MARKDOWN_MAX)),
  category: KeySchema,
  tags: v.pipe(v.array(KeySchema), v.maxLength(BLOG_TAGS_MAX)),
  author: KeySchema,
  status: v.picklist(['draft', 'published']),
  /** ISO 8601 with an offset; null for a draft (publishing without it means now). */
  published_at: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  /** The article's last meaningful change; null means now (or, for a seed, its published time). */
  updated_at: v.optional(v.nullable(v.pipe(v.string(), v.isoTimestamp())), null),
});
export type BlogPostInput = v.InferOutput<typeof BlogPostInputSchema>;
