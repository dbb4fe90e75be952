/**
 * Downloads made in the browser (docs/product-rules.md#download-options): the
 * original is fetched from its media URL, decoded, fitted to the chosen box, encoded at the
 * chosen quality and saved through an <a download>. Videos are saved as they are.
 */
import type { Asset } from '../../../contract/media.schema.ts';
import { mediaSrc } from '../../../lib/media-src.ts';

export const DOWNLOAD_QUALITIES = ['high', 'low'] as const;
export type DownloadQuality = (typeof DOWNLOAD_QUALITIES)[number];

/** docs/product-rules.md#download-options: original, large 1920×1080, medium 1280×720, small 800×600. */
export const DOWNLOAD_SIZES = ['original', 'large', 'medium', 'small'] as const;
export type DownloadSize = (typeof DOWNLOAD_SIZES)[number];

export interface Dimensions {
  width: number;
  height: number;
}

/** The box of each size, in px (long side × short side). */
export const SIZE_BOXES: Readonly<Record<Exclude<DownloadSize, 'original'>, Dimensions>> = {
  large: { width: 1920, height: 1080 },
  medium: { width: 1280, height: 720 },
  small: { width: 800, height: 600 },
};

/** JPEG quality of each choice (0 to 1 for canvas encoders). */
export const JPEG_QUALITY: Readonly<Record<DownloadQuality, number>> = { high: 0.92, low: 0.75 };

export interface DownloadChoice {
  size: DownloadSize;
  quality: DownloadQuality;
}

/**
 * The output dimensions of an image of `source` dimensions at `size`: fitted inside the box,
 * aspect ratio kept, never enlarged, rounded to whole pixels (at least 1).
 *
 * The box is turned to the image's orientation: a portrait photo at "1920×1080" comes out at
 * most 1080 wide and 1920 tall, not shrunk to 1080 tall. Sellers' photos are mostly portrait,
 * and the size names how big the file is, not which way the screen is held.
 */
