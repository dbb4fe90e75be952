import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { defineConfig, type LogLevel, type Plugin, type UserConfig, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { SITE_PAGES, sitePageForPath, splitLocale, type SitePageName, type SitePagePath } from './src/features/site/paths.ts';
import { chunkGroupName } from './scripts/chunk-groups.ts';
import { preloadLists } from './scripts/preload-lists.ts';

/**
 * In development, page navigations get the right HTML entry as in production: the public
 * pages get index.html (hydrated by src/site.tsx), every other path the SPA shell app.html.
 */
function htmlEntries(): Plugin {
  return {
    name: 'atelier-html-entries',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const accept = req.headers.accept ?? '';
        const path = (req.url ?? '/').split('?')[0]!;
        const isApi = path.startsWith('/api/') || (path.startsWith('/auth/') && !accept.includes('text/html'));
        if (req.method === 'GET' && accept.includes('text/html') && !isApi && !path.includes('.')) {
          const name = sitePageForPath(path);
          // A prose page's text is put in by the pre-renderer: render it here as the build would.
          if (name && 'prose' in SITE_PAGES[name]) {
            void (async () => {
              try {
                const html = await renderProseInDev(server, name, path);
                res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
              } catch (error) {
                next(error);
              }
            })();
            return;
          }
          req.url = name ? '/index.html' : '/app.html';
        }
        next();
      });
    },
  };
}

