/**
 * A post's link-preview image (server/blog/preview-images.ts) through the assembled app, on the
 * blog harness's database: one per post per language, a 1200 × 630 PNG at the versioned path its
 * post names, cached for good under that version; a new title is a new path and a new image (the
 * old path then serves today's image, briefly cached); unknown, draft and scheduled posts and
 * malformed or hostile names are a clean 404; one drawing for concurrent requests.
 */
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_IMAGE_HEIGHT, BLOG_IMAGE_WIDTH } from '../../src/contract/blog.ts';
import type { BlogPost } from '../../src/contract/blog.schema.ts';
import { previewImageRoutes } from '../../server/blog/preview-images.ts';
import { handleError } from '../../server/http/errors.ts';
import type { AppEnv } from '../../server/http/types.ts';
import { drawTitleCard, type TitleCard } from '../../server/media/title-card.ts';
import { createBlogHarness, getJson, postInput, type BlogHarness } from './helpers/blog.ts';
import { DRIVER } from './helpers/database.ts';

let h: BlogHarness;

beforeAll(async () => {
  h = await createBlogHarness();
});

afterAll(async () => {
  await h?.dispose();
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

async function imageOf(slug: string, locale: 'vi' | 'en' = 'vi'): Promise<string> {
  const { status, body } = await getJson<BlogPost>(h.app, `/api/blog/posts/${slug}?locale=${locale}`);
  expect(status).toBe(200);
  return body.image;
}

async function fetchImage(path: string, headers: Record<string, string> = {}) {
  const response = await h.app.request(path, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe(`a post's preview image (${DRIVER})`, () => {
  it('is a 1200 × 630 PNG at the versioned path its post names, cached for good, in each language', async () => {
    const vi = await imageOf('chup-anh-ao-dai-cho-gian-hang');
    const en = await imageOf('photographing-ao-dai-for-an-online-shop', 'en');
    expect(vi).toMatch(/^\/blog\/og\/chup-anh-ao-dai-cho-gian-hang\.[0-9a-f]{16}\.png$/);
    expect(en).toMatch(/^\/en\/blog\/og\/photographing-ao-dai-for-an-online-shop\.[0-9a-f]{16}\.png$/);
    const images = [];
    for (const path of [vi, en]) {
      const image = await fetchImage(path);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(image.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
      const metadata = await sharp(image.bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', BLOG_IMAGE_WIDTH, BLOG_IMAGE_HEIGHT]);
      images.push(image.bytes);
    }
    // The two languages are two images.
    expect(images[0]!.equals(images[1]!)).toBe(false);
    // The same address again: the same bytes, and a revalidation with its ETag is a 304.
    const again = await fetchImage(vi);
    expect(again.bytes.equals(images[0]!)).toBe(true);
    const revalidated = await fetchImage(vi, { 'If-None-Match': again.headers.get('etag')! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);
  });

  it('changes address and image when the title changes; the old address then serves the new image, briefly cached', async () => {
    await h.blog.service.savePost(postInput({ translation_key: 'retitled', slug: 'bai-doi-ten', title: 'Chụp ảnh áo dài' }));
    const before = await imageOf('bai-doi-ten');
    const first = await fetchImage(before);
    await h.blog.service.savePost(postInput({ translation_key: 'retitled', slug: 'bai-doi-ten', title: 'Chụp ảnh áo dài trên nền trắng' }));
    const after = await imageOf('bai-doi-ten');
    expect(after).not.toBe(before);
    const second = await fetchImage(after);
    expect(second.status).toBe(200);
    expect(second.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(second.bytes.equals(first.bytes)).toBe(false);
    const old = await fetchImage(before);
    expect(old.status).toBe(200);
    expect(old.bytes.equals(second.bytes)).toBe(true);
    expect(old.headers.get('cache-control')).not.toContain('immutable');
    expect(old.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
  });

  it("changes address when the post's category is renamed", async () => {
    const before = await imageOf('natural-light-for-product-photos', 'en');
    const vietnamese = await imageOf('anh-sang-tu-nhien-cho-anh-san-pham');
    await h.test.database.kysely.updateTable('blog_categories').set({ name_en: 'How-to guides' }).where('key', '=', 'guides').execute();
    const after = await imageOf('natural-light-for-product-photos', 'en');
    expect(after).not.toBe(before);
    expect((await fetchImage(after)).status).toBe(200);
    // The Vietnamese name did not change: neither did the Vietnamese image.
    expect(await imageOf('anh-sang-tu-nhien-cho-anh-san-pham')).toBe(vietnamese);
  });

  it('answers 404, never cached, for unknown, draft and scheduled posts, the wrong language and any malformed name', async () => {
    const version = (await imageOf('chup-anh-ao-dai-cho-gian-hang')).split('.').at(-2)!;
    const names = [
      `khong-co-bai-nay.${version}.png`,
      `ban-nhap.${version}.png`,
      `sap-dang.${version}.png`,
      'chup-anh-ao-dai-cho-gian-hang.png',
      `chup-anh-ao-dai-cho-gian-hang.${version}`,
      `chup-anh-ao-dai-cho-gian-hang.${version}.jpg`,
      `chup-anh-ao-dai-cho-gian-hang.${version.toUpperCase()}.png`,
      `chup-anh-ao-dai-cho-gian-hang.${version}0.png`,
      `Chup-anh-ao-dai-cho-gian-hang.${version}.png`,
      `chup--anh.${version}.png`,
      `${'a'.repeat(121)}.${version}.png`,
      `${'a'.repeat(100_000)}.${version}.png`,
      `..%2F..%2Fetc%2Fpasswd.${version}.png`,
      `%00.${version}.png`,
      `%ED%A0%80.${version}.png`,
      `%E1%BA%A3nh.${version}.png`,
      `chup-anh-ao-dai-cho-gian-hang%2E${version}%2Epng%00`,
      '%',
      '%zz',
    ];
    for (const path of [...names.map((name) => `/blog/og/${name}`), `/en/blog/og/chup-anh-ao-dai-cho-gian-hang.${version}.png`]) {
      const response = await h.app.request(path);
      const body = await response.text();
      expect({ path: path.slice(0, 80), status: response.status }).toEqual({ path: path.slice(0, 80), status: 404 });
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(body).not.toMatch(/\bat\s|node_modules|\.ts:\d/);
    }
  });

  it('draws once for concurrent requests and keeps the image for the next ones', async () => {
    const drawn: TitleCard[] = [];
    const app = new Hono<AppEnv>();
    app.onError(handleError);
    app.route(
      '/',
      previewImageRoutes({
        service: h.blog.service,
        draw: (card) => {
          drawn.push(card);
          return drawTitleCard(card);
        },
      }),
    );
    const path = await imageOf('shopee-photo-checklist', 'en');
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.request(path)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await app.request(path)).status).toBe(200);
    expect(drawn).toEqual([{ title: 'A photo checklist for Shopee listings', kicker: expect.any(String), footer: 'Blog · English', lang: 'en' }]);
  });
});
