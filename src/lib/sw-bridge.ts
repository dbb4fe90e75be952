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
/** Shortest time between two checks for a new version when the app comes back to the foreground, in ms. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * What sw/lifecycle.ts answers with skipWaiting (its SKIP_WAITING_MESSAGE). Written out here
 * because sw/ is compiled for a worker, not for the page; the test checks that both agree.
 */
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

/**
 * Registers the service worker (built by vite-plugin-pwa from sw/sw.ts) with the browser's own
 * API, once the page has loaded and the browser is idle, so the precache download does not
 * compete with the first render and hydration.
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
  const container = navigator.serviceWorker;
  const hadController = Boolean(container.controller);
  const registration = await container.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
    console.warn('Service worker registration failed', error);
    return undefined;
  });
  if (!registration) return;

  // A waiting worker with a controller in place is an update; without one it is the first
  // install, which takes control by itself (sw/lifecycle.ts). Each new version is offered once.
  const offered = new WeakSet<ServiceWorker>();
  const offer = (worker: ServiceWorker | null) => {
    if (!worker || offered.has(worker) || !container.controller) return;
    offered.add(worker);
    events.onUpdateReady(() => applyUpdate(registration));
  };
  // An installing worker waits once installed (the registration names it as waiting first).
  const follow = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && registration.waiting === worker) offer(worker);
    });
  };
  // A version that was already waiting, or still installing (the browser checks for one on
  // every navigation), before this page registered.
  offer(registration.waiting);
  follow(registration.installing);
  // Every later release found while the page stays open, however many.
  registration.addEventListener('updatefound', () => follow(registration.installing));

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
    if (container.controller) markReady();
    else container.addEventListener('controllerchange', markReady);
  }

  // Look for a new version when the app comes back to the foreground, at most hourly.
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > UPDATE_CHECK_INTERVAL_MS) {
      lastCheck = Date.now();
      void registration.update().catch(() => undefined);
    }
  });
}

let reloadArmed = false;

/** The user agreed to the new version: let it take over, then reload once it controls the page. */
function applyUpdate(registration: ServiceWorkerRegistration): void {
  // Sent to the worker waiting now, the newest one.
  const waiting = registration.waiting;
  if (!waiting) {
    // Nothing waits any more: another tab already let this version take over (it controls this
    // page too), or a newer one replaced it and is still installing (offered in its turn).
    // Either way the user asked for a reload, and a reload is all there is to do.
    location.reload();
    return;
  }
  if (!reloadArmed) {
    reloadArmed = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  }
  waiting.postMessage(SKIP_WAITING);
}
