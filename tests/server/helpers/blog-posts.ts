/**
 * Blog posts written straight into the database for tests of what hangs off a post (comments):
 * one author and one category shared by all, then a post row per call (one locale of a post).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../../server/db/connection.ts';

export interface TestPost {
  id: string;
  slug: string;
}

/** Inserts a post (published unless `status` says draft); creates the shared author and category first when missing. */
export async function insertPost(
  database: Database,
  options: { locale?: 'vi' | 'en'; status?: 'draft' | 'published'; title?: string } = {},
): Promise<TestPost> {
  const db = database.kysely;
  const now = new Date();
  const key = `test-${randomUUID().slice(0, 8)}`;
  const author =
    (await db.selectFrom('blog_authors').select('id').where('key', '=', 'test-author').executeTakeFirst()) ??
    (await db
      .insertInto('blog_authors')
      .values({
        key: 'test-author',
        slug_vi: 'tac-gia-thu',
        slug_en: 'test-author',
        name: 'Ngô Thu Hà',
        role_vi: 'Biên tập',
        role_en: 'Editor',
        bio_vi: 'Viết về ảnh sản phẩm.',
        bio_en: 'Writes about product photos.',
        source: 'seed',
        content_hash: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  const category =
    (await db.selectFrom('blog_categories').select('id').where('key', '=', 'test-category').executeTakeFirst()) ??
    (await db
      .insertInto('blog_categories')
      .values({
        key: 'test-category',
        slug_vi: 'meo-chup-anh',
        slug_en: 'photo-tips',
        name_vi: 'Mẹo chụp ảnh',
        name_en: 'Photo tips',
        description_vi: null,
        description_en: null,
        source: 'seed',
        content_hash: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  const status = options.status ?? 'published';
  const title = options.title ?? 'Chụp ảnh áo dài trên nền trắng';
  const post = await db
    .insertInto('blog_posts')
    .values({
      translation_key: key,
      locale: options.locale ?? 'vi',
      slug: key,
      title,
      description: 'Hướng dẫn ngắn.',
      markdown: '# Tiêu đề\n\nNội dung.',
      html: '<h1>Tiêu đề</h1><p>Nội dung.</p>',
      toc: '[]',
      reading_minutes: 1,
      word_count: 2,
      status,
      published_at: status === 'published' ? now : null,
      updated_at: now,
      created_at: now,
      author_id: author.id,
      category_id: category.id,
      search_text: title.toLowerCase(),
      title_sort: title.toLowerCase(),
      source: 'seed',
      content_hash: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: post.id, slug: key };
}
