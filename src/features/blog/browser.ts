import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * A fact about the browser, false in the server's HTML and during hydration, then the browser's
 * answer (what the device can do, what it has stored): the two renders never disagree.
 */
export function useBrowserValue<T>(read: () => T, onServer: T): T {
  return useSyncExternalStore(noSubscription, read, () => onServer);
}
