/**
 * The fingerprint of a request, for Idempotency-Keys: the same key sent again must carry the same
 * request. A SHA-256 of canonical JSON (sorted keys, undefined left out), so the same request
 * always hashes the same whatever its key order. The studios' submits and the public API's use it.
 */
import { createHash } from 'node:crypto';

/** JSON with sorted keys: the same request always hashes the same, whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of a text. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** SHA-256 (hex) of the canonical JSON of `value`. */
export const requestHash = (value: unknown): string => sha256(canonical(value));
