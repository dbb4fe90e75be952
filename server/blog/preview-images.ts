/**
 * A post's link-preview image (docs/product-rules.md#blog), one per post per language:
 * `GET /blog/og/{slug}.{version}.png` and `/en/blog/og/…` (blogImagePath), public, no sign-in.
 *
 * Drawn when first asked for, not on save: the version is computed from what the card shows
 * (./preview-card.ts) on every read, so a renamed category or a new design changes the address
 * as surely as a new title, with nothing stored to go stale, and a start-up with many posts draws
 * nothing. Each image is kept in memory (bounded, least recently used first out) under its post
 * with its version; a request for the current version is answered from there, and two at once
 * wait for one drawing.
 *
 * The current version is cached for good (`immutable`): its address changes with its content.
 * An older version (a link preview scraped before the title changed) gets today's image, cached
 * briefly. An unknown, draft or scheduled post and any malformed name answer 404, like its page.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { BLOG_SLUG_MAX, type BlogLocaleCode } from '../../src/contract/blog.ts';
import { SLUG_PATTERN } from '../../src/contract/blog.schema.ts';
import type { AppEnv } from '../http/types.ts';
import { drawTitleCard, type TitleCard } from '../media/title-card.ts';
import { LruMap } from './lru.ts';
import { BLOG_CACHE_SECONDS } from './routes.ts';
import { blogError, type BlogService } from './service.ts';

/**
 * Images kept in memory: one per post and language; a card is 12–50 KB (PNG, measured on titles
 * of one to four lines), so at most ~10 MB.
 */
export const PREVIEW_CACHE_ENTRIES = 200;
/** A year, in seconds: the longest freshness HTTP caches honour, for a name that never changes content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An outdated version's answer: today's image, for as long as the blog's other answers. */
const SHORT = `public, max-age=${BLOG_CACHE_SECONDS}`;
/** `{slug}.{version}.png`: a slug never holds a dot, so the name splits one way only. */
const FILE_NAME = /^([^.]+)\.([0-9a-f]{16})\.png$/;

interface DrawnImage {
  version: string;
  png: Buffer;
  etag: string;
}

export interface PreviewImagesDeps {
  service: Pick<BlogService, 'previewCard'>;
  /** Draws a card (the media area's title card; tests count the drawings). */
  draw?: (card: TitleCard) => Promise<Buffer>;
  cacheEntries?: number;
}

export function previewImageRoutes(deps: PreviewImagesDeps): Hono<AppEnv> {
  const draw = deps.draw ?? drawTitleCard;
  const cache = new LruMap<string, DrawnImage>(deps.cacheEntries ?? PREVIEW_CACHE_ENTRIES);
  const drawing = new Map<string, Promise<DrawnImage>>();

  /** The post's image as it is now: from the cache when its version is current, else drawn (once for concurrent asks). */
  async function current(locale: BlogLocaleCode, slug: string): Promise<DrawnImage> {
    const { card, version } = await deps.service.previewCard(locale, slug);
    const key = `${locale}/${slug}`;
    const kept = cache.get(key);
    if (kept?.version === version) return kept;
    const pending = `${key}/${version}`;
    let job = drawing.get(pending);
    if (!job) {
      job = draw(card)
        .then((png) => {
          const image = { version, png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"` };
          cache.set(key, image);
          return image;
        })
        .finally(() => drawing.delete(pending));
      drawing.set(pending, job);
    }
    return job;
  }

  async function answer(c: Context<AppEnv>, locale: BlogLocaleCode) {
    const match = FILE_NAME.exec(c.req.param('file') ?? '');
    const slug = match?.[1];
    // A name that cannot be a post's image names nothing: the same 404 as an unknown post.
    if (!match || !slug || slug.length > BLOG_SLUG_MAX || !SLUG_PATTERN.test(slug)) throw blogError(404, 'postNotFound');
    const image = await current(locale, slug);
    const headers = { 'Content-Type': 'image/png', 'Cache-Control': image.version === match[2] ? IMMUTABLE : SHORT, ETag: image.etag };
    if ((c.req.header('if-none-match') ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === image.etag)) return c.body(null, 304, headers);
    return c.body(new Uint8Array(image.png), 200, { ...headers, 'Content-Length': String(image.png.length) });
  }

  const app = new Hono<AppEnv>();
  app.get('/blog/og/:file', (c) => answer(c, 'vi'));
  app.get('/en/blog/og/:file', (c) => answer(c, 'en'));
  return app;
}
