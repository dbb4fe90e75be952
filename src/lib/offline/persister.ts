import { notifyManager, onlineManager, type InfiniteData, type Query, type QueryClient, type QueryKey, type QueryPersister } from '@tanstack/react-query';

/**
 * TanStack Query data persisted to IndexedDB (`atelier-query`), so every screen opens offline
 * with the last data it showed (docs/product-rules.md#offline-data).
 *
 * - Per query, restored lazily: the query client's `persister` wraps each query function; when a
 *   query has no data in memory, its entry is read back (one IndexedDB transaction, for that
 *   query only) before the network is asked, and the screen then refreshes it. Restoring the
 *   whole cache at start-up would read every list before the first paint.
 * - Infinite lists are stored page by page: a head entry (the page parameters) and one entry per
 *   page. Loading a page writes that page alone, never the list again, and a restore reads the
 *   head and the first page only, so a 10,000-asset library opens as fast as a 100-asset one.
 *   The later pages stay stored: offline, scrolling on reads them back one by one instead of
 *   asking the network (`fetchNextPage` answers from storage when the page it asks for is the
 *   next one of the stored chain). Online, the first page is refreshed and the next pages come
 *   from the network as usual; stored pages that still follow the refreshed ones are kept.
 * - Per user: every storage key starts with the signed-in user's id, read when the query runs;
 *   another account's entries are never read, and a write is dropped if its account is no
 *   longer the signed-in one when it lands (a fetch that ended after a logout or a switch).
 * - Cheap: values are stored as objects (IndexedDB's structured clone), never JSON strings.
 *   Writes are throttled (PERSIST_WRITE_DELAY_MS) and keep only the latest value of each entry.
 * - Direct cache edits (`setQueryData`: a finished job, a new profile) are persisted too.
 * - Only the roots in PERSISTED_QUERY_ROOTS are stored; guests store nothing.
 */

import {
  PERSISTED_QUERY_ROOTS,
  DAY_MS,
  PERSIST_MAX_AGE_MS,
  PERSIST_BUSTER,
  PERSIST_WRITE_DELAY_MS,
  OWNER_SEPARATOR,
  headKey,
  pageKey,
  ownerOfKey,
  parseKey,
  isPersistedQueryKey,
  type StoredQuery,
  type PersistBackend,
  idbBackend,
} from './query-store.ts';
export {
  QUERY_DB,
  QUERY_STORE,
  PERSISTED_QUERY_ROOTS,
  PERSIST_MAX_AGE_MS,
  PERSIST_BUSTER,
  PERSIST_WRITE_DELAY_MS,
  ownerPrefix,
  headKey,
  pageKey,
  ownerOfKey,
  isPersistedQueryKey,
  type StoredQuery,
  type PersistBackend,
  idbBackend,
  warmPersistedQueries,
  clearPersistedQueries,
  persistedOwners,
} from './query-store.ts';

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
  /** Deletes expired, outdated and foreign entries, and pages no list refers to. */
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

type AnyQuery = Query<unknown, Error, unknown, QueryKey>;

interface InfiniteOptions {
  getNextPageParam?: (lastPage: unknown, allPages: unknown[], lastPageParam: unknown, allPageParams: unknown[]) => unknown;
}

function isInfiniteData(data: unknown): data is InfiniteData<unknown, unknown> {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as InfiniteData<unknown>).pages) &&
    Array.isArray((data as InfiniteData<unknown>).pageParams)
  );
}

/** An infinite query's options carry `getNextPageParam`. */
function nextPageParamFn(query: AnyQuery): InfiniteOptions['getNextPageParam'] {
  const fn = (query.options as InfiniteOptions).getNextPageParam;
  return typeof fn === 'function' ? fn : undefined;
}

/** The parameter of the page after the last one (TanStack's own rule). */
function nextParamOf(query: AnyQuery, data: InfiniteData<unknown, unknown>): unknown {
  const next = nextPageParamFn(query);
  const last = data.pages.length - 1;
  return next && last >= 0 ? next(data.pages[last], data.pages, data.pageParams[last], data.pageParams) : undefined;
}

