/**
 * The query database (`atelier-query`): how persisted queries are keyed (per user, a head entry
 * and one entry per page of an infinite list), what is persisted and for how long, and the
 * IndexedDB backend. src/lib/offline/persister.ts builds the persister on it and re-exports it.
 */
import type { PersistedQuery } from '@tanstack/query-persist-client-core';
import type { QueryKey } from '@tanstack/react-query';
import { clear, createStore, del, delMany, getMany, keys, setMany, type UseStore } from 'idb-keyval';

export const QUERY_DB = 'atelier-query';
export const QUERY_STORE = 'queries';

/**
 * Query key roots kept for offline use. Add a feature's root here when its screen should open
 * offline with its last data; leave out answers that are useless or harmful when old.
 *
 * - `assets`: the library and single assets (src/features/media/api.ts);
 * - `generations`: histories, jobs, pending list and catalogue (src/features/generations/cache.ts);
 * - `auth`: the profile (credits, plan) (src/features/auth/api.ts);
 * - `me`: the user's dashboard figures, `community`: the public feed (src/features/generations/dashboard-keys.ts).
 */
export const PERSISTED_QUERY_ROOTS: readonly string[] = ['assets', 'generations', 'auth', 'me', 'community'];

export const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Persisted entries older than this are dropped instead of restored: 30 days covers a studio
 * tablet left unused over a month's holidays, while a screen that was never reopened for longer
 * would show a library too old to act on. Entries are rewritten on every fetch, so data in use
 * never reaches this age. (Unused data in memory still goes after 5 minutes, docs/product-rules.md#query-defaults.)
 */
export const PERSIST_MAX_AGE_MS = 30 * DAY_MS;
/**
 * Bump when a persisted answer's shape changes incompatibly (src/contract/): entries written
 * with another buster are discarded, never handed to a screen expecting the new shape.
 * contract-2: infinite lists are stored page by page.
 */
export const PERSIST_BUSTER = 'contract-2';
/**
 * Writes happen at once, then at most once per this interval (ms): a burst (paging through a
 * list, a poll) is written at its start and once at its end with the latest state. Writing at
 * once matters: a page closed or reloaded right after a fetch may not finish a later write.
 */
export const PERSIST_WRITE_DELAY_MS = 1_000;

export const OWNER_SEPARATOR = '|';
/** After the separator: `q-<query hash>` for a query's entry, `p<index>-<query hash>` for a page of an infinite list. */
export const HEAD_TAG = 'q';
export const PAGE_TAG = 'p';
export const PAGE_KEY = /^p(\d+)-/;

/** The storage key prefix of one user's query entries (the id is encoded, so it cannot contain the separator). */
export function ownerPrefix(userId: string): string {
  return `${encodeURIComponent(userId)}${OWNER_SEPARATOR}${HEAD_TAG}`;
}

/** The key of a query's entry (its data, or the head of an infinite list). */
export function headKey(userId: string, queryHash: string): string {
  return `${ownerPrefix(userId)}-${queryHash}`;
}

/** The key of page `index` of an infinite list. */
export function pageKey(userId: string, queryHash: string, index: number): string {
  return `${encodeURIComponent(userId)}${OWNER_SEPARATOR}${PAGE_TAG}${index}-${queryHash}`;
}

/** The user a storage key belongs to, or null for a key not written by this module. */
export function ownerOfKey(key: IDBValidKey): string | null {
  if (typeof key !== 'string') return null;
  const at = key.indexOf(OWNER_SEPARATOR);
  if (at <= 0) return null;
  try {
    return decodeURIComponent(key.slice(0, at));
  } catch {
    return null;
  }
}

/** What a storage key holds: a query's entry or a page (with its index), and the query's hash; null when foreign. */
export function parseKey(key: IDBValidKey): { owner: string; hash: string; page: number | null } | null {
  const owner = ownerOfKey(key);
  if (owner === null || typeof key !== 'string') return null;
  const rest = key.slice(key.indexOf(OWNER_SEPARATOR) + 1);
  if (rest.startsWith(`${HEAD_TAG}-`)) return { owner, hash: rest.slice(HEAD_TAG.length + 1), page: null };
  const match = PAGE_KEY.exec(rest);
  return match ? { owner, hash: rest.slice(match[0].length), page: Number(match[1]) } : null;
}

export function isPersistedQueryKey(queryKey: QueryKey, roots: readonly string[] = PERSISTED_QUERY_ROOTS): boolean {
  const root = queryKey[0];
  return typeof root === 'string' && roots.includes(root);
}

/**
 * A query's stored entry. For an infinite list, `state.data` is null and `pageParams` lists the
 * parameters of its stored pages, in order (page `i` is stored under `pageKey(…, i)`).
 */
export interface StoredQuery extends PersistedQuery {
  pageParams?: unknown[];
}

/** Where entries go: IndexedDB in the browser, a Map in tests. */
export interface PersistBackend {
  getMany(keys: IDBValidKey[]): Promise<unknown[]>;
  setMany(entries: Array<[IDBValidKey, unknown]>): Promise<void>;
  del(key: IDBValidKey): Promise<void>;
  delMany(keys: IDBValidKey[]): Promise<void>;
  keys(): Promise<IDBValidKey[]>;
  clear(): Promise<void>;
}

let store: UseStore | undefined;
/** Created on first use: nothing touches IndexedDB at import. Creating it opens the database. */
export function queryStore(): UseStore {
  store ??= createStore(QUERY_DB, QUERY_STORE);
  return store;
}

export function idbBackend(): PersistBackend {
  return {
    getMany: (list) => getMany(list, queryStore()),
    setMany: (list) => setMany(list, queryStore()),
    del: (key) => del(key, queryStore()),
    delMany: (list) => delMany(list, queryStore()),
    keys: () => keys(queryStore()),
    clear: () => clear(queryStore()),
  };
}

/**
 * Opens the database now, so that the first screen's restore does not wait for it: called at
 * start-up, while the app's code still loads.
 */
export function warmPersistedQueries(): void {
  if (typeof indexedDB !== 'undefined') queryStore();
}

/** Deletes every persisted query of every user (the logout wipe). */
export function clearPersistedQueries(backend: PersistBackend = idbBackend()): Promise<void> {
  return backend.clear();
}

/** The users that have entries stored. */
export async function persistedOwners(backend: PersistBackend = idbBackend()): Promise<string[]> {
  const owners = new Set<string>();
  for (const key of await backend.keys()) {
    const owner = ownerOfKey(key);
    if (owner !== null) owners.add(owner);
  }
  return [...owners];
}
