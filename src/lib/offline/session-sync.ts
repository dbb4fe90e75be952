import type { Session, SignOutReason } from '../session.ts';
import { persistedOwners } from './persister.ts';
import { clearSessionSnapshot, writeSessionSnapshot, type SessionSnapshot } from '../../kernel/session-store.ts';
import { readOfflineOwner, writeOfflineOwner } from './owner.ts';

/** The wipe's code (every offline store's) loads the first time a wipe runs, not with the app. */
const wipeOfflineData = () => import('./wipe.ts').then((wipe) => wipe.wipeOfflineData());

/**
 * Keeps the offline stores in step with the session (docs/product-rules.md#offline-wipe):
 *
 * - signed in (start-up, sign-in, a new token): the service worker's session copy
 *   (`atelier-session`) gets the token and account id; if the stores hold another account's
 *   data, everything is wiped first;
 * - logout, a token the server refused, or one that expired (while the app is open, or found
 *   expired at start-up): everything is wiped (wipe.ts), as on logout; a token expiring in under
 *   5 minutes still counts as valid (src/lib/session.ts) and wipes nothing;
 * - another tab signed out: only the session copy goes here; that tab wipes the shared stores.
 * - at start-up, signed out while the stores still name an account (its token expired or was
 *   dropped while no page ran, or a wipe was cut short): everything is wiped.
 *
 * The steps run one after another, so a wipe never interleaves with the next sign-in.
 */

/** The session ends that forget the account's data on this device. */
export const WIPING_SIGN_OUTS: readonly SignOutReason[] = ['logout', 'rejected', 'expired'];

export interface OfflineSessionDeps {
  session: Pick<Session, 'getState' | 'getToken' | 'subscribe'>;
  wipe?: () => Promise<void>;
  owners?: () => Promise<string[]>;
  readOwner?: () => string | null;
  writeOwner?: (userId: string) => void;
  writeSnapshot?: (snapshot: SessionSnapshot) => Promise<void>;
  clearSnapshot?: () => Promise<void>;
}

export interface OfflineSessionSync {
  /** Resolves when every step queued so far has run (tests, and the e2e's checks). */
  idle(): Promise<void>;
  dispose(): void;
}

export function connectOfflineSession(deps: OfflineSessionDeps): OfflineSessionSync {
  const { session } = deps;
  const wipe = deps.wipe ?? wipeOfflineData;
  const owners = deps.owners ?? (() => persistedOwners());
  const readOwner = deps.readOwner ?? readOfflineOwner;
  const writeOwner = deps.writeOwner ?? writeOfflineOwner;
  const writeSnapshot = deps.writeSnapshot ?? writeSessionSnapshot;
  const clearSnapshot = deps.clearSnapshot ?? clearSessionSnapshot;

  let queue: Promise<void> = Promise.resolve();
  const enqueue = (step: () => Promise<void>) => {
    queue = queue.then(step).catch((error: unknown) => console.warn('Offline session step failed', error));
  };
  /** The snapshot last written, so an unrelated state change does not rewrite it. */
  let written: SessionSnapshot | null = null;

  const adopt = (snapshot: SessionSnapshot) =>
    enqueue(async () => {
      const owner = readOwner();
      const others = (await owners().catch(() => [])).filter((id) => id !== snapshot.userId);
      if ((owner !== null && owner !== snapshot.userId) || others.length > 0) await wipe();
      writeOwner(snapshot.userId);
      await writeSnapshot(snapshot);
    });

  const sync = () => {
    const { status, user } = session.getState();
    const token = session.getToken();
    if (status === 'signed-out' || !user || !token) return;
    if (written?.userId === user.id && written.token === token) return;
    written = { token, userId: user.id };
    adopt(written);
  };

  // The data outlived its session: no token to go with it (an expired one was dropped at start-up).
  if (session.getState().status === 'signed-out' && readOwner() !== null) enqueue(wipe);
  sync();
  const unsubscribe = session.subscribe((state, previous, reason) => {
    if (state.status === 'signed-out') {
      if (previous.status === 'signed-out') return;
      written = null;
      enqueue(reason && WIPING_SIGN_OUTS.includes(reason) ? wipe : clearSnapshot);
      return;
    }
    sync();
  });

  return {
    idle: () => queue,
    dispose: unsubscribe,
  };
}
