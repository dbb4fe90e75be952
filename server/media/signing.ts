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

export interface MediaUrlSigner {
  sign(assetId: string, variant: MediaVariant, nowMs: number): SignedMediaUrl;
  /** True when `sig` is the signature of these values and `exp` has not passed. */
  verify(assetId: string, variant: MediaVariant, exp: string | undefined, sig: string | undefined, nowMs: number): boolean;
}

/** A key distinct from the access-token key: HMAC of a fixed label under the server's signing key. */
export function deriveMediaKey(signingKey: string): Buffer {
  return createHmac('sha256', signingKey).update(KEY_LABEL).digest();
}

export function createMediaUrlSigner(signingKey: string, ttlSeconds: number): MediaUrlSigner {
  const key = deriveMediaKey(signingKey);
  const windowSeconds = Math.max(1, Math.floor(ttlSeconds / 2));
  const mac = (assetId: string, variant: MediaVariant, exp: number) => createHmac('sha256', key).update(`${assetId}/${variant}/${exp}`).digest('hex');

  return {
    sign(assetId, variant, nowMs) {
      const earliest = Math.floor(nowMs / 1000) + ttlSeconds;
      const exp = Math.ceil(earliest / windowSeconds) * windowSeconds;
      const path = `/api/media/${encodeURIComponent(assetId)}/${variant}?exp=${exp}&sig=${mac(assetId, variant, exp)}`;
      return { path, exp };
    },
    verify(assetId, variant, exp, sig, nowMs) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp) || sig.length !== SIGNATURE_HEX_LENGTH || !/^[0-9a-f]+$/.test(sig)) return false;
      const expires = Number(exp);
      if (expires * 1000 <= nowMs) return false;
      return timingSafeEqual(Buffer.from(mac(assetId, variant, expires), 'hex'), Buffer.from(sig, 'hex'));
    },
  };
}
