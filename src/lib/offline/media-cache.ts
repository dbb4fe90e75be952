import type { Asset } from '../../contract/media.schema.ts';
import type { MediaVariant } from '../../contract/media.ts';
import { apiUrl } from '../api.ts';
import {
  assetVariantKey,
  effectiveBudget,
  MEDIA_BUDGET_MESSAGE,
  MEDIA_PIN_MESSAGE,
  MEDIA_RESET_MESSAGE,
  MEDIA_UNPIN_MESSAGE,
  MEDIA_USAGE_MESSAGE,
  mediaCacheKey,
  mediaOrigins,
  parseMediaPath,
  summarizeUsage,
  type MediaMessage,
  type MediaReply,
  type MediaUsage,
} from '../../kernel/media-cache-policy.ts';
import { clearMediaStorage, readMediaBudget, readMediaEntries, readMediaEntry } from '../../kernel/media-meta.ts';

/**
 * The page's side of the service worker's media cache (sw/media-cache.ts): "keep offline" pins,
 * pin state, usage figures, the budget, and clearing. Pin state and usage are read straight from
 * the records in IndexedDB, so they answer without a running worker; pinning needs the worker
 * (it fetches into Cache Storage).
 */

/** An answer about usage or the budget is waited for this long (ms). */
const QUICK_REPLY_MS = 5_000;
/** Pinning fetches full files (videos up to 100 MB): it may take this long (ms). */
const PIN_REPLY_MS = 5 * 60_000;

export class MediaCacheUnavailableError extends Error {
  constructor() {
    super('The media cache needs an active service worker');
    this.name = 'MediaCacheUnavailableError';
  }
}

/** The API's origin (the app's own unless the build named another). */
function apiOrigin(): string {
  return new URL(apiUrl('/'), location.href).origin;
}

/** A media path of the API as an absolute URL (what the worker and Cache Storage see). */
export function absoluteMediaUrl(path: string): string {
  return new URL(/^[a-z][a-z\d+.-]*:/i.test(path) ? path : apiUrl(path), location.href).href;
}

/** The cache key of a media URL or path, or null when it is not one. */
export function mediaKeyOf(path: string): string | null {
  return mediaCacheKey(absoluteMediaUrl(path), mediaOrigins(location.origin, import.meta.env.API_BASE_URL));
}

/** Every media URL of an asset: the original, its thumbnail, and a video's poster. */
export function assetMediaUrls(asset: Pick<Asset, 'url' | 'thumbnail_url' | 'poster_url'>): string[] {
  return [asset.url, asset.thumbnail_url, asset.poster_url].filter((path): path is string => Boolean(path)).map(absoluteMediaUrl);
}

/** Whether this browser can keep media offline at all (service workers and Cache Storage). */
export function mediaCacheSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof caches !== 'undefined';
}

async function activeWorker(): Promise<ServiceWorker | null> {
  if (!mediaCacheSupported()) return null;
  if (navigator.serviceWorker.controller) return navigator.serviceWorker.controller;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  return registration?.active ?? null;
}

function ask(worker: ServiceWorker, message: MediaMessage, timeoutMs: number): Promise<MediaReply> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      reject(new DOMException('The service worker did not answer', 'TimeoutError'));
    }, timeoutMs);
    channel.port1.addEventListener('message', (event: MessageEvent<MediaReply>) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(event.data);
    });
    channel.port1.start();
    worker.postMessage(message, [channel.port2]);
  });
}

async function askOrThrow(message: MediaMessage, timeoutMs: number): Promise<{ usage: MediaUsage; failed: number }> {
  const worker = await activeWorker();
  if (!worker) throw new MediaCacheUnavailableError();
  const reply = await ask(worker, message, timeoutMs);
  if (!reply.ok) throw new Error(reply.error);
  return { usage: reply.usage, failed: reply.failed ?? 0 };
}

/**
 * Keeps an asset offline: its original, thumbnail and poster are fetched into the cache now and
 * never evicted. Resolves with how many of them could not be stored (0: all there). The URLs
 * must be currently valid (refresh an asset whose links expired first).
 */
export async function pinAsset(asset: Pick<Asset, 'url' | 'thumbnail_url' | 'poster_url'>): Promise<{ failed: number }> {
  const { failed } = await askOrThrow({ type: MEDIA_PIN_MESSAGE, paths: assetMediaUrls(asset) }, PIN_REPLY_MS);
  return { failed };
}

/** The asset's files may be evicted again like any other. */
export async function unpinAsset(asset: Pick<Asset, 'url' | 'thumbnail_url' | 'poster_url'>): Promise<void> {
  await askOrThrow({ type: MEDIA_UNPIN_MESSAGE, paths: assetMediaUrls(asset) }, QUICK_REPLY_MS);
}

export interface PinState {
  pinned: boolean;
  /** The original's bytes are in the cache (a pin made offline waits for the network). */
  stored: boolean;
}

/**
 * Whether an asset is kept offline, read from the cache's records: the record of the full-size
 * file its `url` names (the original, or the watermarked copy a free plan's result is served as).
 */
export async function pinState(asset: Pick<Asset, 'id' | 'url'>): Promise<PinState> {
  try {
    let variant: MediaVariant = 'original';
    try {
      variant = parseMediaPath(new URL(asset.url, apiOrigin()).pathname)?.variant ?? 'original';
    } catch {
      // A URL that does not parse names no other file: the original's record stands.
    }
    const entry = await readMediaEntry(assetVariantKey(apiOrigin(), asset.id, variant));
    return { pinned: entry?.pinned === true, stored: entry?.pinned === true && entry.stored };
  } catch {
    return { pinned: false, stored: false };
  }
}

export async function isPinned(asset: Pick<Asset, 'id' | 'url'>): Promise<boolean> {
  return (await pinState(asset)).pinned;
}

/** Usage figures: from the worker when it runs, else from the records. */
export async function mediaCacheUsage(): Promise<MediaUsage> {
  try {
    return (await askOrThrow({ type: MEDIA_USAGE_MESSAGE }, QUICK_REPLY_MS)).usage;
  } catch {
    const [records, configured, estimate] = await Promise.all([readMediaEntries(), readMediaBudget(), navigator.storage?.estimate?.().catch(() => undefined)]);
    return summarizeUsage(records, effectiveBudget(configured, estimate?.quota));
  }
}

/** A new budget (bytes); least recently used files go at once if the cache is over it. */
export async function setMediaCacheBudget(bytes: number): Promise<MediaUsage> {
  return (await askOrThrow({ type: MEDIA_BUDGET_MESSAGE, bytes }, QUICK_REPLY_MS)).usage;
}

/** Deletes every cached media file and record (pins too), then tells the worker to forget its copy. */
export async function clearMediaCache(): Promise<void> {
  await clearMediaStorage();
  const worker = await activeWorker();
  if (worker) await ask(worker, { type: MEDIA_RESET_MESSAGE }, QUICK_REPLY_MS).catch(() => undefined);
}
