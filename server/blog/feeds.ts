/**
 * The blog's feeds and the site's files for crawlers (docs/product-rules.md#blog-feeds), built
 * from the blog service and config.publicUrl (every URL absolute):
 * - RSS 2.0 and Atom 1.0 feeds of the latest BLOG_FEED_SIZE published posts of one language
 *   (`/blog/rss.xml`, `/blog/atom.xml`, `/en/blog/rss.xml`, `/en/blog/atom.xml`); Atom carries
 *   each post's sanitised HTML, RSS its description;
 * - `/sitemap.xml`: every public page in both languages (PUBLIC_PAGE_PATHS), every published post
 *   and every category and tag page with posts, each `<url>` with its hreflang alternates (vi, en,
 *   and x-default: the Vietnamese page, or the only one there is);
 * - `/robots.txt`: everything but the APIs and the signed-in app, and where the sitemap is;
 * - `/llms.txt`: the site summarised for language models, in markdown (llmstxt.org's layout).
 */
import { BLOG_FEED_SIZE, blogCategoryPath, blogFeedPath, blogIndexPath, blogPostPath, blogTagPath, type BlogLocaleCode } from '../../src/contract/blog.ts';
import { englishPath, PUBLIC_PAGE_PATHS } from '../../src/contract/site-routes.ts';
import { STUDIO_ROUTE_PATHS } from '../../src/contract/tools.ts';
import type { BlogService, FeedPost } from './service.ts';
import { element, emptyElement, XML_DECLARATION, xmlChars } from './xml.ts';

/** What the feeds call the blog, per language. */
const FEED_TEXT: Readonly<Record<BlogLocaleCode, { title: string; description: string }>> = {
  vi: { title: 'Blog Atelier', description: 'Hướng dẫn, kinh nghiệm bán hàng online và giải thích về AI cho ảnh thời trang, từ đội ngũ Atelier.' },
  en: { title: 'Atelier blog', description: 'Guides, online-selling know-how and plain explanations of AI for fashion images, from the Atelier team.' },
};

/**
 * Paths of the signed-in app (studios, library, account, admin, payments, auth screens) and the
 * diagnostics pages: nothing a search engine should index. A studio's route, from the tool
 * catalogue, also covers its legacy one-page screen (`/virtual-tryon` covers `/virtual-tryon-legacy`).
 */
export const ROBOTS_DISALLOWED_PATHS: readonly string[] = [
  '/api/',
  '/v1/',
  '/auth/',
  ...STUDIO_ROUTE_PATHS,
  '/your-assets',
  '/history',
  '/studio',
  '/dashboard',
  '/profile',
  '/api-management',
  '/admin',
  '/receipts/',
  '/share',
  '/checkout',
  '/payment/',
  '/dev-tools',
  '/test',
];

/** The public API's documents stay readable to crawlers (the longer rule wins over `/v1/`). */
const ROBOTS_ALLOWED_UNDER_V1 = ['/v1/llms.txt', '/v1/openapi.json'] as const;

/** The page of a path in a locale: `/about` → `/en/about` in English. */
const localised = (path: string, locale: BlogLocaleCode): string => (locale === 'vi' ? path : englishPath(path));

/** The newest `updated` of the posts, or the epoch for an empty feed (a fixed, honest value). */
function newest(posts: FeedPost[]): string {
  return posts.map((post) => post.updated_at).reduce((a, b) => (a > b ? a : b), new Date(0).toISOString());
}

export interface SiteFilesDeps {
  blog: Pick<BlogService, 'latestPosts' | 'siteIndex'>;
  /** config.publicUrl: origin (and optional path), no trailing slash. */
  publicUrl: string;
}

