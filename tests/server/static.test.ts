/** Serving the built PWA: files, caching, precompression, CSP, SPA fallback, no-build mode. */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStaticBuild, type StaticBuild } from '../../server/static/build.ts';
import { NO_BUILD_TEXT } from '../../server/static/serve.ts';
import { createTestApp } from './helpers/app.ts';
import { ABOUT_INLINE_SCRIPT, APP_JS, createBuildFixture, INLINE_SCRIPT, NOT_FOUND_INLINE_SCRIPT, type BuildFixture } from './helpers/build-fixture.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

let test: TestDatabase;
let fixture: BuildFixture;
let build: StaticBuild;
let app: ReturnType<typeof createTestApp>;

const HTML = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

beforeAll(async () => {
  test = await createTestDatabase();
  fixture = await createBuildFixture();
  const loaded = await loadStaticBuild(fixture.dir);
  if (!loaded) throw new Error('fixture build not recognised');
  build = loaded;
  app = createTestApp({
    database: test.database,
    staticBuild: build,
    extraRoutes: (routes) => {
      routes.get('/api/test/big', (c) => c.json({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) }));
    },
  });
});

afterAll(async () => {
  await test.dispose();
  await fixture.remove();
});

describe('static files', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const response = await app.request('/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(await response.text()).toBe(APP_JS);
  });

  it.each([
    ['/sw.js', 'no-cache', 'text/javascript; charset=utf-8'],
    ['/manifest.webmanifest', 'no-cache', 'application/manifest+json'],
    ['/about.html', 'no-cache', 'text/html; charset=utf-8'],
    ['/icons/icon-192.png', 'public, max-age=3600', 'image/png'],
    ['/spa-routes.json', 'public, max-age=3600', 'application/json'],
  ])('serves %s with Cache-Control %s', async (url, cacheControl, type) => {
    const response = await app.request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(cacheControl);
    expect(response.headers.get('content-type')).toBe(type);
  });

  it('serves the brotli sibling when accepted, else gzip, else the original', async () => {
    const br = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brotliDecompressSync(brBytes).toString()).toBe(APP_JS);

    const gz = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(APP_JS);

    const refused = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(APP_JS);
  });

  it('answers a matching If-None-Match with 304 (per encoding)', async () => {
    const first = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const otherEncoding = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag as string } });
    expect(otherEncoding.status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.request('/assets/app-abc123.js', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(APP_JS)));
    expect(await response.text()).toBe('');
  });

  it('answers a missing asset with a plain 404, never the HTML shell', async () => {
    for (const headers of [{}, HTML]) {
      const response = await app.request('/assets/nope.js', { headers });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toBe('Not found');
    }
    const icon = await app.request('/icons/missing.png');
    expect(icon.status).toBe(404);
    expect(icon.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('does not serve files outside the build', async () => {
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const response = await app.request(url);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('"name"');
    }
  });
});

/** A navigation: its status and which HTML file answered (the fixture's data-page marker). */
async function page(url: string) {
  const response = await app.request(url, { headers: HTML });
  const html = await response.text();
  return { status: response.status, page: /data-page="([^"]+)"/.exec(html)?.[1], response };
}

