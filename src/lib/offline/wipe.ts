import { clearJobWatchList } from '../../kernel/job-watch.ts';
import { clearMediaCache } from './media-cache.ts';
import { clearOutbox } from '../../kernel/outbox-store.ts';
import { forgetOfflineOwner } from './owner.ts';
import { clearPersistedQueries } from './persister.ts';
import { clearSessionSnapshot } from '../../kernel/session-store.ts';
import { clearSharedEntries } from '../../kernel/share-store.ts';

export { OFFLINE_OWNER_KEY, readOfflineOwner, writeOfflineOwner } from './owner.ts';

/**
 * The browser's offline data of an account, and how to forget it
 * (docs/product-rules.md#offline-wipe). Each part is cleared on its own, so one failure (a blocked
 * database) does not keep the others on the device.
 */

async function settleAll(steps: ReadonlyArray<readonly [string, () => Promise<void>]>): Promise<void> {
  const results = await Promise.allSettled(steps.map(([, run]) => run()));
  results.forEach((result, index) => {
    if (result.status === 'rejected') console.warn(`Could not clear offline data (${steps[index]![0]})`, result.reason);
  });
}

/**
 * Everything of the account on this device: persisted query data (every user's), the session
 * copy the service worker reads, cached and pinned media, the job watch list, the upload outbox,
 * and photos shared into the app that still wait in the chooser. Called on logout, on a refused
 * token, and when another account signs in.
 */
export async function wipeOfflineData(): Promise<void> {
  await settleAll([
    ['queries', clearPersistedQueries],
    ['session', clearSessionSnapshot],
    ['media', clearMediaCache],
    ['jobs', clearJobWatchList],
    ['outbox', clearOutbox],
    ['shared', clearSharedEntries],
  ]);
  forgetOfflineOwner();
}

/**
 * The settings' "clear offline data": the saved copies only (query data and media, pins
 * included). The session, followed jobs and queued uploads stay: they are work in progress,
 * not copies.
 */
export async function clearSavedCopies(): Promise<void> {
  await settleAll([
    ['queries', clearPersistedQueries],
    ['media', clearMediaCache],
  ]);
}
