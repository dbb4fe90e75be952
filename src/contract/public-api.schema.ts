/**
 * The public API, `/v1` (docs/product-rules.md#api): the same media, job engine and credit ledger
 * as the studios, called with an API token (`Authorization: Bearer atl_live_…`). The OpenAPI 3.1
 * document (`GET /v1/openapi.json`) is generated from these schemas (server/public-api/openapi.ts).
 * Imports only valibot and the other contract modules.
 *
 * Endpoints (every one but the documents needs a token; the service a generation needs must be
 * among the token's permissions, else 403):
 * - POST /v1/media                    multipart `file` (+ `purpose`, `role`) → 201 Asset (Idempotency-Key like /api/media)
 * - POST /v1/generations              V1GenerationRequest, `Idempotency-Key` kept 24 h → 202 Generation;
 *                                     the same key again → 200 the first job; while the first is still
 *                                     being created → 409; with another body → 422
 * - GET  /v1/generations?feature&status&cursor&limit → GenerationPage (this account's jobs, newest first)
 * - GET  /v1/generations/{id}         → Generation
 * - POST /v1/generations/{id}/cancel  → Generation
 * - GET  /v1/credits                  → Credits
 * - GET  /v1/usage                    → TokenUsage (the calling token)
 * - GET  /v1/openapi.json, GET /v1/llms.txt   (no token)
 *
 * Every answer to a token carries `RateLimit-Policy` and `RateLimit` (IETF httpapi-ratelimit-headers);
 * a 429 carries `Retry-After` (seconds). Errors follow the house rule (docs/product-rules.md#api-errors):
 * `{ message, code }` to a GET, `{ detail, code }` to any other method (402 adds balance, cost, shortage).
 */
import * as v from 'valibot';
import { GenerationRequestSchema } from './generations.schema.ts';
import { API_TOKEN_SERVICES } from './token-terms.ts';
import { UsageDaySchema, WEBHOOK_EVENTS, WebhookUrlSchema } from './tokens.schema.ts';

/** POST /v1/generations: a studio generation request, plus where to send its webhook. */
export const V1GenerationRequestSchema = v.intersect([
  GenerationRequestSchema,
  v.object({
    /** Overrides the token's webhook URL for this job; null: no webhook even if the token has one. */
    webhook_url: v.optional(v.nullable(WebhookUrlSchema)),
  }),
]);
export type V1GenerationRequest = v.InferOutput<typeof V1GenerationRequestSchema>;

export const CreditsSchema = v.object({
  /** Credits the account can spend now. */
  balance: v.number(),
  plan: v.string(),
});
export type Credits = v.InferOutput<typeof CreditsSchema>;

export const TokenUsageSchema = v.object({
  token: v.object({
    id: v.string(),
    name: v.string(),
    prefix: v.string(),
    permissions: v.array(v.picklist(API_TOKEN_SERVICES)),
    rate_limit: v.number(),
    credit_cap: v.nullable(v.number()),
    credits_used: v.number(),
    expires_at: v.nullable(v.string()),
  }),
  today: UsageDaySchema,
  /** The last 30 days, oldest first. */
  days: v.array(UsageDaySchema),
});
export type TokenUsage = v.InferOutput<typeof TokenUsageSchema>;

export const ApiErrorBodySchema = v.object({
  message: v.string(),
  code: v.optional(v.string()),
});

/** The body of a webhook message (Standard Webhooks: type, timestamp, data). */
export const WebhookPayloadSchema = v.object({
  type: v.picklist(WEBHOOK_EVENTS),
  /** When the event happened, ISO 8601. */
  timestamp: v.string(),
  data: v.object({
    /** The Generation as GET /v1/generations/{id} answers it. */
    generation: v.record(v.string(), v.unknown()),
  }),
});
export type WebhookPayload = v.InferOutput<typeof WebhookPayloadSchema>;
