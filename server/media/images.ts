/**
 * Image work of the media area (sharp): normalising uploads (EXIF orientation applied, metadata
 * stripped, decompression bombs and damaged files refused, generation inputs resized), probing
 * engine outputs, and WebP thumbnails.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { MAX_INPUT_SIDE_PX, MAX_UPSCALE_INPUT_PIXELS, THUMBNAIL_SIDE_PX, type UploadPurpose } from '../../src/contract/media.ts';
import { mediaError, type MediaError } from './errors.ts';
import type { SniffedType } from './sniff.ts';

/**
 * Most pixels an uploaded image may declare before it is decoded. Generation inputs: 50 MP (more
 * than any phone's default photo; decoded as RGBA that is already 200 MB). Upscaler inputs:
 * 100 MP, since people bring their largest files there; they are fitted to 24 MP after decoding.
 * Anything above is refused as a decompression bomb (or simply too big).
 */
export const MAX_UPLOAD_PIXELS: Readonly<Record<UploadPurpose, number>> = { input: 50_000_000, upscale: 100_000_000 };

/**
 * Most pixels an engine output may have: a 4× upscale of a 24 MP input is 384 MP. Outputs are our
 * own (or a provider's) files, but a bound still keeps a broken one from exhausting memory.
 */
export const MAX_OUTPUT_PIXELS = 400_000_000;

/** JPEG quality of stored uploads (0-100): visually lossless for photos. */
const JPEG_QUALITY = 92;
/** WebP quality of stored uploads (0-100); alpha is kept lossless. */
const WEBP_QUALITY = 92;
/** WebP quality of thumbnails and posters (0-100): small files for grids. */
const THUMBNAIL_QUALITY = 80;
/** Longer side of a video's poster frame, in pixels: it only stands in for the first frame. */
export const POSTER_SIDE_PX = 1920;

export interface ImageInfo {
  /** As displayed (EXIF orientation applied). */
  width: number;
  height: number;
  bytes: number;
}

type SharpFormat = 'jpeg' | 'png' | 'webp';
const FORMAT_BY_MIME: Readonly<Record<string, SharpFormat>> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

function unreadable(cause: unknown): MediaError {
  return mediaError(422, 'unreadableFile', { cause });
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Header facts without decoding pixels: refuses a file whose header does not match its sniffed
 * type, and one declaring more than `maxPixels` pixels.
 */
async function readHeader(source: string, expected: SharpFormat, maxPixels: number): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(source, { failOn: 'truncated', limitInputPixels: false }).metadata();
  } catch (error) {
    throw unreadable(error);
  }
  const { width, height, format } = metadata;
  if (format !== expected || !width || !height) throw unreadable(new Error(`header says ${format ?? 'nothing'}, expected ${expected}`));
  if (width * height > maxPixels) throw mediaError(422, 'tooManyPixels');
  // EXIF orientations 5-8 turn the image a quarter: displayed width and height swap.
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  return quarterTurn ? { width: height, height: width } : { width, height };
}

/** `pipeline` encoded as the image type `mime` (JPEG, PNG or WebP), at the stored uploads' quality. */
export function encodeAs(pipeline: Sharp, mime: string): Sharp {
  const format = FORMAT_BY_MIME[mime];
  if (!format) throw new Error(`not an image type: ${mime}`);
  return encode(pipeline, format);
}

function encode(pipeline: Sharp, format: SharpFormat): Sharp {
  if (format === 'jpeg') return pipeline.jpeg({ quality: JPEG_QUALITY });
  // PNG stays lossless (alpha matters for garments and masks).
  if (format === 'png') return pipeline.png();
  return pipeline.webp({ quality: WEBP_QUALITY, alphaQuality: 100 });
}

/**
 * Writes the stored original of an uploaded image to `target`, in the upload's own format:
 * orientation applied, every metadata block (EXIF, XMP, ICC, comments) dropped, and fitted to
 * MAX_INPUT_SIDE_PX (generation inputs) or MAX_UPSCALE_INPUT_PIXELS (upscaler inputs).
 * @throws MediaError 422 unreadableFile (damaged or truncated) or tooManyPixels
 */
export async function normaliseUpload(source: string, type: SniffedType, purpose: UploadPurpose, target: string): Promise<ImageInfo> {
  const format = FORMAT_BY_MIME[type.mime];
  if (!format) throw new Error(`not an image type: ${type.mime}`);
  const maxPixels = MAX_UPLOAD_PIXELS[purpose];
  const shown = await readHeader(source, format, maxPixels);
  // failOn 'truncated': a cut-off JPEG or PNG fails instead of decoding to a grey or black tail.
  let pipeline = sharp(source, { failOn: 'truncated', limitInputPixels: maxPixels }).rotate();
  if (purpose === 'input') {
    pipeline = pipeline.resize(MAX_INPUT_SIDE_PX, MAX_INPUT_SIDE_PX, { fit: 'inside', withoutEnlargement: true });
  } else if (shown.width * shown.height > MAX_UPSCALE_INPUT_PIXELS) {
    const scale = Math.sqrt(MAX_UPSCALE_INPUT_PIXELS / (shown.width * shown.height));
    pipeline = pipeline.resize(Math.floor(shown.width * scale), Math.floor(shown.height * scale), { fit: 'inside' });
  }
  try {
    const info = await encode(pipeline, format).toFile(target);
    return { width: info.width, height: info.height, bytes: info.size };
  } catch (error) {
    if (isPixelLimitError(error)) throw mediaError(422, 'tooManyPixels', { cause: error });
    throw unreadable(error);
  }
}

/** Dimensions of an engine output (as displayed), checking it decodes as the type it claims. */
export async function probeImage(source: string, type: SniffedType): Promise<{ width: number; height: number }> {
  const format = FORMAT_BY_MIME[type.mime];
  if (!format) throw new Error(`not an image type: ${type.mime}`);
  return readHeader(source, format, MAX_OUTPUT_PIXELS);
}

/** A WebP of at most `side` pixels on the longer side (never enlarged), orientation applied. */
export async function writeWebpPreview(source: string | Buffer, target: string, side: number = THUMBNAIL_SIDE_PX): Promise<ImageInfo> {
  try {
    const info = await sharp(source, { failOn: 'truncated', limitInputPixels: MAX_OUTPUT_PIXELS })
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: THUMBNAIL_QUALITY })
      .toFile(target);
    return { width: info.width, height: info.height, bytes: info.size };
  } catch (error) {
    throw unreadable(error);
  }
}
