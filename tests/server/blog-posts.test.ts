/**
 * One post (GET /api/blog/posts/{slug}), the taxonomy lists, and saving (the blog service's
 * savePost): html, toc and reading time rendered on save, the other language's slug, three
 * related posts by shared tags (then category, then newest), slugs unique per locale (409), and
 * the change listener.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { BlogAuthorListSchema, BlogPostSchema, BlogTermListSchema, type BlogPost, type BlogPostInput } from '../../src/contract/blog.schema.ts';
import { CodedError } from '../../server/http/errors.ts';
import { createBlogHarness, getJson, postInput, type BlogHarness } from './helpers/blog.ts';
import { DRIVER } from './helpers/database.ts';

let h: BlogHarness;

beforeAll(async () => {
  h = await createBlogHarness();
}, 60_000);

afterAll(async () => {
  await h?.dispose();
});

async function post(slug: string, locale: 'vi' | 'en' = 'vi'): Promise<BlogPost> {
  const { status, body } = await getJson<BlogPost>(h.app, `/api/blog/posts/${slug}?locale=${locale}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return v.parse(BlogPostSchema, body);
}

async function postCount(): Promise<number> {
  const row = await h.test.database.kysely
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe(`a blog post (${DRIVER})`, () => {
  it('answers the post with its sanitised html, toc, reading time and the other language’s slug', async () => {
    const vi = await post('chup-anh-ao-dai-cho-gian-hang');
    expect(vi.title).toBe('Chụp ảnh áo dài cho gian hàng online');
    expect(vi.toc).toEqual([
      { id: 'chuan-bi-truoc-buoi-chup', text: 'Chuẩn bị trước buổi chụp', depth: 2 },
      { id: 'chon-goc-chup', text: 'Chọn góc chụp', depth: 2 },
      { id: 'khi-khong-co-nguoi-mau', text: 'Khi không có người mẫu', depth: 3 },
      { id: 'kiem-tra-truoc-khi-dang', text: 'Kiểm tra trước khi đăng', depth: 2 },
    ]);
    expect(vi.html).toContain('<h2 id="chuan-bi-truoc-buoi-chup">Chuẩn bị trước buổi chụp</h2>');
    expect(vi.word_count).toBeGreaterThan(100);
    expect(vi.reading_minutes).toBe(1);
    expect(vi.alternate).toEqual({ locale: 'en', slug: 'photographing-ao-dai-for-an-online-shop' });
    const en = await post('photographing-ao-dai-for-an-online-shop', 'en');
    expect(en.alternate).toEqual({ locale: 'vi', slug: 'chup-anh-ao-dai-cho-gian-hang' });
    expect(en.author.role).toBe('Content editor');
  });

  it('relates the posts sharing the most tags, then the same category, then the newest: always three', async () => {
    // áo dài: product-photos + virtual-tryon (guides). TikTok shares both; natural light one and the
    // same category; the Shopee checklist one.
    expect((await post('chup-anh-ao-dai-cho-gian-hang')).related.map((p) => p.slug)).toEqual([
      'dang-video-vay-len-tiktok-shop',
      'anh-sang-tu-nhien-cho-anh-san-pham',
      'danh-sach-kiem-tra-anh-shopee',
    ]);
    // The salon post shares no tag and no category in English: the newest three.
    expect((await post('hairstyle-previews-in-a-consultation', 'en')).related.map((p) => p.slug)).toEqual([
      'posting-dress-videos-on-tiktok-shop',
      'shopee-photo-checklist',
      'natural-light-for-product-photos',
    ]);
    // In Vietnamese the untagged extra posts are in no shared category either: still three, newest first.
    const salon = await post('anh-thu-kieu-toc-trong-buoi-tu-van');
    expect(salon.related).toHaveLength(3);
    expect(salon.related.map((p) => p.slug)).not.toContain('anh-thu-kieu-toc-trong-buoi-tu-van');
    expect(salon.related.map((p) => p.slug)).not.toContain('ban-nhap');
  });

  it('answers 404 postNotFound for an unknown slug, a draft, a scheduled post, another locale’s slug or a slug that cannot exist', async () => {
    for (const path of [
      'khong-co?locale=vi',
      'ban-nhap',
      'sap-dang',
      'photographing-ao-dai-for-an-online-shop?locale=vi',
      'Áo-dài',
      '..%2F..%2Fetc',
      `${'a'.repeat(121)}`,
      'a--b',
    ]) {
      const { status, body } = await getJson(h.app, `/api/blog/posts/${path}`);
      expect({ status, code: body['code'] }, path).toEqual({ status: 404, code: 'postNotFound' });
    }
    expect((await getJson(h.app, '/api/blog/posts/chup-anh-ao-dai-cho-gian-hang?locale=de')).status).toBe(422);
    expect((await getJson(h.app, '/api/blog/posts/chup-anh-ao-dai-cho-gian-hang?x=1')).status).toBe(422);
  });

  it('lists categories, tags and authors of a locale with their post counts', async () => {
    const categories = v.parse(BlogTermListSchema, (await getJson(h.app, '/api/blog/categories?locale=en')).body);
    expect(categories.items).toEqual([
      { key: 'guides', slug: 'guides', name: 'Guides', post_count: 2 },
      { key: 'selling-online', slug: 'selling-online', name: 'Selling online', post_count: 2 },
      { key: 'salon-beauty', slug: 'salon-beauty', name: 'Salons & beauty', post_count: 1 },
      { key: 'empty-category', slug: 'no-posts-yet', name: 'No posts yet', post_count: 0 },
    ]);
    const tags = v.parse(BlogTermListSchema, (await getJson(h.app, '/api/blog/tags')).body);
    expect(tags.items.find((tag) => tag.key === 'product-photos')).toEqual({
      key: 'product-photos',
      slug: 'anh-san-pham',
      name: 'Ảnh sản phẩm',
      post_count: 4,
    });
    const authors = v.parse(BlogAuthorListSchema, (await getJson(h.app, '/api/blog/authors?locale=vi')).body);
    expect(authors.items.map((a) => [a.slug, a.post_count])).toEqual([
      ['nguyen-thu-ha', 21],
      ['tran-minh-anh', 4],
    ]);
  });
});

describe(`saving a post (${DRIVER})`, () => {
  it('renders on save, tells the listeners, and updates in place on a second save', async () => {
    const changed: string[] = [];
    const stop = h.blog.service.onChange((key) => changed.push(key));
    const first = await h.blog.service.savePost(
      postInput({
        translation_key: 'saved-post',
        slug: 'bai-da-luu',
        title: 'Bài đã lưu',
        markdown: '## Phần một\n\n<script>alert(1)</script> Xin chào\n\n## Phần một',
        tags: ['salon'],
      }),
    );
    expect(first.outcome).toBe('inserted');
    const saved = await post('bai-da-luu');
    expect(saved.html).not.toMatch(/<script/i);
    expect(saved.toc.map((entry) => entry.id)).toEqual(['phan-mot', 'phan-mot-2']);
    const second = await h.blog.service.savePost(postInput({ translation_key: 'saved-post', slug: 'bai-da-luu-moi', title: 'Bài đã lưu (sửa)' }));
    expect(second).toMatchObject({ id: first.id, outcome: 'updated' });
    expect((await post('bai-da-luu-moi')).tags).toEqual([]);
    expect((await getJson(h.app, '/api/blog/posts/bai-da-luu')).status).toBe(404);
    stop();
    await h.blog.service.savePost(postInput({ translation_key: 'saved-post', slug: 'bai-da-luu-moi' }));
    expect(changed).toEqual(['saved-post', 'saved-post']);
  });

  it('refuses a slug another article has in the same locale with 409 slugTaken, writing nothing; the other locale may share it', async () => {
    const before = await postCount();
    const clash = h.blog.service.savePost(postInput({ translation_key: 'another-article', slug: 'chup-anh-ao-dai-cho-gian-hang' }));
    await expect(clash).rejects.toBeInstanceOf(CodedError);
    await expect(clash).rejects.toMatchObject({ status: 409, code: 'slugTaken' });
    expect(await postCount()).toBe(before);
    // Renaming an article onto another's slug is refused too.
    await expect(h.blog.service.savePost(postInput({ translation_key: 'extra-01', slug: 'meo-so-02', title: 'Mẹo số 01' }))).rejects.toMatchObject({
      status: 409,
      code: 'slugTaken',
    });
    expect((await post('meo-so-01')).title).toBe('Mẹo số 01');
    // The same slug in the other language is another URL (/en/blog/…): allowed.
    await h.blog.service.savePost(postInput({ translation_key: 'extra-01', locale: 'en', slug: 'meo-so-01', title: 'Tip 01' }));
    expect((await post('meo-so-01', 'en')).alternate).toEqual({ locale: 'vi', slug: 'meo-so-01' });
  });

  it('refuses unknown category, tag or author keys with 422 and writes nothing', async () => {
    const before = await postCount();
    const cases: [Partial<BlogPostInput>, string][] = [
      [{ category: 'nope' }, 'unknownCategory'],
      [{ tags: ['salon', 'nope'] }, 'unknownTag'],
      [{ author: 'nope' }, 'unknownAuthor'],
    ];
    for (const [overrides, code] of cases) {
      await expect(h.blog.service.savePost(postInput({ translation_key: 'refused', slug: 'bi-tu-choi', ...overrides }))).rejects.toMatchObject({
        status: 422,
        code,
      });
    }
    expect(await postCount()).toBe(before);
  });
});
