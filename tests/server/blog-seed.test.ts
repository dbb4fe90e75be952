/**
 * The blog's content loader (server/blog/seed.ts): idempotent (a second start changes nothing), a
 * changed file updates its row, an admin's edit is never overwritten, and a broken file is
 * reported and skipped while the rest loads.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBlogContent, createBlog } from '../../server/blog/index.ts';
import { postInputOf } from '../../server/blog/seed.ts';
import { BLOG_FIXTURES, NOW, postInput, PUBLIC_URL } from './helpers/blog.ts';
import { createTestDatabase, DRIVER, type TestDatabase } from './helpers/database.ts';
import { silentLogger } from './helpers/logs.ts';

let test: TestDatabase;
let dir: string;
const logger = silentLogger();
const load = (contentDir = dir) => loadBlogContent({ database: test.database, logger, now: () => NOW, publicUrl: PUBLIC_URL, contentDir });
const posts = () => test.database.kysely.selectFrom('blog_posts').selectAll().orderBy('translation_key').orderBy('locale').execute();

/** Sizes of the fixture content: 4 categories, 7 tags, 2 authors, 5 articles in 2 languages. */
const TAXONOMY_ROWS = 4 + 7 + 2;
const POST_ROWS = 10;

beforeAll(async () => {
  test = await createTestDatabase({ migrated: true });
  dir = await mkdtemp(join(tmpdir(), 'atelier-blog-seed-'));
  await cp(BLOG_FIXTURES, dir, { recursive: true });
}, 60_000);

