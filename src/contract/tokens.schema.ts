/**
 * API tokens (docs/product-rules.md#api): the token format, the services a token may call, and
 * the bodies of the management API the /api-management screen uses. Imports only valibot and the
 * other contract modules.
 *
 * Endpoints (signed in; a token id of another account answers 404 like an unknown one):
 * - GET    /api/tokens                                   tokens, the four stats, whether the plan allows the API
 * - POST   /api/tokens                                   creates a token: 201 CreatedToken (the secret, once)
 * - GET    /api/tokens/{id}                              the detail: usage per day (30 days), last 100 requests, webhook deliveries
 * - PATCH  /api/tokens/{id}                              active toggle, name, limits, webhook URL
 * - POST   /api/tokens/{id}/regenerate                   a new secret (shown once); the old one stops working at once
 * - DELETE /api/tokens/{id}                              204
 * - POST   /api/tokens/{id}/deliveries/{deliveryId}/resend  sends a webhook message again (same webhook-id)
 */
import * as v from 'valibot';
import type { Feature } from './features.ts';
import { integer, isSafeText, RecordIdSchema, text, UNSAFE_TEXT_MESSAGE } from './input.schema.ts';

// ── The token ────────────────────────────────────────────────────────────────────────

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'atl_live_';
/** Random part, base62: 43 characters carry 43 × log2(62) ≈ 256.1 bits. */
export const TOKEN_BODY_LENGTH = 43;
/** CRC-32 of prefix + body, base62, left-padded with '0': a mistyped token fails offline. */
export const TOKEN_CHECKSUM_LENGTH = 6;
export const TOKEN_LENGTH = TOKEN_PREFIX.length + TOKEN_BODY_LENGTH + TOKEN_CHECKSUM_LENGTH;
/** Characters of the token kept and shown to tell tokens apart (the prefix and 4 of the body). */
export const TOKEN_DISPLAY_LENGTH = TOKEN_PREFIX.length + 4;
export const TOKEN_PATTERN = /^atl_live_[0-9A-Za-z]{49}$/;

/**
 * The services a token may be allowed: the spec's five plus the upscaler (the product has it; its
 * image and video modes are one service).
 */
export const API_TOKEN_SERVICES = ['virtual-tryon', 'hairstyle-changer', 'body-generator', 'image-to-video', 'image-editing', 'upscaler'] as const;
export type ApiTokenService = (typeof API_TOKEN_SERVICES)[number];

/** The service a generation of `feature` needs. */
export function serviceOf(feature: Feature): ApiTokenService {
  return feature === 'upscaler-image' || feature === 'upscaler-video' ? 'upscaler' : feature;
}

export const RATE_LIMIT_MIN = 1;
export const RATE_LIMIT_MAX = 1_000;
/** Requests per minute a new token gets unless the form says otherwise. */
export const RATE_LIMIT_DEFAULT = 60;
/** The rate limit's window, in seconds (the limit is per minute). */
export const RATE_LIMIT_WINDOW_SECONDS = 60;

/** Expiry presets, in days; `never` does not expire. */
export const TOKEN_EXPIRY_PRESETS = ['1', '7', '30', '90', 'never'] as const;
export type TokenExpiryPreset = (typeof TOKEN_EXPIRY_PRESETS)[number];
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

// ── Requests ─────────────────────────────────────────────────────────────────────────

