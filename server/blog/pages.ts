/**
 * The blog's pages, rendered on the server from the database (docs/product-rules.md#blog):
 * `/blog` (`?q&category&tag&author&sort&page`), `/blog/category/:slug`, `/blog/tag/:slug`,
 * `/blog/:slug`, and the same under `/en`. Each is complete HTML (it reads without JavaScript),
 * hydrated by src/site.tsx like the pre-rendered pages.
 *
 * The renderer is the build's server bundle of src/blog-entry.tsx with the page template
 * scripts/prerender.ts writes beside it, both in `$STATIC_DIR/.blog/` (a dot folder: the static
 * handler never serves it). Without them the pages answer 503 as the static handler does.
 *
 * Rendered pages are kept in memory per URL (bounded, least recently used first out) and dropped
 * when the service reports a change: a post's own pages at once, every list on any change.
 * Answers carry an ETag and `Cache-Control: no-cache`, so a browser revalidates each time and a
 * saved post shows at once. Each page is compressed once when rendered (brotli and gzip, kept
 * with it) and sent in the coding the browser prefers, as the build's files are: a list of ten
 * posts is ~65 KB of HTML and ~11 KB in brotli.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { blogCategoryPath, blogIndexPath, blogPostPath, blogTagPath, type BlogLocaleCode } from '../../src/contract/blog.ts';
import { BlogListQuerySchema, BlogSlugSchema, type BlogListQuery } from '../../src/contract/blog.schema.ts';
import type { BlogListBase, BlogPageData } from '../../src/contract/blog-pages.ts';
import { hasCode } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import type { Logger } from '../logger.ts';
import type { ContentCoding } from '../static/build.ts';
import { acceptedCodings, CODING_PREFERENCE, NO_BUILD_TEXT } from '../static/serve.ts';
import { LruMap } from './lru.ts';
import type { BlogService } from './service.ts';

/** The folder of the build that holds the renderer and its templates. */
export const BLOG_BUNDLE_DIR = '.blog';
/** Rendered pages kept in memory (a page is about 30–60 KB of HTML: at most ~30 MB). */
export const BLOG_PAGE_CACHE_ENTRIES = 500;
/**
 * How long a rendered page is reused without a change, in ms: a scheduled post becomes visible
 * when its time comes, which no save reports, so lists and posts are rendered again at least this often.
 */
export const BLOG_PAGE_CACHE_MS = 60_000;

interface RenderedBlogPage {
  html: string;
  title: string;
  description: string;
  head: string;
  json: string;
}

/** What the server needs of the build: the renderer and one page template per language. */
export interface BlogBundle {
  render(data: BlogPageData): Promise<RenderedBlogPage>;
  templates: Record<BlogLocaleCode, string>;
}

/** Loads `$STATIC_DIR/.blog/` (null when the build has none). */
export async function loadBlogBundle(staticDir: string): Promise<BlogBundle | null> {
  const dir = join(staticDir, BLOG_BUNDLE_DIR);
  let vi: string;
  let en: string;
  try {
    [vi, en] = await Promise.all([readFile(join(dir, 'template.vi.html'), 'utf8'), readFile(join(dir, 'template.en.html'), 'utf8')]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const entry = (await import(pathToFileURL(join(dir, 'blog-entry.js')).href)) as { renderBlogPage: BlogBundle['render'] };
  return { render: (data) => entry.renderBlogPage(data), templates: { vi, en } };
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The template with a rendered page in it (the markers are scripts/prerender.ts's). */
export function fillTemplate(template: string, page: RenderedBlogPage): string {
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${escapeAttr(page.description)}"`)
    .replace('<!--app-head-->', () => page.head)
    .replace('<!--app-html-->', () => page.html)
    .replace('<!--blog-data-->', () => `<script type="application/json" id="blog-data">${page.json}</script>`);
}

type PageStatus = 200 | 400 | 404;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The page compressed, by coding (brotli's quality 9: ~3 ms for a list, within 5% of 11). */
async function encodings(body: string): Promise<Record<ContentCoding, Uint8Array<ArrayBuffer>>> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }),
    gzipAsync(body, { level: 9 }),
  ]);
  // Copied once into plain byte arrays, which a response body takes as they are.
  return { br: new Uint8Array(br), gzip: new Uint8Array(gz) };
}

interface CachedPage {
  status: PageStatus;
  /** When it was rendered, in ms since the epoch. */
  at: number;
  body: string;
  /** The body compressed, by coding. */
  encoded: Record<ContentCoding, Uint8Array<ArrayBuffer>>;
  /** The ETag of the uncompressed body; a coded variant's adds its coding (`"…-br"`). */
  etag: string;
  /** The translation key of the post it shows (null for a list). */
  postKey: string | null;
}

