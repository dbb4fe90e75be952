// The page↔worker shared kernel (src/kernel): modules both the service worker (sw/) and the
// pages import. They import only src/contract, each other, idb-keyval and valibot: no DOM-only
// code, no React, nothing from src/lib or src/features.
import { clear, createStore, get, set, type UseStore } from 'idb-keyval';

/**
 * The session as the service worker needs it (shared offline conventions): the bearer token and
 * the account id, copied from localStorage (which a service worker cannot read) into IndexedDB
 * (`atelier-session`). The page writes it on sign-in and start-up, the logout wipe clears it.
 *
 * DOM-free and React-free (idb-keyval only): the service worker imports it too.
 */

export interface SessionSnapshot {
  token: string;
  userId: string;
}

export const SESSION_DB = 'atelier-session';
export const SESSION_STORE = 'session';
const SNAPSHOT_KEY = 'current';

let store: UseStore | undefined;
/** Created on first use: nothing here should touch IndexedDB at import. */
function sessionStore(): UseStore {
  store ??= createStore(SESSION_DB, SESSION_STORE);
  return store;
}

function isSnapshot(value: unknown): value is SessionSnapshot {
  if (!value || typeof value !== 'object') return false;
  const { token, userId } = value as Record<string, unknown>;
  return typeof token === 'string' && token !== '' && typeof userId === 'string' && userId !== '';
}

/** The stored session, or null when signed out (or when IndexedDB is unavailable). */
export async function readSessionSnapshot(): Promise<SessionSnapshot | null> {
  try {
    const value = await get<unknown>(SNAPSHOT_KEY, sessionStore());
    return isSnapshot(value) ? value : null;
  } catch {
    return null;
  }
}

export async function writeSessionSnapshot(snapshot: SessionSnapshot): Promise<void> {
  await set(SNAPSHOT_KEY, { token: snapshot.token, userId: snapshot.userId }, sessionStore());
}

export async function clearSessionSnapshot(): Promise<void> {
  await clear(sessionStore());
}