export function outputDimensions(source: Dimensions, size: DownloadSize): Dimensions {
  const width = Math.max(1, Math.round(source.width));
  const height = Math.max(1, Math.round(source.height));
  if (size === 'original') return { width, height };
  const box = SIZE_BOXES[size];
  const portrait = height > width;
  const boxWidth = portrait ? box.height : box.width;
  const boxHeight = portrait ? box.width : box.height;
  const scale = Math.min(1, boxWidth / width, boxHeight / height);
  if (scale === 1) return { width, height };
  return {
    width: Math.min(boxWidth, Math.max(1, Math.round(width * scale))),
    height: Math.min(boxHeight, Math.max(1, Math.round(height * scale))),
  };
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

export interface DownloadPlan {
  /** The stored file is saved as it is (a video, or an image at its own size and high quality). */
  passthrough: boolean;
  width: number;
  height: number;
  /** MIME type of the saved file. */
  type: string;
  /** Encoder quality (JPEG only). */
  quality: number | undefined;
  filename: string;
}

/**
 * What a download will produce for `asset` and `choice`; `base` is the file name without its
 * extension (`downloadStem`, download-name.ts), to which a resized image adds its size.
 */
export function planDownload(asset: Pick<Asset, 'name' | 'mime' | 'media_type' | 'width' | 'height'>, choice: DownloadChoice, base: string): DownloadPlan {
  const originalExtension = EXTENSIONS[asset.mime] ?? asset.name.match(/\.([a-z\d]{1,5})$/i)?.[1]?.toLowerCase() ?? 'bin';
  const original = { width: asset.width, height: asset.height };
  if (asset.media_type === 'video') {
    return { passthrough: true, ...original, type: asset.mime, quality: undefined, filename: `${base}.${originalExtension}` };
  }
  const { width, height } = outputDimensions(original, choice.size);
  const resized = width !== Math.round(asset.width) || height !== Math.round(asset.height);
  // Re-encoding the stored file at its own size could only lose quality: at high quality it is saved untouched.
  if (!resized && choice.quality === 'high') {
    return { passthrough: true, width, height, type: asset.mime, quality: undefined, filename: `${base}.${originalExtension}` };
  }
  const png = asset.mime === 'image/png' && choice.quality === 'high';
  const suffix = resized ? `-${width}x${height}` : '';
  return {
    passthrough: false,
    width,
    height,
    type: png ? 'image/png' : 'image/jpeg',
    quality: png ? undefined : JPEG_QUALITY[choice.quality],
    filename: `${base}${suffix}.${png ? 'png' : 'jpg'}`,
  };
}

/** Why a download failed, for the message. */
export type DownloadFailure = 'linkExpired' | 'notFound' | 'network' | 'http' | 'decode';

export class DownloadError extends Error {
  readonly reason: DownloadFailure;

  constructor(reason: DownloadFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DownloadError';
    this.reason = reason;
  }
}

export interface Progress {
  loaded: number;
  /** From Content-Length; null when the server did not say. */
  total: number | null;
}

/** GET a media URL (a capability URL: no bearer header) as a Blob, reporting bytes as they arrive. */
export async function fetchMedia(url: string, { signal, onProgress }: { signal?: AbortSignal; onProgress?: (progress: Progress) => void } = {}): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(mediaSrc(url), { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new DownloadError('network', 'The file could not be fetched', { cause: error });
  }
  if (!response.ok) {
    const reason: DownloadFailure = response.status === 403 ? 'linkExpired' : response.status === 404 ? 'notFound' : 'http';
    throw new DownloadError(reason, `The file answered ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length'));
  const total = Number.isFinite(declared) && declared > 0 ? declared : null;
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || !onProgress) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      onProgress({ loaded, total });
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new DownloadError('network', 'The file stopped arriving', { cause: error });
  }
  return new Blob(chunks, { type });
}

interface Canvas2D {
  canvas: OffscreenCanvas | HTMLCanvasElement;
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
}

function createCanvas(width: number, height: number): Canvas2D {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context) return { canvas, context };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new DownloadError('decode', 'No 2D canvas');
  return { canvas, context };
}

async function encode(canvas: OffscreenCanvas | HTMLCanvasElement, type: string, quality: number | undefined): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined' && canvas instanceof OffscreenCanvas) return canvas.convertToBlob({ type, quality });
  const element = canvas as HTMLCanvasElement;
  return new Promise((resolve, reject) => {
    element.toBlob((blob) => (blob ? resolve(blob) : reject(new DownloadError('decode', 'The image could not be encoded'))), type, quality);
  });
}

/** Decodes `source`, draws it at the plan's size and encodes it as the plan says. */
export async function renderImage(source: Blob, plan: DownloadPlan): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(source);
  } catch (error) {
    throw new DownloadError('decode', 'The image could not be decoded', { cause: error });
  }
  try {
    const { canvas, context } = createCanvas(plan.width, plan.height);
    // JPEG has no transparency: transparent pixels would come out black, so they sit on white.
    if (plan.type === 'image/jpeg') {
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, plan.width, plan.height);
    }
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, plan.width, plan.height);
    const blob = await encode(canvas, plan.type, plan.quality);
    // A browser that cannot encode the type answers PNG instead; saving that as .jpg would lie.
    if (blob.type && blob.type !== plan.type) throw new DownloadError('decode', `The browser encoded ${blob.type}, not ${plan.type}`);
    return blob;
  } finally {
    bitmap.close();
  }
}

/** An object URL lives this long after the click, so a slow save dialog still finds it (ms). */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Hands `blob` to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), OBJECT_URL_LIFETIME_MS);
}

export interface DownloadResult extends DownloadPlan {
  bytes: number;
}

/**
 * Fetches, converts and saves one asset. `asset.url` must be a live link (renew it first when
 * `urls_expire_at` has passed). Rejects with a DownloadError, or the AbortError of `signal`.
 */
export async function downloadAsset(
  asset: Pick<Asset, 'name' | 'mime' | 'media_type' | 'width' | 'height' | 'url'>,
  choice: DownloadChoice,
  base: string,
  options: { signal?: AbortSignal; onProgress?: (progress: Progress) => void } = {},
): Promise<DownloadResult> {
  const plan = planDownload(asset, choice, base);
  const original = await fetchMedia(asset.url, options);
  options.signal?.throwIfAborted();
  const file = plan.passthrough ? original : await renderImage(original, plan);
  options.signal?.throwIfAborted();
  saveBlob(file, plan.filename);
  return { ...plan, bytes: file.size };
}
