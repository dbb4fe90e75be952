/**
 * A small PWA build in a temp directory, laid out like `npm run build` output: pre-rendered
 * pages, the SPA shell, a hashed asset with precompressed siblings, the service worker, the
 * manifest, the client route list and the English not-found page.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** The inline script of index.html, exactly as written between the tags. */
export const INLINE_SCRIPT = "\n      document.documentElement.dataset.theme = 'light';\n    ";
/** A second inline script, in about.html, to check every HTML file is scanned. */
export const ABOUT_INLINE_SCRIPT = 'window.__PAGE__ = "about";';
/** The inline script of the English not-found page (in a dot folder, yet served: its hash counts). */
export const NOT_FOUND_INLINE_SCRIPT = 'window.__PAGE__ = "not-found";';
export const APP_JS = `console.log(${JSON.stringify('atelier '.repeat(200))});\n`;

export const SPA_PATTERNS = ['/', '/about', '/dashboard', '/blog/$slug', '/agent-hub/$', '/auth/google/callback', '/auth/reset-password'];

export interface BuildFixture {
  dir: string;
  remove(): Promise<void>;
}

export async function createBuildFixture(): Promise<BuildFixture> {
  const dir = await mkdtemp(path.join(tmpdir(), 'atelier-build-'));
  const files: Record<string, string | Buffer> = {
    'index.html': `<!doctype html><html><head><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/app-abc123.js"></script></head><body data-page="home">Home</body></html>`,
    'about.html': `<!doctype html><html><head><script>${ABOUT_INLINE_SCRIPT}</script><!-- <script>commented()</script> --></head><body data-page="about">About</body></html>`,
    'app.html':
      '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body data-page="app"><div id="root"></div></body></html>',
    '.not-found/en.html': `<!doctype html><html lang="en"><head><script>${NOT_FOUND_INLINE_SCRIPT}</script></head><body data-page="not-found-en">Page not found</body></html>`,
    'assets/app-abc123.js': APP_JS,
    'assets/app-abc123.js.br': brotliCompressSync(APP_JS),
    'assets/app-abc123.js.gz': gzipSync(APP_JS),
    'sw.js': 'self.addEventListener("fetch", () => {});\n',
    'manifest.webmanifest': JSON.stringify({ name: 'Atelier', start_url: '/' }),
    'icons/icon-192.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    'spa-routes.json': JSON.stringify({ patterns: SPA_PATTERNS }),
  };
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(dir, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
