import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Paths whose navigations must reach the network (the API never answers with the app). */
export const NAVIGATION_DENYLIST = [/^\/api\//];

/**
 * Offline navigations: pre-rendered public pages are served from the precache by the precache
 * route itself (clean URLs: /about → about.html); every other app path gets the SPA shell.
 */
export function registerNavigationFallback(shellUrl = '/app.html'): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL(shellUrl), { denylist: NAVIGATION_DENYLIST }));
}