afterAll(async () => {
  await test?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function write(file: string, text: string): Promise<void> {
  await mkdir(join(dir, file, '..'), { recursive: true });
  await writeFile(join(dir, file), text);
}

/** A post file with these front matter fields before the common ones. */
const front = (fields: string) =>
  `---\n${fields}\ncategory: guides\ntags: [salon]\nauthor: thu-ha\npublished: 2026-10-10T10:00:00+07:00\n---\n\n## Phần\n\nNội dung.\n`;

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const path = join(dir, file);
  await writeFile(path, change(await readFile(path, 'utf8')));
}

describe(`blog content loader (${DRIVER})`, () => {
  it('loads everything once; a second run changes nothing', async () => {
    expect(await load()).toEqual({ inserted: TAXONOMY_ROWS + POST_ROWS, updated: 0, unchanged: 0, skipped: [] });
    const before = await posts();
    expect(before).toHaveLength(POST_ROWS);
    expect(before.every((row) => row.source === 'seed' && row.content_hash?.length === 64)).toBe(true);
    expect(await load()).toEqual({ inserted: 0, updated: 0, unchanged: TAXONOMY_ROWS + POST_ROWS, skipped: [] });
    expect(await posts()).toEqual(before);
  });

  it('updates a post or a taxonomy entry whose file changed, and only that', async () => {
    const before = await posts();
    await edit('posts/natural-light/vi.md', (text) => text.replace('title: "Ánh sáng tự nhiên cho ảnh sản phẩm"', 'title: "Ánh sáng cửa sổ cho ảnh sản phẩm"'));
    await edit('taxonomy.yaml', (text) => text.replace('name: Kiểu tóc }', 'name: Kiểu tóc đẹp }'));
    expect(await load()).toMatchObject({ inserted: 0, updated: 2, unchanged: TAXONOMY_ROWS + POST_ROWS - 2, skipped: [] });
    const after = await posts();
    const changed = after.filter((row, index) => JSON.stringify(row) !== JSON.stringify(before[index]));
    expect(changed.map((row) => [row.translation_key, row.locale, row.title])).toEqual([['natural-light', 'vi', 'Ánh sáng cửa sổ cho ảnh sản phẩm']]);
    const tag = await test.database.kysely.selectFrom('blog_tags').select('name_vi').where('key', '=', 'hairstyle').executeTakeFirstOrThrow();
    expect(tag.name_vi).toBe('Kiểu tóc đẹp');
  });

  it('never overwrites a post an admin saved, even when its file changes', async () => {
    const blog = createBlog({ database: test.database, logger, now: () => NOW, publicUrl: PUBLIC_URL });
    await blog.service.savePost(
      postInput({
        translation_key: 'salon-consultation',
        locale: 'vi',
        slug: 'anh-thu-kieu-toc-trong-buoi-tu-van',
        title: 'Tiêu đề do quản trị viên sửa',
        category: 'salon-beauty',
        tags: ['salon'],
      }),
      { source: 'admin' },
    );
    await edit('posts/salon-consultation/vi.md', (text) => text.replace('Đưa ảnh thử kiểu tóc', 'Dùng ảnh thử kiểu tóc'));
    expect(await load()).toMatchObject({ inserted: 0, updated: 0, skipped: [] });
    const row = await test.database.kysely
      .selectFrom('blog_posts')
      .selectAll()
      .where('translation_key', '=', 'salon-consultation')
      .where('locale', '=', 'vi')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Tiêu đề do quản trị viên sửa', source: 'admin', content_hash: null });
  });

  it('reports and skips a broken file, loading the rest; a slug clash is not renamed', async () => {
    await write('posts/no-front-matter/vi.md', '## Chỉ có nội dung\n');
    await write('posts/bad-yaml/vi.md', '---\ntitle: [unclosed\n---\nx');
    await write('posts/Bad_Key/vi.md', front('slug: khoa-sai\ntitle: Khoá sai\ndescription: Mô tả.'));
    await write('posts/long-description/vi.md', front(`slug: mo-ta-dai\ntitle: Mô tả dài\ndescription: ${'dài '.repeat(60)}`));
    await write(
      'posts/unknown-category/vi.md',
      front('slug: danh-muc-la\ntitle: Danh mục lạ\ndescription: Mô tả.').replace('category: guides', 'category: nope'),
    );
    await write('posts/slug-clash/vi.md', front('slug: chup-anh-ao-dai-cho-gian-hang\ntitle: Trùng đường dẫn\ndescription: Mô tả.'));
    await write('posts/bad-slug/vi.md', front('slug: Đường-dẫn\ntitle: Đường dẫn sai\ndescription: Mô tả.'));
    await write('posts/good-new/vi.md', front('slug: bai-moi-hop-le\ntitle: Bài mới hợp lệ\ndescription: Mô tả.'));
    const report = await load();
    expect(report.inserted).toBe(1);
    const reasons = Object.fromEntries(report.skipped.map((entry) => [entry.file.slice(dir.length + 1), entry.reason]));
    expect(Object.keys(reasons).toSorted()).toEqual(
      [
        'posts/Bad_Key',
        'posts/bad-slug/vi.md',
        'posts/bad-yaml/vi.md',
        'posts/long-description/vi.md',
        'posts/no-front-matter/vi.md',
        'posts/slug-clash/vi.md',
        'posts/unknown-category/vi.md',
      ].toSorted(),
    );
    expect(reasons['posts/no-front-matter/vi.md']).toMatch(/front matter/);
    expect(reasons['posts/bad-yaml/vi.md']).toMatch(/not valid YAML/);
    expect(reasons['posts/long-description/vi.md']).toMatch(/description/);
    expect(reasons['posts/unknown-category/vi.md']).toBe('That category does not exist.');
    expect(reasons['posts/slug-clash/vi.md']).toMatch(/already has this slug/);
    expect(reasons['posts/bad-slug/vi.md']).toMatch(/slug/);
    const slugs = (await posts()).map((row) => row.slug);
    expect(slugs).toContain('bai-moi-hop-le');
    expect(slugs.filter((slug) => slug === 'chup-anh-ao-dai-cho-gian-hang')).toHaveLength(1);
  });

  it('loads nothing, without failing, where there is no content', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'atelier-blog-empty-'));
    try {
      expect(await load(empty)).toEqual({ inserted: 0, updated: 0, unchanged: 0, skipped: [] });
      await writeFile(join(empty, 'taxonomy.yaml'), 'categories: nope\n');
      const report = await load(empty);
      expect(report.skipped).toHaveLength(1);
      expect(report.skipped[0]?.reason).toMatch(/categories/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe('front matter', () => {
  it('reads CRLF files with a byte-order mark as the same post', async () => {
    const text = await readFile(join(BLOG_FIXTURES, 'posts', 'ao-dai-photos', 'vi.md'), 'utf8');
    const unix = postInputOf('ao-dai-photos', 'vi', text);
    const windows = postInputOf('ao-dai-photos', 'vi', `\uFEFF${text.replace(/\n/g, '\r\n')}`);
    expect(typeof unix).toBe('object');
    expect(windows).toEqual(unix);
  });
});
