/**
 * The blog's server-rendered pages (server/blog/pages.ts) with the real renderer: the server
 * bundle of src/blog-entry.tsx, built here as `npm run build` builds it, over the blog harness's
 * database. Lists (search without diacritics, filters, sort, pages), a post (its text, table of
 * contents, hreflang, JSON-LD), the cache dropped when a post is saved, 404s, refused queries
 * (400 with the page, never 500), ETags, and 503 without a build.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPageRoutes, BLOG_BUNDLE_DIR, loadBlogBundle, type BlogBundle } from '../../server/blog/pages.ts';
import { handleError } from '../../server/http/errors.ts';
import type { AppEnv } from '../../server/http/types.ts';
import { createBlogHarness, NOW, postInput, PUBLIC_URL, type BlogHarness } from './helpers/blog.ts';
import { DRIVER } from './helpers/database.ts';
import { silentLogger } from './helpers/logs.ts';

const root = resolve(import.meta.dirname, '..', '..');
/** The markers scripts/prerender.ts leaves in the blog's templates. */
const TEMPLATE = (locale: string) =>
  `<!doctype html><html lang="${locale}"><head><title>x</title><meta name="description" content="x"><!--app-head--></head><body><div id="root" data-page="blog"><!--app-html--></div><!--blog-data--></body></html>`;

let h: BlogHarness;
let dir: string;
let bundle: BlogBundle;
let app: Hono<AppEnv>;
let dispose: () => void;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-blog-pages-'));
  const { build } = await import('vite');
  await build({
    root,
    logLevel: 'error',
    build: {
      ssr: 'src/blog-entry.tsx',
      outDir: join(dir, BLOG_BUNDLE_DIR),
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      rollupOptions: { input: 'src/blog-entry.tsx' },
    },
  });
  await writeFile(join(dir, BLOG_BUNDLE_DIR, 'template.vi.html'), TEMPLATE('vi'));
  await writeFile(join(dir, BLOG_BUNDLE_DIR, 'template.en.html'), TEMPLATE('en'));
  const loaded = await loadBlogBundle(dir);
  if (!loaded) throw new Error('the blog bundle did not load');
  bundle = loaded;
  h = await createBlogHarness();
  const pages = blogPageRoutes({ service: h.blog.service, bundle, publicUrl: PUBLIC_URL, logger: silentLogger(), now: () => NOW });
  dispose = pages.dispose;
  app = new Hono<AppEnv>();
  app.onError(handleError);
  app.route('/', pages.app);
}, 240_000);

