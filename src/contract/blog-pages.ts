/**
 * What a blog page is rendered from (types only): the server (server/blog/pages.ts) reads it from
 * the blog service and hands it to the renderer (src/blog-entry.tsx); the browser reads it back
 * from the document to hydrate (src/features/blog/data.ts).
 */
import type { BlogAuthor, BlogListQuery, BlogPost, BlogPostPage, BlogTerm } from './blog.schema.ts';
import type { BlogLocaleCode } from './blog.ts';

export type BlogListBase = { kind: 'index' } | { kind: 'category'; slug: string } | { kind: 'tag'; slug: string };

/** What every blog page has. */
interface BlogPageBase {
  locale: BlogLocaleCode;
  /** The site's public origin (PUBLIC_URL): absolute links (canonical, share links). */
  origin: string;
  /** The page's path in each language (hreflang, the language toggle), null where it has none. */
  alternates: Record<BlogLocaleCode, string | null>;
}

export interface BlogListData extends BlogPageBase {
  kind: 'list';
  /** Which list: /blog, a category's or a tag's (the base of its links). */
  base: BlogListBase;
  query: BlogListQuery;
  /** Null when the query was refused (`error` says why). */
  result: BlogPostPage | null;
  /** A refused query (a sort that does not exist, a page too large…): its field names. */
  error: { fields: string[] } | null;
  categories: Array<BlogTerm & { post_count: number }>;
  tags: Array<BlogTerm & { post_count: number }>;
  authors: Array<BlogAuthor & { post_count: number }>;
}

/** A post (its `id` keys its comment thread). */
export interface BlogPostData extends BlogPageBase {
  kind: 'post';
  post: BlogPost;
}

export interface BlogNotFoundData extends BlogPageBase {
  kind: 'not-found';
}

export type BlogPageData = BlogListData | BlogPostData | BlogNotFoundData;
