/**
 * GET /api/blog/posts (src/contract/blog.ts): the list grammar on the real database (PGlite, or
 * Postgres with DATABASE_URL): each sort, each filter, diacritic-insensitive search, pagination
 * and totals, category and tag pages, and bad input answered 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { BLOG_PAGE_SIZE } from '../../src/contract/blog.ts';
import { BlogPostPageSchema, type BlogPostPage } from '../../src/contract/blog.schema.ts';
import { compareTitles } from '../../server/blog/text.ts';
import { createBlogHarness, EXTRA_POSTS, getJson, type BlogHarness } from './helpers/blog.ts';
import { DRIVER } from './helpers/database.ts';

let h: BlogHarness;

beforeAll(async () => {
  h = await createBlogHarness();
}, 60_000);

afterAll(async () => {
  await h?.dispose();
});

async function list(query: string): Promise<BlogPostPage> {
  const { status, body } = await getJson<BlogPostPage>(h.app, `/api/blog/posts${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return v.parse(BlogPostPageSchema, body);
}

/** Every post of a query, over all its pages. */
async function all(query: string): Promise<BlogPostPage['items']> {
  const first = await list(query);
  const items = [...first.items];
  for (let page = 2; page <= first.page_count; page++) items.push(...(await list(`${query}&page=${page}`)).items);
  return items;
}

const VI_TOTAL = 5 + EXTRA_POSTS;

