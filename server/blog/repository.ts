/**
 * SQL of the blog's reads (0013_blog.sql): lists, one post, related posts, taxonomy, feeds and
 * the sitemap. Only published posts whose publication time has come are ever read here; writes
 * are in ./write-repository.ts.
 */
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { BlogSort } from '../../src/contract/blog.ts';
import type { Database } from '../db/connection.ts';
import type { BlogAuthorsTable, BlogCategoriesTable, BlogLocale, BlogTagsTable, BlogTocEntry } from '../db/schema-blog.ts';
import type { Tables } from '../db/schema.ts';

export type AuthorRow = Selectable<BlogAuthorsTable>;
export type CategoryRow = Selectable<BlogCategoriesTable>;
export type TagRow = Selectable<BlogTagsTable>;

/** A post as lists show it, with its author and category rows' ids. */
export interface PostSummaryRow {
  id: string;
  translation_key: string;
  locale: BlogLocale;
  slug: string;
  title: string;
  description: string;
  published_at: Date;
  updated_at: Date;
  reading_minutes: number;
  author_id: string;
  category_id: string;
}

export interface PostRow extends PostSummaryRow {
  html: string;
  toc: BlogTocEntry[];
  word_count: number;
}

export interface PostFilters {
  locale: BlogLocale;
  /** Folded terms (server/blog/text.ts); each must begin a word of the post's search text. */
  terms: readonly string[];
  categoryId?: string;
  tagId?: string;
  authorId?: string;
}

/** A post's tag, in the order the author listed them. */
export interface PostTagRow {
  post_id: string;
  tag_id: string;
}

