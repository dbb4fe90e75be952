/**
 * What an upload may be (docs/product-rules.md#uploads): which types and how many bytes, from its `purpose` and
 * `role` fields.
 *
 * - role `video`: videos (MP4, WebM, MOV) up to 100 MB;
 * - role model/garment/face/hair/image/mask: images (JPEG, PNG, WebP), 10 MB (20 MB with purpose `upscale`);
 * - no role: purpose `input` (the default) takes images up to 10 MB; purpose `upscale` takes
 *   images up to 20 MB and videos up to 100 MB (the upscaler's two inputs).
 *
 * The fields should come before the file in the multipart body, so the exact limit applies while
 * the bytes arrive. Fields sent after the file are honoured too, but until they arrive the file
 * can only be held to the loosest limit any value of the missing fields would allow.
 */
import {
  ASSET_ROLES,
  UPLOAD_LIMITS,
  UPLOAD_PURPOSES,
  invalidTypeText,
  isWorkingRole,
  tooLargeText,
  type AssetRole,
  type MediaType,
  type UploadPurpose,
} from '../../src/contract/media.ts';
import { mediaError, type MediaError } from './errors.ts';
import type { SniffedType } from './sniff.ts';

export interface UploadFields {
  purpose: UploadPurpose;
  role: AssetRole | null;
}

/** The fields as far as they are known: undefined = not (yet) sent. */
export interface KnownFields {
  purpose?: UploadPurpose;
  role?: AssetRole;
}

interface Allowance {
  mediaType: MediaType;
  maxBytes: number;
  maxMegabytes: number;
}

/** Roles an image can be picked as, in the order they are listed after the upload's own role. */
export const IMAGE_ROLES: readonly AssetRole[] = ['image', 'model', 'garment', 'face', 'hair'];

/** What one exact combination of fields accepts. */
export function allowances(fields: UploadFields): Allowance[] {
  const image: Allowance =
    fields.purpose === 'upscale' ? { mediaType: 'image', ...UPLOAD_LIMITS.upscaleImage } : { mediaType: 'image', ...UPLOAD_LIMITS.image };
  const video: Allowance = { mediaType: 'video', ...UPLOAD_LIMITS.upscaleVideo };
  if (fields.role === 'video') return [video];
  if (fields.role !== null) return [image];
  return fields.purpose === 'upscale' ? [image, video] : [image];
}

/** 'JPEG, PNG, WebP', 'MP4, WebM, MOV' or both, for the invalid-type message. */
export function acceptedLabel(fields: UploadFields): string {
  return allowances(fields)
    .map((allowance) => (allowance.mediaType === 'image' ? UPLOAD_LIMITS.image.label : UPLOAD_LIMITS.upscaleVideo.label))
    .join(', ');
}

function invalidType(fields: UploadFields): MediaError {
  return mediaError(415, 'invalidType', { text: invalidTypeText(acceptedLabel(fields)) });
}

/** 415 for bytes of no accepted type, naming the types the fields (as known, defaults filled in) accept. */
export function unknownType(known: KnownFields): MediaError {
  return invalidType(withDefaults(known));
}

export function tooLarge(maxMegabytes: number): MediaError {
  return mediaError(413, 'tooLarge', { text: tooLargeText(maxMegabytes) });
}

/** Every exact combination still possible given what is known. */
function possibilities(known: KnownFields): UploadFields[] {
  const purposes: readonly UploadPurpose[] = known.purpose ? [known.purpose] : UPLOAD_PURPOSES;
  const roles: ReadonlyArray<AssetRole | null> = known.role ? [known.role] : [null, ...ASSET_ROLES];
  return purposes.flatMap((purpose) => roles.map((role) => ({ purpose, role })));
}

export function withDefaults(known: KnownFields): UploadFields {
  return { purpose: known.purpose ?? 'input', role: known.role ?? null };
}

/**
 * The byte limit for a file of `type` while it streams in: exact when the fields are known, else
 * the loosest one a later field could still make valid.
 * @throws MediaError 415 when no possible combination accepts the type (the message names the
 *   types of the fields as known, defaults filled in).
 */
export function streamingLimit(type: SniffedType, known: KnownFields): number {
  const limits = possibilities(known).flatMap((fields) =>
    allowances(fields)
      .filter((allowance) => allowance.mediaType === type.mediaType)
      .map((allowance) => allowance.maxBytes),
  );
  if (limits.length === 0) throw invalidType(withDefaults(known));
  return Math.max(...limits);
}

/**
 * The final check once every field has arrived.
 * @throws MediaError 415 (type not accepted) or 413 (too many bytes)
 */
export function checkUpload(type: SniffedType, bytes: number, fields: UploadFields): void {
  const allowance = allowances(fields).find((candidate) => candidate.mediaType === type.mediaType);
  if (!allowance) throw invalidType(fields);
  if (bytes > allowance.maxBytes) throw tooLarge(allowance.maxMegabytes);
}

/** The largest body any upload may send (the largest file plus room for the multipart framing and fields), in bytes. */
export const MAX_UPLOAD_BODY_BYTES = UPLOAD_LIMITS.upscaleVideo.maxBytes + 64 * 1024;

/**
 * Roles of an uploaded asset: the upload's role first, then everything else its media type can
 * serve; a working file (a mask) has its role alone (docs/product-rules.md#working-files).
 */
export function rolesFor(mediaType: MediaType, role: AssetRole | null): AssetRole[] {
  if (mediaType === 'video') return ['video'];
  if (isWorkingRole(role)) return [role];
  const first = role && role !== 'video' ? role : 'image';
  return [first, ...IMAGE_ROLES.filter((candidate) => candidate !== first)];
}