/** Page parameters are compared by value (cursors are strings, merged positions plain objects). */
function sameParam(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** A failure to reach the server (offline, DNS, a timeout), as opposed to an answer. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'NetworkError'));
}

/** What is stored for an infinite list in memory: its page parameters and the page objects known to be written. */
interface StoredList {
  owner: string;
  pageParams: unknown[];
  /** Page objects as written or restored, by index (holes for pages not held in memory). */
  written: unknown[];
  dataUpdatedAt: number;
}

const DELETE = Symbol('delete');

export function createOfflinePersister(options: OfflinePersisterOptions): OfflinePersister {
  const backend = options.backend ?? idbBackend();
  const roots = options.roots ?? PERSISTED_QUERY_ROOTS;
  const writeDelayMs = options.writeDelayMs ?? PERSIST_WRITE_DELAY_MS;
  const maxAge = options.maxAgeMs ?? PERSIST_MAX_AGE_MS;
  const buster = options.buster ?? PERSIST_BUSTER;
  const now = options.now ?? Date.now;
  const pending = new Map<string, unknown>();
  /** The stored pages of the infinite lists in memory, by query hash. */
  const lists = new Map<string, StoredList>();
  /** Set while writes cool down after one; what arrives meanwhile waits for its end. */
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = async () => {
    if (!pending.size) return;
    const user = options.currentUserId();
    // Only the signed-in account's entries are written: anything else was fetched before a logout or a switch.
    const batch = [...pending].filter(([key]) => user !== null && ownerOfKey(key) === user);
    pending.clear();
    const writes = batch.filter((entry): entry is [string, unknown] => entry[1] !== DELETE);
    const deletes = batch.filter(([, value]) => value === DELETE).map(([key]) => key);
    try {
      if (writes.length) await backend.setMany(writes);
      if (deletes.length) await backend.delMany(deletes);
    } catch {
      // A full disk or an uncloneable value must not break the screen; the entry is simply not
      // kept. Which pages are stored is then unknown: the next write of a list writes all of it.
      lists.clear();
    }
  };

  const scheduleWrite = () => {
    void flush();
    timer = setTimeout(() => {
      timer = undefined;
      if (pending.size) scheduleWrite();
    }, writeDelayMs);
  };

  /** Set while a write waits for the end of the current task. */
  let writeQueued = false;
  const put = (key: string, value: unknown) => {
    pending.set(key, value);
    if (timer !== undefined || writeQueued) return;
    // After the rest of this task's entries: a list's entry and its pages go in one transaction,
    // so no reader (a restore, garbage collection) ever sees pages without their list or the reverse.
    writeQueued = true;
    queueMicrotask(() => {
      writeQueued = false;
      if (timer === undefined) scheduleWrite();
    });
  };

  const isUsable = (entry: StoredQuery | undefined): entry is StoredQuery => {
    const updatedAt = entry?.state?.dataUpdatedAt ?? 0;
    return !!entry && entry.buster === buster && updatedAt > 0 && now() - updatedAt <= maxAge;
  };

  /** Writes the query's current state: the whole entry, or for an infinite list its head and the pages not yet written. */
  const persistQuery = (query: AnyQuery, user: string) => {
    const { data } = query.state;
    if (data === undefined) return;
    const key = headKey(user, query.queryHash);
    const entry: StoredQuery = { buster, queryHash: query.queryHash, queryKey: query.queryKey, state: slimState(query.state) };
    if (!isInfiniteData(data) || !nextPageParamFn(query)) {
      put(key, entry);
      return;
    }
    const known = lists.get(query.queryHash);
    const stored = known?.owner === user ? known : undefined;
    const count = data.pages.length;
    // Stored pages past the loaded ones stay when they continue this list.
    const keepTail = !!stored && stored.pageParams.length > count && sameParam(nextParamOf(query, data), stored.pageParams[count]);
    const pageParams = keepTail ? [...data.pageParams, ...stored.pageParams.slice(count)] : [...data.pageParams];
    const written = keepTail ? [...data.pages, ...stored.written.slice(count)] : [...data.pages];
    data.pages.forEach((page, index) => {
      if (stored?.written[index] !== page) put(pageKey(user, query.queryHash, index), page);
    });
    for (let index = pageParams.length; index < (stored?.pageParams.length ?? 0); index++) put(pageKey(user, query.queryHash, index), DELETE);
    put(key, { ...entry, state: { ...entry.state, data: null }, pageParams });
    lists.set(query.queryHash, { owner: user, pageParams, written, dataUpdatedAt: query.state.dataUpdatedAt });
  };

  /** The stored data of a query without data in memory, or undefined (nothing usable stored). */
  const restore = async (query: AnyQuery, user: string): Promise<{ data: unknown; updatedAt: number } | undefined> => {
    const key = headKey(user, query.queryHash);
    const infinite = !!nextPageParamFn(query);
    // One transaction: the entry, and for a list its first page.
    const [head, first] = (await backend.getMany(infinite ? [key, pageKey(user, query.queryHash, 0)] : [key])) as [StoredQuery | undefined, unknown];
    if (head === undefined) return undefined;
    if (!isUsable(head) || Array.isArray(head.pageParams) !== infinite || (infinite && (first === undefined || !head.pageParams?.length))) {
      await backend.del(key);
      return undefined;
    }
    const updatedAt = head.state.dataUpdatedAt;
    if (!infinite) return { data: head.state.data, updatedAt };
    const pageParams = head.pageParams!;
    lists.set(query.queryHash, { owner: user, pageParams, written: [first], dataUpdatedAt: updatedAt });
    return { data: { pages: [first], pageParams: [pageParams[0]] } satisfies InfiniteData<unknown, unknown>, updatedAt };
  };

  /** The next stored page of a list whose first pages are in memory, or undefined when the stored chain does not go on from there. */
  const storedNextPage = async (query: AnyQuery, user: string): Promise<{ data: InfiniteData<unknown, unknown>; updatedAt: number } | undefined> => {
    const data = query.state.data;
    const stored = lists.get(query.queryHash);
    if (!isInfiniteData(data) || !stored || stored.owner !== user) return undefined;
    const index = data.pages.length;
    const param = nextParamOf(query, data);
    if (param == null || index >= stored.pageParams.length || !sameParam(param, stored.pageParams[index])) return undefined;
    const [page] = await backend.getMany([pageKey(user, query.queryHash, index)]);
    if (page === undefined) return undefined;
    stored.written[index] = page;
    return {
      data: { pages: [...data.pages, page], pageParams: [...data.pageParams, param] },
      updatedAt: Math.min(stored.dataUpdatedAt, query.state.dataUpdatedAt),
    };
  };

  /** Restored queries no screen uses yet: refreshed when one does. */
  const awaitingScreen = new WeakSet<AnyQuery>();
  /** Fetches a restored query again; not if it left the cache meanwhile (a logout clears it). */
  const refresh = (query: AnyQuery, client: QueryClient) => {
    if (client.getQueryCache().get(query.queryHash) === query) void query.fetch().catch(() => undefined);
  };

  /**
   * Restored data keeps its age: the success that hands it over stamps "now", and the stored time
   * is put back in the same moment (attach's cache listener runs within that success, before any
   * screen is told), else on the next tick. A screen never sees stored data as fresh.
   */
  const restoredAge = new WeakMap<AnyQuery, number>();
  const applyAge = (query: AnyQuery) => {
    const updatedAt = restoredAge.get(query);
    if (updatedAt === undefined) return;
    restoredAge.delete(query);
    query.setState({ dataUpdatedAt: updatedAt });
  };
  const keepAge = (query: AnyQuery, updatedAt: number) => {
    restoredAge.set(query, updatedAt);
    notifyManager.schedule(() => applyAge(query));
  };

  const persisterFn: QueryPersister = async (queryFn, context, query) => {
    const user = options.currentUserId();
    const target = query as AnyQuery;
    if (user === null || !isPersistedQueryKey(target.queryKey, roots)) return queryFn(context as never);

    if (target.state.data === undefined) {
      const restored = await restore(target, user).catch(() => undefined);
      if (restored !== undefined) {
        keepAge(target, restored.updatedAt);
        // Restored: the data shows at once and is then refreshed (once online), also when its
        // staleTime says fresh: it may be days old (the catalogue's staleTime is infinite).
        // Scheduled after keepAge. A query restored ahead of its screen (a route's loader) waits
        // for the screen, so the network does not compete with its first frame.
        notifyManager.schedule(() => {
          if (target.getObserversCount() > 0) refresh(target, context.client);
          else awaitingScreen.add(target);
        });
        return restored.data;
      }
    } else if ((target.state.fetchMeta as { fetchMore?: { direction?: string } } | null)?.fetchMore?.direction === 'forward') {
      // The next page of a list: from storage while offline, or when the network fails.
      const fromStore = async () => {
        const next = await storedNextPage(target, user).catch(() => undefined);
        if (next) keepAge(target, next.updatedAt);
        return next?.data;
      };
      if (!onlineManager.isOnline()) {
        const stored = await fromStore();
        if (stored !== undefined) return stored;
      }
      try {
        const data = await queryFn(context as never);
        notifyManager.schedule(() => persistQuery(target, user));
        return data;
      } catch (error) {
        const stored = isNetworkFailure(error) ? await fromStore() : undefined;
        if (stored !== undefined) return stored;
        throw error;
      }
    }

    const data = await queryFn(context as never);
    // Once the query holds the new data.
    notifyManager.schedule(() => persistQuery(target, user));
    return data;
  };

  // A hidden page may be frozen or closed: write what waits now.
  const onHidden = () => {
    if (document.visibilityState === 'hidden') void flush();
  };
  const onPageHide = () => void flush();

  return {
    persisterFn,
    flush,
    attach(client) {
      const unsubscribe = client.getQueryCache().subscribe((event) => {
        // A query gone from memory (garbage collected, or the logout's clear) is read back from storage next time.
        if (event.type === 'removed') {
          lists.delete(event.query.queryHash);
          return;
        }
        if (event.type === 'observerAdded' && awaitingScreen.has(event.query as AnyQuery)) {
          awaitingScreen.delete(event.query as AnyQuery);
          notifyManager.schedule(() => refresh(event.query as AnyQuery, client));
          return;
        }
        if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual) {
          applyAge(event.query as AnyQuery);
          return;
        }
        // Fetch results are persisted by persisterFn; this catches setQueryData.
        if (event.type !== 'updated' || event.action.type !== 'success' || !event.action.manual) return;
        const user = options.currentUserId();
        if (user === null || event.query.state.data === undefined || !isPersistedQueryKey(event.query.queryKey, roots)) return;
        persistQuery(event.query as AnyQuery, user);
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
      // Keys first, then the query entries only: pages are judged by their list's entry, never read.
      const all = await backend.keys();
      const parsed = all.map((key) => ({ key, at: parseKey(key) }));
      const heads = parsed.filter((item) => item.at?.page === null);
      const values = (await backend.getMany(heads.map((item) => item.key))) as (StoredQuery | undefined)[];
      /** Pages each kept list stores, by owner and hash. */
      const kept = new Map<string, number>();
      const doomed: IDBValidKey[] = [];
      heads.forEach(({ key, at }, index) => {
        const entry = values[index];
        if (isUsable(entry)) kept.set(`${at!.owner}${OWNER_SEPARATOR}${at!.hash}`, entry.pageParams?.length ?? 0);
        else doomed.push(key);
      });
      for (const { key, at } of parsed) {
        if (at === null) doomed.push(key);
        else if (at.page !== null && at.page >= (kept.get(`${at.owner}${OWNER_SEPARATOR}${at.hash}`) ?? 0)) doomed.push(key);
      }
      if (doomed.length) await backend.delMany(doomed);
    },
  };
}

/** Garbage collection reads every query's entry; once a day is enough (ms). */
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
