import { getSession } from '../session.ts';

/**
 * Longest a screen that is opening waits for its data kept offline before its first render
 * (ms). Reading one list's first page from IndexedDB takes a few tens of ms on a tablet, about
 * as long as loading the screen's code, so the first frame shows the tiles instead of a loading
 * state; without stored data the screen renders after this at most and the network answers later.
 */
export const FIRST_SCREEN_WAIT_MS = 60;

/**
 * For a route's loader when the screen is entered: starts `prefetch` (a TanStack prefetch, which
 * the offline persister answers from IndexedDB when the data is stored, see persister.ts) and
 * resolves when it is done or after `waitMs`, whichever comes first: it never waits for the
 * network beyond that, and never fails. Guests have nothing stored and skip it.
 */
export function awaitStoredData(prefetch: () => Promise<unknown>, waitMs = FIRST_SCREEN_WAIT_MS): Promise<void> {
  if (typeof window === 'undefined' || !getSession().getState().user) return Promise.resolve();
  return new Promise<void>((done) => {
    const timer = setTimeout(done, waitMs);
    prefetch()
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        done();
      });
  });
}
