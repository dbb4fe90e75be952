/**
 * The public API's plain values (docs/product-rules.md#api): its prefix, how long an
 * Idempotency-Key is remembered, the rate limit's policy name, the largest JSON body and the
 * errors' messages. No valibot: the public /api-docs page states these without loading the
 * schemas, which are in public-api.schema.ts (with the endpoints).
 */
export const V1_PREFIX = '/v1';
/** How long an Idempotency-Key of POST /v1/generations is remembered, in hours. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** The rate-limit policy's name in the RateLimit headers. */
export const RATE_LIMIT_POLICY_NAME = 'token';
/** Largest JSON body of /v1, in bytes (uploads have the media limit). */
export const V1_JSON_BODY_MAX_BYTES = 64 * 1024;

/** Messages of the /v1 errors (the `message` or `detail` of the body; `code` is the key). */
export const PUBLIC_API_MESSAGES = {
  missingToken: 'Missing API token: send Authorization: Bearer atl_live_…',
  malformedToken: 'This is not an Atelier API token (check for a typo: the checksum does not match).',
  invalidToken: 'Invalid API token: it is unknown, was deleted or regenerated, is inactive, or has expired.',
  planRequired: 'Your plan does not include API access. Upgrade to Pro or above.',
  serviceNotAllowed: 'This token is not allowed to use this service.',
  rateLimited: 'Rate limit exceeded: retry after the time in Retry-After.',
  creditCapReached: "This generation would exceed the token's credit cap.",
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed.',
  idempotencyMismatch: 'This Idempotency-Key was used with a different request.',
  invalidWebhookUrl: 'Webhook URL must be an https address on the public internet.',
} as const;
export type PublicApiMessageKey = keyof typeof PUBLIC_API_MESSAGES;
