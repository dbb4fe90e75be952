/**
 * The contract's facts this page states: limits, names, services and error texts, copied from
 * the plain modules src/contract/tokens.ts, public-api.ts, generation-messages.ts and http-errors.ts. Copied
 * rather than imported, for the bundle's sake, not valibot's: the studios and /api-management use
 * those modules too, so imported here they come in chunks shared with those screens, with what
 * those screens use of them: +0.5 KB gzip on /api-docs for tokens.ts and public-api.ts, and
 * generation-messages.ts would join the chunk every public page loads (+1.2 KB on `/` and the
 * blog). contract-facts.test.ts fails as soon as a copy differs from the contract.
 */

export const V1_PREFIX = '/v1';
export const TOKEN_PREFIX = 'atl_live_';
export const API_TOKEN_SERVICES = ['virtual-tryon', 'hairstyle-changer', 'body-generator', 'image-to-video', 'image-editing', 'upscaler'] as const;
export type ApiTokenService = (typeof API_TOKEN_SERVICES)[number];
/** Requests per minute. */
export const RATE_LIMIT_MIN = 1;
export const RATE_LIMIT_MAX = 1_000;
export const RATE_LIMIT_DEFAULT = 60;
/** Seconds. */
export const RATE_LIMIT_WINDOW_SECONDS = 60;
export const RATE_LIMIT_POLICY_NAME = 'token';
/** Days, and `never`. */
export const TOKEN_EXPIRY_PRESETS = ['1', '7', '30', '90', 'never'] as const;
/** Hours. */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** PUBLIC_API_MESSAGES of src/contract/public-api.ts. */
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

/** The generation errors a /v1 call can meet, from GENERATION_MESSAGES of src/contract/generation-messages.ts. */
export const GENERATION_ERROR_MESSAGES = {
  insufficientCredits: 'Not enough credits: this generation costs {cost} credits, you have {balance} ({shortage} more needed).',
  notFound: 'Generation not found.',
  notCancellable: 'This generation has already finished and can no longer be cancelled.',
  assetNotFound: 'One of the selected files could not be found. Please select it again.',
  wrongAssetType: 'One of the selected files is not the right type for this tool.',
  unsupportedOption: 'The selected model does not support these settings. Please choose other settings.',
} as const;

/** The errors of any route a /v1 call can meet, from HTTP_MESSAGES of src/contract/http-errors.ts. */
export const HTTP_ERROR_MESSAGES = {
  invalidJson: 'The request body must be valid JSON.',
  invalidIdempotencyKey: 'The Idempotency-Key header must be 1 to {maxLength} visible characters.',
  invalidInput: 'Invalid input: {issues}',
  invalidCursor: 'Invalid input: cursor: not a cursor this server gave out',
} as const;
