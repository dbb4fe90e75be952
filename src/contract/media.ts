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
import { FEATURES } from './features.ts';
import { CURSOR_MAX, queryInteger, safeString, text } from './input.ts';

export const ASSET_KINDS = ['image', 'video', 'upscaled'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/**
 * What an asset can be picked as in a studio (docs/product-rules.md#asset-roles). `mask`: the
 * hairstyle changer's brush mask, a working file (see WORKING_ROLES).
 */
export const ASSET_ROLES = ['model', 'garment', 'face', 'hair', 'image', 'video', 'mask'] as const;
export type AssetRole = (typeof ASSET_ROLES)[number];

/**
 * Roles of working files: an upload with one of these roles has that role alone (a mask is never
 * a photo), and the library's lists leave such assets out unless they ask for that role
 * (`GET /api/assets?role=mask`), so no picker of another role, and no list without a role, shows
 * them (docs/product-rules.md#working-files).
 */
export const WORKING_ROLES = ['mask'] as const satisfies readonly AssetRole[];
export type WorkingRole = (typeof WORKING_ROLES)[number];

export function isWorkingRole(role: AssetRole | null | undefined): role is WorkingRole {
  return (WORKING_ROLES as readonly string[]).includes(role ?? '');
}

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const UPLOAD_PURPOSES = ['input', 'upscale'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const ASSET_SOURCES = ['upload', 'generation'] as const;

/**
 * Variants of an asset a media URL can name. `watermarked`: the copy of a result carrying the
 * Atelier watermark, which its `url` names instead of `original` while the owner's plan
 * watermarks (docs/product-rules.md#watermark).
 */
export const MEDIA_VARIANTS = ['original', 'watermarked', 'thumbnail', 'poster'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

const MB = 1024 * 1024;

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

/** docs/product-rules.md#uploads: the limits of each kind of upload. `label` is what the messages name. */
export const UPLOAD_LIMITS = {
  /** Generation inputs: JPEG, PNG, WebP up to 10 MB. */
  image: { maxBytes: 10 * MB, maxMegabytes: 10, mimeTypes: IMAGE_MIME_TYPES, label: 'JPEG, PNG, WebP' },
  /** Upscaler image inputs: up to 20 MB. */
  upscaleImage: { maxBytes: 20 * MB, maxMegabytes: 20, mimeTypes: IMAGE_MIME_TYPES, label: 'JPEG, PNG, WebP' },
  /** Upscaler video inputs: MP4, WebM, MOV up to 100 MB. */
  upscaleVideo: { maxBytes: 100 * MB, maxMegabytes: 100, mimeTypes: VIDEO_MIME_TYPES, label: 'MP4, WebM, MOV' },
} as const;

/** Videos longer than this are accepted with the `longVideo` warning (docs/product-rules.md#long-video: recommended under 30 s). */
export const RECOMMENDED_VIDEO_SECONDS = 30;

/**
 * Largest side of a stored generation input, in pixels: uploads for the studios are resized to
 * fit (docs/product-rules.md#uploads). 2048 px keeps a full-body photo sharp
 * while bounding every engine's work.
 */
export const MAX_INPUT_SIDE_PX = 2048;
/** Upscaler inputs keep their resolution up to this many pixels (24 MP), and are fitted to it beyond. */
export const MAX_UPSCALE_INPUT_PIXELS = 24_000_000;
/** Thumbnails: WebP, this many pixels on the longer side. */
export const THUMBNAIL_SIDE_PX = 400;
/**
 * Largest video frame the server handles: at most this many pixels on a side and in all (DCI 8K,
 * 8192×4320), twice what any tool makes (4K UHD). A file whose header declares more is refused
 * before any frame is decoded (a small file can declare a 16k×16k frame).
 */
export const MAX_VIDEO_SIDE_PX = 8_192;
export const MAX_VIDEO_PIXELS = 8_192 * 4_320;

/** The texts of docs/product-rules.md#uploads and #messages-uploads, by a stable key (also the `code` of the server's error bodies). */
export const MEDIA_MESSAGES = {
  /** `{acceptedTypes}`: e.g. 'JPEG, PNG, WebP'. */
  invalidType: 'Invalid file type. Please upload {acceptedTypes} files only.',
  /** `{maxSize}`: whole megabytes. */
  tooLarge: 'File is too large. Maximum size is {maxSize}MB.',
  uploadFailed: 'Upload Failed',
  // ── Added by the server (same voice) ──
  /** 400: the multipart body has no `file` part. */
  noFile: 'Please choose a file to upload.',
  /** 422: the bytes claim a known type but cannot be decoded (truncated, corrupt). */
  unreadableFile: 'This file could not be read. It may be damaged; please try another file.',
  /** 422: more pixels than an image may have (a decompression bomb, or simply too big). */
  tooManyPixels: 'This image has too many pixels to process. Please upload a smaller image.',
  /** 422: a video frame larger than MAX_VIDEO_SIDE_PX / MAX_VIDEO_PIXELS (8K). */
  videoTooLarge: 'This video’s frame is too large to process (over 8K). Please upload a smaller video.',
  /** 404 */
  assetNotFound: 'Failed to load asset',
  /** 403 on a media URL whose signature is wrong or expired. */
  linkExpired: 'This media link has expired. Please reload the page.',
  /**
   * 429: the hourly upload limits (count or bytes, per account or per address). `{n}`: whole
   * minutes to wait; the body carries `retry_after_seconds` (= Retry-After), as auth's 429 does.
   */
  tooManyUploads: 'You have uploaded a lot in the last hour. Please wait {n} minutes and try again.',
  /**
   * 413: the file does not fit in the plan's storage. `{used}`, `{limit}`: human sizes (e.g.
   * '4.9 GB'); the body carries `used_bytes`, `limit_bytes` and `file_bytes` (see MediaErrorBodySchema).
   */
  storageFull: 'Not enough storage: {used} of {limit} used. Delete some files from your library to upload this one.',
  /** 400: the multipart body cannot be parsed. */
  uploadMalformed: 'The upload could not be read: the multipart body is malformed or incomplete.',
  /** 400: the body stopped before its end. */
  uploadInterrupted: 'The upload was interrupted.',
  /** 422: an upload field (`{field}`: purpose, role) outside its values (`{allowed}`). */
  invalidField: 'Invalid input: {field}: expected one of {allowed}',
  /** 400: a library cursor of another order (`{cursorOrder}`) than the one asked (`{order}`). */
  cursorOrderMismatch: 'This cursor belongs to the "{cursorOrder}" order, not "{order}". Load the first page of this order again.',
  /** 422: a `from` or `to` (`{field}`) day of the library's filter that is no calendar day (2025-02-30). */
  invalidDay: 'Invalid input: {field}: not a calendar day',
} as const;
export type MediaMessageKey = keyof typeof MEDIA_MESSAGES;

/** Warnings an asset can carry; the PWA words them. */
export const ASSET_WARNINGS = ['longVideo', 'over4k'] as const;
export type AssetWarning = (typeof ASSET_WARNINGS)[number];

export function invalidTypeText(acceptedTypes: string): string {
  return MEDIA_MESSAGES.invalidType.replace('{acceptedTypes}', acceptedTypes);
}

export function tooLargeText(maxMegabytes: number): string {
  return MEDIA_MESSAGES.tooLarge.replace('{maxSize}', String(maxMegabytes));
}

/** Bytes per storage unit: decimal, as storage is sold (5 GB = 5,000,000,000 bytes). */
const STORAGE_UNITS: ReadonlyArray<readonly [string, number]> = [
  ['GB', 1e9],
  ['MB', 1e6],
  ['KB', 1e3],
];

/**
 * '4.9 GB', '812 MB', '12 KB', '0 KB': one decimal below 10 of a unit, none above, truncated (a
 * nearly full quota does not read as full). The PWA words it the same in the reader's language
 * (formatStorageSize in src/lib/format.ts).
 */
export function storageSizeText(bytes: number): string {
  const safe = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const [unit, size] = STORAGE_UNITS.find(([, unitBytes]) => safe >= unitBytes) ?? ['KB', 1e3];
  const value = safe / size;
  const shown = value < 10 ? Math.floor(value * 10) / 10 : Math.floor(value);
  return `${shown} ${unit}`;
}

export function storageFullText(usedBytes: number, limitBytes: number): string {
  return MEDIA_MESSAGES.storageFull.replace('{used}', storageSizeText(usedBytes)).replace('{limit}', storageSizeText(limitBytes));
}

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
