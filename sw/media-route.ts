/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import {
  asMediaMessage,
  MEDIA_BUDGET_MESSAGE,
  MEDIA_CACHE_NAME,
  MEDIA_CACHE_PREFIX,
  MEDIA_KEEP_MESSAGE,
  MEDIA_PIN_MESSAGE,
  MEDIA_RESET_MESSAGE,
  MEDIA_UNPIN_MESSAGE,
  mediaCacheKey,
  mediaOrigins,
  type MediaReply,
} from '../src/kernel/media-cache-policy.ts';
import { createMediaCache } from './media-cache.ts';

declare const self: ServiceWorkerGlobalScope;
/** API_BASE_URL of the build, defined by scripts/build.ts ('' when the API is this origin). */
declare const __API_BASE_URL__: string | undefined;

/** The media cache's wiring (sw/media-cache.ts holds the cache itself). */

/** Registers the media route, the page messages, and the removal of older media caches. */
export function registerMediaCache(): void {
  const apiBase = typeof __API_BASE_URL__ === 'string' ? __API_BASE_URL__ : '';
  const origins = mediaOrigins(self.location.origin, apiBase);
  const media = createMediaCache(origins);

  registerRoute(
    ({ request, url }) => request.method === 'GET' && mediaCacheKey(url.href, origins) !== null,
    ({ request, url, event }) => media.handle(request, url, event as ExtendableEvent),
  );

  self.addEventListener('message', (event) => {
    const message = asMediaMessage(event.data);
    if (!message) return;
    const port = event.ports[0];
    const reply = (answer: MediaReply) => port?.postMessage(answer);
    const work = async () => {
      try {
        let failed: number | undefined;
        if (message.type === MEDIA_PIN_MESSAGE) failed = await media.pin(message.paths);
        else if (message.type === MEDIA_UNPIN_MESSAGE) await media.unpin(message.paths);
        else if (message.type === MEDIA_KEEP_MESSAGE) await media.keep(message.paths);
        else if (message.type === MEDIA_BUDGET_MESSAGE) await media.setBudget(message.bytes);
        else if (message.type === MEDIA_RESET_MESSAGE) await media.reset();
        reply({ ok: true, usage: await media.usage(), ...(failed ? { failed } : {}) });
      } catch (error) {
        reply({ ok: false, error: error instanceof Error ? error.message : String(error) });
      }
    };
    event.waitUntil(work());
  });

  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(names.filter((name) => name.startsWith(MEDIA_CACHE_PREFIX) && name !== MEDIA_CACHE_NAME).map((name) => caches.delete(name))),
        ),
    );
  });
}
