/**
 * The feeds and the site files (server/blog/feeds.ts): RSS and Atom of the latest 20 posts per
 * language, the sitemap with hreflang alternates, robots.txt and llms.txt; every XML file is
 * checked well-formed by a strict parser (helpers/xml.ts), with a title full of XML's special
 * characters to prove the escaping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_FEED_SIZE } from '../../src/contract/blog.ts';
import { englishPath, PUBLIC_PAGE_PATHS } from '../../src/contract/site-routes.ts';
import { createTestApp } from './helpers/app.ts';
import { createBlogHarness, EXTRA_POSTS, postInput, PUBLIC_URL, type BlogHarness } from './helpers/blog.ts';
import { createTestDatabase, DRIVER } from './helpers/database.ts';
import { childNamed, childrenNamed, parseXml, textOf, type XmlElement } from './helpers/xml.ts';

let h: BlogHarness;
/** A title with every character XML escapes, a CDATA end and a control character XML cannot carry. */
const HOSTILE_TITLE = 'Áo & váy <đẹp> "mới" \'rẻ\' ]]> hết\u0001';

beforeAll(async () => {
  h = await createBlogHarness();
  await h.blog.service.savePost(
    postInput({
      translation_key: 'hostile-title',
      slug: 'tieu-de-kho',
      title: HOSTILE_TITLE,
      description: 'Mô tả có & và <b>',
      published_at: '2026-11-20T08:00:00+07:00',
      markdown: '## A & B\n\n<script>x</script> Nội dung',
    }),
  );
}, 60_000);

afterAll(async () => {
  await h?.dispose();
});