afterAll(async () => {
  dispose?.();
  await h?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

const cardTitles = (html: string) => [...html.matchAll(/data-testid="blog-card"[\s\S]*?<a href="[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);

describe(`the blog's pages (${DRIVER})`, () => {
  it('renders /blog with ten posts, the total, pagination links and its head', async () => {
    const { status, html, headers } = await page('/blog');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/html');
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(cardTitles(html)).toHaveLength(10);
    expect(html).toContain('25 bài viết');
    expect(html).toContain('href="/blog?page=2"');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog">`);
    expect(html).toContain(`hreflang="en" href="${PUBLIC_URL}/en/blog"`);
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain('<script type="application/json" id="blog-data">');
    expect(html).toContain('<title>Blog Atelier · Atelier</title>');
  });

  it('searches without diacritics, filters, sorts and pages from the query string', async () => {
    const withMarks = cardTitles((await page('/blog?q=%C3%A1o%20d%C3%A0i')).html);
    const without = cardTitles((await page('/blog?q=ao+dai')).html);
    expect(withMarks.length).toBeGreaterThan(0);
    expect(without).toEqual(withMarks);
    expect(withMarks).toContain('Chụp ảnh áo dài cho gian hàng online');
    const second = await page('/blog?page=2&sort=title-asc');
    expect(cardTitles(second.html)).toHaveLength(10);
    expect(second.html).toContain('aria-current="page">2<');
    expect(second.html).toContain('<meta name="robots" content="noindex, follow">');
    const az = cardTitles((await page('/blog?sort=title-asc')).html);
    const za = cardTitles((await page('/blog?sort=title-desc')).html);
    expect(az[0]).not.toBe(za[0]);
    // An empty field of the GET form is no filter.
    expect((await page('/blog?q=&category=&tag=&author=&sort=newest')).status).toBe(200);
  });

  it('renders a category and a tag page, with the other language’s slug as hreflang', async () => {
    const category = await page('/blog/category/ban-hang-online');
    expect(category.status, category.html.slice(0, 200)).toBe(200);
    expect(category.html).toContain('Chuyên mục:');
    expect(category.html).toMatch(/hreflang="en" href="https:\/\/atelier\.example\/en\/blog\/category\/[a-z-]+"/);
    expect((await page('/blog/category/khong-co')).status).toBe(404);
    expect((await page('/blog/tag/khong-co')).status).toBe(404);
  });

  it('renders a post with its text, table of contents, reading time, hreflang and BlogPosting', async () => {
    const { status, html } = await page('/blog/chup-anh-ao-dai-cho-gian-hang');
    expect(status).toBe(200);
    expect(html).toContain('<h1');
    expect(html).toContain('Chụp ảnh áo dài cho gian hàng online');
    expect(html).toContain('<h2 id="chuan-bi-truoc-buoi-chup">Chuẩn bị trước buổi chụp</h2>');
    expect(html).toContain('data-testid="blog-toc"');
    expect(html).toContain('href="#khi-khong-co-nguoi-mau"');
    expect(html).toContain('1 phút đọc');
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${PUBLIC_URL}/en/blog/photographing-ao-dai-for-an-online-shop">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/blog/chup-anh-ao-dai-cho-gian-hang">`);
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toContain('<meta property="og:type" content="article">');
    // Its own preview image (tests/server/blog-preview-images.test.ts serves it), the lists the site's.
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${PUBLIC_URL}/blog/og/chup-anh-ao-dai-cho-gian-hang\\.[0-9a-f]{16}\\.png">`));
    expect(html).toMatch(/<meta name="twitter:image" content="[^"]+\/blog\/og\/chup-anh-ao-dai-cho-gian-hang\.[0-9a-f]{16}\.png">/);
    expect(html).toMatch(
      /"@type":"BlogPosting".*"image":\{"@type":"ImageObject","url":"[^"]+\/blog\/og\/chup-anh-ao-dai-cho-gian-hang\.[0-9a-f]{16}\.png","width":1200,"height":630\}/,
    );
    expect((await page('/blog')).html).toContain(`<meta property="og:image" content="${PUBLIC_URL}/images/og/atelier.png">`);
    expect(html).toContain('data-testid="blog-related"');
    // The post's text is in the body once; the JSON block carries everything else.
    expect(html.split('Chuẩn bị trước buổi chụp</h2>')).toHaveLength(2);
    const json = /<script type="application\/json" id="blog-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toMatchObject({ kind: 'post', post: { html: '', slug: 'chup-anh-ao-dai-cho-gian-hang' } });
    const en = await page('/en/blog/photographing-ao-dai-for-an-online-shop');
    expect(en.status).toBe(200);
    expect(en.html).toContain('min read');
  });

  it('sends another language’s slug to the same article in this language', async () => {
    const response = await app.request('/en/blog/chup-anh-ao-dai-cho-gian-hang');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/en/blog/photographing-ao-dai-for-an-online-shop');
  });

  it('answers 404 with the not-found page for unknown, draft, scheduled and malformed slugs', async () => {
    for (const path of ['/blog/khong-ton-tai', '/blog/ban-nhap', '/blog/sap-dang', '/blog/NOT_A_SLUG', '/en/blog/khong-ton-tai']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain('data-testid="blog-not-found"');
      expect(html, path).toContain('<meta name="robots" content="noindex, follow">');
    }
  });

  it('answers a refused query with 400 and the page explaining it, never 500', async () => {
    for (const query of ['sort=best', 'page=0', 'page=abc', `q=${'a'.repeat(101)}`, 'colour=red', 'category=NOT%20A%20SLUG', 'q=%00']) {
      const { status, html } = await page(`/blog?${query}`);
      expect(status, query).toBe(400);
      expect(html, query).toContain('data-testid="blog-query-error"');
      expect(html, query).toContain('data-testid="blog-filters"');
    }
    // An unknown author by a valid slug names nothing: 404.
    expect((await page('/blog?author=khong-co')).status).toBe(404);
  });

  it('revalidates with an ETag and renders the post again once it is saved', async () => {
    const first = await page('/blog/chup-anh-ao-dai-cho-gian-hang');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await page('/blog/chup-anh-ao-dai-cho-gian-hang', { 'If-None-Match': etag! })).status).toBe(304);
    const listBefore = await page('/blog');
    await h.blog.service.savePost(
      postInput({
        translation_key: 'ao-dai-photos',
        slug: 'chup-anh-ao-dai-cho-gian-hang',
        title: 'Chụp ảnh áo dài: bản mới',
        markdown: '## Phần mới\n\nNội dung đã sửa.',
        category: 'guides',
        tags: ['product-photos'],
        published_at: '2026-03-01T08:00:00+07:00',
      }),
    );
    const after = await page('/blog/chup-anh-ao-dai-cho-gian-hang', { 'If-None-Match': etag! });
    expect(after.status).toBe(200);
    expect(after.html).toContain('Chụp ảnh áo dài: bản mới');
    expect(after.html).toContain('<h2 id="phan-moi">Phần mới</h2>');
    expect(after.headers.get('etag')).not.toBe(etag);
    // Lists are dropped on any change too.
    expect((await page('/blog')).headers.get('etag')).not.toBe(listBefore.headers.get('etag'));
  });

  it('sends each page compressed in the coding the browser prefers, each coding with its own ETag', async () => {
    const plain = await page('/blog');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const seen = new Set([plain.headers.get('etag')]);
    for (const [accept, coding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await app.request('/blog', { headers: { 'Accept-Encoding': accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(coding);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
      // Smaller by far, and the same page once decoded.
      expect(bytes.length).toBeLessThan(plain.html.length / 3);
      expect(decode(bytes).toString('utf8')).toBe(plain.html);
      const etag = response.headers.get('etag')!;
      seen.add(etag);
      const again = await app.request('/blog', { headers: { 'Accept-Encoding': accept, 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('content-encoding')).toBeNull();
    }
    expect(seen.size).toBe(3);
    // A refused coding (q=0) is not used.
    const refused = await app.request('/blog', { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
    expect(refused.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers 503 like the static handler when the build has no renderer', async () => {
    expect(await loadBlogBundle(join(dir, 'missing'))).toBeNull();
    const pages = blogPageRoutes({ service: h.blog.service, bundle: null, publicUrl: PUBLIC_URL, logger: silentLogger() });
    const response = await pages.app.request('/blog');
    expect(response.status).toBe(503);
    pages.dispose();
  });
});
