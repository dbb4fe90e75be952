/**
 * Row types of the blog tables (0013_blog.sql), part of `Tables` (./schema.ts).
 */
import type { ColumnType } from 'kysely';

export type BlogLocale = 'vi' | 'en';
export type BlogPostStatus = 'draft' | 'published';
/** Who wrote a row last: the content files at start-up, or the admin editor. */
export type BlogSource = 'seed' | 'admin';

/** One entry of a post's table of contents (h2 and h3 headings, in document order). */
export interface BlogTocEntry {
  id: string;
  text: string;
  depth: 2 | 3;
}

/** uuid with a database default: optional on insert, never updated. */
type Id = ColumnType<string, string | undefined, never>;

export interface BlogAuthorsTable {
  id: Id;
  key: string;
  slug_vi: string;
  slug_en: string;
  name: string;
  role_vi: string;
  role_en: string;
  bio_vi: string;
  bio_en: string;
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  source: BlogSource;
  content_hash: string | null;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

export interface BlogCategoriesTable {
  id: Id;
  key: string;
  slug_vi: string;
  slug_en: string;
  name_vi: string;
  name_en: string;
  description_vi: string | null;
  description_en: string | null;
  position: ColumnType<number, number | undefined, number>;
  source: BlogSource;
  content_hash: string | null;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

export interface BlogTagsTable {
  id: Id;
  key: string;
  slug_vi: string;
  slug_en: string;
  name_vi: string;
  name_en: string;
  source: BlogSource;
  content_hash: string | null;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

export interface BlogPostsTable {
  id: Id;
  translation_key: string;
  locale: BlogLocale;
  slug: string;
  title: string;
  description: string;
  markdown: string;
  /** Sanitised HTML rendered from `markdown` on save (server/blog/markdown.ts). */
  html: string;
  /** Read as the parsed list; written as JSON text. */
  toc: ColumnType<BlogTocEntry[], string, string>;
  reading_minutes: number;
  /** Whitespace-separated units of the body: words in English, syllables in Vietnamese. */
  word_count: number;
  status: BlogPostStatus;
  published_at: Date | null;
  updated_at: Date;
  created_at: ColumnType<Date, Date, never>;
  author_id: string;
  category_id: string;
  /** Folded title + description + body text with a space at each end (searchDocument, server/blog/text.ts): each query term must begin one of its words. */
  search_text: string;
  /** Vietnamese dictionary-order key of the title, compared byte-wise (COLLATE "C"). */
  title_sort: string;
  source: BlogSource;
  content_hash: string | null;
}

export interface BlogPostTagsTable {
  post_id: string;
  tag_id: string;
  position: number;
}

export interface BlogTables {
  blog_authors: BlogAuthorsTable;
  blog_categories: BlogCategoriesTable;
  blog_tags: BlogTagsTable;
  blog_posts: BlogPostsTable;
  blog_post_tags: BlogPostTagsTable;
}