/** A prose page in development: the template, the page rendered with its text, as scripts/prerender.ts writes it. */
async function renderProseInDev(server: ViteDevServer, name: SitePageName, path: string): Promise<string> {
  const { locale } = splitLocale(path);
  const page = SITE_PAGES[name] as SitePagePath;
  const { loadProse } = (await server.ssrLoadModule('/scripts/prose-content.ts')) as typeof import('./scripts/prose-content.ts');
  const entry = (await server.ssrLoadModule('/src/prerender-entry.tsx')) as typeof import('./src/prerender-entry.tsx');
  const prose = await loadProse(server.config.root, page.prose!, locale);
  const { html, title } = await entry.renderSitePage(name, locale, prose);
  const template = await server.transformIndexHtml(path, await readFile(join(server.config.root, 'index.html'), 'utf8'));
  return template
    .replace('<html lang="vi">', `<html lang="${locale}">`)
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>`)
    .replace('data-page=""', `data-page="${name}" data-locale="${locale}"`)
    .replace('<!--app-html-->', html);
}

/** What the production build (scripts/build.ts) hooks into the service worker's build. */
export interface ServiceWorkerBuildHooks {
  /**
   * Runs once the client bundle is in dist/ and before the worker is built, so what it writes
   * there (the pre-rendered public pages) joins the precache list.
   */
  beforeServiceWorker?: () => Promise<void>;
  /** Told the files the worker precaches, with their sizes in bytes. */
  onPrecache?: (files: Array<{ url: string; size: number }>) => void;
}

type PrecacheTransform = NonNullable<NonNullable<VitePWAOptions['injectManifest']['manifestTransforms']>[number]>;

/**
 * The service worker: sw/sw.ts, bundled and given its precache list by vite-plugin-pwa
 * (injectManifest). The plugin does neither the registration nor the web manifest:
 * - the page registers the worker itself (src/lib/sw-bridge.ts, on the browser API) once it is
 *   loaded and idle, and a new version waits for the user's consent; the plugin's register
 *   scripts register at load and offer no idle wait;
 * - the web manifest stays public/manifest.webmanifest, one file that the server, the share
 *   target contract and the tests read as it is (the plugin would generate it from options).
 */
function serviceWorker(hooks: ServiceWorkerBuildHooks): Plugin[] {
  let logLevel: LogLevel | undefined;
  const report: PrecacheTransform = (entries) => {
    hooks.onPrecache?.(entries.map(({ url, size }) => ({ url, size })));
    return { manifest: entries, warnings: [] };
  };
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // Every shell file with a revision; hashed file names (assets/) are their own revision.
      globPatterns: ['**/*.{html,js,css,svg,png,webmanifest,ico}'],
      globIgnores: ['sw.js', 'screenshots/**'],
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      manifestTransforms: [report],
      // A classic script, as the page registers it.
      rollupFormat: 'iife',
      target: 'es2022',
      minify: true,
    },
    integration: {
      beforeBuildServiceWorker: hooks.beforeServiceWorker,
      // The worker's own Vite build logs as much as the app's build does.
      configureOptions: (config) => {
        logLevel = config.logLevel;
      },
      configureCustomSWViteBuild: (config) => {
        config.logLevel = logLevel;
      },
    },
  });
}

/** The Vite configuration; scripts/build.ts passes the hooks of the production build. */
export function atelierConfig(hooks: ServiceWorkerBuildHooks = {}): UserConfig {
  const preloads = preloadLists();
  return {
    resolve: {
      alias: [
        // The shim's React 17 fallback, in every page's first load for nothing: React 19 has the
        // hook, and `with-selector` has a build on it.
        { find: /^use-sync-external-store\/shim$/, replacement: resolve(import.meta.dirname, 'src/lib/use-sync-external-store.ts') },
        { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      ],
    },
    // Plugin order matters: the router generator must run before React's transform, and the
    // Lingui macros must be compiled by @rolldown/plugin-babel (react({ babel }) is ignored on
    // Vite 8, which leaves the macro stubs in the bundle; tests/server/bundle.test.ts guards it).
    plugins: [
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        routesDirectory: './src/routes',
        generatedRouteTree: './src/routeTree.gen.ts',
        quoteStyle: 'single',
      }),
      babel({ presets: [linguiTransformerBabelPreset()] }),
      react(),
      lingui(),
      vanillaExtractPlugin(),
      htmlEntries(),
      serviceWorker(hooks),
      preloads.plugin,
    ],
    define: {
      // Where the PWA sends API calls; empty means its own origin.
      'import.meta.env.API_BASE_URL': JSON.stringify(process.env.API_BASE_URL ?? ''),
      // The same for the service worker (its build copies these defines): the media cache
      // (sw/media-cache.ts) also serves media from the API's origin when it has its own.
      __API_BASE_URL__: JSON.stringify(process.env.API_BASE_URL ?? ''),
    },
    build: {
      target: 'es2022',
      sourcemap: process.env.ATELIER_SOURCEMAP === '1',
      // Every browser the es2022 target runs on follows <link rel="modulepreload"> itself (Safari
      // from 17; an older one only fetches those chunks when they are imported): the polyfill
      // would cost each page its bytes for nothing.
      // A lazy import's preload list names only what is not loaded already (scripts/preload-lists.ts).
      modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
      // Two HTML entries: index.html is the template of the pre-rendered public pages (hydrated
      // by src/site.tsx), app.html the shell of the SPA. The manifest tells the pre-renderer
      // which chunks and styles each public page needs.
      rollupOptions: {
        input: { site: 'index.html', app: 'app.html' },
        // The code both entries load at once, and the code every studio shares, in a few chunks
        // instead of some forty small ones
        // (scripts/chunk-groups.ts). Only the grouped modules themselves: with their imports, the
        // public pages' modules would move into a studio chunk too.
        output: {
          // Seven characters of hash (42 bits: the fewest the bundler accepts for this many chunks)
          // instead of eight: every import and every lazy route's preload list names files, and a
          // studio's first load names some 250 (0.4 KB gzip less a studio).
          chunkFileNames: 'assets/[name]-[hash:7].js',
          assetFileNames: 'assets/[name]-[hash:7][extname]',
          codeSplitting: {
            groups: [{ name: chunkGroupName(import.meta.dirname), debugName: 'chunk-groups', includeDependenciesRecursively: false }],
          },
        },
      },
      manifest: true,
    },
    server: {
      proxy: {
        '/api': 'http://127.0.0.1:8080',
        // Only the API's POSTs live under /auth; GET navigations there are SPA routes.
        '/auth': {
          target: 'http://127.0.0.1:8080',
          bypass: (req) => (req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/app.html' : undefined),
        },
      },
    },
  };
}

export default defineConfig(atelierConfig());
