import { experimental_createQueryPersister, type AsyncStorage, type PersistedQuery } from '@tanstack/query-persist-client-core';
import { notifyManager, type Query, type QueryClient, type QueryKey, type QueryPersister } from '@tanstack/react-query';
import { clear, createStore, del, delMany, entries, get, keys, setMany, type UseStore } from 'idb-keyval';

/**
 * TanStack Query data persisted to IndexedDB (`atelier-query`), so every screen opens offline
 * with the last data it showed (issue 6 "Offline").
 *
 * - Per query, restored lazily: TanStack's per-query persister (`experimental_createQueryPersister`)
 *   wraps each query function; when a query has no data in memory, its entry is read back
 *   (one IndexedDB read, for that query only) before the network is asked. Restoring the whole
 *   cache at start-up would read every list, 10,000 assets included, before the first paint.
 *   Infinite queries go through the same wrapper (query-core's infiniteQueryBehavior calls the
 *   persister around the whole page fetch), so the stored entry holds all loaded pages.
 * - Per user: every storage key starts with the signed-in user's id, read when the query runs;
 *   another account's entries are never read, and a write is dropped if its account is no
 *   longer the signed-in one when it lands (a fetch that ended after a logout or a switch).
 * - Cheap: values are stored as objects (IndexedDB's structured clone), never JSON strings.
 *   Writes are throttled (PERSIST_WRITE_DELAY_MS) and keep only the latest state of each
 *   query, so paging through a long list does not rewrite it once per page.
 * - Direct cache edits (`setQueryData`: a finished job, a new profile) are persisted too.
 * - Only the roots in PERSISTED_QUERY_ROOTS are stored; guests store nothing.
 */

export const QUERY_DB = 'atelier-query';
export const QUERY_STORE = 'queries';

/**
 * Query key roots kept for offline use. Add a feature's root here when its screen should open
 * offline with its last data; leave out answers that are useless or harmful when old.
 *
 * - `assets`: the library and single assets (src/features/assets/api.ts);
 * - `generations`: histories, jobs, pending list and catalogue (src/features/studio/data/generations.ts);
 * - `auth`: the profile (credits, plan) (src/features/auth/api.ts);
 * - `me`: the user's dashboard figures, `community`: the public feed (src/features/dashboard/keys.ts).
 */
export const PERSISTED_QUERY_ROOTS: readonly string[] = ['assets', 'generations', 'auth', 'me', 'community'];

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Persisted entries older than this are dropped instead of restored: 30 days covers a studio
 * tablet left unused over a month's holidays, while a screen that was never reopened for longer
 * would show a library too old to act on. Entries are rewritten on every fetch, so data in use
 * never reaches this age. (Unused data in memory still goes after 5 minutes, spec §7.)
 */
export const PERSIST_MAX_AGE_MS = 30 * DAY_MS;
/**
 * Bump when a persisted answer's shape changes incompatibly (src/contract/): entries written
 * with another buster are discarded, never handed to a screen expecting the new shape.
 */
export const PERSIST_BUSTER = 'contract-1';
/**
 * Writes happen at once, then at most once per this interval (ms): a burst (paging through a
 * list, a poll) is written at its start and once at its end with the latest state. Writing at
 * once matters: a page closed or reloaded right after a fetch may not finish a later write.
 */
export const PERSIST_WRITE_DELAY_MS = 1_000;

const OWNER_SEPARATOR = '|';

