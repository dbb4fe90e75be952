/// <reference lib="webworker" />
declare const self: ServiceWorkerGlobalScope;

/** Message the page sends when the user agrees to load the new version. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/**
 * A new version waits until the user agrees (the page posts SKIP_WAITING); the very first
 * install takes control at once so the first visit is already available offline.
 */
export function wireLifecycle(): void {
  self.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  });
  self.addEventListener('install', () => {
    // No active worker yet means this is the first install: nothing to wait for.
    if (!self.registration.active) void self.skipWaiting();
  });
  self.addEventListener('activate', (event) => {
    event.waitUntil(self.clients.claim());
  });
}
