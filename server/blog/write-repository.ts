/**
 * SQL of the blog's writes: a post saved with its rendered fields and tags, and the taxonomy
 * rows the seed loader keeps in step with content/blog/taxonomy.yaml.
 *
 * Seed rows are updated only while they are still the seed's (`source = 'seed'`) and only when
 * their content hash changed; a row an admin saved (`source = 'admin'`) is never overwritten by a
 * seed (0013_blog.sql).
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { BlogLocale, BlogPostsTable, BlogSource } from '../db/schema-blog.ts';
import type { Tables } from '../db/schema.ts';

/** What a write did to a row. */
export type WriteOutcome = 'inserted' | 'updated' | 'unchanged';

/** Postgres' unique_violation. */
const UNIQUE_VIOLATION = '23505';

export class SlugTakenError extends Error {
  constructor() {
    super('slug taken');
    this.name = 'SlugTakenError';
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

type TaxonomyTable = 'blog_authors' | 'blog_categories' | 'blog_tags';
type TaxonomyRow<T extends TaxonomyTable> = Omit<Insertable<Tables[T]>, 'id' | 'source' | 'content_hash' | 'created_at' | 'updated_at'>;

export type NewPost = Omit<Insertable<BlogPostsTable>, 'id' | 'created_at'>;

export interface StoredState {
  id: string;
  source: BlogSource;
  content_hash: string | null;
}

export function createBlogWriteRepository(database: Database) {
  const db: Kysely<Tables> = database.kysely;

  /**
   * Inserts a taxonomy row by key, or updates it when it is still the seed's and its hash
   * changed. A slug taken by another key is a unique violation (the loader reports it).
   */
  async function upsertSeedTaxonomy<T extends TaxonomyTable>(table: T, row: TaxonomyRow<T>, hash: string, now: Date): Promise<WriteOutcome> {
    const key = (row as unknown as { key: string }).key;
    const existing = (await db
      .selectFrom(table as TaxonomyTable)
      .select(['id', 'source', 'content_hash'])
      .where('key', '=', key)
      .executeTakeFirst()) as StoredState | undefined;
    if (existing && (existing.source !== 'seed' || existing.content_hash === hash)) return 'unchanged';
    const values = { ...row, source: 'seed' as const, content_hash: hash, updated_at: now };
    if (existing) {
      await db
        .updateTable(table as TaxonomyTable)
        .set(values as never)
        .where('id', '=', existing.id)
        .execute();
      return 'updated';
    }
    // Another instance starting at the same time may have inserted it first: theirs stands.
    const inserted = await db
      .insertInto(table as TaxonomyTable)
      .values({ ...values, created_at: now } as never)
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? 'inserted' : 'unchanged';
  }

  return {
    upsertSeedAuthor: (row: TaxonomyRow<'blog_authors'>, hash: string, now: Date) => upsertSeedTaxonomy('blog_authors', row, hash, now),
    upsertSeedCategory: (row: TaxonomyRow<'blog_categories'>, hash: string, now: Date) => upsertSeedTaxonomy('blog_categories', row, hash, now),
    upsertSeedTag: (row: TaxonomyRow<'blog_tags'>, hash: string, now: Date) => upsertSeedTaxonomy('blog_tags', row, hash, now),

    /** Ids of taxonomy rows by key. */
    async idsByKey(table: TaxonomyTable, keys: readonly string[]): Promise<Map<string, string>> {
      if (keys.length === 0) return new Map();
      const rows = await db.selectFrom(table).select(['id', 'key']).where('key', 'in', keys).execute();
      return new Map(rows.map((row) => [row.key, row.id]));
    },

    async postState(translationKey: string, locale: BlogLocale): Promise<StoredState | undefined> {
      return db
        .selectFrom('blog_posts')
        .select(['id', 'source', 'content_hash'])
        .where('translation_key', '=', translationKey)
        .where('locale', '=', locale)
        .executeTakeFirst();
    },

    /**
     * Inserts or replaces the post of (translation key, locale) and its tags, in one transaction.
     * A slug that another article already has in this locale throws SlugTakenError (also when a
     * concurrent save takes it first: the unique index decides).
     */
    async savePost(post: NewPost, tagIds: readonly string[], now: Date): Promise<{ id: string; outcome: WriteOutcome }> {
      try {
        return await db.transaction().execute(async (trx) => {
          const clash = await trx
            .selectFrom('blog_posts')
            .select('id')
            .where('locale', '=', post.locale)
            .where('slug', '=', post.slug)
            .where('translation_key', '<>', post.translation_key)
            .executeTakeFirst();
          if (clash) throw new SlugTakenError();
          const existing = await trx
            .selectFrom('blog_posts')
            .select('id')
            .where('translation_key', '=', post.translation_key)
            .where('locale', '=', post.locale)
            .forUpdate()
            .executeTakeFirst();
          let id: string;
          if (existing) {
            await trx.updateTable('blog_posts').set(post).where('id', '=', existing.id).execute();
            id = existing.id;
          } else {
            const inserted = await trx
              .insertInto('blog_posts')
              .values({ ...post, created_at: now })
              .returning('id')
              .executeTakeFirstOrThrow();
            id = inserted.id;
          }
          await trx.deleteFrom('blog_post_tags').where('post_id', '=', id).execute();
          if (tagIds.length > 0) {
            await trx
              .insertInto('blog_post_tags')
              .values(tagIds.map((tagId, position) => ({ post_id: id, tag_id: tagId, position })))
              .execute();
          }
          return { id, outcome: existing ? ('updated' as const) : ('inserted' as const) };
        });
      } catch (error) {
        if (isUniqueViolation(error) && String((error as { constraint?: unknown }).constraint ?? (error as Error).message).includes('slug'))
          throw new SlugTakenError();
        throw error;
      }
    },

    /** Removes one language of a post (its tags go with it). */
    async deletePost(translationKey: string, locale: BlogLocale): Promise<boolean> {
      const result = await db.deleteFrom('blog_posts').where('translation_key', '=', translationKey).where('locale', '=', locale).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type BlogWriteRepository = ReturnType<typeof createBlogWriteRepository>;