const SUMMARY_COLUMNS = [
  'p.id',
  'p.translation_key',
  'p.locale',
  'p.slug',
  'p.title',
  'p.description',
  'p.published_at',
  'p.updated_at',
  'p.reading_minutes',
  'p.author_id',
  'p.category_id',
] as const;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function likeLiteral(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function tally(values: string[]): Map<string, number> {
  return values.reduce((map, value) => map.set(value, (map.get(value) ?? 0) + 1), new Map<string, number>());
}

type PostsEb = ExpressionBuilder<Tables & { p: Tables['blog_posts'] }, 'p'>;

export function createBlogRepository(database: Database) {
  const db: Kysely<Tables> = database.kysely;

  /** Published posts of a locale whose time has come. */
  const visible = (locale: BlogLocale, now: Date) =>
    db.selectFrom('blog_posts as p').where('p.locale', '=', locale).where('p.status', '=', 'published').where('p.published_at', '<=', now);

  /** The tags of these posts, in each post's own order. */
  const tagsOf = async (postIds: readonly string[]): Promise<PostTagRow[]> => {
    if (postIds.length === 0) return [];
    return db.selectFrom('blog_post_tags').select(['post_id', 'tag_id']).where('post_id', 'in', postIds).orderBy('post_id').orderBy('position').execute();
  };

  const filtered = (filters: PostFilters, now: Date) => {
    let query = visible(filters.locale, now);
    // The stored text starts with a space (searchDocument): '% term%' is "a word starting with term".
    for (const term of filters.terms) query = query.where('p.search_text', 'like', `% ${likeLiteral(term)}%`);
    if (filters.categoryId) query = query.where('p.category_id', '=', filters.categoryId);
    if (filters.authorId) query = query.where('p.author_id', '=', filters.authorId);
    const tagId = filters.tagId;
    if (tagId)
      query = query.where((eb: PostsEb) =>
        eb.exists(eb.selectFrom('blog_post_tags as t').select('t.post_id').whereRef('t.post_id', '=', 'p.id').where('t.tag_id', '=', tagId)),
      );
    return query;
  };

  return {
    async countPosts(filters: PostFilters, now: Date): Promise<number> {
      const row = await filtered(filters, now)
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** One page of posts; ties (same time, same title) are broken by slug, so pages never overlap. */
    async listPosts(filters: PostFilters, sort: BlogSort, limit: number, offset: number, now: Date): Promise<PostSummaryRow[]> {
      let query = filtered(filters, now).select(SUMMARY_COLUMNS);
      if (sort === 'newest') query = query.orderBy('p.published_at', 'desc');
      else if (sort === 'oldest') query = query.orderBy('p.published_at', 'asc');
      else query = query.orderBy(sql`p.title_sort collate "C"`, sort === 'title-asc' ? 'asc' : 'desc');
      const rows = await query
        .orderBy('p.slug', sort === 'title-desc' || sort === 'newest' ? 'desc' : 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows as PostSummaryRow[];
    },

    async findPost(locale: BlogLocale, slug: string, now: Date): Promise<PostRow | undefined> {
      const row = await visible(locale, now)
        .select([...SUMMARY_COLUMNS, 'p.html', 'p.toc', 'p.word_count'])
        .where('p.slug', '=', slug)
        .executeTakeFirst();
      return row as PostRow | undefined;
    },

    /** A visible post's title and its category's name in `locale` (its preview image), by slug. */
    async findHeading(locale: BlogLocale, slug: string, now: Date): Promise<{ title: string; category: string } | undefined> {
      const query = visible(locale, now).innerJoin('blog_categories as c', 'c.id', 'p.category_id').where('p.slug', '=', slug);
      return locale === 'vi'
        ? query.select(['p.title', 'c.name_vi as category']).executeTakeFirst()
        : query.select(['p.title', 'c.name_en as category']).executeTakeFirst();
    },

    /** The slug of the same article in `locale`, when it is published there. */
    async alternateSlug(translationKey: string, locale: BlogLocale, now: Date): Promise<string | null> {
      const row = await visible(locale, now).select('p.slug').where('p.translation_key', '=', translationKey).executeTakeFirst();
      return row?.slug ?? null;
    },

    /**
     * `limit` other posts of the same locale: the most shared tags first, then the same category,
     * then the newest. Always `limit` when the locale has that many other posts.
     */
    async relatedPosts(post: { id: string; locale: BlogLocale; category_id: string }, limit: number, now: Date): Promise<PostSummaryRow[]> {
      const rows = await visible(post.locale, now)
        .select(SUMMARY_COLUMNS)
        .select((eb) =>
          eb
            .selectFrom('blog_post_tags as other')
            .innerJoin('blog_post_tags as mine', 'mine.tag_id', 'other.tag_id')
            .whereRef('other.post_id', '=', 'p.id')
            .where('mine.post_id', '=', post.id)
            .select((inner) => inner.fn.countAll<string | number>().as('n'))
            .as('shared_tags'),
        )
        .where('p.id', '<>', post.id)
        .orderBy('shared_tags', 'desc')
        .orderBy(sql`(p.category_id = ${post.category_id})`, 'desc')
        .orderBy('p.published_at', 'desc')
        .orderBy('p.slug')
        .limit(limit)
        .execute();
      return rows.map(({ shared_tags: _shared, ...row }) => row as PostSummaryRow);
    },

    tagsOf,

    authors: (): Promise<AuthorRow[]> => db.selectFrom('blog_authors').selectAll().orderBy('name').execute(),
    categories: (): Promise<CategoryRow[]> => db.selectFrom('blog_categories').selectAll().orderBy('position').orderBy('key').execute(),
    tags: (): Promise<TagRow[]> => db.selectFrom('blog_tags').selectAll().orderBy('key').execute(),

    /** Visible posts per category, tag and author in a locale (taxonomy lists and the sitemap). */
    async counts(locale: BlogLocale, now: Date): Promise<{ categories: Map<string, number>; authors: Map<string, number>; tags: Map<string, number> }> {
      const posts = await visible(locale, now).select(['p.id', 'p.category_id', 'p.author_id']).execute();
      const tagRows = await tagsOf(posts.map((post) => post.id));
      return {
        categories: tally(posts.map((post) => post.category_id)),
        authors: tally(posts.map((post) => post.author_id)),
        tags: tally(tagRows.map((row) => row.tag_id)),
      };
    },

    /** The latest visible posts of a locale with their HTML (feeds). */
    async latest(locale: BlogLocale, limit: number, now: Date): Promise<PostRow[]> {
      const rows = await visible(locale, now)
        .select([...SUMMARY_COLUMNS, 'p.html', 'p.toc', 'p.word_count'])
        .orderBy('p.published_at', 'desc')
        .orderBy('p.slug', 'desc')
        .limit(limit)
        .execute();
      return rows as PostRow[];
    },

    /** Every visible post of both locales, newest first (sitemap, llms.txt). */
    async allVisible(now: Date): Promise<PostSummaryRow[]> {
      const rows = await db
        .selectFrom('blog_posts as p')
        .select(SUMMARY_COLUMNS)
        .where('p.status', '=', 'published')
        .where('p.published_at', '<=', now)
        .orderBy('p.published_at', 'desc')
        .orderBy('p.slug')
        .execute();
      return rows as PostSummaryRow[];
    },
  };
}

export type BlogRepository = ReturnType<typeof createBlogRepository>;
