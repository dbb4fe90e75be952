/// <reference lib="webworker" />
import { createPartialResponse } from 'workbox-range-requests';
import {
  declaredBytes,
  effectiveBudget,
  fitsBudget,
  isListedVariant,
  MAX_LISTED_MEDIA_BYTES,
  MEDIA_CACHE_NAME,
  mediaCacheKey,
  planEviction,
  storedBytes,
  summarizeUsage,
  type MediaEntry,
  type MediaUsage,
} from '../src/kernel/media-cache-policy.ts';
import {
  clearMediaStorage,
  deleteMediaEntries,
  deleteMediaEntry,
  readMediaBudget,
  readMediaEntries,
  writeMediaBudget,
  writeMediaEntries,
  writeMediaEntry,
} from '../src/kernel/media-meta.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * The media runtime cache (docs/product-rules.md#media-cache): `GET /api/media/{assetId}/{variant}` on the
 * app's origin and the API's.
 *
 * - Keyed by URL without the query (src/kernel/media-cache-policy.ts): a re-signed link
 *   finds the same entry, and a cached copy is served even after its link expired.
 * - Cache first, then the network; every full (200) answer is stored: thumbnails and posters as
 *   lists show them, originals when they are viewed or downloaded.
 * - A list's pictures are kept when the list arrives (`keep`): the page sends the thumbnails and
 *   posters of every item it listed, and those not stored yet are fetched now, a few at a time,
 *   so a picture below the fold that was never scrolled to still shows offline. Only those small
 *   variants, each at most MAX_LISTED_MEDIA_BYTES, unpinned, within the same budget.
 * - Range requests (video playback) are answered from a stored full copy when there is one,
 *   otherwise they go to the network and nothing is stored (a 206 is never cached).
 * - A byte budget with least-recently-used eviction; pinned ("keep offline") entries are fetched
 *   at once and never evicted. Records live in IndexedDB `atelier-media` (media-meta.ts).
 * - Page messages (MessageChannel): pin, unpin, usage, budget, reset.
 * - A reset (the logout wipe) wins over work already under way: a response still being read or
 *   written when it comes is not stored after it (see `epoch`).
 */

/** Listed pictures fetched at once by a keep message. */
const KEEP_CONCURRENCY = 4;

/** Last-use times are written in batches, at most this often (ms): a scrolled grid touches hundreds. */
const TOUCH_FLUSH_DELAY_MS = 5_000;

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === DOMException.QUOTA_EXCEEDED_ERR);
}

/**
 * The network answer for a media URL. A cross-origin <img> asks without CORS, whose opaque
 * answer can be neither measured nor safely cached: ask again with CORS (the API allows the
 * app's origin), and fall back to the page's own request if that fails.
 */
async function fetchMedia(request: Request, url: URL): Promise<Response> {
  if (url.origin === self.location.origin || request.mode !== 'no-cors') return fetch(request);
  try {
    return await fetch(url.href, { mode: 'cors', credentials: 'omit' });
  } catch {
    return fetch(request);
  }
}

export interface MediaCache {
  /** Answers a media request (the route's handler). */
  handle(request: Request, url: URL, event: ExtendableEvent): Promise<Response>;
  pin(paths: string[]): Promise<number>;
  /** Stores the listed pictures not stored yet; resolves with how many were fetched and stored. */
  keep(paths: string[]): Promise<number>;
  unpin(paths: string[]): Promise<void>;
  usage(): Promise<MediaUsage>;
  setBudget(bytes: number): Promise<void>;
  reset(): Promise<void>;
}

