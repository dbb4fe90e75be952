/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { wireLifecycle } from './lifecycle.ts';
import { registerNavigationFallback } from './navigation.ts';
import { registerJobTracking } from './jobs.ts';
import { registerMediaCache } from './media-route.ts';
import { registerShareTarget } from './share-target.ts';
import { registerOutbox } from './outbox.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The service worker only wires pieces; each lives in its own module.
wireLifecycle();
cleanupOutdatedCaches();
// vite-plugin-pwa (injectManifest, vite.config.ts) injects the list of shell files (HTML, JS,
// CSS, icons, the pre-rendered pages) with their revisions.
precacheAndRoute(self.__WB_MANIFEST, { cleanURLs: true, directoryIndex: 'index.html' });
registerNavigationFallback();
registerJobTracking();
registerMediaCache();
registerShareTarget();
registerOutbox();