export interface BlogPagesDeps {
  service: BlogService;
  /** The build's renderer, or null when there is no build. */
  bundle: BlogBundle | null;
  /** config.publicUrl: absolute links in the head and the share links. */
  publicUrl: string;
  logger: Logger;
  cacheEntries?: number;
  /** ms since the epoch (tests move it). */
  now?: () => number;
}

/** Terms and authors with posts (a filter that can only find nothing is not offered). */
const used = <T extends { post_count: number }>(items: T[]) => items.filter((item) => item.post_count > 0);

const otherLocale = (locale: BlogLocaleCode): BlogLocaleCode => (locale === 'vi' ? 'en' : 'vi');

/** A query string's values; an empty field of the GET form means "not given". */
function queryOf(c: Context<AppEnv>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(c.req.query())) if (value !== '') out[key] = value;
  return out;
}

export function blogPageRoutes(deps: BlogPagesDeps): { app: Hono<AppEnv>; cache: { readonly size: number }; dispose: () => void } {
  const { service, bundle } = deps;
  const origin = new URL(deps.publicUrl).origin;
  const cache = new LruMap<string, CachedPage>(deps.cacheEntries ?? BLOG_PAGE_CACHE_ENTRIES);
  // A change drops every list, and the pages of the post that changed.
  const dispose = service.onChange((key) => {
    for (const [url, page] of cache) if (page.postKey === null || page.postKey === key) cache.delete(url);
  });

  async function taxonomy(locale: BlogLocaleCode) {
    const [categories, tags, authors] = await Promise.all([service.categories(locale), service.tags(locale), service.authors(locale)]);
    return { categories: used(categories.items), tags: used(tags.items), authors: used(authors.items) };
  }

  /** The path of a category's or a tag's page in the other language (by the term's key), or null. */
  async function termAlternate(base: BlogListBase, locale: BlogLocaleCode, key: string | undefined): Promise<string | null> {
    if (base.kind === 'index' || !key) return blogIndexPath(otherLocale(locale));
    const other = otherLocale(locale);
    const list = base.kind === 'category' ? await service.categories(other) : await service.tags(other);
    const term = list.items.find((item) => item.key === key && item.post_count > 0);
    if (!term) return null;
    return base.kind === 'category' ? blogCategoryPath(other, term.slug) : blogTagPath(other, term.slug);
  }

  async function listData(locale: BlogLocaleCode, base: BlogListBase, raw: Record<string, string>): Promise<{ data: BlogPageData; status: PageStatus }> {
    const input: Record<string, string> = { ...raw, locale };
    if (base.kind === 'category') input.category = base.slug;
    if (base.kind === 'tag') input.tag = base.slug;
    const parsed = v.safeParse(BlogListQuerySchema, input);
    const terms = await taxonomy(locale);
    const selfPath =
      base.kind === 'index' ? blogIndexPath(locale) : base.kind === 'category' ? blogCategoryPath(locale, base.slug) : blogTagPath(locale, base.slug);
    if (!parsed.success) {
      // A refused value: the list's page with a clear message and the form to start again, 400.
      const fields = [...new Set(parsed.issues.map((issue) => issue.path?.map((item) => String(item.key)).join('.') ?? '?'))];
      const query: BlogListQuery = { locale, q: '', sort: 'newest', page: 1 };
      const data: BlogPageData = {
        kind: 'list',
        locale,
        origin,
        alternates: { [locale]: selfPath, [otherLocale(locale)]: null } as Record<BlogLocaleCode, string | null>,
        base,
        query,
        result: null,
        error: { fields },
        ...terms,
      };
      return { data, status: 400 };
    }
    try {
      const result = await service.listPosts(parsed.output);
      const key = result.category?.key ?? result.tag?.key;
      const alternate = await termAlternate(base, locale, key);
      const alternates = { [locale]: selfPath, [otherLocale(locale)]: alternate } as Record<BlogLocaleCode, string | null>;
      return { data: { kind: 'list', locale, origin, alternates, base, query: parsed.output, result, error: null, ...terms }, status: 200 };
    } catch (error) {
      if (hasCode(error, 'categoryNotFound') || hasCode(error, 'tagNotFound') || hasCode(error, 'authorNotFound')) return notFound(locale);
      throw error;
    }
  }

  function notFound(locale: BlogLocaleCode): { data: BlogPageData; status: 404 } {
    return { data: { kind: 'not-found', locale, origin, alternates: { vi: null, en: null } }, status: 404 };
  }

  async function postData(
    locale: BlogLocaleCode,
    slug: string,
  ): Promise<{ data: BlogPageData; status: PageStatus; postKey: string | null } | { redirect: string }> {
    if (!v.is(BlogSlugSchema, slug)) return { ...notFound(locale), postKey: null };
    try {
      const post = await service.getPost(locale, slug);
      const alternates = {
        [locale]: blogPostPath(locale, post.slug),
        [otherLocale(locale)]: post.alternate ? blogPostPath(post.alternate.locale, post.alternate.slug) : null,
      } as Record<BlogLocaleCode, string | null>;
      return { data: { kind: 'post', locale, origin, alternates, post }, status: 200, postKey: post.translation_key };
    } catch (error) {
      if (!hasCode(error, 'postNotFound')) throw error;
    }
    // The other language's slug under this language's prefix (the language toggle, a reader's
    // remembered language): the same article in this language, when it has one.
    try {
      const other = await service.getPost(otherLocale(locale), slug);
      if (other.alternate?.locale === locale) return { redirect: blogPostPath(locale, other.alternate.slug) };
    } catch (error) {
      if (!hasCode(error, 'postNotFound')) throw error;
    }
    return { ...notFound(locale), postKey: null };
  }

  async function answer(
    c: Context<AppEnv>,
    locale: BlogLocaleCode,
    build: () => Promise<{ data: BlogPageData; status: PageStatus; postKey: string | null } | { redirect: string }>,
  ) {
    if (!bundle) return c.text(NO_BUILD_TEXT, 503, { 'Cache-Control': 'no-store' });
    const url = new URL(c.req.url);
    const cacheKey = `${url.pathname}${url.search}`;
    const now = (deps.now ?? Date.now)();
    let page = cache.get(cacheKey);
    if (!page || now - page.at > BLOG_PAGE_CACHE_MS) {
      const built = await build();
      if ('redirect' in built) return c.redirect(built.redirect, 301);
      const rendered = await bundle.render(built.data);
      const body = fillTemplate(bundle.templates[locale], rendered);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      page = { status: built.status, at: now, body, encoded: await encodings(body), etag, postKey: built.postKey };
      cache.set(cacheKey, page);
    }
    const accepted = acceptedCodings(c.req.header('accept-encoding'));
    const coding = CODING_PREFERENCE.find((candidate) => accepted.has(candidate));
    const etag = coding ? `${page.etag.slice(0, -1)}-${coding}"` : page.etag;
    const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ETag: etag, Vary: 'Accept-Encoding' };
    if (page.status === 200 && (c.req.header('if-none-match') ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return c.body(null, 304, headers);
    }
    if (coding) headers['Content-Encoding'] = coding;
    if (c.req.method === 'HEAD') return c.body(null, page.status, headers);
    if (!coding) return c.body(page.body, page.status, headers);
    const bytes = page.encoded[coding];
    headers['Content-Length'] = String(bytes.length);
    return c.body(bytes, page.status, headers);
  }

  const app = new Hono<AppEnv>();
  for (const locale of ['vi', 'en'] as const) {
    const prefix = locale === 'vi' ? '' : '/en';
    const list = (base: (c: Context<AppEnv>) => BlogListBase) => async (c: Context<AppEnv>) =>
      answer(c, locale, async () => {
        const target = base(c);
        if (target.kind !== 'index' && !v.is(BlogSlugSchema, target.slug)) return { ...notFound(locale), postKey: null };
        return { ...(await listData(locale, target, queryOf(c))), postKey: null };
      });
    const index = list(() => ({ kind: 'index' }));
    app.on(['GET', 'HEAD'], `${prefix}/blog`, index);
    app.on(['GET', 'HEAD'], `${prefix}/blog/`, index);
    app.on(
      ['GET', 'HEAD'],
      `${prefix}/blog/category/:slug`,
      list((c) => ({ kind: 'category', slug: c.req.param('slug') ?? '' })),
    );
    app.on(
      ['GET', 'HEAD'],
      `${prefix}/blog/tag/:slug`,
      list((c) => ({ kind: 'tag', slug: c.req.param('slug') ?? '' })),
    );
    app.on(['GET', 'HEAD'], `${prefix}/blog/:slug`, (c) => answer(c, locale, () => postData(locale, c.req.param('slug'))));
  }
  return { app, cache, dispose };
}
