import { onlineManager, type QueryCacheNotifyEvent, type QueryClient } from '@tanstack/react-query';
import { MAX_KEEP_PATHS, MEDIA_KEEP_MESSAGE } from '../../kernel/media-cache-policy.ts';
import { mediaSrc } from '../media-src.ts';
import { isPersistedQueryKey } from './query-store.ts';

/**
 * Keeps offline what a screen lists (docs/product-rules.md#media-cache): when saved query data
 * arrives online (a library page, a history page, a job), the thumbnails and posters of its items
 * are sent to the service worker, which stores those not cached yet. An <img> below the fold
 * (lazy) is otherwise only fetched, and so only cached, once scrolled to: a history of 15 jobs
 * seen on a tablet showed 10 of its pictures after an offline reload.
 *
 * Only the fields that name small pictures are read (THUMBNAIL_FIELDS); full-size files are kept
 * when viewed or pinned, never ahead. The worker checks each link (a media path of the app's or
 * the API's origin, a thumbnail or poster variant): this module stays small, as every screen loads it.
 */

/** Fields of contract objects (assets, results, inputs) that hold a thumbnail or poster link. */
const THUMBNAIL_FIELDS: ReadonlySet<string> = new Set(['thumbnail_url', 'poster_url']);
/** Nesting walked at most (a page → its items → a job's results/inputs → an asset). */
const MAX_DEPTH = 8;
/** Links are gathered this long (ms) before one message goes: a list's pages and items arrive together. */
export const KEEP_BATCH_DELAY_MS = 500;

/** The thumbnail and poster links in `data` (a query's data: an object, a list, pages of lists), in order, once each. */
export function listedMediaPaths(data: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    for (const [field, item] of Object.entries(value)) {
      if (typeof item === 'string') {
        if (THUMBNAIL_FIELDS.has(field) && item) found.add(item);
      } else walk(item, depth + 1);
    }
  };
  walk(data, 0);
  return [...found];
}

export interface ListedMediaKeeperOptions {
  /** Sends one keep message (the worker's). */
  send: (paths: string[]) => Promise<void>;
  /** The signed-in account, or null: a guest's lists are not kept; another account's links are sent again. */
  currentUserId: () => string | null;
  isOnline?: () => boolean;
  /** The absolute URL of a link (the API may sit on another origin). */
  toUrl?: (path: string) => string;
  delayMs?: number;
}

export interface ListedMediaKeeper {
  /** The pictures of `data` are kept (those not sent before). */
  add(data: unknown): void;
  /** Sends what waits now. */
  flush(): Promise<void>;
  /** Keeps the pictures of every saved query the client holds and of each that succeeds online; returns the unsubscribe. */
  attach(client: QueryClient): () => void;
}

export function createListedMediaKeeper(options: ListedMediaKeeperOptions): ListedMediaKeeper {
  const isOnline = options.isOnline ?? (() => onlineManager.isOnline());
  const toUrl = options.toUrl ?? ((path: string) => new URL(mediaSrc(path), location.href).href);
  const delayMs = options.delayMs ?? KEEP_BATCH_DELAY_MS;
  /** Links already sent for this account (a re-signed link is sent again: the worker skips what it holds). */
  const sent = new Set<string>();
  let owner: string | null = null;
  /** Objects already walked (query data is never changed in place, so a walked page stays walked). */
  let walked = new WeakSet<object>();
  const waiting: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    while (waiting.length) {
      const batch = waiting.splice(0, MAX_KEEP_PATHS);
      try {
        await options.send(batch.map(toUrl));
      } catch {
        // No worker yet (first visit) or it did not answer: these links may be sent again.
        for (const path of batch) sent.delete(path);
      }
    }
  };

  const add = (data: unknown) => {
    const user = options.currentUserId();
    // A logout (the wipe empties the cache) or another account: what was sent counts no more.
    if (user !== owner) {
      owner = user;
      sent.clear();
      walked = new WeakSet();
      waiting.length = 0;
    }
    if (user === null || !isOnline() || data === null || typeof data !== 'object') return;
    // An infinite list: only pages not walked before.
    const pages = Array.isArray((data as { pages?: unknown }).pages) ? ((data as { pages: unknown[] }).pages as unknown[]) : [data];
    for (const page of pages) {
      if (page === null || typeof page !== 'object' || walked.has(page)) continue;
      walked.add(page);
      for (const path of listedMediaPaths(page)) {
        if (sent.has(path)) continue;
        sent.add(path);
        waiting.push(path);
      }
    }
    if (waiting.length && timer === undefined) timer = setTimeout(() => void flush(), delayMs);
  };

  const attach = (client: QueryClient) => {
    const cache = client.getQueryCache();
    // The lists already there (the first screen's, loaded before this module).
    for (const query of cache.getAll()) if (query.state.status === 'success' && isPersistedQueryKey(query.queryKey)) add(query.state.data);
    return cache.subscribe((event: QueryCacheNotifyEvent) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (!isPersistedQueryKey(event.query.queryKey)) return;
      add(event.query.state.data);
    });
  };

  return { add, flush, attach };
}

/** The app's keeper: tells the service worker's media cache (no answer is awaited). */
export function createAppListedMediaKeeper(currentUserId: () => string | null): ListedMediaKeeper {
  return createListedMediaKeeper({
    currentUserId,
    send: async (paths) => {
      const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
      // No worker controls the page yet (first visit): sent again with the next list.
      if (!worker) throw new Error('No service worker controls the page');
      worker.postMessage({ type: MEDIA_KEEP_MESSAGE, paths });
    },
  });
}
