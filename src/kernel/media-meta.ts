// The page↔worker shared kernel (src/kernel): modules both the service worker (sw/) and the
// pages import. They import only src/contract, each other, idb-keyval and valibot: no DOM-only
// code, no React, nothing from src/lib or src/features.
import { clear, createStore, del, delMany, entries, get, set, setMany, type UseStore } from 'idb-keyval';
import { DEFAULT_MEDIA_BUDGET_BYTES, MEDIA_CACHE_PREFIX, type MediaEntry } from './media-cache-policy.ts';

/**
 * The media cache's records (IndexedDB `atelier-media`): one MediaEntry per cache key (size,
 * last use, pinned), plus the chosen budget. The service worker writes them as it stores,
 * serves and evicts; the page reads them directly (pin state, usage) so it needs no running
 * worker to answer, and clears them with the cache on logout.
 *
 * DOM-free and React-free (idb-keyval only): the service worker imports it too.
 */

export const MEDIA_META_DB = 'atelier-media';
export const MEDIA_META_STORE = 'entries';
/** Not a URL, so it can never collide with a cache key. */
const BUDGET_KEY = 'config:budget';

let store: UseStore | undefined;
/** Created on first use: nothing here touches IndexedDB at import. */
function metaStore(): UseStore {
  store ??= createStore(MEDIA_META_DB, MEDIA_META_STORE);
  return store;
}

function isEntry(value: unknown): value is MediaEntry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.bytes === 'number' && typeof entry.lastUsed === 'number' && typeof entry.pinned === 'boolean' && typeof entry.stored === 'boolean';
}

export async function readMediaEntry(key: string): Promise<MediaEntry | undefined> {
  const value = await get<unknown>(key, metaStore());
  return isEntry(value) ? value : undefined;
}

/** Every record, keyed by cache key. */
export async function readMediaEntries(): Promise<Map<string, MediaEntry>> {
  const map = new Map<string, MediaEntry>();
  for (const [key, value] of await entries<IDBValidKey, unknown>(metaStore())) {
    if (typeof key === 'string' && key !== BUDGET_KEY && isEntry(value)) map.set(key, value);
  }
  return map;
}

export function writeMediaEntry(key: string, entry: MediaEntry): Promise<void> {
  return set(key, entry, metaStore());
}

export function writeMediaEntries(list: Array<[string, MediaEntry]>): Promise<void> {
  return list.length ? setMany(list, metaStore()) : Promise.resolve();
}

export function deleteMediaEntry(key: string): Promise<void> {
  return del(key, metaStore());
}

export function deleteMediaEntries(keys: string[]): Promise<void> {
  return keys.length ? delMany(keys, metaStore()) : Promise.resolve();
}

/** The budget the person chose (settings), or the default. */
export async function readMediaBudget(): Promise<number> {
  const value = await get<unknown>(BUDGET_KEY, metaStore());
  return typeof value === 'number' && value > 0 ? value : DEFAULT_MEDIA_BUDGET_BYTES;
}

export function writeMediaBudget(bytes: number): Promise<void> {
  return set(BUDGET_KEY, bytes, metaStore());
}

/**
 * Deletes every media cache (Cache Storage names starting with MEDIA_CACHE_PREFIX) and every
 * record, the chosen budget included. Works from the page and from the worker.
 */
export async function clearMediaStorage(): Promise<void> {
  const names = typeof caches === 'undefined' ? [] : (await caches.keys()).filter((name) => name.startsWith(MEDIA_CACHE_PREFIX));
  await Promise.all([...names.map((name) => caches.delete(name)), clear(metaStore())]);
}
