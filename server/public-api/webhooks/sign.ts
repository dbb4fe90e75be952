/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, docs/product-rules.md#api-webhooks):
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed with the bytes
 * of the token's `whsec_<base64>` secret, so any Standard Webhooks library verifies our messages.
 */
import { createHmac } from 'node:crypto';

/** What precedes the base64 key in a signing secret. */
export const SECRET_PREFIX = 'whsec_';
/** The signature scheme's version tag (symmetric HMAC-SHA256). */
const SIGNATURE_VERSION = 'v1';

/** The key bytes of a `whsec_…` secret (the base64 after the prefix). */
export function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  // A secret that decodes to nothing would sign with an empty key: anyone could forge it.
  if (key.length === 0) throw new Error('the webhook signing secret is empty');
  return key;
}

/** `v1,<signature>` of one message. `timestampSeconds` is unix seconds, as in `webhook-timestamp`. */
export function signMessage(secret: string, id: string, timestampSeconds: number, body: string): string {
  const digest = createHmac('sha256', secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `${SIGNATURE_VERSION},${digest}`;
}

/** The three Standard Webhooks headers of a message. */
export function signatureHeaders(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signMessage(secret, id, timestampSeconds, body),
  };
}
