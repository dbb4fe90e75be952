/**
 * The blog's HTTP routes (src/contract/blog.ts lists the API; ./feeds.ts the site files). Every
 * route is a GET without a body (limit BLOG_BODY_MAX_BYTES, server/app.ts). Answers are public and
 * cached briefly (a saved post shows within BLOG_CACHE_SECONDS); errors are never cached
 * (server/http/errors.ts).
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { BlogListQuerySchema, BlogLocaleQuerySchema, BlogSlugSchema } from '../../src/contract/blog.schema.ts';
import type { BlogLocaleCode } from '../../src/contract/blog.ts';
import { parseInput } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import type { SiteFiles } from './feeds.ts';
import { blogError, type BlogService } from './service.ts';

/** How long browsers and proxies may reuse a blog answer, in seconds. */
export const BLOG_CACHE_SECONDS = 60;
/** How long a cached answer may still be served while it is refreshed, in seconds. */
const STALE_SECONDS = 300;
const CACHE_CONTROL = `public, max-age=${BLOG_CACHE_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`;

const headers = (type: string) => ({ 'Content-Type': type, 'Cache-Control': CACHE_CONTROL });

const localeOf = (c: Context<AppEnv>): BlogLocaleCode => parseInput(BlogLocaleQuerySchema, c.req.query()).locale;

export function blogApiRoutes(service: BlogService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', CACHE_CONTROL);
  });
  app.get('/posts', async (c) => c.json(await service.listPosts(parseInput(BlogListQuerySchema, c.req.query()))));
  app.get('/posts/:slug', async (c) => {
    const locale = localeOf(c);
    const slug = c.req.param('slug');
    // A slug that cannot exist names nothing: the same 404 as an unknown one.
    if (!v.is(BlogSlugSchema, slug)) throw blogError(404, 'postNotFound');
    return c.json(await service.getPost(locale, slug));
  });
  app.get('/categories', async (c) => c.json(await service.categories(localeOf(c))));
  app.get('/tags', async (c) => c.json(await service.tags(localeOf(c))));
  app.get('/authors', async (c) => c.json(await service.authors(localeOf(c))));
  return app;
}

const XML_TYPES = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  sitemap: 'application/xml; charset=utf-8',
} as const;

/** `/blog/rss.xml`, `/blog/atom.xml` and their `/en` twins, `/sitemap.xml`, `/robots.txt`, `/llms.txt`. */
export function siteFileRoutes(files: SiteFiles): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const [prefix, locale] of [
    ['', 'vi'],
    ['/en', 'en'],
  ] as const) {
    app.get(`${prefix}/blog/rss.xml`, async (c) => c.body(await files.rss(locale), 200, headers(XML_TYPES.rss)));
    app.get(`${prefix}/blog/atom.xml`, async (c) => c.body(await files.atom(locale), 200, headers(XML_TYPES.atom)));
  }
  app.get('/sitemap.xml', async (c) => c.body(await files.sitemap(), 200, headers(XML_TYPES.sitemap)));
  app.get('/robots.txt', (c) => c.body(files.robots(), 200, headers('text/plain; charset=utf-8')));
  app.get('/llms.txt', async (c) => c.body(await files.llms(), 200, headers('text/markdown; charset=utf-8')));
  return app;
}
