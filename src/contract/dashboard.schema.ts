/**
 * The dashboard's own answers (docs/product-rules.md#dashboard): the signed-in user's figures and the public
 * community feed. Imports only valibot and the other contract modules.
 *
 * Endpoints:
 * - GET /api/me/stats               (signed in) the stats cards
 * - GET /api/community?limit        (public)    recent results their owners chose to share
 *   (PUT /api/generations/{id}/share, src/contract/generations.schema.ts), newest share first
 */
import * as v from 'valibot';
import { FEATURES } from './tools.ts';
import { queryInteger } from './input.schema.ts';
import { MEDIA_TYPES } from './media.ts';

export const UsageStatsSchema = v.object({
  /** Jobs submitted since the start of this calendar month (UTC), whatever their outcome. */
  generations_this_month: v.number(),
  /** The first instant of that month (ISO 8601). */
  month_start: v.string(),
  /** Credit balance now. */
  credits: v.number(),
  /** Assets in the library (uploads and results). */
  assets: v.number(),
  /** All-time completed and failed jobs (cancelled ones count for neither). */
  completed_total: v.number(),
  failed_total: v.number(),
  /** completed / (completed + failed), 0 to 1; null before any job has ended. */
  success_rate: v.nullable(v.number()),
  /** Bytes the library keeps in storage (uploads and results, with their thumbnails and posters). */
  storage_used_bytes: v.number(),
  /** The plan's storage quota, in bytes: uploads that would go past it are refused. */
  storage_limit_bytes: v.number(),
});
export type UsageStats = v.InferOutput<typeof UsageStatsSchema>;

export const COMMUNITY_PAGE_DEFAULT = 12;
export const COMMUNITY_PAGE_MAX = 48;

export const CommunityQuerySchema = v.object({
  limit: v.optional(queryInteger(1, COMMUNITY_PAGE_MAX)),
});

/** One shared result: what the feed shows, nothing private (no inputs, no email). */
export const CommunityItemSchema = v.object({
  /** The generation's id. */
  id: v.string(),
  feature: v.picklist(FEATURES),
  media_type: v.picklist(MEDIA_TYPES),
  width: v.number(),
  height: v.number(),
  /** Capability URLs of the first result (see src/contract/media.ts). */
  url: v.string(),
  thumbnail_url: v.string(),
  poster_url: v.nullable(v.string()),
  /** The owner's first name only (or "Atelier" when the account has none). */
  author: v.string(),
  shared_at: v.string(),
});
export type CommunityItem = v.InferOutput<typeof CommunityItemSchema>;

export const CommunityPageSchema = v.object({ items: v.array(CommunityItemSchema) });
export type CommunityPage = v.InferOutput<typeof CommunityPageSchema>;