async function fetchText(path: string, type: RegExp): Promise<string> {
  const response = await h.app.request(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toMatch(type);
  expect(response.headers.get('cache-control'), path).toMatch(/^public, max-age=\d+/);
  return response.text();
}

describe(`feeds (${DRIVER})`, () => {
  it('RSS: the latest 20 Vietnamese posts, newest first, absolute links, escaped text', async () => {
    const rss = parseXml(await fetchText('/blog/rss.xml', /^application\/rss\+xml/));
    expect(rss.name).toBe('rss');
    expect(rss.attributes['version']).toBe('2.0');
    const channel = childNamed(rss, 'channel');
    expect(textOf(childNamed(channel, 'link'))).toBe(`${PUBLIC_URL}/blog`);
    expect(textOf(childNamed(channel, 'language'))).toBe('vi');
    expect(childNamed(channel, 'atom:link').attributes).toMatchObject({ href: `${PUBLIC_URL}/blog/rss.xml`, rel: 'self' });
    const items = childrenNamed(channel, 'item');
    expect(items).toHaveLength(BLOG_FEED_SIZE);
    const dates = items.map((item) => Date.parse(textOf(childNamed(item, 'pubDate'))));
    expect(dates.every((date) => !Number.isNaN(date))).toBe(true);
    expect(dates).toEqual(dates.toSorted((a, b) => b - a));
    for (const item of items) {
      const link = textOf(childNamed(item, 'link'));
      expect(link).toMatch(/^https:\/\/atelier\.example\/blog\/[a-z0-9-]+$/);
      expect(textOf(childNamed(item, 'guid'))).toBe(link);
      expect(textOf(childNamed(item, 'title')).length).toBeGreaterThan(0);
      expect(textOf(childNamed(item, 'description')).length).toBeGreaterThan(0);
    }
    const hostile = items.find((item) => textOf(childNamed(item, 'link')).endsWith('/tieu-de-kho'));
    expect(hostile && textOf(childNamed(hostile, 'title'))).toBe(HOSTILE_TITLE.replace('\u0001', ''));
    expect(hostile && textOf(childNamed(hostile, 'description'))).toBe('Mô tả có & và <b>');
    const texts = items.map((item) => textOf(childNamed(item, 'link')));
    expect(texts).not.toContain(`${PUBLIC_URL}/blog/ban-nhap`);
    expect(texts).not.toContain(`${PUBLIC_URL}/blog/sap-dang`);
  });

  it('Atom: English posts under /en, each with its sanitised html as content', async () => {
    const feed = parseXml(await fetchText('/en/blog/atom.xml', /^application\/atom\+xml/));
    expect(feed.name).toBe('feed');
    expect(feed.attributes).toMatchObject({ xmlns: 'http://www.w3.org/2005/Atom', 'xml:lang': 'en' });
    expect(textOf(childNamed(feed, 'id'))).toBe(`${PUBLIC_URL}/en/blog`);
    expect(Number.isNaN(Date.parse(textOf(childNamed(feed, 'updated'))))).toBe(false);
    const entries = childrenNamed(feed, 'entry');
    expect(entries).toHaveLength(5);
    for (const entry of entries) {
      expect(textOf(childNamed(entry, 'id'))).toMatch(/^https:\/\/atelier\.example\/en\/blog\/[a-z0-9-]+$/);
      expect(childNamed(entry, 'link').attributes['href']).toBe(textOf(childNamed(entry, 'id')));
      expect(textOf(childNamed(childNamed(entry, 'author'), 'name')).length).toBeGreaterThan(0);
      for (const name of ['published', 'updated']) expect(Number.isNaN(Date.parse(textOf(childNamed(entry, name))))).toBe(false);
      expect(childNamed(entry, 'content').attributes['type']).toBe('html');
    }
    const first = entries[0] as XmlElement;
    expect(textOf(childNamed(first, 'title'))).toBe('Posting dress videos on TikTok Shop');
    expect(textOf(childNamed(first, 'content'))).toContain('<h2 id="pick-the-source-photo">Pick the source photo</h2>');
    // The Vietnamese Atom feed carries the hostile post's html, escaped once; its raw HTML line
    // (a script) is dropped whole, as markdown reads it as an HTML block.
    const vi = parseXml(await fetchText('/blog/atom.xml', /^application\/atom\+xml/));
    const hostile = childrenNamed(vi, 'entry').find((entry) => textOf(childNamed(entry, 'id')).endsWith('/tieu-de-kho'));
    expect(hostile && textOf(childNamed(hostile, 'content'))).toBe('<h2 id="a-b">A &#x26; B</h2>');
    expect(parseXml(await fetchText('/en/blog/rss.xml', /^application\/rss\+xml/)).name).toBe('rss');
  });

  it('feeds of an empty blog are still valid', async () => {
    const empty = await createTestDatabase({ migrated: true });
    try {
      const app = createTestApp({ database: empty.database, env: { PUBLIC_URL } });
      for (const path of ['/blog/rss.xml', '/blog/atom.xml', '/en/blog/rss.xml', '/en/blog/atom.xml', '/sitemap.xml']) {
        const response = await app.request(path);
        expect(response.status, path).toBe(200);
        parseXml(await response.text());
      }
    } finally {
      await empty.dispose();
    }
  });
});

describe(`site files (${DRIVER})`, () => {
  it('sitemap: every public page in both languages and every published post and term page, with hreflang alternates', async () => {
    const urlset = parseXml(await fetchText('/sitemap.xml', /^application\/xml/));
    expect(urlset.attributes).toMatchObject({ xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9', 'xmlns:xhtml': 'http://www.w3.org/1999/xhtml' });
    const urls = new Map(childrenNamed(urlset, 'url').map((url) => [textOf(childNamed(url, 'loc')), url]));
    const alternates = (loc: string) =>
      Object.fromEntries(
        childrenNamed(urls.get(`${PUBLIC_URL}${loc}`) as XmlElement, 'xhtml:link').map((link) => [
          link.attributes['hreflang'],
          link.attributes['href']?.slice(PUBLIC_URL.length),
        ]),
      );
    for (const path of PUBLIC_PAGE_PATHS) {
      expect(urls.has(`${PUBLIC_URL}${path}`), path).toBe(true);
      expect(alternates(englishPath(path))).toEqual({ vi: path, en: englishPath(path), 'x-default': path });
    }
    expect(alternates('/blog/chup-anh-ao-dai-cho-gian-hang')).toEqual({
      vi: '/blog/chup-anh-ao-dai-cho-gian-hang',
      en: '/en/blog/photographing-ao-dai-for-an-online-shop',
      'x-default': '/blog/chup-anh-ao-dai-cho-gian-hang',
    });
    expect(alternates('/en/blog/photographing-ao-dai-for-an-online-shop')['vi']).toBe('/blog/chup-anh-ao-dai-cho-gian-hang');
    // A post in one language only: itself and x-default.
    expect(alternates('/blog/meo-so-01')).toEqual({ vi: '/blog/meo-so-01', 'x-default': '/blog/meo-so-01' });
    expect(textOf(childNamed(urls.get(`${PUBLIC_URL}/blog/danh-sach-kiem-tra-anh-shopee`) as XmlElement, 'lastmod'))).toBe('2026-10-01T01:00:00.000Z');
    expect(alternates('/blog/category/huong-dan')).toEqual({
      vi: '/blog/category/huong-dan',
      en: '/en/blog/category/guides',
      'x-default': '/blog/category/huong-dan',
    });
    expect(alternates('/en/blog/tag/hairstyles')['vi']).toBe('/blog/tag/kieu-toc');
    const locs = [...urls.keys()];
    expect(locs.filter((loc) => loc.includes('/blog/') && !loc.includes('/category/') && !loc.includes('/tag/') && !loc.endsWith('.xml'))).toHaveLength(
      5 + EXTRA_POSTS + 1 + 5,
    );
    for (const hidden of ['/blog/ban-nhap', '/blog/sap-dang', '/blog/category/chua-co-bai', '/en/blog/category/no-posts-yet'])
      expect(urls.has(`${PUBLIC_URL}${hidden}`), hidden).toBe(false);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/atelier\.example\//);
    expect(new Set(locs).size).toBe(childrenNamed(urlset, 'url').length);
  });

  it('robots.txt: allows the site, keeps crawlers off the APIs and the signed-in app, names the sitemap', async () => {
    const robots = await fetchText('/robots.txt', /^text\/plain/);
    const lines = robots.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const line of [
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /v1/',
      'Allow: /v1/llms.txt',
      'Disallow: /your-assets',
      'Disallow: /admin',
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    ])
      expect(lines).toContain(line);
    // No public page is disallowed.
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    for (const path of [...PUBLIC_PAGE_PATHS, ...PUBLIC_PAGE_PATHS.map(englishPath), '/blog/chup-anh-ao-dai-cho-gian-hang']) {
      expect(
        disallowed.filter((rule) => path.startsWith(rule)),
        path,
      ).toEqual([]);
    }
  });

  it('llms.txt: what Atelier is, its pages, the API documents and every post in both languages', async () => {
    const llms = await fetchText('/llms.txt', /^text\/markdown/);
    expect(llms.startsWith('# Atelier\n\n> ')).toBe(true);
    for (const text of [
      `${PUBLIC_URL}/pricing`,
      `${PUBLIC_URL}/en/pricing`,
      `${PUBLIC_URL}/api-docs`,
      `${PUBLIC_URL}/v1/llms.txt`,
      `[Chụp ảnh áo dài cho gian hàng online](${PUBLIC_URL}/blog/chup-anh-ao-dai-cho-gian-hang)`,
      `(${PUBLIC_URL}/en/blog/posting-dress-videos-on-tiktok-shop)`,
    ]) {
      expect(llms).toContain(text);
    }
    expect(llms).not.toContain('ban-nhap');
  });
});
