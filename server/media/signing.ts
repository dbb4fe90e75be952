/**
 * Capability URLs of media: `/api/media/{assetId}/{variant}?exp={unix s}&sig={hex}`, where
 * sig = HMAC-SHA256(key, `{assetId}/{variant}/{exp}`). Whoever holds the URL may load that one
 * variant until `exp`, with no bearer header (so <img> and <video> can use it).
 *
 * The key is derived from the server's signing key with a purpose label, so it is never the key
 * access tokens are signed with, and a token signature can never pass as a media signature.
 *
 * `exp` is rounded UP to a window boundary (window = TTL / 2): every URL issued for a variant
 * within one window is the same string, so the browser's HTTP cache serves repeats. A URL is
 * valid for at least TTL and at most TTL + window.
 *
 * Caching in the PWA: the signature changes from one window to the next while the path stays the
 * same, and the bytes behind a path never change (assets are immutable). The service worker must
 * therefore key its media runtime cache by URL path only (ignoring `exp` and `sig`), e.g. Workbox
 * `cacheKeyWillBeUsed` returning `new URL(request.url).pathname`. It may serve a cached copy after
 * `exp`: the person already held a valid link to those bytes.
 *
 * Links of the public community feed are scoped to the shared job: `…&shared={generationId}&sig=…`
 * with sig = HMAC(key, `{assetId}/{variant}/{exp}/shared/{generationId}`), valid for
 * SHARED_URL_TTL_SECONDS only, and the capability route also checks, on every request, that the
 * job is still shared and still has that result: un-sharing or deleting ends them at once, while
 * the owner's own (unscoped) links keep working.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MediaVariant } from '../../src/contract/media.ts';

/** Label of the media-URL key derivation (changing it invalidates every issued URL). */
const KEY_LABEL = 'atelier:media-url:v1';
/** Length of a signature: hex SHA-256. */
const SIGNATURE_HEX_LENGTH = 64;

export interface SignedMediaUrl {
  /** `/api/media/{assetId}/{variant}?exp=…&sig=…` (append to an origin). */
  path: string;
  /** Unix seconds after which the URL is refused. */
  exp: number;
}

/** Lifetime of a community feed link, in seconds (the feed is refetched before its links expire). */
export const SHARED_URL_TTL_SECONDS = 15 * 60;

export interface MediaUrlSigner {
  sign(assetId: string, variant: MediaVariant, nowMs: number): SignedMediaUrl;
  /** A community feed link of a result of the shared job `generationId` (see the module comment). */
  signShared(assetId: string, variant: MediaVariant, generationId: string, nowMs: number): SignedMediaUrl;
  /**
   * True when `sig` is the signature of these values and `exp` has not passed; `shared` is the
   * `shared` query parameter (a feed link's job), undefined for the owner's links.
   */
  verify(assetId: string, variant: MediaVariant, exp: string | undefined, sig: string | undefined, nowMs: number, shared?: string): boolean;
}

/** A key distinct from the access-token key: HMAC of a fixed label under the server's signing key. */
export function deriveMediaKey(signingKey: string): Buffer {
  return createHmac('sha256', signingKey).update(KEY_LABEL).digest();
}

/** `exp` for a link of lifetime `ttl` (seconds) issued at `nowMs`, rounded up to a window of ttl / 2. */
function expiry(nowMs: number, ttl: number): number {
  const windowSeconds = Math.max(1, Math.floor(ttl / 2));
  return Math.ceil((Math.floor(nowMs / 1000) + ttl) / windowSeconds) * windowSeconds;
}

export function createMediaUrlSigner(signingKey: string, ttlSeconds: number): MediaUrlSigner {
  const key = deriveMediaKey(signingKey);
  const mac = (assetId: string, variant: MediaVariant, exp: number, shared: string | undefined) =>
    createHmac('sha256', key)
      .update(shared === undefined ? `${assetId}/${variant}/${exp}` : `${assetId}/${variant}/${exp}/shared/${shared}`)
      .digest('hex');

  return {
    sign(assetId, variant, nowMs) {
      const exp = expiry(nowMs, ttlSeconds);
      const path = `/api/media/${encodeURIComponent(assetId)}/${variant}?exp=${exp}&sig=${mac(assetId, variant, exp, undefined)}`;
      return { path, exp };
    },
    signShared(assetId, variant, generationId, nowMs) {
      const exp = expiry(nowMs, Math.min(ttlSeconds, SHARED_URL_TTL_SECONDS));
      const path = `/api/media/${encodeURIComponent(assetId)}/${variant}?exp=${exp}&shared=${encodeURIComponent(generationId)}&sig=${mac(assetId, variant, exp, generationId)}`;
      return { path, exp };
    },
    verify(assetId, variant, exp, sig, nowMs, shared) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp) || sig.length !== SIGNATURE_HEX_LENGTH || !/^[0-9a-f]+$/.test(sig)) return false;
      const expires = Number(exp);
      if (expires * 1000 <= nowMs) return false;
      return timingSafeEqual(Buffer.from(mac(assetId, variant, expires, shared), 'hex'), Buffer.from(sig, 'hex'));
    },
  };
}
