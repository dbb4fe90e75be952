/**
 * The type of a file from its first bytes (magic numbers), never from its name or the client's
 * Content-Type. Only the six types the product accepts are recognised; anything else is null.
 */
import type { MediaType } from '../../src/contract/media.ts';

export interface SniffedType {
  mime: 'image/jpeg' | 'image/png' | 'image/webp' | 'video/mp4' | 'video/webm' | 'video/quicktime';
  mediaType: MediaType;
  /** File extension of the type, without the dot. */
  extension: string;
}

/** How many leading bytes the sniffer looks at: enough for an ISO-BMFF `ftyp` box with its brands. */
export const SNIFF_BYTES = 64;

const JPEG: SniffedType = { mime: 'image/jpeg', mediaType: 'image', extension: 'jpg' };
const PNG: SniffedType = { mime: 'image/png', mediaType: 'image', extension: 'png' };
const WEBP: SniffedType = { mime: 'image/webp', mediaType: 'image', extension: 'webp' };
const MP4: SniffedType = { mime: 'video/mp4', mediaType: 'video', extension: 'mp4' };
const WEBM: SniffedType = { mime: 'video/webm', mediaType: 'video', extension: 'webm' };
const MOV: SniffedType = { mime: 'video/quicktime', mediaType: 'video', extension: 'mov' };

export const SNIFFED_BY_MIME: Readonly<Record<SniffedType['mime'], SniffedType>> = {
  'image/jpeg': JPEG,
  'image/png': PNG,
  'image/webp': WEBP,
  'video/mp4': MP4,
  'video/webm': WEBM,
  'video/quicktime': MOV,
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
/** EBML element id of DocType ('webm' or 'matroska'). */
const EBML_DOCTYPE_ID = [0x42, 0x82];

/** ISO-BMFF brands of MP4 video (ISO base media, MPEG-4, H.264/H.265 profiles, DASH, 3GPP). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'avc1',
  'hvc1',
  'M4V ',
  'mmp4',
  'dash',
  'MSNV',
  'NDAS',
  'f4v ',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
]);
/** Still-image formats that share the container (HEIC, AVIF): not videos. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'mif1', 'msf1', 'avif', 'avis']);
const QUICKTIME_BRAND = 'qt  ';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

/** An ISO-BMFF file starts with a box `[size:4]['ftyp'][major brand:4][minor:4][compatible brands:4…]`. */
function sniffIsoBmff(bytes: Uint8Array): SniffedType | null {
  if (bytes.length < 12 || ascii(bytes, 4, 4) !== 'ftyp') return null;
  const boxSize = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const major = ascii(bytes, 8, 4);
  if (IMAGE_BRANDS.has(major)) return null;
  if (major === QUICKTIME_BRAND) return MOV;
  if (MP4_BRANDS.has(major)) return MP4;
  // An unknown major brand: decide by the compatible brands we can see.
  const compatible: string[] = [];
  for (let offset = 16; offset + 4 <= Math.min(boxSize, bytes.length); offset += 4) compatible.push(ascii(bytes, offset, 4));
  if (compatible.some((brand) => IMAGE_BRANDS.has(brand))) return null;
  if (compatible.includes(QUICKTIME_BRAND)) return MOV;
  if (compatible.some((brand) => MP4_BRANDS.has(brand))) return MP4;
  return null;
}

/**
 * EBML (Matroska family): WebM only when the header's DocType says 'webm' (a Matroska .mkv is
 * not one of the accepted types). The DocType sits within the first few dozen bytes.
 */
function sniffEbml(bytes: Uint8Array): SniffedType | null {
  if (!startsWith(bytes, EBML_MAGIC)) return null;
  for (let offset = 4; offset + 3 < bytes.length; offset += 1) {
    if (!startsWith(bytes, EBML_DOCTYPE_ID, offset)) continue;
    const sizeByte = bytes[offset + 2] ?? 0;
    // A one-byte EBML variable-size integer has its top bit set; DocType sizes are tiny.
    if ((sizeByte & 0x80) === 0) return null;
    const size = sizeByte & 0x7f;
    return ascii(bytes, offset + 3, size) === 'webm' ? WEBM : null;
  }
  return null;
}

/** The accepted type the bytes are, or null. `head` is the first SNIFF_BYTES bytes (fewer for a tiny file). */
export function sniffType(head: Uint8Array): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(head, PNG_SIGNATURE)) return PNG;
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return WEBP;
  return sniffIsoBmff(head) ?? sniffEbml(head);
}
