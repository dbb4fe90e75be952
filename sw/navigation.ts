import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * Paths the server answers itself, never the SPA: the API, the public API (`/v1/…`, whose
 * `openapi.json` and `llms.txt` the /api-docs page links to), and the sandbox provider's hosted
 * payment page (`/billing/sandbox/…`, a provider's own page that only happens to be served here).
 */
export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/v1\//, /^\/billing\//];

/**
 * Offline navigations: pre-rendered public pages are served from the precache by the precache
 * route itself (clean URLs: /about → about.html); every other app path gets the SPA shell.
 */
export function registerNavigationFallback(shellUrl = '/app.html'): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL(shellUrl), { denylist: NAVIGATION_DENYLIST }));
}
