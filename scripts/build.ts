/**
 * Production build: the client (public-site and SPA entries), the pre-rendered public pages,
 * the service worker with its precache list, the route list for the server, and
 * precompressed copies of every text file. `npm start` runs it when the sources changed.
 */
import { build } from 'vite';
import { injectManifest } from 'workbox-build';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
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

  // 1. The browser bundles: index.html (public pages) and app.html (the SPA).
  await build({ root, logLevel: 'warn' });

  // 2. A server bundle of the public pages, rendered once to HTML, then discarded.
  await build({
    root,
    logLevel: 'warn',
    build: { ssr: 'src/prerender-entry.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false, rollupOptions: { input: 'src/prerender-entry.tsx' } },
  });
  const pages = await prerender({ dist, ssrEntry: join(ssrOut, 'prerender-entry.js') });
  await rm(ssrOut, { recursive: true, force: true });
  // Vite's chunk manifest served the pre-renderer; it is not for the public.
  await rm(join(dist, '.vite'), { recursive: true, force: true });

  // 3. The route list, so the server answers unknown paths with 404 (and the app's not-found page).
  await writeFile(join(dist, 'spa-routes.json'), JSON.stringify({ patterns: await routePatterns() }, null, 2));

  // 4. The service worker, then its precache list (every shell file with a revision).
  await build({
    root,
    logLevel: 'warn',
    configFile: false,
    publicDir: false,
    // Library builds keep process.env as is; workbox reads NODE_ENV to drop its dev logging.
    // The media cache (sw/media-cache.ts) also serves media from the API's origin when it has its own.
    define: { 'process.env.NODE_ENV': JSON.stringify('production'), __API_BASE_URL__: JSON.stringify(process.env.API_BASE_URL ?? '') },
    build: {
      outDir: dist,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      lib: { entry: 'sw/sw.ts', formats: ['iife'], name: 'atelierServiceWorker', fileName: () => 'sw.js' },
    },
  });
  const precache = await injectManifest({
    swSrc: join(dist, 'sw.js'),
    swDest: join(dist, 'sw.js'),
    globDirectory: dist,
    globPatterns: ['**/*.{html,js,css,svg,png,webmanifest,ico}'],
    globIgnores: ['sw.js', 'screenshots/**'],
    // Hashed file names are their own revision.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  });

  // 5. Precompressed copies, served by the server according to Accept-Encoding.
  const compressed = await precompress(dist);

  await writeFile(
    join(dist, 'build-info.json'),
    JSON.stringify(
      { builtAt: new Date().toISOString(), sourceHash: key, apiBaseUrl: process.env.API_BASE_URL ?? '' },
      null,
      2,
    ),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Built in ${seconds} s: ${pages.length} pre-rendered pages, ${precache.count} precached files ` +
      `(${(precache.size / 1024).toFixed(0)} KB), ${compressed} precompressed files.`,
  );
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
