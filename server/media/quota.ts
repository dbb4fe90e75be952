/**
 * How much a person may upload and keep: the hourly upload limits (count and bytes, per account
 * and per client address) and the storage quota of each plan.
 *
 * The hourly limits are counted in `rate_limit_events` by the auth area's limiter
 * (server/platform/rate-limit.ts), so every server process shares them and a burst of parallel
 * uploads cannot slip past them. The quota sums `assets.stored_bytes` plus the space uploads in
 * progress have reserved (see MediaRepository.reserveStorage).
 */
import { storageFullText } from '../../src/contract/media.ts';
import type { RateLimitRule } from '../platform/rate-limit.ts';
import { retryAfter } from '../http/errors.ts';
import { mediaError, type MediaError } from './errors.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Decimal, as storage is sold and shown (src/contract/media.ts storageSizeText). */
const GB = 1_000_000_000;

/**
 * Storage quota of each plan, in bytes: the one place plans get their space (the billing work
 * adds its plans here). Free: 5 GB, room for a few hundred results and inputs or a few dozen
 * 100 MB videos. An account whose plan is not listed gets the free plan's quota.
 */
export const STORAGE_QUOTA_BYTES_BY_PLAN: Readonly<Record<string, number>> = {
  free: 5 * GB,
};

export const DEFAULT_PLAN = 'free';

export function storageQuotaFor(plan: string, quotas: Readonly<Record<string, number>> = STORAGE_QUOTA_BYTES_BY_PLAN): number {
  return quotas[plan] ?? quotas[DEFAULT_PLAN] ?? 0;
}

/** The hourly upload limits; tests pass smaller ones. */
export interface UploadLimits {
  perAccount: RateLimitRule;
  bytesPerAccount: RateLimitRule;
  perAddress: RateLimitRule;
  bytesPerAddress: RateLimitRule;
}

/**
 * Per account: 300 uploads and 3 GB an hour: a seller bringing in a whole catalogue shoot (a few
 * hundred product photos) gets through in one sitting, while scripted abuse is held to a trickle
 * (and the storage quota bounds what stays). Per address: 1,000 uploads and 10 GB an hour, so a
 * studio or office behind one address keeps working while one machine cannot rotate accounts
 * past the account limits for long.
 */
export const UPLOAD_LIMITS: UploadLimits = {
  perAccount: { bucket: 'upload:account', limit: 300, windowMs: HOUR_MS },
  bytesPerAccount: { bucket: 'upload-bytes:account', limit: 3 * GB, windowMs: HOUR_MS },
  perAddress: { bucket: 'upload:address', limit: 1_000, windowMs: HOUR_MS },
  bytesPerAddress: { bucket: 'upload-bytes:address', limit: 10 * GB, windowMs: HOUR_MS },
};

/**
 * Room the multipart framing and the text fields take in a body besides the file, in bytes: a
 * declared Content-Length less this is the least the file can weigh (MAX_UPLOAD_BODY_BYTES
 * allows the same room).
 */
export const MULTIPART_ROOM_BYTES = 64 * 1024;

/** 429 tooManyUploads, with the seconds to wait (body and Retry-After). */
export function tooManyUploads(retryAfterSeconds: number): MediaError {
  return mediaError(429, 'tooManyUploads', retryAfter(retryAfterSeconds));
}

/**
 * 413 storageFull. 413 rather than 507: the server is not short of disk, this request is too
 * large for the account's remaining space, a refusal of the request that sending it again will
 * not change (507 is a 5xx: clients, proxies and monitoring take it for a server fault and
 * retry or alert).
 */
export function storageFull(usedBytes: number, limitBytes: number, fileBytes: number): MediaError {
  return mediaError(413, 'storageFull', {
    text: storageFullText(usedBytes, limitBytes),
    fields: { used_bytes: usedBytes, limit_bytes: limitBytes, file_bytes: fileBytes },
  });
}