/** The storage key prefix of one user's entries (the id is encoded, so it cannot contain the separator). */
export function ownerPrefix(userId: string): string {
  return `${encodeURIComponent(userId)}${OWNER_SEPARATOR}q`;
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

export function isPersistedQueryKey(queryKey: QueryKey, roots: readonly string[] = PERSISTED_QUERY_ROOTS): boolean {
  const root = queryKey[0];
  return typeof root === 'string' && roots.includes(root);
}

/** Where entries go: IndexedDB in the browser, a Map in tests. */
export interface PersistBackend {
  get(key: string): Promise<PersistedQuery | undefined>;
  setMany(entries: Array<[string, PersistedQuery]>): Promise<void>;
  del(key: string): Promise<void>;
  delMany(keys: IDBValidKey[]): Promise<void>;
  keys(): Promise<IDBValidKey[]>;
  entries(): Promise<Array<[IDBValidKey, unknown]>>;
  clear(): Promise<void>;
}

let store: UseStore | undefined;
/** Created on first use: nothing touches IndexedDB at import. */
function queryStore(): UseStore {
  store ??= createStore(QUERY_DB, QUERY_STORE);
  return store;
}

export function idbBackend(): PersistBackend {
  return {
    get: (key) => get<PersistedQuery>(key, queryStore()),
    setMany: (list) => setMany(list, queryStore()),
    del: (key) => del(key, queryStore()),
    delMany: (list) => delMany(list, queryStore()),
    keys: () => keys(queryStore()),
    entries: () => entries<IDBValidKey, unknown>(queryStore()),
    clear: () => clear(queryStore()),
  };
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

export interface OfflinePersisterOptions {
  /** The signed-in user's id, or null for a guest (read synchronously at every query run). */
  currentUserId: () => string | null;
  backend?: PersistBackend;
  roots?: readonly string[];
  writeDelayMs?: number;
  maxAgeMs?: number;
  buster?: string;
  now?: () => number;
}

export interface OfflinePersister {
  /** The `persister` of the query client's default options. */
  persisterFn: QueryPersister;
  /** Persists direct cache edits of `client` and flushes pending writes when the page is hidden; returns the unsubscribe. */
  attach(client: QueryClient): () => void;
  /** Writes what is waiting now. */
  flush(): Promise<void>;
  /** Deletes expired, outdated and foreign entries. */
  collectGarbage(): Promise<void>;
}

/**
 * The state a persisted entry needs: data and its timestamps. Errors (class instances that
 * would lose their prototype) and fetch bookkeeping are left out; the object references the
 * query's data without copying it (TanStack never mutates data in place).
 */
function slimState(state: Query['state']): Query['state'] {
  return { ...state, error: null, fetchFailureReason: null, fetchFailureCount: 0, fetchStatus: 'idle', fetchMeta: null };
}

type Persister = ReturnType<typeof experimental_createQueryPersister<PersistedQuery>>;

export function createOfflinePersister(options: OfflinePersisterOptions): OfflinePersister {
  const backend = options.backend ?? idbBackend();
  const roots = options.roots ?? PERSISTED_QUERY_ROOTS;
  const writeDelayMs = options.writeDelayMs ?? PERSIST_WRITE_DELAY_MS;
  const maxAge = options.maxAgeMs ?? PERSIST_MAX_AGE_MS;
  const buster = options.buster ?? PERSIST_BUSTER;
  const now = options.now ?? Date.now;
  const pending = new Map<string, PersistedQuery>();
  /** Set while writes cool down after one; what arrives meanwhile waits for its end. */
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = async () => {
    if (!pending.size) return;
    const user = options.currentUserId();
    // Only the signed-in account's entries are written: anything else was fetched before a logout or a switch.
    const batch = [...pending].filter(([key]) => user !== null && ownerOfKey(key) === user);
    pending.clear();
    if (!batch.length) return;
    try {
      await backend.setMany(batch);
    } catch {
      // A full disk or an uncloneable value must not break the screen; the entry is simply not kept.
    }
  };

  const scheduleWrite = () => {
    void flush();
    timer = setTimeout(() => {
      timer = undefined;
      if (pending.size) scheduleWrite();
    }, writeDelayMs);
  };

  const storage: AsyncStorage<PersistedQuery> = {
    getItem: (key) => pending.get(key) ?? backend.get(key),
    setItem: (key, value) => {
      pending.set(key, value);
      if (timer === undefined) scheduleWrite();
    },
    removeItem: async (key) => {
      pending.delete(key);
      await backend.del(key);
    },
  };

  // A hidden page may be frozen or closed: write what waits now.
  const onHidden = () => {
    if (document.visibilityState === 'hidden') void flush();
  };
  const onPageHide = () => void flush();

  const perOwner = new Map<string, Persister>();
  const forOwner = (userId: string): Persister => {
    let persister = perOwner.get(userId);
    if (!persister) {
      persister = experimental_createQueryPersister<PersistedQuery>({
        storage,
        prefix: ownerPrefix(userId),
        maxAge,
        buster,
        serialize: (persisted) => ({ ...persisted, state: slimState(persisted.state) }),
        deserialize: (stored) => stored,
        // persisterFn below refreshes restored data itself (the library's refetch leaves its
        // promise unhandled, which a logout's cancellation turns into an unhandled rejection).
        refetchOnRestore: false,
      });
      perOwner.set(userId, persister);
    }
    return persister;
  };

  const persisterFn: QueryPersister = async (queryFn, context, query) => {
    const user = options.currentUserId();
    if (user === null || !isPersistedQueryKey(query.queryKey, roots)) return queryFn(context as never);
    let fetched = false;
    const fetchFn: typeof queryFn = (ctx) => {
      fetched = true;
      return queryFn(ctx);
    };
    const data = await forOwner(user).persisterFn(fetchFn as never, context, query);
    if (!fetched) {
      // Restored: the data shows at once and is then refreshed (once online), also when its
      // staleTime says fresh: it may be days old (the catalogue's staleTime is infinite).
      // Scheduled after the library's own step, which sets the restored dataUpdatedAt.
      // Not if the query left the cache meanwhile (a logout clears it).
      notifyManager.schedule(() => {
        if (context.client.getQueryCache().get(query.queryHash) === query) void query.fetch().catch(() => undefined);
      });
    }
    return data;
  };

  return {
    persisterFn,
    flush,
    attach(client) {
      const unsubscribe = client.getQueryCache().subscribe((event) => {
        // Fetch results are persisted by persisterFn; this catches setQueryData.
        if (event.type !== 'updated' || event.action.type !== 'success' || !event.action.manual) return;
        const user = options.currentUserId();
        if (user === null || event.query.state.data === undefined || !isPersistedQueryKey(event.query.queryKey, roots)) return;
        void forOwner(user).persistQuery(event.query);
      });
      const browser = typeof document !== 'undefined';
      if (browser) {
        document.addEventListener('visibilitychange', onHidden);
        window.addEventListener('pagehide', onPageHide);
      }
      return () => {
        unsubscribe();
        if (browser) {
          document.removeEventListener('visibilitychange', onHidden);
          window.removeEventListener('pagehide', onPageHide);
        }
      };
    },
    async collectGarbage() {
      const doomed: IDBValidKey[] = [];
      for (const [key, value] of await backend.entries()) {
        const entry = value as Partial<PersistedQuery> | undefined;
        const updatedAt = entry?.state?.dataUpdatedAt ?? 0;
        if (ownerOfKey(key) === null || entry?.buster !== buster || !updatedAt || now() - updatedAt > maxAge) doomed.push(key);
      }
      if (doomed.length) await backend.delMany(doomed);
    },
  };
}

/** Garbage collection reads every entry; once a day is enough (ms). */
export const PERSIST_GC_INTERVAL_MS = DAY_MS;
const GC_STAMP_KEY = 'atelier.queryGcAt';
/** Longest wait for an idle moment before collecting anyway (ms). */
const GC_IDLE_TIMEOUT_MS = 30_000;

/** Runs `collectGarbage` when the browser is idle after start-up, at most once a day. */
export function scheduleGarbageCollection(persister: Pick<OfflinePersister, 'collectGarbage'>): void {
  if (typeof window === 'undefined') return;
  let last = 0;
  try {
    last = Number(localStorage.getItem(GC_STAMP_KEY)) || 0;
  } catch {
    // Storage unavailable: collect this time.
  }
  if (Date.now() - last < PERSIST_GC_INTERVAL_MS) return;
  const run = () => {
    try {
      localStorage.setItem(GC_STAMP_KEY, String(Date.now()));
    } catch {
      // Not recorded: it runs again at the next start, which is harmless.
    }
    void persister.collectGarbage().catch(() => undefined);
  };
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: GC_IDLE_TIMEOUT_MS });
  else setTimeout(run, GC_IDLE_TIMEOUT_MS);
}
