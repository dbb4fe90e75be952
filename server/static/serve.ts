/**
 * Serving the built PWA (GET and HEAD on every path the API does not answer).
 *
 * 1. A file of the build is served as is, precompressed when the client accepts it, with its
 *    cache policy and validator (conditional GET → 304).
 * 2. A non-navigation request under /auth is an API call nobody answers: JSON 404.
 * 3. A missing asset (`/assets/…`, or a file name when the client did not ask for HTML) is a
 *    plain 404, never the HTML shell (which would be parsed as a script or style).
 * 4. A navigation gets HTML: `/` → index.html; `/x` → x.html when pre-rendered; else app.html
 *    with 200 when the path is a client route (spa-routes.json); else 404 with the pre-rendered
 *    English not-found page under /en, and app.html elsewhere (the app renders its not-found page).
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Context, Handler } from 'hono';
import { isEnglishPath } from '../../src/contract/site-routes.ts';
import { HTTP_MESSAGES } from '../../src/contract/http-errors.ts';
import { notFoundResponse } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import type { ContentCoding, FileVariant, StaticBuild, StaticFile } from './build.ts';

export const NO_BUILD_TEXT = 'The app has not been built yet. Run `npm run build`, then restart the server.';

/** Server preference when the client accepts several codings: brotli is smaller. */
export const CODING_PREFERENCE: readonly ContentCoding[] = ['br', 'gzip'];

/** Content codings the client accepts (`q=0` means refused; `*` stands for any other). */
export function acceptedCodings(header: string | undefined): Set<ContentCoding> {
  const accepted = new Set<ContentCoding>();
  if (!header) return accepted;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  for (const coding of CODING_PREFERENCE) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > 0) accepted.add(coding);
  }
  return accepted;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

function serveFile(c: Context<AppEnv>, file: StaticFile, status: 200 | 404): Response {
  const accepted = acceptedCodings(c.req.header('accept-encoding'));
  const coding = CODING_PREFERENCE.find((candidate) => file.encoded[candidate] && accepted.has(candidate));
  const variant: FileVariant = (coding && file.encoded[coding]) || file;

  const headers: Record<string, string> = { 'Cache-Control': file.cacheControl, ETag: variant.etag };
  if (Object.keys(file.encoded).length > 0) headers['Vary'] = 'Accept-Encoding';
  // Through c.body (not `new Response`) so headers set earlier by middleware (request id) stay.
  if (status === 200 && matchesEtag(c.req.header('if-none-match'), variant.etag)) return c.body(null, 304, headers);
  headers['Content-Type'] = file.contentType;
  headers['Content-Length'] = String(variant.size);
  if (coding) headers['Content-Encoding'] = coding;
  // Hono answers HEAD by running the GET handler; opening the file just to drop it would
  // hold a file descriptor until the stream is collected.
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  return c.body(Readable.toWeb(createReadStream(variant.filePath)) as ReadableStream<Uint8Array>, status, headers);
}

const isAuthPath = (pathname: string): boolean => pathname === '/auth' || pathname.startsWith('/auth/');
const lastSegmentHasExtension = (pathname: string): boolean => /\.[^/]+$/.test(pathname);

export function createStaticHandler(build: StaticBuild | null): Handler<AppEnv> {
  return (c) => {
    // Already percent-decoded by Hono (the build index is keyed by decoded paths too).
    const pathname = c.req.path;
    const file = build?.files.get(pathname);
    if (file) return serveFile(c, file, 200);

    const wantsHtml = (c.req.header('accept') ?? '').includes('text/html');
    if (isAuthPath(pathname) && !wantsHtml) return notFoundResponse(c);
    if (pathname.startsWith('/assets/') || (!wantsHtml && lastSegmentHasExtension(pathname))) {
      return c.text(HTTP_MESSAGES.unknownPath, 404, { 'Cache-Control': 'no-store' });
    }

    if (!build) return c.text(NO_BUILD_TEXT, 503, { 'Cache-Control': 'no-store' });
    if (pathname === '/') return serveFile(c, build.home, 200);
    const page = build.files.get(`${pathname.replace(/\/+$/, '')}.html`);
    if (page) return serveFile(c, page, 200);
    if (build.isAppRoute(pathname)) return serveFile(c, build.shell, 200);
    return serveFile(c, (isEnglishPath(pathname) && build.englishNotFound) || build.shell, 404);
  };
}