describe('navigations', () => {
  it('serves / from index.html and /about from about.html', async () => {
    expect(await page('/')).toMatchObject({ status: 200, page: 'home' });
    expect(await page('/about')).toMatchObject({ status: 200, page: 'about' });
    expect(await page('/about/')).toMatchObject({ status: 200, page: 'about' });
  });

  it('serves the shell with 200 for a client route, 404 for an unknown path', async () => {
    expect(await page('/dashboard')).toMatchObject({ status: 200, page: 'app' });
    expect(await page('/blog/summer-collection')).toMatchObject({ status: 200, page: 'app' });
    expect(await page('/blog/%C3%A1o-d%C3%A0i')).toMatchObject({ status: 200, page: 'app' });
    expect(await page('/agent-hub/agents/42')).toMatchObject({ status: 200, page: 'app' });
    const unknown = await page('/no/such/page');
    expect(unknown).toMatchObject({ status: 404, page: 'app' });
    expect(unknown.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(unknown.response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers an unknown address under /en with the English not-found page, never served as a file', async () => {
    for (const url of ['/en/no/such/page', '/en/about/nope', '/en/']) {
      const answer = await page(url);
      expect(answer).toMatchObject({ status: 404, page: 'not-found-en' });
      expect(answer.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.response.headers.get('cache-control')).toBe('no-cache');
    }
    // Not under /en: the app's own not-found page, in the reader's language.
    expect(await page('/english')).toMatchObject({ status: 404, page: 'app' });
    expect(await page('/.not-found/en.html')).toMatchObject({ status: 404, page: 'app' });
    expect(await page('/.not-found/en')).toMatchObject({ status: 404, page: 'app' });
  });

  it('gives GET navigations under /auth the app', async () => {
    expect(await page('/auth/google/callback?code=abc')).toMatchObject({ status: 200, page: 'app' });
    expect(await page('/auth/reset-password')).toMatchObject({ status: 200, page: 'app' });
    expect(await page('/auth/unknown')).toMatchObject({ status: 404, page: 'app' });
  });

  it('does not mistake a page path starting with "api" for the API', async () => {
    expect(await page('/apiary')).toMatchObject({ status: 404, page: 'app' });
  });

  it('treats a path without an extension as a navigation whatever the Accept header', async () => {
    const response = await app.request('/dashboard', { headers: { Accept: '*/*' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('data-page="app"');
  });
});

describe('security headers', () => {
  it('sets the common headers on every kind of answer', async () => {
    for (const url of ['/', '/assets/app-abc123.js', '/api/health', '/api/nope', '/assets/nope.js']) {
      const response = await app.request(url, { headers: HTML });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('permissions-policy')).toContain('camera=(self)');
    }
  });

  it('puts a CSP with the hash of every inline script on HTML, and only on HTML', async () => {
    const html = await app.request('/dashboard', { headers: HTML });
    const csp = html.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(
      `script-src 'self' ${[sha256(INLINE_SCRIPT), sha256(ABOUT_INLINE_SCRIPT), sha256(NOT_FOUND_INLINE_SCRIPT)]
        .toSorted()
        .map((hash) => `'sha256-${hash}'`)
        .join(' ')}`,
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);

    // The hash is of the exact text in the file (not trimmed, not re-serialised).
    const indexHtml = await readFile(path.join(fixture.dir, 'index.html'), 'utf8');
    expect(indexHtml).toContain(`<script>${INLINE_SCRIPT}</script>`);
    expect(build.scriptHashes).not.toContain(sha256(INLINE_SCRIPT.trim()));

    expect((await app.request('/assets/app-abc123.js')).headers.get('content-security-policy')).toBeNull();
    expect((await app.request('/api/health')).headers.get('content-security-policy')).toBeNull();
  });
});

describe('a PWA built for an API on another origin', () => {
  it('lets the pages connect to that origin (and only that one)', async () => {
    const other = await createBuildFixture();
    try {
      await writeFile(path.join(other.dir, 'build-info.json'), JSON.stringify({ apiBaseUrl: 'https://api.atelier.example/v1' }));
      const otherBuild = await loadStaticBuild(other.dir);
      expect(otherBuild?.apiOrigin).toBe('https://api.atelier.example');
      const otherApp = createTestApp({ database: test.database, staticBuild: otherBuild });
      const csp = (await otherApp.request('/dashboard', { headers: HTML })).headers.get('content-security-policy') ?? '';
      expect(csp).toContain("connect-src 'self' https://api.atelier.example;");
      expect(csp).toContain("img-src 'self' data: blob: https://api.atelier.example;");
      expect(csp).toContain("media-src 'self' blob: https://api.atelier.example;");
    } finally {
      await other.remove();
    }
    // The default build talks to its own origin only.
    const own = (await app.request('/dashboard', { headers: HTML })).headers.get('content-security-policy') ?? '';
    expect(own).toContain("connect-src 'self';");
  });
});

describe('API compression', () => {
  it('compresses JSON above 1 KB and leaves small answers alone', async () => {
    const big = await app.request('/api/test/big', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(big.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await big.arrayBuffer());
    const decoded = JSON.parse(gunzipSync(bytes).toString()) as { items: unknown[] };
    expect(decoded.items).toHaveLength(200);
    expect(Number(big.headers.get('content-length'))).toBe(bytes.length);

    const small = await app.request('/api/nope', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});

describe('without a build', () => {
  it('still serves the API and answers navigations with 503 and a hint', async () => {
    const bare = createTestApp({ database: test.database, staticBuild: null });
    expect((await bare.request('/api/health')).status).toBe(200);
    const navigation = await bare.request('/dashboard', { headers: HTML });
    expect(navigation.status).toBe(503);
    expect(await navigation.text()).toBe(NO_BUILD_TEXT);
    expect(NO_BUILD_TEXT).toContain('npm run build');
    expect((await bare.request('/assets/app.js')).status).toBe(404);
  });

  it('recognises a missing or empty directory as no build', async () => {
    expect(await loadStaticBuild(path.join(fixture.dir, 'does-not-exist'))).toBeNull();
    expect(await loadStaticBuild(path.join(fixture.dir, 'icons'))).toBeNull();
  });
});
