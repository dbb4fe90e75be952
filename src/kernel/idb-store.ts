/**
 * What the keyval stores of the page and the worker share (idb-keyval only, DOM-free): a store
 * opened on first use, and a read that trusts only a record of the expected shape.
 */
import { createStore, get, type UseStore } from 'idb-keyval';

/** The store `name` of database `db`, created on first call: nothing touches IndexedDB at import. */
export function lazyStore(db: string, name: string): () => UseStore {
  let store: UseStore | undefined;
  return () => (store ??= createStore(db, name));
}

/**
 * The record under `key` when it has the expected shape; null when not, when missing, or when
 * IndexedDB is unavailable (opening the store is inside the guard: it throws where there is none).
 */
export async function readChecked<T>(key: IDBValidKey, store: () => UseStore, isValid: (value: unknown) => value is T): Promise<T | null> {
  try {
    const value = await get<unknown>(key, store());
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}
