// The page↔worker shared kernel (src/kernel): modules both the service worker (sw/) and the
// pages import. They import only src/contract, each other, idb-keyval and valibot: no DOM-only
// code, no React, nothing from src/lib or src/features.
import { MEDIA_VARIANTS, type MediaVariant } from '../contract/media.ts';

/**
 * The media cache's rules as pure functions (no IndexedDB, no Cache Storage), shared by the
 * service worker (sw/media-cache.ts), which applies them, and the page
 * (src/lib/offline/media-cache.ts), which asks about them.
 *
 * - Key: media URLs are capability URLs (src/contract/media.ts): the signature in the query
 *   changes when a link is re-issued, the bytes behind the path never do. The cache key is the
 *   URL without its query (origin + path), so a new signature never stores a second copy.
 * - Budget: the cache holds at most a budget of bytes. Over it, the least recently used
 *   entries that are not pinned ("keep offline") go first; pinned entries are never evicted,
 *   even when they alone exceed the budget (the person asked for them explicitly).
 */

/** Cache Storage name of the media cache. Everything starting with MEDIA_CACHE_PREFIX is ours. */
export const MEDIA_CACHE_PREFIX = 'atelier-media';
export const MEDIA_CACHE_NAME = `${MEDIA_CACHE_PREFIX}-v1`;

const MB = 1024 * 1024;
/**
 * Default budget: 200 MB holds every thumbnail of a 10,000-item library (about 15-30 KB each as
 * 400 px WebP) plus a few hundred full-size images, while staying far below what browsers grant
 * an installed app (Chrome: up to 60% of free disk), so the cache never crowds out the query
 * data or the outbox's queued files.
 */
export const DEFAULT_MEDIA_BUDGET_BYTES = 200 * MB;
/** Budgets the settings offer. */
export const MEDIA_BUDGET_CHOICES_BYTES = [100 * MB, 200 * MB, 500 * MB, 1024 * MB] as const;
/** Never more than this share of the origin's quota, whatever the setting says. */
export const MAX_QUOTA_SHARE = 0.5;
/** Never less than this, so a tiny quota report does not turn the cache off. */
export const MIN_MEDIA_BUDGET_BYTES = 20 * MB;

/** What the cache remembers of one entry (IndexedDB `atelier-media`, keyed by the cache key). */
export interface MediaEntry {
  /** Size of the stored body, in bytes (0 while a pinned entry waits to be fetched). */
  bytes: number;
  /** Last time it was stored or served, in ms since the epoch. */
  lastUsed: number;
  /** "Keep offline": never evicted. */
  pinned: boolean;
  /** The response is in Cache Storage (a pin made offline is recorded before its bytes arrive). */
  stored: boolean;
}

export interface MediaUsage {
  /** Bytes stored, pinned ones included. */
  bytes: number;
  /** Entries stored (each variant of an asset counts once). */
  count: number;
  /** Pinned entries (stored or waiting). */
  pinnedCount: number;
  pinnedBytes: number;
  /** Assets whose original is pinned. */
  pinnedAssets: number;
  /** The budget in force, in bytes. */
  budget: number;
}

// ── Keys ──────────────────────────────────────────────────────────────────────────────

const MEDIA_PATH = /^\/api\/media\/([^/]+)\/([^/]+)\/?$/;

/** The asset id and variant a media path names, or null for any other path. */
export function parseMediaPath(pathname: string): { assetId: string; variant: MediaVariant } | null {
  const match = MEDIA_PATH.exec(pathname);
  if (!match) return null;
  const variant = match[2] as MediaVariant;
  if (!MEDIA_VARIANTS.includes(variant)) return null;
  let assetId: string;
  try {
    assetId = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return { assetId, variant };
}

/**
 * The cache key of a media URL (origin + path, no query, no hash), or null when the URL is not a
 * media URL of one of `origins` (the app's own and the API's). `base` resolves relative URLs.
 */
export function mediaCacheKey(url: string, origins: readonly string[], base?: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return null;
  }
  if (!origins.includes(parsed.origin) || !parseMediaPath(parsed.pathname)) return null;
  return `${parsed.origin}${parsed.pathname}`;
}

