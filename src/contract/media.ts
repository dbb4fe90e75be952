/**
 * Media and assets, the plain part (docs/product-rules.md#asset-roles, #uploads, #messages-uploads):
 * asset kinds and roles, the variants a media link names, the upload limits, the sizes the server
 * keeps and the upload messages. No valibot: the service worker's media cache and the pages read
 * these without loading the schemas, which are in media.schema.ts (with the API's description).
 */
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
