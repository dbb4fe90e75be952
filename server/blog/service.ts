/**
 * The blog's rules (docs/product-rules.md#blog). The API routes (./routes.ts), the feeds and site
 * files (./feeds.ts), the seed loader (./seed.ts) and, later, the admin editor and the pre-rendered
 * pages all go through this service:
 *
 * - `listPosts(query)`: a page of BLOG_PAGE_SIZE summaries with totals, for the grammar of
 *   src/contract/blog.ts (search, category/tag/author filters, four sorts, page). A filter slug
 *   that names nothing is a 404 (categoryNotFound, tagNotFound, authorNotFound).
 * - `getPost(locale, slug)`: the post with html, toc, reading time, the other language's slug,
 *   the versioned path of its preview image and BLOG_RELATED_COUNT related posts; 404 postNotFound.
 * - `previewCard(locale, slug)`: what that preview image shows and its version (./preview-images.ts
 *   draws and serves it); 404 postNotFound.
 * - `categories(locale)`, `tags(locale)`, `authors(locale)`: the taxonomy with post counts.
 * - `latestPosts(locale, limit)`, `siteIndex()`: what the feeds, the sitemap and llms.txt list.
 * - `savePost(input, options)`: renders the markdown (sanitised HTML, heading ids, toc, plain
 *   text), counts words/syllables and reading minutes, folds the search text and the title's sort
 *   key, and writes the row and its tags. A slug another article has in that locale is a 409
 *   slugTaken (never silently changed: a slug is a public URL); an unknown category, tag or author
 *   key is a 422. Then every `onChange` listener gets the translation key (the HTML cache of
 *   the pre-rendered pages hooks here).
 *
 * "Visible" means published with a publication time that has come; drafts and scheduled posts are
 * never listed, counted, fed or found by slug.
 */
import { BLOG_MESSAGES, BLOG_PAGE_SIZE, BLOG_RELATED_COUNT, type BlogMessageKey } from '../../src/contract/blog.ts';
import {
  BLOG_WRITE_MESSAGES,
  type BlogAuthor,
  type BlogAuthorList,
  type BlogListQuery,
  type BlogPost,
  type BlogPostInput,
  type BlogPostPage,
  type BlogPostSummary,
  type BlogTerm,
  type BlogTermList,
} from '../../src/contract/blog.schema.ts';
import { codedErrors } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import type { BlogLocale, BlogSource } from '../db/schema-blog.ts';
import { titleCardVersion, type TitleCard } from '../media/title-card.ts';
import { renderMarkdown } from './markdown.ts';
import { postCard, postImagePath } from './preview-card.ts';
import { countUnits, readingMinutes } from './reading-time.ts';
import type { AuthorRow, BlogRepository, CategoryRow, PostFilters, PostSummaryRow, TagRow } from './repository.ts';
import { searchDocument, searchTerms, titleSortKey } from './text.ts';
import { SlugTakenError, type BlogWriteRepository, type WriteOutcome } from './write-repository.ts';

type BlogErrorCode = BlogMessageKey | keyof typeof BLOG_WRITE_MESSAGES;

/** The blog's error `code`, with its text from the blog's catalogues (a code of both reads BLOG_MESSAGES). */
export const blogError = codedErrors<BlogErrorCode>({ ...BLOG_WRITE_MESSAGES, ...BLOG_MESSAGES });

export interface SavePostOptions {
  /** Who writes: the admin editor (default) or the seed loader. */
  source?: BlogSource;
  /** The seed file's hash (seed only). */
  contentHash?: string | null;
}

export interface SavedPost {
  id: string;
  outcome: WriteOutcome;
  readingMinutes: number;
  wordCount: number;
}

export type ChangeListener = (translationKey: string) => void;

/** A post as the feeds and llms.txt need it. */
export interface FeedPost extends BlogPostSummary {
  html: string;
}

/** Every visible post and taxonomy page (sitemap, llms.txt). */
export interface SiteIndex {
  posts: (BlogPostSummary & { alternate: { locale: BlogLocale; slug: string } | null })[];
  categories: { vi: BlogTerm | null; en: BlogTerm | null; updatedAt: Date }[];
  tags: { vi: BlogTerm | null; en: BlogTerm | null; updatedAt: Date }[];
}

export interface BlogServiceDeps {
  repository: BlogRepository;
  writes: BlogWriteRepository;
  logger: Logger;
  /** ms since the epoch (tests move it). */
  now: () => number;
  /** The site's origin (config.publicUrl): absolute links to it in posts are not external. */
  siteOrigin?: string;
}

const otherLocale = (locale: BlogLocale): BlogLocale => (locale === 'vi' ? 'en' : 'vi');

export function termOf(row: CategoryRow | TagRow, locale: BlogLocale): BlogTerm {
  return locale === 'vi' ? { key: row.key, slug: row.slug_vi, name: row.name_vi } : { key: row.key, slug: row.slug_en, name: row.name_en };
}

export function authorOf(row: AuthorRow, locale: BlogLocale): BlogAuthor {
  return locale === 'vi'
    ? { key: row.key, slug: row.slug_vi, name: row.name, role: row.role_vi, bio: row.bio_vi }
    : { key: row.key, slug: row.slug_en, name: row.name, role: row.role_en, bio: row.bio_en };
}

