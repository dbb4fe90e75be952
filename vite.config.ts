import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import type { Plugin } from 'vite';
import { sitePageForPath } from './src/features/site/paths.ts';

/**
 * In development, page navigations get the right HTML entry as in production: the public
 * pages get index.html (hydrated by src/site.tsx), every other path the SPA shell app.html.
 */
function htmlEntries(): Plugin {
  return {
    name: 'atelier-html-entries',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const accept = req.headers.accept ?? '';
        const path = (req.url ?? '/').split('?')[0]!;
        const isApi = path.startsWith('/api/') || (path.startsWith('/auth/') && !accept.includes('text/html'));
        if (req.method === 'GET' && accept.includes('text/html') && !isApi && !path.includes('.')) {
          req.url = sitePageForPath(path) ? '/index.html' : '/app.html';
        }
        next();
      });
    },
  };
}

// Plugin order matters: the router generator must run before React's transform, and the
// Lingui macros must be compiled by @rolldown/plugin-babel (react({ babel }) is ignored on
// Vite 8, which leaves the macro stubs in the bundle; tests/server/bundle.test.ts guards it).
export default defineConfig({
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
  ],
  define: {
    // Where the PWA sends API calls; empty means its own origin.
    'import.meta.env.API_BASE_URL': JSON.stringify(process.env.API_BASE_URL ?? ''),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Two HTML entries: index.html is the template of the pre-rendered public pages (hydrated
    // by src/site.tsx), app.html the shell of the SPA. The manifest tells the pre-renderer
    // which chunks and styles each public page needs.
    rollupOptions: { input: { site: 'index.html', app: 'app.html' } },
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
});