const NameSchema = v.pipe(
  v.string(TOKEN_MESSAGES.nameRequired),
  v.check(isSafeText, UNSAFE_TEXT_MESSAGE),
  v.trim(),
  v.minLength(1, TOKEN_MESSAGES.nameRequired),
  v.maxLength(TOKEN_NAME_MAX),
);
const PermissionsSchema = v.pipe(
  v.array(v.picklist(API_TOKEN_SERVICES), TOKEN_MESSAGES.permissionsRequired),
  v.minLength(1, TOKEN_MESSAGES.permissionsRequired),
  v.maxLength(API_TOKEN_SERVICES.length),
  v.check((list) => new Set(list).size === list.length, 'Each permission once'),
);
const RateLimitSchema = integer(RATE_LIMIT_MIN, RATE_LIMIT_MAX, TOKEN_MESSAGES.rateLimitRange);
const CreditCapSchema = v.nullable(integer(1, CREDIT_CAP_MAX, TOKEN_MESSAGES.creditCapRange));
/** Syntax only here; the server also refuses non-https and private addresses (server/tokens/webhook-url.ts). */
export const WebhookUrlSchema = v.pipe(
  text(WEBHOOK_URL_MAX),
  v.url(TOKEN_MESSAGES.invalidWebhookUrl),
  v.regex(/^https?:\/\//i, TOKEN_MESSAGES.invalidWebhookUrl),
);

export const CreateTokenRequestSchema = v.object({
  // A missing name reads as an empty one, so it gets the spec's sentence too.
  name: v.optional(NameSchema, ''),
  permissions: v.optional(PermissionsSchema, []),
  rate_limit: v.optional(RateLimitSchema, RATE_LIMIT_DEFAULT),
  expires_in: v.optional(v.picklist(TOKEN_EXPIRY_PRESETS), TOKEN_EXPIRY_DEFAULT),
  credit_cap: v.optional(CreditCapSchema, null),
  webhook_url: v.optional(v.nullable(WebhookUrlSchema), null),
});
export type CreateTokenRequest = v.InferOutput<typeof CreateTokenRequestSchema>;
export type CreateTokenInput = v.InferInput<typeof CreateTokenRequestSchema>;

/** At least one field. Expiry is fixed at creation (a new expiry is a new token). */
export const UpdateTokenRequestSchema = v.pipe(
  v.object({
    name: v.optional(NameSchema),
    active: v.optional(v.boolean()),
    permissions: v.optional(PermissionsSchema),
    rate_limit: v.optional(RateLimitSchema),
    credit_cap: v.optional(CreditCapSchema),
    webhook_url: v.optional(v.nullable(WebhookUrlSchema)),
  }),
  v.check((body) => Object.values(body).some((value) => value !== undefined), TOKEN_MESSAGES.nothingToUpdate),
);
export type UpdateTokenRequest = v.InferOutput<typeof UpdateTokenRequestSchema>;

export const TokenIdSchema = RecordIdSchema;

// ── Responses ────────────────────────────────────────────────────────────────────────

export const TOKEN_STATUSES = ['active', 'inactive', 'expired'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

const Timestamp = v.pipe(v.string(), v.isoTimestamp());

export const ApiTokenSchema = v.object({
  id: v.string(),
  name: v.string(),
  /** The first TOKEN_DISPLAY_LENGTH characters: never the secret. */
  prefix: v.string(),
  permissions: v.array(v.picklist(API_TOKEN_SERVICES)),
  rate_limit: v.number(),
  active: v.boolean(),
  /** `expired` wins over the toggle once expires_at has passed. */
  status: v.picklist(TOKEN_STATUSES),
  credit_cap: v.nullable(v.number()),
  /** Credits its running and completed generations hold against the cap. */
  credits_used: v.number(),
  webhook_url: v.nullable(v.string()),
  created_at: Timestamp,
  /** To the minute. */
  last_used_at: v.nullable(Timestamp),
  expires_at: v.nullable(Timestamp),
});
export type ApiToken = v.InferOutput<typeof ApiTokenSchema>;

export const TokenStatsSchema = v.object({
  total_tokens: v.number(),
  active_tokens: v.number(),
  /** Today in Vietnam's time, all the account's tokens. */
  requests_today: v.number(),
  errors_today: v.number(),
  /** errors_today / requests_today (0 to 1); null without requests. */
  error_rate: v.nullable(v.number()),
});
export type TokenStats = v.InferOutput<typeof TokenStatsSchema>;

export const TokenListSchema = v.object({
  tokens: v.array(ApiTokenSchema),
  stats: TokenStatsSchema,
  /** False when the account's plan has no API access: tokens cannot be created, and existing ones get 403. */
  api_allowed: v.boolean(),
});
export type TokenList = v.InferOutput<typeof TokenListSchema>;

export const CreatedTokenSchema = v.object({
  token: ApiTokenSchema,
  /** The whole token: this answer is the only time it is ever sent. */
  secret: v.pipe(v.string(), v.regex(TOKEN_PATTERN)),
});
export type CreatedToken = v.InferOutput<typeof CreatedTokenSchema>;

export const UsageDaySchema = v.object({
  /** YYYY-MM-DD, Vietnam's calendar. */
  day: v.pipe(v.string(), v.isoDate()),
  requests: v.number(),
  errors: v.number(),
});
export type UsageDay = v.InferOutput<typeof UsageDaySchema>;

export const RequestLogEntrySchema = v.object({
  at: Timestamp,
  method: v.string(),
  path: v.string(),
  status: v.number(),
  duration_ms: v.number(),
});
export type RequestLogEntry = v.InferOutput<typeof RequestLogEntrySchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const WEBHOOK_EVENTS = ['generation.completed', 'generation.failed', 'generation.cancelled'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const DeliverySchema = v.object({
  /** The `webhook-id` of the message. */
  id: v.string(),
  event: v.picklist(WEBHOOK_EVENTS),
  generation_id: v.string(),
  url: v.string(),
  status: v.picklist(DELIVERY_STATUSES),
  attempts: v.number(),
  last_status_code: v.nullable(v.number()),
  last_error: v.nullable(v.string()),
  created_at: Timestamp,
  delivered_at: v.nullable(Timestamp),
  next_attempt_at: v.nullable(Timestamp),
});
export type Delivery = v.InferOutput<typeof DeliverySchema>;

export const TokenDetailSchema = v.object({
  token: ApiTokenSchema,
  /** `whsec_…`: verifies this token's webhooks (not an API credential). */
  webhook_secret: v.string(),
  /** USAGE_DAYS days, oldest first, today last; days without requests are zeros. */
  usage: v.array(UsageDaySchema),
  /** Newest first, at most REQUEST_LOG_SIZE. */
  requests: v.array(RequestLogEntrySchema),
  /** Newest first, at most 50. */
  deliveries: v.array(DeliverySchema),
});
export type TokenDetail = v.InferOutput<typeof TokenDetailSchema>;

/** The usage day (YYYY-MM-DD) of an instant. */
export function usageDay(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + USAGE_DAY_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}
