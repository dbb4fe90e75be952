/** What the page learns from its service worker. */
export interface ServiceWorkerEvents {
  /** A new version is installed and waiting; it takes over only when the user agrees. */
  onUpdateReady(worker: ServiceWorker): void;
  /** The first service worker has taken control: the app now works offline (told once per browser). */
  onOfflineReady(): void;
}

/** The "ready to work offline" toast is shown once per browser, never again after. */
export const OFFLINE_READY_SHOWN_KEY = 'atelier.offlineReadyShown';

/** Longest wait for an idle moment before registering anyway, in ms. */
const REGISTER_IDLE_TIMEOUT_MS = 3000;

/**
 * Registers the service worker once the page has loaded and the browser is idle, so the
 * precache download never competes with the first render and hydration.
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
  const hadController = Boolean(navigator.serviceWorker.controller);
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  } catch (error) {
    console.warn('Service worker registration failed', error);
    return;
  }

  const watch = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const onState = () => {
      if (worker.state !== 'installed') return;
      // With a controller already in place this is an update; without one it is the first install.
      if (navigator.serviceWorker.controller) events.onUpdateReady(worker);
    };
    worker.addEventListener('statechange', onState);
    onState();
  };

  if (registration.waiting && navigator.serviceWorker.controller) events.onUpdateReady(registration.waiting);
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));

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
    else navigator.serviceWorker.addEventListener('controllerchange', markReady, { once: true });
  }

  // Look for a new version when the app comes back to the foreground, at most hourly.
  const HOUR_MS = 60 * 60 * 1000;
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > HOUR_MS) {
      lastCheck = Date.now();
      void registration.update().catch(() => undefined);
    }
  });
}

/** The user agreed to the new version: let it take over, then reload once it controls the page. */
export function applyUpdate(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