const byId = <R extends { id: string }>(rows: R[]): Map<string, R> => new Map(rows.map((row) => [row.id, row]));
const slugColumn = (locale: BlogLocale) => (locale === 'vi' ? 'slug_vi' : 'slug_en');

function bySlug<R extends AuthorRow | CategoryRow | TagRow>(rows: Iterable<R>, locale: BlogLocale, slug: string): R | undefined {
  for (const row of rows) if (row[slugColumn(locale)] === slug) return row;
  return undefined;
}

/** Category or tag pages that have posts, each with its slug in the languages it has posts in. */
function termPages(rows: Iterable<CategoryRow | TagRow>, countsVi: Map<string, number>, countsEn: Map<string, number>): SiteIndex['categories'] {
  return [...rows]
    .filter((row) => (countsVi.get(row.id) ?? 0) + (countsEn.get(row.id) ?? 0) > 0)
    .map((row) => ({ vi: countsVi.has(row.id) ? termOf(row, 'vi') : null, en: countsEn.has(row.id) ? termOf(row, 'en') : null, updatedAt: row.updated_at }));
}

interface Taxonomy {
  authors: Map<string, AuthorRow>;
  categories: Map<string, CategoryRow>;
  tags: Map<string, TagRow>;
}

export function createBlogService(deps: BlogServiceDeps) {
  const { repository, writes } = deps;
  const listeners = new Set<ChangeListener>();
  const now = () => new Date(deps.now());

  async function taxonomy(): Promise<Taxonomy> {
    const [authors, categories, tags] = await Promise.all([repository.authors(), repository.categories(), repository.tags()]);
    return { authors: byId(authors), categories: byId(categories), tags: byId(tags) };
  }

  /** Summaries of rows, with their author, category and tags in `locale`. */
  async function summaries(rows: PostSummaryRow[], terms: Taxonomy): Promise<BlogPostSummary[]> {
    const tagRows = await repository.tagsOf(rows.map((row) => row.id));
    return rows.map((row) => {
      const author = terms.authors.get(row.author_id);
      const category = terms.categories.get(row.category_id);
      if (!author || !category) throw new Error(`blog post ${row.id} names a missing author or category`);
      const tags = tagRows
        .filter((tag) => tag.post_id === row.id)
        .flatMap((tag) => {
          const found = terms.tags.get(tag.tag_id);
          return found ? [termOf(found, row.locale)] : [];
        });
      return {
        translation_key: row.translation_key,
        locale: row.locale,
        slug: row.slug,
        title: row.title,
        description: row.description,
        published_at: row.published_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
        reading_minutes: row.reading_minutes,
        author: authorOf(author, row.locale),
        category: termOf(category, row.locale),
        tags,
      };
    });
  }

  function emitChange(translationKey: string): void {
    for (const listener of listeners) {
      try {
        listener(translationKey);
      } catch (error) {
        deps.logger.error({ err: error, translationKey }, 'a blog change listener failed');
      }
    }
  }

  return {
    async listPosts(query: BlogListQuery): Promise<BlogPostPage> {
      const terms = await taxonomy();
      const locale = query.locale;
      const category = query.category === undefined ? null : (bySlug(terms.categories.values(), locale, query.category) ?? null);
      if (query.category !== undefined && !category) throw blogError(404, 'categoryNotFound');
      const tag = query.tag === undefined ? null : (bySlug(terms.tags.values(), locale, query.tag) ?? null);
      if (query.tag !== undefined && !tag) throw blogError(404, 'tagNotFound');
      const author = query.author === undefined ? null : (bySlug(terms.authors.values(), locale, query.author) ?? null);
      if (query.author !== undefined && !author) throw blogError(404, 'authorNotFound');

      const filters: PostFilters = { locale, terms: searchTerms(query.q) };
      if (category) filters.categoryId = category.id;
      if (tag) filters.tagId = tag.id;
      if (author) filters.authorId = author.id;
      const at = now();
      const total = await repository.countPosts(filters, at);
      const rows = total === 0 ? [] : await repository.listPosts(filters, query.sort, BLOG_PAGE_SIZE, (query.page - 1) * BLOG_PAGE_SIZE, at);
      return {
        items: await summaries(rows, terms),
        page: query.page,
        page_size: BLOG_PAGE_SIZE,
        total,
        page_count: Math.ceil(total / BLOG_PAGE_SIZE),
        category: category ? termOf(category, locale) : null,
        tag: tag ? termOf(tag, locale) : null,
        author: author ? authorOf(author, locale) : null,
      };
    },

    async getPost(locale: BlogLocale, slug: string): Promise<BlogPost> {
      const at = now();
      const row = await repository.findPost(locale, slug, at);
      if (!row) throw blogError(404, 'postNotFound');
      const terms = await taxonomy();
      const [summary] = await summaries([row], terms);
      const related = await summaries(await repository.relatedPosts(row, BLOG_RELATED_COUNT, at), terms);
      const alternate = await repository.alternateSlug(row.translation_key, otherLocale(locale), at);
      return {
        ...(summary as BlogPostSummary),
        id: row.id,
        html: row.html,
        toc: row.toc,
        word_count: row.word_count,
        image: postImagePath(locale, row.slug, postCard(locale, { title: row.title, category: (summary as BlogPostSummary).category.name })),
        alternate: alternate === null ? null : { locale: otherLocale(locale), slug: alternate },
        related,
      };
    },

    /** What a visible post's preview image shows, and its version; 404 postNotFound. */
    async previewCard(locale: BlogLocale, slug: string): Promise<{ card: TitleCard; version: string }> {
      const heading = await repository.findHeading(locale, slug, now());
      if (!heading) throw blogError(404, 'postNotFound');
      const card = postCard(locale, heading);
      return { card, version: titleCardVersion(card) };
    },

    async categories(locale: BlogLocale): Promise<BlogTermList> {
      const counts = (await repository.counts(locale, now())).categories;
      return { items: (await repository.categories()).map((row) => ({ ...termOf(row, locale), post_count: counts.get(row.id) ?? 0 })) };
    },

    async tags(locale: BlogLocale): Promise<BlogTermList> {
      const counts = (await repository.counts(locale, now())).tags;
      return { items: (await repository.tags()).map((row) => ({ ...termOf(row, locale), post_count: counts.get(row.id) ?? 0 })) };
    },

    async authors(locale: BlogLocale): Promise<BlogAuthorList> {
      const counts = (await repository.counts(locale, now())).authors;
      return { items: (await repository.authors()).map((row) => ({ ...authorOf(row, locale), post_count: counts.get(row.id) ?? 0 })) };
    },

    async latestPosts(locale: BlogLocale, limit: number): Promise<FeedPost[]> {
      const rows = await repository.latest(locale, limit, now());
      const items = await summaries(rows, await taxonomy());
      return items.map((item, index) => ({ ...item, html: rows[index]?.html ?? '' }));
    },

    async siteIndex(): Promise<SiteIndex> {
      const at = now();
      const terms = await taxonomy();
      const posts = await summaries(await repository.allVisible(at), terms);
      const slugOf = new Map(posts.map((post) => [`${post.translation_key} ${post.locale}`, post.slug]));
      const [vi, en] = await Promise.all([repository.counts('vi', at), repository.counts('en', at)]);
      return {
        posts: posts.map((post) => {
          const other = otherLocale(post.locale);
          const slug = slugOf.get(`${post.translation_key} ${other}`);
          return { ...post, alternate: slug === undefined ? null : { locale: other, slug } };
        }),
        categories: termPages(terms.categories.values(), vi.categories, en.categories),
        tags: termPages(terms.tags.values(), vi.tags, en.tags),
      };
    },

    async savePost(input: BlogPostInput, options: SavePostOptions = {}): Promise<SavedPost> {
      const at = now();
      const [categories, tags, authors] = await Promise.all([
        writes.idsByKey('blog_categories', [input.category]),
        writes.idsByKey('blog_tags', input.tags),
        writes.idsByKey('blog_authors', [input.author]),
      ]);
      const categoryId = categories.get(input.category);
      if (!categoryId) throw blogError(422, 'unknownCategory');
      const authorId = authors.get(input.author);
      if (!authorId) throw blogError(422, 'unknownAuthor');
      const tagKeys = [...new Set(input.tags)];
      const tagIds = tagKeys.map((key) => tags.get(key));
      if (tagIds.some((id) => id === undefined)) throw blogError(422, 'unknownTag');

      const rendered = renderMarkdown(input.markdown, deps.siteOrigin ? { locale: input.locale, siteOrigin: deps.siteOrigin } : { locale: input.locale });
      const wordCount = countUnits(rendered.text);
      const minutes = readingMinutes(wordCount, input.locale);
      const publishedAt = input.published_at ? new Date(input.published_at) : input.status === 'published' ? at : null;
      const updatedAt = input.updated_at ? new Date(input.updated_at) : (options.source ?? 'admin') === 'seed' ? (publishedAt ?? at) : at;
      try {
        const saved = await writes.savePost(
          {
            translation_key: input.translation_key,
            locale: input.locale,
            slug: input.slug,
            title: input.title,
            description: input.description,
            markdown: input.markdown,
            html: rendered.html,
            toc: JSON.stringify(rendered.toc),
            reading_minutes: minutes,
            word_count: wordCount,
            status: input.status,
            published_at: publishedAt,
            updated_at: updatedAt,
            author_id: authorId,
            category_id: categoryId,
            search_text: searchDocument(input.title, input.description, rendered.text),
            title_sort: titleSortKey(input.title),
            source: options.source ?? 'admin',
            content_hash: options.contentHash ?? null,
          },
          tagIds as string[],
          at,
        );
        emitChange(input.translation_key);
        return { ...saved, readingMinutes: minutes, wordCount };
      } catch (error) {
        if (error instanceof SlugTakenError) throw blogError(409, 'slugTaken');
        throw error;
      }
    },

    /** Calls `listener` with the translation key of every saved post; answers the unsubscribe. */
    onChange(listener: ChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