describe(`blog list (${DRIVER})`, () => {
  it('pages the published Vietnamese posts 10 at a time, newest first, with totals', async () => {
    const first = await list('');
    expect(first).toMatchObject({ page: 1, page_size: BLOG_PAGE_SIZE, total: VI_TOTAL, page_count: 3, category: null, tag: null, author: null });
    expect(first.items).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.items[0]?.slug).toBe('dang-video-vay-len-tiktok-shop');
    const last = await list('?page=3');
    expect(last.items).toHaveLength(VI_TOTAL - 2 * BLOG_PAGE_SIZE);
    const past = await list('?page=4');
    expect(past).toMatchObject({ items: [], total: VI_TOTAL, page: 4 });
    const every = await all('?locale=vi');
    expect(new Set(every.map((post) => post.slug)).size).toBe(VI_TOTAL);
    // Drafts and posts scheduled after "now" never show.
    expect(every.map((post) => post.slug)).not.toContain('ban-nhap');
    expect(every.map((post) => post.slug)).not.toContain('sap-dang');
    const times = every.map((post) => post.published_at);
    expect(times).toEqual(times.toSorted().toReversed());
  });

  it('sorts oldest first', async () => {
    const times = (await all('?sort=oldest')).map((post) => post.published_at);
    expect(times).toEqual(times.toSorted());
    expect(times).toHaveLength(VI_TOTAL);
  });

  it('sorts titles A–Z and Z–A in Vietnamese dictionary order', async () => {
    const asc = (await all('?sort=title-asc')).map((post) => post.title);
    expect(asc).toEqual(asc.toSorted(compareTitles));
    // Đ after D, Ánh/Ảnh (A) first: Vietnamese order, not code-point order.
    expect(asc.indexOf('Đăng video váy lên TikTok Shop')).toBeGreaterThan(asc.indexOf('Danh sách kiểm tra ảnh đăng Shopee'));
    expect(asc[0]).toBe('Ánh sáng tự nhiên cho ảnh sản phẩm');
    const desc = (await all('?sort=title-desc')).map((post) => post.title);
    expect(desc).toEqual(asc.toReversed());
    const en = (await all('?locale=en&sort=title-asc')).map((post) => post.title);
    expect(en).toEqual([
      'A photo checklist for Shopee listings',
      'Bringing hairstyle previews into a consultation',
      'Natural light for product photos',
      'Photographing áo dài for an online shop',
      'Posting dress videos on TikTok Shop',
    ]);
  });

  it('searches without diacritics or case mattering, every term required, in title, description and body', async () => {
    // "áo" and "dài" are both in the áo dài post, and in the natural-light one ("quần áo", "Ấm, dài").
    for (const q of ['ao dai', 'áo dài', 'ÁO DÀI', 'Áo   dài!', 'dai ao']) {
      const found = await list(`?q=${encodeURIComponent(q)}`);
      expect(found.items.map((post) => post.slug).toSorted(), q).toEqual(['anh-sang-tu-nhien-cho-anh-san-pham', 'chup-anh-ao-dai-cho-gian-hang']);
    }
    // Terms match the start of words: "ao" is not found inside "sao" or "tạo", and a word being typed finds the whole.
    expect((await list('?q=ao%20dai%20gian%20ha')).items.map((post) => post.slug)).toEqual(['chup-anh-ao-dai-cho-gian-hang']);
    expect((await list('?q=uon')).total).toBe(0);
    // A body-only phrase, written without its diacritics.
    expect((await list('?q=ma%20no%20canh')).items.map((post) => post.slug)).toEqual(['chup-anh-ao-dai-cho-gian-hang']);
    expect((await list('?q=ao%20dai%20khongcodau')).total).toBe(0);
    expect((await list('?q=meo%20so')).total).toBe(EXTRA_POSTS);
    // LIKE's wildcards are not letters: a query of only punctuation searches nothing and lists all.
    expect((await list(`?q=${encodeURIComponent('%_\\')}`)).total).toBe(VI_TOTAL);
    expect((await list(`?q=${encodeURIComponent('ao_dai%')}`)).items.map((post) => post.slug)).toHaveLength(2);
    expect((await list('?locale=en&q=ao%20dai')).items.map((post) => post.slug)).toEqual(['photographing-ao-dai-for-an-online-shop']);
    // Drafts and scheduled posts (both titled "Áo dài …") are not found either.
    expect((await list('?q=ban%20nhap')).total).toBe(0);
    expect((await list('?q=sap%20dang')).total).toBe(0);
  });

  it('filters by category, tag and author slug of the locale, and names the filter', async () => {
    const category = await list('?category=huong-dan');
    expect(category.category).toEqual({ key: 'guides', slug: 'huong-dan', name: 'Hướng dẫn' });
    expect(category.items.map((post) => post.slug).toSorted()).toEqual(['anh-sang-tu-nhien-cho-anh-san-pham', 'chup-anh-ao-dai-cho-gian-hang']);
    const tag = await list('?tag=anh-san-pham');
    expect(tag.tag).toEqual({ key: 'product-photos', slug: 'anh-san-pham', name: 'Ảnh sản phẩm' });
    expect(tag.total).toBe(4);
    for (const post of tag.items) expect(post.tags.map((t) => t.key)).toContain('product-photos');
    const author = await list('?author=nguyen-thu-ha');
    expect(author.author?.name).toBe('Nguyễn Thu Hà');
    expect(author).toMatchObject({ total: EXTRA_POSTS + 1, page_count: 3 });
    const both = await list('?category=ban-hang-online&tag=anh-san-pham&sort=oldest');
    expect(both.items.map((post) => post.slug)).toEqual(['danh-sach-kiem-tra-anh-shopee', 'dang-video-vay-len-tiktok-shop']);
    expect((await list('?category=ban-hang-online&tag=anh-san-pham&q=shopee')).total).toBe(1);
    const en = await list('?locale=en&tag=product-photos');
    expect(en.total).toBe(4);
    expect(en.items[0]?.tags[0]).toEqual({ key: 'tiktok-shop', slug: 'tiktok-shop', name: 'TikTok Shop' });
    expect((await list('?category=chua-co-bai')).total).toBe(0);
  });

  it('answers a summary with author, category, tags in the author’s order and reading time', async () => {
    const post = (await list('?category=huong-dan')).items.find((item) => item.translation_key === 'ao-dai-photos');
    expect(post).toMatchObject({
      translation_key: 'ao-dai-photos',
      locale: 'vi',
      title: 'Chụp ảnh áo dài cho gian hàng online',
      published_at: '2026-08-05T02:00:00.000Z',
      updated_at: '2026-08-05T02:00:00.000Z',
      reading_minutes: 1,
      author: { key: 'minh-anh', slug: 'tran-minh-anh', name: 'Trần Minh Anh', role: 'Biên tập nội dung' },
      category: { key: 'guides', slug: 'huong-dan', name: 'Hướng dẫn' },
      tags: [
        { key: 'product-photos', slug: 'anh-san-pham', name: 'Ảnh sản phẩm' },
        { key: 'virtual-tryon', slug: 'thu-do-ao', name: 'Thử đồ ảo' },
      ],
    });
  });

  it('answers 404 with a code for a slug that names nothing, in the query’s locale', async () => {
    for (const [query, code] of [
      ['?category=khong-co', 'categoryNotFound'],
      ['?tag=khong-co', 'tagNotFound'],
      ['?author=khong-co', 'authorNotFound'],
      // English slugs are not Vietnamese ones.
      ['?tag=product-photos', 'tagNotFound'],
      ['?locale=en&category=huong-dan', 'categoryNotFound'],
    ] as const) {
      const { status, body, headers } = await getJson(h.app, `/api/blog/posts${query}`);
      expect({ status, code: body['code'] }, query).toEqual({ status: 404, code });
      expect(headers.get('cache-control')).toBe('no-store');
    }
  });

  it('refuses bad values and unknown keys with a 422 naming them, never a 500', async () => {
    for (const query of [
      '?sort=best',
      '?sort=',
      '?page=0',
      '?page=-1',
      '?page=abc',
      '?page=1.5',
      '?page=99999999999',
      '?page=10001',
      `?q=${'a'.repeat(101)}`,
      '?q=%00',
      '?locale=fr',
      '?locale=',
      '?category=%C3%81o',
      '?category=a--b',
      `?tag=${'a'.repeat(121)}`,
      '?author=UPPER',
      '?foo=1',
      '?catgory=huong-dan',
    ]) {
      const { status, body } = await getJson(h.app, `/api/blog/posts${query}`);
      expect(status, `${query}: ${JSON.stringify(body)}`).toBe(422);
      expect(body['message'], query).toMatch(/^Invalid input/);
    }
    // The longest query accepted.
    expect((await getJson(h.app, `/api/blog/posts?q=${'a'.repeat(100)}`)).status).toBe(200);
  });

  it('caches answers briefly and publicly', async () => {
    const { headers } = await getJson(h.app, '/api/blog/posts');
    expect(headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
  });
});
