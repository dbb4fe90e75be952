import { UPLOAD_LIMITS, type AssetRole, type UploadPurpose } from '../../contract/media.ts';
import type { UploadKind, UploadProblem } from './upload-messages.ts';

/**
 * Uploads of the studios (docs/product-rules.md#uploads; README "Generations"):
 * the client-side checks run before a byte is sent (this file), then `POST /api/media`
 * (multipart) goes out over XMLHttpRequest, the one browser API that reports upload progress,
 * with the same bearer token and API origin as src/lib/api.ts (transport.ts). Several files
 * upload at once, a few at a time (`createUploader`, uploader.ts). No React and no UI text here:
 * see use-upload.ts and upload-messages.ts.
 */

// ── Limits and checks ─────────────────────────────────────────────────────────────────

/**
 * The asset role each kind is uploaded as (the server's limits and the picker's tabs follow it).
 * A mask is a working file (role `mask`): the library and the other roles' pickers leave it out.
 */
export const KIND_ROLE: Readonly<Record<UploadKind, AssetRole | null>> = {
  model: 'model',
  garment: 'garment',
  face: 'face',
  hair: 'hair',
  image: 'image',
  video: 'video',
  mask: 'mask',
};

/** File name extensions of each accepted MIME type: the fallback when the browser gives no type. */
const EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm'],
  'video/quicktime': ['mov', 'qt'],
};

/** Non-standard names some systems give the same types. */
const MIME_ALIASES: Readonly<Record<string, string>> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'video/x-m4v': 'video/mp4' };

export interface UploadLimit {
  mimeTypes: readonly string[];
  extensions: readonly string[];
  maxBytes: number;
  maxMegabytes: number;
  /** What the invalid-type message names, e.g. 'JPEG, PNG, WebP'. */
  label: string;
}

/**
 * What a kind of upload accepts (contract UPLOAD_LIMITS, as the server applies them): images
 * JPEG, PNG, WebP up to 10 MB, 20 MB for the upscaler (`purpose` 'upscale'); videos (only the
 * upscaler takes them) MP4, WebM, MOV up to 100 MB.
 */
export function uploadLimit(kind: UploadKind, purpose: UploadPurpose = 'input'): UploadLimit {
  const limit = kind === 'video' ? UPLOAD_LIMITS.upscaleVideo : purpose === 'upscale' ? UPLOAD_LIMITS.upscaleImage : UPLOAD_LIMITS.image;
  return { ...limit, extensions: limit.mimeTypes.flatMap((mime) => EXTENSIONS[mime] ?? []) };
}

/** The `accept` attribute of a file input for this kind: the MIME types and their extensions. */
export function acceptAttribute(kind: UploadKind, purpose: UploadPurpose = 'input'): string {
  const limit = uploadLimit(kind, purpose);
  return [...limit.mimeTypes, ...limit.extensions.map((extension) => `.${extension}`)].join(',');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The part of a File the checks read (a File, or a plain object in tests). */
export type FileFacts = Pick<File, 'name' | 'type' | 'size'>;

/**
 * Whether a file is of an accepted type: by its MIME type when the browser gives one, else (an
 * empty or generic type, as some Android pickers and drags from other apps give) by its name's
 * extension. The server reads the first bytes anyway; this only spares a doomed upload.
 */
export function isAcceptedType(file: FileFacts, limit: UploadLimit): boolean {
  const raw = file.type.trim().toLowerCase();
  const mime = MIME_ALIASES[raw] ?? raw;
  if (mime && mime !== 'application/octet-stream') return limit.mimeTypes.includes(mime);
  return limit.extensions.includes(extensionOf(file.name));
}

/** The checks of one file (docs/product-rules.md#uploads), before anything is sent: null when it may go, else the problem (invalid type, too large, empty). */
export function checkFile(file: FileFacts, kind: UploadKind, purpose: UploadPurpose = 'input'): UploadProblem | null {
  const limit = uploadLimit(kind, purpose);
  if (!isAcceptedType(file, limit)) return { code: 'invalidType', values: { acceptedTypes: limit.label } };
  if (file.size > limit.maxBytes) return { code: 'tooLarge', values: { maxSize: limit.maxMegabytes } };
  if (file.size === 0) return { code: 'unreadableFile' };
  return null;
}

/** Splits files into those of an accepted type and the others. */
export function partitionByType<T extends FileFacts>(files: Iterable<T>, kind: UploadKind, purpose: UploadPurpose = 'input'): { accepted: T[]; rejected: T[] } {
  const limit = uploadLimit(kind, purpose);
  const accepted: T[] = [];
  const rejected: T[] = [];
  for (const file of files) (isAcceptedType(file, limit) ? accepted : rejected).push(file);
  return { accepted, rejected };
}

// ── Paste and drop ────────────────────────────────────────────────────────────────────

/** The part of a DataTransfer (clipboard or drag) the helpers read. */
export interface DataTransferLike {
  readonly files?: ArrayLike<File> | null;
  readonly items?: ArrayLike<{ readonly kind: string; getAsFile(): File | null }> | null;
}

/**
 * Every file a clipboard or a drop carries. Browsers list a pasted file in `items`, in `files`, or
 * in both (the same file twice): the items are read first and `files` only when they gave none.
 */
export function filesFromDataTransfer(data: DataTransferLike | null | undefined): File[] {
  if (!data) return [];
  const fromItems: File[] = [];
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind !== 'file') continue;
    const file = item.getAsFile();
    if (file) fromItems.push(file);
  }
  return fromItems.length > 0 ? fromItems : Array.from(data.files ?? []);
}

/** The files of a paste event, split by accepted type (a text paste gives none: leave the event alone then). */
export function filesFromPaste(event: { clipboardData: DataTransferLike | null }, kind: UploadKind, purpose: UploadPurpose = 'input') {
  return partitionByType(filesFromDataTransfer(event.clipboardData), kind, purpose);
}

/** The files of a drop event, split by accepted type. */
export function filesFromDrop(event: { dataTransfer: DataTransferLike | null }, kind: UploadKind, purpose: UploadPurpose = 'input') {
  return partitionByType(filesFromDataTransfer(event.dataTransfer), kind, purpose);
}
