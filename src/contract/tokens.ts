/**
 * API tokens, the plain part (docs/product-rules.md#api): the token's format, the limits of the
 * management API and its messages; what a token is and may do, which the public /api-docs page
 * states too, is in token-terms.ts. No valibot: the schemas are in tokens.schema.ts (with the
 * endpoints).
 */
import { TOKEN_PREFIX, type ApiTokenService, type TokenExpiryPreset } from './token-terms.ts';
import type { Feature } from './tools.ts';

// ── The token ────────────────────────────────────────────────────────────────────────

/** Random part, base62: 43 characters carry 43 × log2(62) ≈ 256.1 bits. */
export const TOKEN_BODY_LENGTH = 43;
/** CRC-32 of prefix + body, base62, left-padded with '0': a mistyped token fails offline. */
export const TOKEN_CHECKSUM_LENGTH = 6;
export const TOKEN_LENGTH = TOKEN_PREFIX.length + TOKEN_BODY_LENGTH + TOKEN_CHECKSUM_LENGTH;
/** Characters of the token kept and shown to tell tokens apart (the prefix and 4 of the body). */
export const TOKEN_DISPLAY_LENGTH = TOKEN_PREFIX.length + 4;
export const TOKEN_PATTERN = /^atl_live_[0-9A-Za-z]{49}$/;

/** The service a generation of `feature` needs. */
export function serviceOf(feature: Feature): ApiTokenService {
  return feature === 'upscaler-image' || feature === 'upscaler-video' ? 'upscaler' : feature;
}

export const TOKEN_EXPIRY_DEFAULT: TokenExpiryPreset = '90';

export const TOKEN_NAME_MAX = 60;
/** Largest credit cap a token can have (credits). */
export const CREDIT_CAP_MAX = 1_000_000;
/** Longest webhook URL, in characters. */
export const WEBHOOK_URL_MAX = 2_000;
/** Tokens an account can hold at once. */
export const TOKENS_PER_ACCOUNT_MAX = 25;
/** Requests the token detail lists. */
export const REQUEST_LOG_SIZE = 100;
/** Days of the usage chart. */
export const USAGE_DAYS = 30;
/** The usage day is Vietnam's calendar day (UTC+7, no daylight saving), in minutes from UTC. */
export const USAGE_DAY_OFFSET_MINUTES = 7 * 60;
/** Largest body of the management API, in bytes. */
export const TOKENS_BODY_MAX_BYTES = 4 * 1024;

/**
 * Messages the server answers with (`{ message, code }`); the screen shows its own vi/en text for
 * each code. The three validation messages are the spec's (§5).
 */
export const TOKEN_MESSAGES = {
  nameRequired: 'Please enter a token name.',
  permissionsRequired: 'Please select at least one service permission.',
  rateLimitRange: 'Rate limit must be between 1 and 1000 requests per minute.',
  notFound: 'Token not found',
  deliveryNotFound: 'Webhook delivery not found',
  planRequired: 'Your plan does not include API access. Upgrade to Pro or above to create API tokens.',
  tooManyTokens: `An account can hold at most ${TOKENS_PER_ACCOUNT_MAX} tokens. Delete one you no longer use.`,
  invalidWebhookUrl: 'Webhook URL must be an https address on the public internet.',
  creditCapRange: `Credit cap must be a whole number from 1 to ${CREDIT_CAP_MAX}.`,
  nothingToUpdate: 'Nothing to update',
} as const;
export type TokenMessageKey = keyof typeof TOKEN_MESSAGES;