export function createSiteFiles(deps: SiteFilesDeps) {
  const base = deps.publicUrl.replace(/\/+$/, '');
  const url = (path: string): string => `${base}${path}`;

  /** A markdown list item linking to a page of the site. */
  const line = (title: string, path: string, note?: string): string => `- [${markdownText(title)}](${url(path)})${note ? `: ${markdownText(note)}` : ''}`;

  function rssItem(post: FeedPost): string {
    const link = url(blogPostPath(post.locale, post.slug));
    return [
      '<item>',
      element('title', post.title),
      element('link', link),
      element('guid', link, { isPermaLink: 'true' }),
      element('pubDate', new Date(post.published_at).toUTCString()),
      element('dc:creator', post.author.name),
      element('category', post.category.name),
      ...post.tags.map((tag) => element('category', tag.name)),
      element('description', post.description),
      '</item>',
    ].join('');
  }

  function atomEntry(post: FeedPost): string {
    const link = url(blogPostPath(post.locale, post.slug));
    return [
      '<entry>',
      element('title', post.title),
      element('id', link),
      emptyElement('link', { rel: 'alternate', type: 'text/html', href: link }),
      element('published', post.published_at),
      element('updated', post.updated_at),
      `<author>${element('name', post.author.name)}</author>`,
      emptyElement('category', { term: post.category.key, label: post.category.name }),
      ...post.tags.map((tag) => emptyElement('category', { term: tag.key, label: tag.name })),
      element('summary', post.description),
      element('content', post.html, { type: 'html' }),
      '</entry>',
    ].join('');
  }

  return {
    async rss(locale: BlogLocaleCode): Promise<string> {
      const posts = await deps.blog.latestPosts(locale, BLOG_FEED_SIZE);
      const text = FEED_TEXT[locale];
      return [
        XML_DECLARATION,
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
        '<channel>',
        element('title', text.title),
        element('link', url(blogIndexPath(locale))),
        element('description', text.description),
        element('language', locale),
        element('lastBuildDate', new Date(newest(posts)).toUTCString()),
        emptyElement('atom:link', { href: url(blogFeedPath(locale, 'rss')), rel: 'self', type: 'application/rss+xml' }),
        ...posts.map(rssItem),
        '</channel>',
        '</rss>',
      ].join('\n');
    },

    async atom(locale: BlogLocaleCode): Promise<string> {
      const posts = await deps.blog.latestPosts(locale, BLOG_FEED_SIZE);
      const text = FEED_TEXT[locale];
      return [
        XML_DECLARATION,
        `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">`,
        element('title', text.title),
        element('subtitle', text.description),
        element('id', url(blogIndexPath(locale))),
        element('updated', newest(posts)),
        emptyElement('link', { rel: 'self', type: 'application/atom+xml', href: url(blogFeedPath(locale, 'atom')) }),
        emptyElement('link', { rel: 'alternate', type: 'text/html', href: url(blogIndexPath(locale)) }),
        `<author>${element('name', 'Atelier')}</author>`,
        ...posts.map(atomEntry),
        '</feed>',
      ].join('\n');
    },

    async sitemap(): Promise<string> {
      const index = await deps.blog.siteIndex();
      const entries: string[] = [];
      /** One `<url>` per language version, each listing every version and x-default. */
      const add = (versions: Partial<Record<BlogLocaleCode, string>>, lastmod?: string) => {
        const alternates = (['vi', 'en'] as const).flatMap((locale) => {
          const path = versions[locale];
          return path === undefined ? [] : [emptyElement('xhtml:link', { rel: 'alternate', hreflang: locale, href: url(path) })];
        });
        const fallback = versions.vi ?? versions.en;
        if (fallback === undefined) return;
        alternates.push(emptyElement('xhtml:link', { rel: 'alternate', hreflang: 'x-default', href: url(fallback) }));
        for (const locale of ['vi', 'en'] as const) {
          const path = versions[locale];
          if (path === undefined) continue;
          entries.push(['<url>', element('loc', url(path)), ...(lastmod ? [element('lastmod', lastmod)] : []), ...alternates, '</url>'].join(''));
        }
      };
      for (const path of PUBLIC_PAGE_PATHS) add({ vi: path, en: englishPath(path) });
      const seen = new Set<string>();
      for (const post of index.posts) {
        if (seen.has(post.translation_key)) continue;
        seen.add(post.translation_key);
        const versions: Partial<Record<BlogLocaleCode, string>> = { [post.locale]: blogPostPath(post.locale, post.slug) };
        if (post.alternate) versions[post.alternate.locale] = blogPostPath(post.alternate.locale, post.alternate.slug);
        const lastmod = index.posts
          .filter((other) => other.translation_key === post.translation_key)
          .map((other) => other.updated_at)
          .reduce((a, b) => (a > b ? a : b));
        add(versions, lastmod);
      }
      for (const [terms, pathOf] of [
        [index.categories, blogCategoryPath],
        [index.tags, blogTagPath],
      ] as const) {
        for (const term of terms) {
          const versions: Partial<Record<BlogLocaleCode, string>> = {};
          if (term.vi) versions.vi = pathOf('vi', term.vi.slug);
          if (term.en) versions.en = pathOf('en', term.en.slug);
          add(versions);
        }
      }
      return [
        XML_DECLARATION,
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ...entries,
        '</urlset>',
      ].join('\n');
    },

    robots(): string {
      return [
        'User-agent: *',
        'Allow: /',
        ...ROBOTS_ALLOWED_UNDER_V1.map((path) => `Allow: ${path}`),
        ...ROBOTS_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${url('/sitemap.xml')}`,
        '',
      ].join('\n');
    },

    async llms(): Promise<string> {
      const index = await deps.blog.siteIndex();
      const posts = (locale: BlogLocaleCode) =>
        index.posts.filter((post) => post.locale === locale).map((post) => line(post.title, blogPostPath(locale, post.slug), post.description));
      return [
        '# Atelier',
        '',
        '> Atelier is a web studio for AI fashion and image work, made for Vietnamese online sellers, fashion brands and hair and beauty salons: virtual try-on, virtual models (body generator), hairstyle changer, image editing, image to video and upscaling. Vietnamese first (pages at the root), English under /en/.',
        '',
        'Credits pay for each generation; plans and credit packs are on the pricing page. The studio needs a sign-in; the pages below are public.',
        '',
        '## Pages',
        '',
        ...PUBLIC_PAGE_PATHS.map((path) => `- ${url(path)} (English: ${url(localised(path, 'en'))})`),
        '',
        '## API',
        '',
        line('API documentation', '/api-docs', 'the public REST API (/v1) for integrators, with API tokens'),
        line('API summary for language models', '/v1/llms.txt'),
        line('OpenAPI document', '/v1/openapi.json'),
        '',
        '## Blog (Tiếng Việt)',
        '',
        ...posts('vi'),
        '',
        '## Blog (English)',
        '',
        ...posts('en'),
        '',
        '## Optional',
        '',
        line('RSS (Tiếng Việt)', blogFeedPath('vi', 'rss')),
        line('RSS (English)', blogFeedPath('en', 'rss')),
        line('Sitemap', '/sitemap.xml'),
        '',
      ].join('\n');
    },
  };
}

/** Text inside a markdown link or list item: no line breaks, brackets escaped, XML-invalid characters dropped. */
function markdownText(text: string): string {
  return xmlChars(text)
    .replace(/\s+/g, ' ')
    .replace(/([[\]\\])/g, '\\$1');
}

export type SiteFiles = ReturnType<typeof createSiteFiles>;
