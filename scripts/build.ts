/**
 * Production build: the client (public-site and SPA entries), the pre-rendered public pages,
 * the service worker with its precache list, the route list for the server, and
 * precompressed copies of every text file. `npm start` runs it when the sources changed.
 *
 * The service worker is vite-plugin-pwa's (injectManifest, configured in vite.config.ts); this
 * script keeps what the plugin does not do: it renders the public pages between the client
 * bundle and the worker (the plugin builds the worker as soon as the client bundle is written,
 * and the pages must be in its precache list), writes the route list and the precompressed
 * copies the server needs, and records what the build was made from.
 */
import { build } from 'vite';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { atelierConfig } from '../vite.config.ts';
import { BLOG_BUNDLE_DIR } from '../server/blog/pages.ts';
import { prerender } from './prerender.ts';
import { buildKey } from './source-hash.ts';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const ssrOut = join(root, 'dist-ssr');

async function main() {
  const started = performance.now();
  // Taken before building: a source edited during the build makes the next start build again.
  const key = await buildKey(root);
  await rm(dist, { recursive: true, force: true });
  await rm(ssrOut, { recursive: true, force: true });

  // 1. The browser bundles (index.html for the public pages, app.html for the SPA), then the
  //    pre-rendered pages, then the service worker with its precache list.
  let pages: string[] = [];
  let precache: Array<{ url: string; size: number }> = [];
  await build({
    ...atelierConfig({
      beforeServiceWorker: async () => {
        pages = await prerenderPublicPages();
      },
      onPrecache: (files) => {
        precache = files;
      },
    }),
    configFile: false,
    root,
    logLevel: 'warn',
  });
  if (pages.length === 0 || precache.length === 0) throw new Error('The build rendered no public page or precached nothing');
  // Vite's chunk manifest served the pre-renderer; it is not for the public.
  await rm(join(dist, '.vite'), { recursive: true, force: true });

  // 2. The route list, so the server answers unknown paths with 404 (and the app's not-found page).
  await writeFile(join(dist, 'spa-routes.json'), JSON.stringify({ patterns: await routePatterns() }, null, 2));

  // 3. Precompressed copies, served by the server according to Accept-Encoding.
  const compressed = await precompress(dist);

  await writeFile(
    join(dist, 'build-info.json'),
    JSON.stringify({ builtAt: new Date().toISOString(), sourceHash: key, apiBaseUrl: process.env.API_BASE_URL ?? '' }, null, 2),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const precacheKb = precache.reduce((sum, file) => sum + file.size, 0) / 1024;
  console.log(
    `Built in ${seconds} s: ${pages.length} pre-rendered pages, ${precache.length} precached files ` +
      `(${precacheKb.toFixed(0)} KB), ${compressed} precompressed files.`,
  );
}

/**
 * A server bundle of the public pages, rendered once into dist/ as HTML, then discarded; and the
 * blog's renderer, which the server keeps (it renders the blog's pages from the database:
 * server/blog/pages.ts) in dist/.blog/ with its page templates (a dot folder: never served).
 */
async function prerenderPublicPages(): Promise<string[]> {
  await build({
    root,
    logLevel: 'warn',
    build: { ssr: 'src/prerender-entry.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false, rollupOptions: { input: 'src/prerender-entry.tsx' } },
  });
  await build({
    root,
    logLevel: 'warn',
    // Its packages bundled in: the server loads it from wherever the build is deployed (STATIC_DIR),
    // which need not sit beside node_modules.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/blog-entry.tsx',
      outDir: join(dist, BLOG_BUNDLE_DIR),
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      rollupOptions: { input: 'src/blog-entry.tsx' },
    },
  });
  const pages = await prerender({ dist, root, ssrEntry: join(ssrOut, 'prerender-entry.js') });
  await rm(ssrOut, { recursive: true, force: true });
  return pages;
}

/** Full paths of every SPA route, read from the generated route tree. */
async function routePatterns(): Promise<string[]> {
  const tree = await readFile(join(root, 'src/routeTree.gen.ts'), 'utf8');
  const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(tree)?.[1] ?? '';
  const paths = [...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]!);
  if (!paths.includes('/')) throw new Error('The route tree has no "/" route: was it generated?');
  return paths;
}

const TEXT_FILE = /\.(html|js|css|svg|json|webmanifest|txt|xml)$/;
/** Smaller files gain nothing from compression worth a second request path. */
const MIN_COMPRESS_BYTES = 1024;

async function precompress(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT_FILE.test(entry.name)) continue;
    // Dot folders (the blog's renderer) are the server's, never served.
    if (
      relative(dir, entry.parentPath)
        .split(sep)
        .some((part) => part.startsWith('.'))
    )
      continue;
    const file = join(entry.parentPath, entry.name);
    if ((await stat(file)).size < MIN_COMPRESS_BYTES) continue;
    const body = await readFile(file);
    await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
    await writeFile(
      `${file}.br`,
      brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    );
    count += 1;
  }
  return count;
}

await mkdir(dist, { recursive: true });
await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
