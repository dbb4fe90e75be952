/**
 * Media and assets (docs/product-rules.md#asset-roles, #uploads, #messages-uploads).
 * Shared by the server (upload checks, asset answers) and the PWA (pickers, upload forms).
 * Imports only valibot.
 *
 * An upload is `POST /api/media` (multipart/form-data): a `file` part, plus optional `purpose`
 * ('input' for generation inputs, 'upscale' for upscaler inputs, which have larger limits) and
 * `role` (what the person means the file for: model, garment, face, hair, image, video). The
 * answer is the stored Asset (201).
 *
 * An upload whose bytes are identical to an asset the same account already has (same SHA-256,
 * uploaded for the same use: studio input, upscaler input or mask) stores nothing and answers
 * that asset (200, `reused: true`); accounts never share assets. A deleted asset is not reused.
 *
 * An upload may carry an `Idempotency-Key` header (1 to UPLOAD_IDEMPOTENCY_KEY_MAX characters,
 * chosen by the client, e.g. the offline outbox's entry id). The first upload with a key stores
 * the file (201); any later upload by the same user with that key stores nothing and answers the
 * first upload's asset (200), also when both arrive at once. That makes a replayed upload safe.
 * Deleting that asset frees the key: a later upload with it is stored anew (201).
 *
 * Media URLs are capability URLs: `/api/media/{assetId}/{variant}?exp={unix s}&sig={hex}`. They
 * load in <img> and <video> without a bearer header and stop working after `exp`. The signature
 * changes when a URL is re-issued after its window; the path does not. A cache (the service
 * worker's) must therefore key media by URL **path only**, ignoring the query: the same path is
 * the same bytes for as long as the asset exists (assets are immutable).
 */
import * as v from 'valibot';
import { ASSET_KINDS, ASSET_ROLES, ASSET_SOURCES, ASSET_WARNINGS, MEDIA_TYPES } from './media.ts';
import { FEATURES } from './tools.ts';
import { CURSOR_MAX, queryInteger, safeString, text } from './input.schema.ts';

/**
 * A media error body: `{ detail }` (or `{ message }` for GET, docs/product-rules.md#api-errors) plus `code`, the
 * MEDIA_MESSAGES key. `tooManyUploads` adds `retry_after_seconds`; `storageFull` adds the quota's
 * figures in bytes: what the account stores now, its plan's limit, and the refused file's size
 * (the declared body's when refused before the body was read).
 */
export const MediaErrorBodySchema = v.object({
  detail: v.optional(v.string()),
  message: v.optional(v.string()),
  code: v.optional(v.string()),
  retry_after_seconds: v.optional(v.number()),
  used_bytes: v.optional(v.number()),
  limit_bytes: v.optional(v.number()),
  file_bytes: v.optional(v.number()),
});
export type MediaErrorBody = v.InferOutput<typeof MediaErrorBodySchema>;

// ── Responses ─────────────────────────────────────────────────────────────────────────

export const AssetSchema = v.object({
  id: v.string(),
  kind: v.picklist(ASSET_KINDS),
  media_type: v.picklist(MEDIA_TYPES),
  /** Roles it can be picked as (the upload's role first). */
  roles: v.array(v.picklist(ASSET_ROLES)),
  mime: v.string(),
  /** The uploaded file's name, or a name made for a generated result. */
  name: v.string(),
  width: v.number(),
  height: v.number(),
  bytes: v.number(),
  /** Videos only. */
  duration_seconds: v.nullable(v.number()),
  fps: v.nullable(v.number()),
  codec: v.nullable(v.string()),
  source: v.picklist(ASSET_SOURCES),
  /** The generation that produced it (source 'generation'). */
  generation_id: v.nullable(v.string()),
  /** The tool of that generation; null for uploads. */
  feature: v.nullable(v.picklist(FEATURES)),
  warnings: v.array(v.picklist(ASSET_WARNINGS)),
  /** What made it: `{ engine: 'local' | 'fal', model?, … }` for generated assets. */
  metadata: v.record(v.string(), v.unknown()),
  /** Capability URLs (see the module comment). */
  url: v.string(),
  thumbnail_url: v.string(),
  poster_url: v.nullable(v.string()),
  /** When the URLs above stop working (ISO 8601); fetch the asset again after it. */
  urls_expire_at: v.string(),
  created_at: v.string(),
});
export type Asset = v.InferOutput<typeof AssetSchema>;

/**
 * The answer of an upload (`POST /api/media`, `POST /v1/media`): the asset, and whether it is one
 * the account already had, of identical bytes (docs/product-rules.md#upload-dedupe): nothing was
 * stored, and the library holds it once.
 */
export const UploadedAssetSchema = v.object({
  ...AssetSchema.entries,
  /** True when the bytes matched an asset already in the library (status 200); false for a new one (201) or an Idempotency-Key replay. */
  reused: v.boolean(),
});
export type UploadedAsset = v.InferOutput<typeof UploadedAssetSchema>;

export const ASSET_PAGE_MAX = 100;
export const ASSET_PAGE_DEFAULT = 30;

/** Longest Idempotency-Key an upload may carry, in characters. */
export const UPLOAD_IDEMPOTENCY_KEY_MAX = 200;

/** Orders of the library: newest first (default), oldest first, by name (A-Z), largest file first. */
export const ASSET_SORTS = ['newest', 'oldest', 'name', 'largest'] as const;
export type AssetSort = (typeof ASSET_SORTS)[number];

/** `tool` filter values: a generation's feature, or 'upload' for the person's own files. */
export const ASSET_TOOLS = [...FEATURES, 'upload'] as const;
export type AssetTool = (typeof ASSET_TOOLS)[number];

const isoDate = v.pipe(text(10), v.isoDate());

/**
 * GET /api/assets query: filters of the assets picker and /your-assets (docs/product-rules.md#library: tabs all,
 * images, videos, upscaled; search by name, tool and date; sort). The cursor belongs to one
 * sort: a cursor of another sort is a 400.
 */
export const AssetListQuerySchema = v.object({
  kind: v.optional(v.picklist(ASSET_KINDS)),
  /**
   * Only assets that can be picked as this role. Without it, every asset but working files
   * (WORKING_ROLES); `role=mask` lists the masks alone.
   */
  role: v.optional(v.picklist(ASSET_ROLES)),
  /** Matches the asset's name (case-insensitive). */
  q: v.optional(v.pipe(safeString(), v.trim(), v.maxLength(200))),
  sort: v.optional(v.picklist(ASSET_SORTS)),
  tool: v.optional(v.picklist(ASSET_TOOLS)),
  /** Created on or after this day (YYYY-MM-DD, UTC). */
  from: v.optional(isoDate),
  /** Created on or before this day (YYYY-MM-DD, UTC, the whole day). */
  to: v.optional(isoDate),
  cursor: v.optional(text(CURSOR_MAX)),
  limit: v.optional(queryInteger(1, ASSET_PAGE_MAX)),
});

export const AssetPageSchema = v.object({
  items: v.array(AssetSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: v.nullable(v.string()),
});
export type AssetPage = v.InferOutput<typeof AssetPageSchema>;