/** The key of one variant of an asset on `origin` (what `mediaCacheKey` gives for its URLs). */
export function assetVariantKey(origin: string, assetId: string, variant: MediaVariant): string {
  return `${origin}/api/media/${encodeURIComponent(assetId)}/${variant}`;
}

/** The origins media may come from: the app's, plus the API's when it lives elsewhere. */
export function mediaOrigins(appOrigin: string, apiBaseUrl: string | undefined): string[] {
  const origins = [appOrigin];
  if (apiBaseUrl) {
    try {
      const api = new URL(apiBaseUrl).origin;
      if (!origins.includes(api)) origins.push(api);
    } catch {
      // A relative or empty API base means the app's own origin.
    }
  }
  return origins;
}

// ── Budget and eviction ───────────────────────────────────────────────────────────────

/** The budget in force: the chosen one, capped by a share of the quota when it is known. */
export function effectiveBudget(configured: number, quota?: number): number {
  const chosen = Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_MEDIA_BUDGET_BYTES;
  if (!quota || !Number.isFinite(quota)) return chosen;
  return Math.max(MIN_MEDIA_BUDGET_BYTES, Math.min(chosen, Math.floor(quota * MAX_QUOTA_SHARE)));
}

/** Bytes stored across `entries`. */
export function storedBytes(entries: Iterable<MediaEntry>): number {
  let total = 0;
  for (const entry of entries) if (entry.stored) total += entry.bytes;
  return total;
}

/**
 * Which entries to delete so that the stored bytes plus `incomingBytes` fit in `budget`: unpinned
 * stored entries, least recently used first (ties: larger first, so fewer go). Pinned entries
 * are never chosen; when they alone exceed the budget, every unpinned entry goes and the cache
 * stays over budget.
 */
export function planEviction(entries: Iterable<readonly [string, MediaEntry]>, budget: number, incomingBytes = 0): string[] {
  const all = [...entries];
  let total = storedBytes(all.map(([, entry]) => entry)) + incomingBytes;
  if (total <= budget) return [];
  const candidates = all.filter(([, entry]) => entry.stored && !entry.pinned).toSorted(([, a], [, b]) => a.lastUsed - b.lastUsed || b.bytes - a.bytes);
  const evicted: string[] = [];
  for (const [key, entry] of candidates) {
    if (total <= budget) break;
    evicted.push(key);
    total -= entry.bytes;
  }
  return evicted;
}

// ── What the lists showed ─────────────────────────────────────────────────────────────

/**
 * Listed media: the small pictures of the items a screen lists (thumbnails, video posters) are
 * kept when the list arrives, not only when their <img> loads, so a picture below the fold, never
 * scrolled to online, still shows offline. Full-size files are never fetched this way (they are
 * kept when viewed, or pinned).
 */
export const LISTED_MEDIA_VARIANTS: readonly MediaVariant[] = ['thumbnail', 'poster'];
/** A listed picture larger than this is not fetched ahead (a thumbnail is 15-30 KB, a poster under 200 KB). */
export const MAX_LISTED_MEDIA_BYTES = 1024 * 1024;
/** Paths in one keep message (a history page lists 20 jobs, a library page 100 assets, each with a few pictures). */
export const MAX_KEEP_PATHS = 500;

/** Whether `key` (a media cache key) names a variant that lists keep ahead. */
export function isListedVariant(key: string): boolean {
  let pathname = key;
  try {
    pathname = new URL(key).pathname;
  } catch {
    // A path, not a URL.
  }
  const variant = parseMediaPath(pathname)?.variant;
  return variant !== undefined && LISTED_MEDIA_VARIANTS.includes(variant);
}

/** Whether an unpinned response of `bytes` can ever be kept (larger than the whole budget: no). */
export function fitsBudget(bytes: number, budget: number): boolean {
  return bytes <= budget;
}

