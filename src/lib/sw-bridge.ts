import type { Workbox } from 'workbox-window';

/** What the page learns from its service worker. */
export interface ServiceWorkerEvents {
  /**
   * A new version is installed and waiting; it takes over only when the user agrees, by
   * calling `apply` (the page then reloads once the new version controls it).
   */
  onUpdateReady(apply: () => void): void;
  /** The first service worker has taken control: the app now works offline (told once per browser). */
  onOfflineReady(): void;
}

/** The "ready to work offline" toast is shown once per browser, never again after. */
export const OFFLINE_READY_SHOWN_KEY = 'atelier.offlineReadyShown';

/** Longest wait for an idle moment before registering anyway, in ms. */
const REGISTER_IDLE_TIMEOUT_MS = 3000;
/** Shortest time between two checks for a new version when the app comes back to the foreground. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (built by vite-plugin-pwa from sw/sw.ts) with workbox-window,
 * once the page has loaded and the browser is idle, so neither workbox-window's code nor the
 * precache download competes with the first render and hydration.
 */
export function registerServiceWorker(events: ServiceWorkerEvents): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => void register(events), { timeout: REGISTER_IDLE_TIMEOUT_MS });
    else setTimeout(() => void register(events), 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

let registering: Promise<void> | undefined;

function register(events: ServiceWorkerEvents): Promise<void> {
  registering ??= doRegister(events);
  return registering;
}

async function doRegister(events: ServiceWorkerEvents): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const hadController = Boolean(navigator.serviceWorker.controller);
  const wb = new Workbox('/sw.js', { scope: '/', updateViaCache: 'none' });

  // A waiting worker with a controller in place is an update; without one it is the first
  // install, which takes control by itself (sw/lifecycle.ts). Each new version is offered once.
  const offered = new WeakSet<ServiceWorker>();
  const offer = (worker: ServiceWorker | null | undefined) => {
    if (!worker || offered.has(worker) || !navigator.serviceWorker.controller) return;
    offered.add(worker);
    events.onUpdateReady(() => applyUpdate(wb));
  };
  // Also told when a version was already waiting before this page registered.
  wb.addEventListener('waiting', (event) => offer(event.sw));

  const registration = await wb.register({ immediate: true }).catch((error: unknown) => {
    console.warn('Service worker registration failed', error);
    return undefined;
  });
  if (!registration) return;
  // workbox-window follows only the first update found while a page is open
  // (GoogleChrome/workbox#3285): a tab left open through two releases, whose user chose
  // "later" on the first, would never be offered the second. The registration tells of each.
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && registration.waiting === worker) offer(worker);
    });
  });

  if (!hadController) {
    // First visit: once this worker controls the page, everything needed offline is cached.
    const markReady = () => {
      try {
        if (localStorage.getItem(OFFLINE_READY_SHOWN_KEY)) return;
        localStorage.setItem(OFFLINE_READY_SHOWN_KEY, new Date().toISOString());
      } catch {
        return;
      }
      events.onOfflineReady();
    };
    if (navigator.serviceWorker.controller) markReady();
    else wb.addEventListener('controlling', markReady);
  }

  // Look for a new version when the app comes back to the foreground, at most hourly.
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > UPDATE_CHECK_INTERVAL_MS) {
      lastCheck = Date.now();
      void wb.update().catch(() => undefined);
    }
  });
}

let reloadOnControl: (() => void) | undefined;

/** The user agreed to the new version: let it take over, then reload once it controls the page. */
function applyUpdate(wb: Workbox): void {
  if (!reloadOnControl) {
    reloadOnControl = () => location.reload();
    wb.addEventListener('controlling', reloadOnControl);
  }
  // Sent to the worker waiting now, the newest one (sw/lifecycle.ts answers SKIP_WAITING).
  wb.messageSkipWaiting();
}
