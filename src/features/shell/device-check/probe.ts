import { useSyncExternalStore } from 'react';

/**
 * What the device check reads from the browser. Nothing here runs during a server render: the
 * synchronous values come through useSyncExternalStore (its server snapshot is "not known yet")
 * and the asynchronous ones from effects; the page shows "checking" until they arrive.
 */

export type Support<T> = T | 'unsupported';

export interface BrowserProbe {
  online: boolean;
  serviceWorker: Support<'controlled' | 'not-controlled'>;
  installed: boolean;
  storage: Support<{ usage: number; quota: number }> | 'pending';
  notifications: Support<NotificationPermission>;
  indexedDb: Support<'ok' | 'blocked'> | 'pending';
  camera: boolean;
}

/** Below this much free storage (200 MiB) the browser may evict offline data under pressure. */
export const LOW_STORAGE_BYTES = 200 * 1024 * 1024;

/** Time allowed for the IndexedDB open test, in ms; some private modes never answer. */
const INDEXED_DB_TIMEOUT_MS = 3000;
const PROBE_DB_NAME = 'atelier-device-check';

export type SyncProbe = Omit<BrowserProbe, 'storage' | 'indexedDb'>;

export function readSyncProbe(): SyncProbe {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    online: navigator.onLine,
    serviceWorker: 'serviceWorker' in navigator ? (navigator.serviceWorker.controller ? 'controlled' : 'not-controlled') : 'unsupported',
    installed: window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true,
    notifications: typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
    camera: typeof navigator.mediaDevices?.getUserMedia === 'function',
  };
}

/** Tells React when a synchronous value may have changed. */
function subscribeSyncProbe(onChange: () => void): () => void {
  let active = true;
  let permission: PermissionStatus | undefined;
  const standalone = window.matchMedia?.('(display-mode: standalone)');
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  navigator.serviceWorker?.addEventListener('controllerchange', onChange);
  standalone?.addEventListener('change', onChange);
  navigator.permissions
    ?.query({ name: 'notifications' })
    .then((status) => {
      if (active) {
        permission = status;
        status.addEventListener('change', onChange);
      }
      return status;
    })
    .catch(() => undefined);
  return () => {
    active = false;
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    navigator.serviceWorker?.removeEventListener('controllerchange', onChange);
    standalone?.removeEventListener('change', onChange);
    permission?.removeEventListener('change', onChange);
  };
}

let lastSnapshot: SyncProbe | null = null;

/** The same object while nothing changed, as useSyncExternalStore requires. */
function syncProbeSnapshot(): SyncProbe {
  const next = readSyncProbe();
  const same = lastSnapshot !== null && (Object.keys(next) as (keyof SyncProbe)[]).every((key) => next[key] === lastSnapshot?.[key]);
  if (!same) lastSnapshot = next;
  return lastSnapshot ?? next;
}

/** The synchronous values, live; null where they cannot be known (a server render). */
export function useSyncProbe(): SyncProbe | null {
  return useSyncExternalStore(subscribeSyncProbe, syncProbeSnapshot, () => null);
}

export async function estimateStorage(): Promise<BrowserProbe['storage']> {
  if (!navigator.storage?.estimate) return 'unsupported';
  try {
    const { usage = 0, quota = 0 } = await navigator.storage.estimate();
    return quota > 0 ? { usage, quota } : 'unsupported';
  } catch {
    return 'unsupported';
  }
}

/** Opens (and deletes) a scratch database: some private modes expose the API but refuse to open. */
export function testIndexedDb(): Promise<BrowserProbe['indexedDb']> {
  if (typeof indexedDB === 'undefined') return Promise.resolve('unsupported');
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('blocked'), INDEXED_DB_TIMEOUT_MS);
    const done = (result: 'ok' | 'blocked') => {
      clearTimeout(timer);
      resolve(result);
    };
    try {
      const request = indexedDB.open(PROBE_DB_NAME);
      request.addEventListener('success', () => {
        request.result.close();
        indexedDB.deleteDatabase(PROBE_DB_NAME);
        done('ok');
      });
      request.addEventListener('error', () => done('blocked'));
      request.addEventListener('blocked', () => done('blocked'));
    } catch {
      done('blocked');
    }
  });
}
