/**
 * The `Idempotency-Key` request header (generation submits, uploads): the client's own name for
 * one logical request, so a replay is answered with the first outcome instead of doing it again.
 */
import type { Context } from 'hono';
import { httpError } from './http-error.ts';

/** Visible ASCII only: the key is compared byte for byte and stored as is. */
const KEY_CHARACTERS = /^[\x21-\x7e]+$/;

/**
 * The trimmed key, or null without the header.
 * @throws HttpError 400 `invalidIdempotencyKey` when it is empty, longer than `maxLength` characters or not visible ASCII
 */
export function readIdempotencyKey(c: Context, maxLength: number): string | null {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return null;
  const trimmed = key.trim();
  if (trimmed.length === 0 || trimmed.length > maxLength || !KEY_CHARACTERS.test(trimmed)) {
    throw httpError(400, 'invalidIdempotencyKey', { values: { maxLength } });
  }
  return trimmed;
}
