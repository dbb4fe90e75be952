import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

/** The blog's pages, in both languages (server/blog/pages.ts renders them). */
export const BLOG_PAGES = /^(?:\/en)?\/blog(?:\/|$)/;

/**
 * Paths the server answers itself, never the SPA: the API, the public API (`/v1/…`, whose
 * `openapi.json` and `llms.txt` the /api-docs page links to), the sandbox provider's hosted
 * payment page (`/billing/sandbox/…`, a provider's own page that only happens to be served here),
 * and the blog's pages, which the server renders from the database (server/blog/pages.ts).
 */
export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/v1\//, /^\/billing\//, BLOG_PAGES];

/** The runtime cache of the blog's pages, and how many it keeps (a page is ~30–60 KB). */
export const BLOG_PAGES_CACHE = 'blog-pages';
const BLOG_PAGES_MAX_ENTRIES = 50;
/** How long the network may take before the cached copy is shown, in seconds. */
const BLOG_NETWORK_TIMEOUT_SECONDS = 4;

/**
 * Offline navigations: pre-rendered public pages are served from the precache by the precache
 * route itself (clean URLs: /about → about.html); the blog's pages come from the network first
 * and, without it, from the copy kept at the last visit (so a post read once opens offline);
 * every other app path gets the SPA shell.
 */
export function registerNavigationFallback(shellUrl = '/app.html'): void {
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && BLOG_PAGES.test(url.pathname),
    new NetworkFirst({
      cacheName: BLOG_PAGES_CACHE,
      networkTimeoutSeconds: BLOG_NETWORK_TIMEOUT_SECONDS,
      plugins: [new ExpirationPlugin({ maxEntries: BLOG_PAGES_MAX_ENTRIES })],
    }),
  );
  registerRoute(new NavigationRoute(createHandlerBoundToURL(shellUrl), { denylist: NAVIGATION_DENYLIST }));
}