export function createMediaCache(origins: readonly string[]): MediaCache {
  let index: Promise<Map<string, MediaEntry>> | null = null;
  /**
   * Bumped by every reset, at once (not in turn): a fetch, a store or a pin notes the epoch it
   * began in and writes nothing once it changed. The page wipes the storage before it tells the
   * worker, so work that began before the wipe would otherwise land in the emptied cache.
   */
  let epoch = 0;
  let budget: Promise<number> | null = null;
  const touched = new Set<string>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  // Every change to the records runs in order, so eviction never races a store or a pin.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task);
    queue = result.catch(() => undefined);
    return result;
  };

  const keyOf = (url: string) => mediaCacheKey(url, origins, self.location.origin);

  /** The records, loaded once per worker life and reconciled with what Cache Storage really holds. */
  const load = () => {
    index ??= (async () => {
      const [records, cache] = await Promise.all([readMediaEntries(), caches.open(MEDIA_CACHE_NAME)]);
      const inCache = new Set((await cache.keys()).map((request) => request.url));
      const changed: Array<[string, MediaEntry]> = [];
      const gone: string[] = [];
      for (const [key, entry] of records) {
        if (!entry.stored || inCache.has(key)) continue;
        // The browser dropped it (storage pressure, a manual clear): a pin waits to be fetched again.
        if (entry.pinned) {
          const waiting = { ...entry, stored: false, bytes: 0 };
          records.set(key, waiting);
          changed.push([key, waiting]);
        } else {
          records.delete(key);
          gone.push(key);
        }
      }
      for (const key of inCache) {
        if (records.has(key)) continue;
        const response = await cache.match(key);
        if (!response) continue;
        const bytes = declaredBytes(response.headers) ?? (await response.blob()).size;
        const entry: MediaEntry = { bytes, lastUsed: 0, pinned: false, stored: true };
        records.set(key, entry);
        changed.push([key, entry]);
      }
      await Promise.all([writeMediaEntries(changed), deleteMediaEntries(gone)]);
      return records;
    })();
    return index;
  };

  const currentBudget = () => {
    budget ??= (async () => {
      const [configured, estimate] = await Promise.all([readMediaBudget(), self.navigator.storage?.estimate?.().catch(() => undefined)]);
      return effectiveBudget(configured, estimate?.quota);
    })();
    return budget;
  };

  /** Deletes what `planEviction` chooses so `incoming` more bytes fit in `limit`. Runs inside `serial`. */
  const evict = async (records: Map<string, MediaEntry>, limit: number, incoming = 0, except?: string) => {
    const victims = planEviction(
      [...records].filter(([key]) => key !== except),
      limit,
      incoming,
    );
    if (!victims.length) return;
    const cache = await caches.open(MEDIA_CACHE_NAME);
    await Promise.all(victims.map((key) => cache.delete(key)));
    for (const key of victims) records.delete(key);
    for (const key of victims) touched.delete(key);
    await deleteMediaEntries(victims);
  };

  /**
   * Stores a full answer under `key`; false when it cannot be kept (over budget, quota) or a
   * reset came since `startedIn` (checked after every wait, before each write).
   */
  const store = (key: string, response: Response, startedIn: number, pin = false, maxBytes = Number.POSITIVE_INFINITY) => {
    const stale = () => startedIn !== epoch;
    return serial(async () => {
      if (stale()) return false;
      const records = await load();
      if (stale()) return false;
      const previous = records.get(key);
      const pinned = pin || previous?.pinned === true;
      let body = response;
      let bytes = declaredBytes(response.headers);
      if (bytes === null) {
        const blob = await response.blob();
        bytes = blob.size;
        body = new Response(blob, { status: response.status, statusText: response.statusText, headers: response.headers });
      }
      const limit = await currentBudget();
      if (stale() || bytes > maxBytes || (!pinned && !fitsBudget(bytes, limit))) return false;
      await evict(records, limit, bytes, key);
      const cache = await caches.open(MEDIA_CACHE_NAME);
      if (stale()) return false;
      try {
        await cache.put(key, body);
      } catch (error) {
        if (!isQuotaError(error)) throw error;
        // The origin is out of space: free half of what the cache holds (unpinned, oldest first),
        // so the next view of this file can be kept; this one is served without being stored.
        await evict(records, Math.floor(storedBytes(records.values()) / 2), 0, key);
        return false;
      }
      // A reset during the put: its own clean-up runs after this task and removes the copy.
      if (stale()) return false;
      const entry: MediaEntry = { bytes, lastUsed: Date.now(), pinned, stored: true };
      records.set(key, entry);
      await writeMediaEntry(key, entry);
      return true;
    });
  };

  const flushTouches = () =>
    serial(async () => {
      const records = await load();
      const list: Array<[string, MediaEntry]> = [];
      for (const key of touched) {
        const entry = records.get(key);
        if (entry) list.push([key, entry]);
      }
      touched.clear();
      await writeMediaEntries(list);
    });

  const touch = async (key: string) => {
    const entry = (await load()).get(key);
    if (!entry) return;
    entry.lastUsed = Date.now();
    touched.add(key);
    if (flushTimer === undefined) {
      flushTimer = setTimeout(() => {
        flushTimer = undefined;
        void flushTouches().catch(() => undefined);
      }, TOUCH_FLUSH_DELAY_MS);
    }
  };

  const setPinned = (key: string, pinned: boolean, startedIn: number) =>
    serial(async () => {
      const records = await load();
      if (startedIn !== epoch) return;
      const entry = records.get(key);
      if (!pinned) {
        if (!entry) return;
        if (!entry.stored) {
          records.delete(key);
          await deleteMediaEntry(key);
          return;
        }
        entry.pinned = false;
        await writeMediaEntry(key, entry);
        return;
      }
      const next: MediaEntry = entry ? { ...entry, pinned: true, lastUsed: Date.now() } : { bytes: 0, lastUsed: Date.now(), pinned: true, stored: false };
      records.set(key, next);
      await writeMediaEntry(key, next);
    });

  return {
    async handle(request, url, event) {
      const key = keyOf(url.href);
      if (!key) return fetch(request);
      const startedIn = epoch;
      const cache = await caches.open(MEDIA_CACHE_NAME);
      const cached = await cache.match(key, { ignoreVary: true });
      const range = request.headers.get('range');
      if (cached) {
        event.waitUntil(touch(key).catch(() => undefined));
        return range ? createPartialResponse(request, cached) : cached;
      }
      // A partial answer is never stored; playback without a stored copy streams from the network.
      if (range) return fetch(request);
      const response = await fetchMedia(request, url);
      if (response.status === 200 && (response.type === 'basic' || response.type === 'cors')) {
        event.waitUntil(store(key, response.clone(), startedIn).catch(() => false));
      }
      return response;
    },

    async pin(paths) {
      const startedIn = epoch;
      let failed = 0;
      const cache = await caches.open(MEDIA_CACHE_NAME);
      for (const path of paths) {
        const key = keyOf(path);
        // Unknown, or a reset came meanwhile: the pin is not kept.
        if (!key || startedIn !== epoch) {
          failed += 1;
          continue;
        }
        await setPinned(key, true, startedIn);
        if (await cache.match(key, { ignoreVary: true })) continue;
        try {
          const url = new URL(path, self.location.origin);
          const response = await fetch(url.href, { mode: url.origin === self.location.origin ? 'same-origin' : 'cors', credentials: 'omit' });
          if (response.status !== 200 || !(await store(key, response, startedIn, true))) failed += 1;
        } catch {
          // Offline or refused: the pin stays recorded and is stored the next time the file is fetched.
          failed += 1;
        }
      }
      return failed;
    },

    async keep(paths) {
      const startedIn = epoch;
      const cache = await caches.open(MEDIA_CACHE_NAME);
      const wanted = new Map<string, string>();
      for (const path of paths) {
        const key = keyOf(path);
        if (key && isListedVariant(key) && !wanted.has(key)) wanted.set(key, path);
      }
      const todo = [...wanted];
      let stored = 0;
      const worker = async () => {
        for (let next = todo.shift(); next; next = todo.shift()) {
          // A reset (the logout wipe) stops the rest.
          if (startedIn !== epoch) return;
          const [key, path] = next;
          if (await cache.match(key, { ignoreVary: true })) continue;
          try {
            const url = new URL(path, self.location.origin);
            const response = await fetch(url.href, { mode: url.origin === self.location.origin ? 'same-origin' : 'cors', credentials: 'omit' });
            const bytes = declaredBytes(response.headers);
            if (response.status !== 200 || (bytes !== null && bytes > MAX_LISTED_MEDIA_BYTES)) continue;
            if (await store(key, response, startedIn, false, MAX_LISTED_MEDIA_BYTES)) stored += 1;
          } catch {
            // Offline or refused: the picture is kept the next time it is shown.
          }
        }
      };
      await Promise.all(Array.from({ length: KEEP_CONCURRENCY }, worker));
      return stored;
    },

    async unpin(paths) {
      for (const path of paths) {
        const key = keyOf(path);
        if (key) await setPinned(key, false, epoch);
      }
      const limit = await currentBudget();
      await serial(async () => evict(await load(), limit));
    },

    async usage() {
      const [records, limit] = await Promise.all([load(), currentBudget()]);
      return summarizeUsage(records, limit);
    },

    async setBudget(bytes) {
      await writeMediaBudget(bytes);
      budget = null;
      const limit = await currentBudget();
      await serial(async () => evict(await load(), limit));
    },

    reset() {
      epoch += 1;
      clearTimeout(flushTimer);
      flushTimer = undefined;
      touched.clear();
      return serial(async () => {
        index = null;
        budget = null;
        // In turn, after the work that was under way: whatever it stored between the page's wipe
        // and this message goes too.
        await clearMediaStorage();
      });
    },
  };
}