/** Usage figures for the settings. */
export function summarizeUsage(entries: Iterable<readonly [string, MediaEntry]>, budget: number): MediaUsage {
  const usage: MediaUsage = { bytes: 0, count: 0, pinnedCount: 0, pinnedBytes: 0, pinnedAssets: 0, budget };
  for (const [key, entry] of entries) {
    if (entry.stored) {
      usage.bytes += entry.bytes;
      usage.count += 1;
    }
    if (entry.pinned) {
      usage.pinnedCount += 1;
      if (entry.stored) usage.pinnedBytes += entry.bytes;
      let pathname = key;
      try {
        pathname = new URL(key).pathname;
      } catch {
        // Keys are absolute URLs; anything else is not an asset variant.
      }
      // One full-size file per asset: its original, or the watermarked copy it is served as.
      const variant = parseMediaPath(pathname)?.variant;
      if (variant === 'original' || variant === 'watermarked') usage.pinnedAssets += 1;
    }
  }
  return usage;
}

/** Size of a response body from its Content-Length; null when absent (the caller then measures the body). */
export function declaredBytes(headers: Pick<Headers, 'get'>): number | null {
  const length = headers.get('content-length');
  if (length !== null && /^\d+$/.test(length.trim())) return Number(length.trim());
  return null;
}

// ── Page ↔ service worker messages ────────────────────────────────────────────────────

/** `{ type, paths }`: signed media URLs (as the API gives them) to keep offline; answered with MediaUsage. */
export const MEDIA_PIN_MESSAGE = 'atelier:media:pin';
/** `{ type, paths }`: no longer kept offline (they may then be evicted). */
export const MEDIA_UNPIN_MESSAGE = 'atelier:media:unpin';
/** `{ type }`: answered with MediaUsage on the message port. */
export const MEDIA_USAGE_MESSAGE = 'atelier:media:usage';
/** `{ type, bytes }`: a new budget; answered with MediaUsage. */
export const MEDIA_BUDGET_MESSAGE = 'atelier:media:budget';
/**
 * `{ type, paths }`: the thumbnails and posters a screen lists (at most MAX_KEEP_PATHS); those not
 * cached yet are fetched and stored unpinned, within the budget. Answered with MediaUsage.
 */
export const MEDIA_KEEP_MESSAGE = 'atelier:media:keep';
/** `{ type }`: the page cleared the cache and its records; forget what is held in memory. */
export const MEDIA_RESET_MESSAGE = 'atelier:media:reset';

export type MediaMessage =
  | { type: typeof MEDIA_PIN_MESSAGE; paths: string[] }
  | { type: typeof MEDIA_UNPIN_MESSAGE; paths: string[] }
  | { type: typeof MEDIA_KEEP_MESSAGE; paths: string[] }
  | { type: typeof MEDIA_USAGE_MESSAGE }
  | { type: typeof MEDIA_BUDGET_MESSAGE; bytes: number }
  | { type: typeof MEDIA_RESET_MESSAGE };

/** The answer of pin, unpin, usage and budget messages. */
export type MediaReply = { ok: true; usage: MediaUsage; failed?: number } | { ok: false; error: string };

const MESSAGE_TYPES: ReadonlySet<string> = new Set([
  MEDIA_PIN_MESSAGE,
  MEDIA_UNPIN_MESSAGE,
  MEDIA_KEEP_MESSAGE,
  MEDIA_USAGE_MESSAGE,
  MEDIA_BUDGET_MESSAGE,
  MEDIA_RESET_MESSAGE,
]);

/** The message, when `data` is a well-formed media message. */
export function asMediaMessage(data: unknown): MediaMessage | null {
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  if (typeof record.type !== 'string' || !MESSAGE_TYPES.has(record.type)) return null;
  if (record.type === MEDIA_PIN_MESSAGE || record.type === MEDIA_UNPIN_MESSAGE || record.type === MEDIA_KEEP_MESSAGE) {
    if (!Array.isArray(record.paths) || !record.paths.every((path) => typeof path === 'string')) return null;
    if (record.type === MEDIA_KEEP_MESSAGE && record.paths.length > MAX_KEEP_PATHS) return null;
  }
  if (record.type === MEDIA_BUDGET_MESSAGE && (typeof record.bytes !== 'number' || !(record.bytes > 0))) return null;
  return record as unknown as MediaMessage;
}
