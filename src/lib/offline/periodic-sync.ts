import { JOBS_SYNC_TAG } from '../../kernel/job-protocol.ts';

/**
 * Periodic Background Sync of the watch list (docs/product-rules.md#job-tracking): where the browser offers it (Chromium,
 * for an installed app with enough engagement) the service worker is woken now and then to poll
 * the watched jobs even with the app closed (sw/jobs.ts `periodicsync`). Elsewhere the worker
 * polls only while a page or a sync keeps it awake; the settings screen says which applies.
 */

/** The browser may wake the worker less often, never more. 15 min, in ms. */
export const PERIODIC_SYNC_MIN_INTERVAL_MS = 15 * 60_000;

export type PeriodicSyncState = 'registered' | 'unsupported' | 'denied';

/** Periodic Background Sync is not in TypeScript's DOM lib yet. */
interface PeriodicSyncManager {
  register(tag: string, options?: { minInterval?: number }): Promise<void>;
  getTags(): Promise<string[]>;
  unregister(tag: string): Promise<void>;
}
type RegistrationWithPeriodicSync = ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager };

async function registration(): Promise<RegistrationWithPeriodicSync | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  return ((await navigator.serviceWorker.getRegistration()) as RegistrationWithPeriodicSync | undefined) ?? null;
}

async function permissionGranted(): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName });
    return status.state === 'granted';
  } catch {
    // Browsers that do not know the permission's name.
    return false;
  }
}

/**
 * Registers the `atelier-jobs` periodic sync when the browser offers it and allows it (an
 * installed app); says why not otherwise. Idempotent: registering again replaces the interval.
 */
export async function registerPeriodicJobSync(): Promise<PeriodicSyncState> {
  const current = await registration();
  if (!current?.periodicSync) return 'unsupported';
  if (!(await permissionGranted())) return 'denied';
  try {
    await current.periodicSync.register(JOBS_SYNC_TAG, { minInterval: PERIODIC_SYNC_MIN_INTERVAL_MS });
    return 'registered';
  } catch {
    return 'denied';
  }
}

/**
 * For the settings screen: `registered` (the app is woken in the background to follow jobs),
 * `unsupported` (this browser has no Periodic Background Sync, or no service worker), `denied`
 * (it has one but does not allow it here, typically because the app is not installed).
 */
export async function periodicSyncStatus(): Promise<PeriodicSyncState> {
  const current = await registration().catch(() => null);
  if (!current?.periodicSync) return 'unsupported';
  if (!(await permissionGranted())) return 'denied';
  try {
    if ((await current.periodicSync.getTags()).includes(JOBS_SYNC_TAG)) return 'registered';
  } catch {
    return 'denied';
  }
  // Allowed but not registered yet (installed since the app started): register now.
  return registerPeriodicJobSync();
}
