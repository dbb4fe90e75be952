/**
 * How a receiver checks a webhook (Standard Webhooks, docs/product-rules.md#api-webhooks): the
 * HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed by the base64 after `whsec_`,
 * compared in constant time with each `v1,<base64>` of `webhook-signature`.
 */

/** How old a message may be when it arrives, in seconds (the standard's advice: 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export const VERIFY_JAVASCRIPT = `import { createHmac, timingSafeEqual } from 'node:crypto';

// secret: the token's whsec_… secret; rawBody: the body exactly as received (a string).
export function verifyWebhook(secret, headers, rawBody) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return false;
  // A message older than 5 minutes is refused: a captured one cannot be replayed later.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > ${WEBHOOK_TOLERANCE_SECONDS}) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

export const VERIFY_PYTHON = `import base64
import hashlib
import hmac
import time


# secret: the token's whsec_… secret; raw_body: the body exactly as received (bytes).
def verify_webhook(secret: str, headers: dict, raw_body: bytes) -> bool:
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    if not msg_id or not timestamp or not signatures:
        return False
    # A message older than 5 minutes is refused: a captured one cannot be replayed later.
    if abs(time.time() - int(timestamp)) > ${WEBHOOK_TOLERANCE_SECONDS}:
        return False
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode() + raw_body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    return any(
        hmac.compare_digest(expected, entry.split(",", 1)[1])
        for entry in signatures.split(" ")
        if entry.startswith("v1,")
    )`;

/** A message as it arrives (headers and body), for the page's example. */
export const WEBHOOK_EXAMPLE = `POST /hooks/atelier HTTP/1.1
content-type: application/json
webhook-id: msg_2Kq8mZ1xY7
webhook-timestamp: 1764230400
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=

{
  "type": "generation.completed",
  "timestamp": "2025-11-27T08:00:00.000Z",
  "data": { "generation": { "id": "gen_9f3a", "feature": "image-editing", "status": "completed", "…": "…" } }
}`;
