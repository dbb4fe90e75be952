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
import { CREDIT_CAP_MAX, TOKEN_EXPIRY_DEFAULT, TOKEN_MESSAGES, TOKEN_NAME_MAX, TOKEN_PATTERN, USAGE_DAY_OFFSET_MINUTES, WEBHOOK_URL_MAX } from './tokens.ts';
import { API_TOKEN_SERVICES, RATE_LIMIT_DEFAULT, RATE_LIMIT_MAX, RATE_LIMIT_MIN, TOKEN_EXPIRY_PRESETS } from './token-terms.ts';
import { integer, isSafeText, RecordIdSchema, text, UNSAFE_TEXT_MESSAGE } from './input.schema.ts';

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
