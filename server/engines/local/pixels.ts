/**
 * Pixel-level helpers shared by the local tools: raw RGBA rasters, the plain-background
 * foreground mask (garment cut-out, person silhouette, "remove background", subject detection),
 * luminance, and encoding a raster to the file format of a result.
 *
 * The foreground mask assumes what the studios ask for: a subject photographed on a plain
 * backdrop. The backdrop colour is the median of the border pixels; a pixel is background when
 * it is close to that colour and, for cut-outs of objects, connected to the border through such
 * pixels (a flood fill), so a white print on a T-shirt on a white table stays part of the shirt.
 * For people the enclosed areas are cleared instead (the gap between the legs is backdrop even
 * when a floor shadow closes it off).
 */
import sharp, { type Sharp } from 'sharp';
import type { MediaType } from '../../../src/contract/media.ts';
import type { Mask, RgbImage } from './models/types.ts';

/** A decoded image: 4 channels (RGBA), 8 bits each, row-major. */
export interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

/** A single-channel mask, 0 (outside) to 255 (inside), same layout as a Raster without channels (the models' own). */
export type { Mask } from './models/types.ts';

/** Decodes any image sharp reads into RGBA; `maxSide` (px) shrinks it first, keeping the aspect. */
export async function readRaster(input: string | Buffer, maxSide?: number): Promise<Raster> {
  // autoOrient: uploads arrive upright already; a file still carrying an EXIF orientation is
  // turned the way it is shown.
  let pipeline = sharp(input, { failOn: 'error' }).autoOrient();
  if (maxSide) pipeline = pipeline.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The raster's RGB pixels as the models take them (./models/types.ts RgbImage): a see-through
 * pixel is seen over white, as on the studio's page (a cut-out model photo reads as a person on white).
 */
export function rgbOf(raster: Raster): RgbImage {
  const { data, width, height } = raster;
  const out = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    const a = data[p * 4 + 3]! / 255;
    for (let c = 0; c < 3; c++) out[p * 3 + c] = Math.round(data[p * 4 + c]! * a + 255 * (1 - a));
  }
  return { data: out, width, height };
}

/** A photo file as the models look at it: upright, at most `maxSide` px long, see-through parts on white. */
export async function modelCopy(path: string, maxSide: number): Promise<RgbImage> {
  const { data, info } = await sharp(path)
    .autoOrient()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** A mask's solid part (values at or above half): its share of the whole, and its bounding box (null when empty). */
export function solidPart(mask: Mask): { share: number; box: { left: number; top: number; width: number; height: number } | null } {
  const { data, width, height } = mask;
  let count = 0;
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! < 128) continue;
      count++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return { share: count / (width * height), box: x1 < 0 ? null : { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 } };
}

/** Whether a point is inside a closed polygon (even-odd). */
export function insidePolygon(x: number, y: number, polygon: ReadonlyArray<readonly [number, number]>): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The raster as a sharp pipeline (for further operations or encoding). */
export function rasterPipeline(raster: Raster): Sharp {
  return sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: 4 } });
}

/** Runs one sharp step on a raster and returns the result as a raster again. */
export async function transformRaster(raster: Raster, step: (pipeline: Sharp) => Sharp): Promise<Raster> {
  const { data, info } = await step(rasterPipeline(raster)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export function maskPipeline(mask: Mask): Sharp {
  return sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } });
}

/** Resizes (or blurs, …) a mask with sharp and returns a mask again. */
export async function transformMask(mask: Mask, step: (pipeline: Sharp) => Sharp): Promise<Mask> {
  const { data, info } = await step(maskPipeline(mask)).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** Whether some pixel is meaningfully transparent (alpha below 250 of 255). */
export function hasTransparency(raster: Raster): boolean {
  const { data } = raster;
  for (let i = 3; i < data.length; i += 4) if (data[i]! < 250) return true;
  return false;
}

/** Share of the outermost pixel ring that must be see-through for an image to count as a cut-out. */
const CUT_OUT_BORDER_SHARE = 0.5;
/** Alpha below which a pixel counts as see-through, 0-255. */
const SEE_THROUGH_ALPHA = 128;

/**
 * Whether the image is a cut-out (a subject on a transparent backdrop): most of its edge is
 * see-through. An alpha channel alone says nothing: many opaque photos and renders carry one,
 * with a few soft pixels along the edge, and taking that alpha as the subject's mask would keep
 * their whole backdrop.
 */
export function isCutOut(raster: Raster): boolean {
  const { data, width, height } = raster;
  let edge = 0;
  let clear = 0;
  const visit = (x: number, y: number) => {
    edge++;
    if (data[(y * width + x) * 4 + 3]! < SEE_THROUGH_ALPHA) clear++;
  };
  for (let x = 0; x < width; x++) {
    visit(x, 0);
    if (height > 1) visit(x, height - 1);
  }
  for (let y = 1; y < height - 1; y++) {
    visit(0, y);
    if (width > 1) visit(width - 1, y);
  }
  return edge > 0 && clear / edge >= CUT_OUT_BORDER_SHARE;
}

/** Rec. 601 luma, 0-255, of one RGBA pixel at byte offset `i`. */
export function lumaAt(data: Uint8Array, i: number): number {
  return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
}

export interface BorderStats {
  /** Median colour of the border ring. */
  colour: [number, number, number];
  /** 90th percentile of the ring's distances to that colour (how uneven the backdrop is), RGB units. */
  spread: number;
}

/** The backdrop colour, from a ring `ring` px wide around the edge (2% of the short side by default). */
export function borderStats(raster: Raster, ring = Math.max(2, Math.round(Math.min(raster.width, raster.height) * 0.02))): BorderStats {
  const { data, width, height } = raster;
  const reds: number[] = [];
  const greens: number[] = [];
  const blues: number[] = [];
  // Sample every few pixels along the ring: enough for a median, cheap on large photos.
  const step = Math.max(1, Math.floor((width + height) / 800));
  const sample = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    reds.push(data[i]!);
    greens.push(data[i + 1]!);
    blues.push(data[i + 2]!);
  };
  for (let y = 0; y < height; y += step) {
    const edge = y < ring || y >= height - ring;
    if (edge) {
      for (let x = 0; x < width; x += step) sample(x, y);
    } else {
      for (let x = 0; x < ring; x += step) sample(x, y);
      for (let x = width - ring; x < width; x += step) sample(x, y);
    }
  }
  const colour: [number, number, number] = [median(reds), median(greens), median(blues)];
  const distances = reds.map((r, k) => Math.hypot(r - colour[0], greens[k]! - colour[1], blues[k]! - colour[2]));
  return { colour, spread: percentile(distances, 0.9) };
}

export interface ForegroundOptions {
  /** Keep the image's own alpha as the mask when it has transparency (cut-out PNGs). Default true. */
  useAlpha?: boolean;
  /** Drop separate blobs smaller than this fraction of the largest one (dust, shadows). Default 0.02. */
  minBlobFraction?: number;
  /** Keep only the largest blob (a person). Default false. */
  largestOnly?: boolean;
  /**
   * Backdrop-coloured areas enclosed by the subject: 'keep' them as subject (a white print on a
   * shirt on white), or 'clear' them (the gap between a person's legs, behind a floor shadow
   * that closes it off). Default 'keep'.
   */
  holes?: 'keep' | 'clear';
}

export interface Foreground {
  mask: Mask;
  /** Bounding box of the mask's solid part (alpha >= 128), or null when there is no foreground. */
  box: { left: number; top: number; width: number; height: number } | null;
  /** Fraction of the image covered (alpha >= 128). */
  coverage: number;
  /** How the mask was made, for the result's metadata. */
  method: 'alpha' | 'backdrop';
  backdrop: [number, number, number] | null;
  /** Whether the mask is trustworthy: own alpha, or a backdrop even enough to key out. */
  plainBackdrop: boolean;
}

/**
 * A backdrop whose border pixels spread further than this from their median (90th percentile,
 * RGB units) is not plain: a studio sweep with a vignette stays well below it, a room or a
 * street well above.
 */
export const MAX_BACKDROP_SPREAD = 40;

/** Colour distances below `low` are backdrop, above `high` subject; in between, a soft edge. RGB units. */
export const MIN_LOW_DISTANCE = 14;
export const SOFT_EDGE_DISTANCE = 24;

/** The subject of a plain-background photo as a soft mask (see the module comment). */
export function foreground(raster: Raster, options: ForegroundOptions = {}): Foreground {
  const { width, height, data } = raster;
  const n = width * height;
  const mask = new Uint8Array(n);
  let method: Foreground['method'] = 'backdrop';
  let backdrop: Foreground['backdrop'] = null;
  let plainBackdrop = true;
  if ((options.useAlpha ?? true) && isCutOut(raster)) {
    method = 'alpha';
    for (let p = 0; p < n; p++) mask[p] = data[p * 4 + 3]!;
  } else {
    const stats = borderStats(raster);
    backdrop = stats.colour;
    plainBackdrop = stats.spread <= MAX_BACKDROP_SPREAD;
    const low = Math.max(MIN_LOW_DISTANCE, stats.spread + 6);
    const high = low + SOFT_EDGE_DISTANCE;
    const [br, bg, bb] = stats.colour;
    const distance = new Float32Array(n);
    for (let p = 0; p < n; p++) {
      const i = p * 4;
      const dr = data[i]! - br;
      const dg = data[i + 1]! - bg;
      const db = data[i + 2]! - bb;
      distance[p] = Math.sqrt(dr * dr + dg * dg + db * db);
    }
    // Flood fill the backdrop from the border through pixels closer than `high` (or count every
    // backdrop-coloured pixel as reached when enclosed areas are to be cleared).
    const reached = new Uint8Array(n);
    if (options.holes === 'clear') reached.fill(1);
    const stack = new Int32Array(n);
    let top = 0;
    const push = (p: number) => {
      if (!reached[p] && distance[p]! < high) {
        reached[p] = 1;
        stack[top++] = p;
      }
    };
    for (let x = 0; x < width && options.holes !== 'clear'; x++) {
      push(x);
      push((height - 1) * width + x);
    }
    for (let y = 0; y < height && options.holes !== 'clear'; y++) {
      push(y * width);
      push(y * width + width - 1);
    }
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % width;
      if (x > 0) push(p - 1);
      if (x < width - 1) push(p + 1);
      if (p >= width) push(p - width);
      if (p < n - width) push(p + width);
    }
    for (let p = 0; p < n; p++) {
      if (!reached[p]) mask[p] = 255;
      else {
        const t = Math.min(1, (distance[p]! - low) / (high - low));
        mask[p] = t <= 0 ? 0 : Math.round(255 * t * t * (3 - 2 * t));
      }
    }
    refineEdge(mask, distance, width, height, low);
  }
  cleanBlobs(mask, width, height, options.minBlobFraction ?? 0.02, options.largestOnly ?? false);
  return { mask: { data: mask, width, height }, ...measure(mask, width, height), method, backdrop, plainBackdrop };
}

/**
 * Anti-aliased edge pixels are blends of subject and backdrop, but far enough from the backdrop
 * to count as solid. Next to the backdrop, alpha is re-estimated as the pixel's distance from
 * the backdrop over that of the most distinct pixel within 2 px (the subject's own colour there),
 * so a half-covered pixel gets alpha 0.5 (and `decontaminate` can restore its colour).
 */
function refineEdge(mask: Uint8Array, distance: Float32Array, width: number, height: number, low: number): void {
  const RADIUS = 2;
  const edge: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (mask[p] === 0) continue;
      const touchesBackdrop =
        (x > 0 && mask[p - 1] === 0) || (x < width - 1 && mask[p + 1] === 0) || (y > 0 && mask[p - width] === 0) || (y < height - 1 && mask[p + width] === 0);
      if (touchesBackdrop) edge.push(p);
    }
  }
  const refined = edge.map((p) => {
    const x = p % width;
    const y = (p - x) / width;
    let most = 0;
    for (let dy = -RADIUS; dy <= RADIUS; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= height) continue;
      for (let dx = -RADIUS; dx <= RADIUS; dx++) {
        const xx = x + dx;
        if (xx >= 0 && xx < width) most = Math.max(most, distance[yy * width + xx]!);
      }
    }
    const alpha = most > low ? Math.min(1, Math.max(0, (distance[p]! - low) / (most - low))) : 0;
    return Math.min(mask[p]!, Math.round(255 * alpha));
  });
  edge.forEach((p, k) => {
    mask[p] = refined[k]!;
  });
}

/** Removes small separate blobs (4-connected, alpha >= 128) and the soft edges around them. */
function cleanBlobs(mask: Uint8Array, width: number, height: number, minFraction: number, largestOnly: boolean): void {
  const n = width * height;
  const labels = new Int32Array(n);
  const stack = new Int32Array(n);
  const sizes: number[] = [0];
  for (let start = 0; start < n; start++) {
    if (labels[start] || mask[start]! < 128) continue;
    const label = sizes.length;
    let size = 0;
    let top = 0;
    labels[start] = label;
    stack[top++] = start;
    while (top > 0) {
      const p = stack[--top]!;
      size++;
      const x = p % width;
      // The four neighbours, inlined: this loop runs once per foreground pixel.
      if (x > 0 && !labels[p - 1] && mask[p - 1]! >= 128) {
        labels[p - 1] = label;
        stack[top++] = p - 1;
      }
      if (x < width - 1 && !labels[p + 1] && mask[p + 1]! >= 128) {
        labels[p + 1] = label;
        stack[top++] = p + 1;
      }
      if (p >= width && !labels[p - width] && mask[p - width]! >= 128) {
        labels[p - width] = label;
        stack[top++] = p - width;
      }
      if (p < n - width && !labels[p + width] && mask[p + width]! >= 128) {
        labels[p + width] = label;
        stack[top++] = p + width;
      }
    }
    sizes.push(size);
  }
  if (sizes.length <= 2) return;
  const largest = Math.max(...sizes);
  const keep = sizes.map((size) => (largestOnly ? size === largest : size >= largest * minFraction));
  // The soft edge (alpha below 128) goes with the blob it surrounds: grow the kept blobs through
  // soft pixels, then clear whatever was not reached.
  const kept = new Uint8Array(n);
  let top = 0;
  for (let p = 0; p < n; p++) {
    if (labels[p] && keep[labels[p]!]) {
      kept[p] = 1;
      stack[top++] = p;
    }
  }
  const visit = (q: number) => {
    if (!kept[q] && !labels[q] && mask[q] !== 0) {
      kept[q] = 1;
      stack[top++] = q;
    }
  };
  while (top > 0) {
    const p = stack[--top]!;
    const x = p % width;
    if (x > 0) visit(p - 1);
    if (x < width - 1) visit(p + 1);
    if (p >= width) visit(p - width);
    if (p < n - width) visit(p + width);
  }
  for (let p = 0; p < n; p++) if (!kept[p]) mask[p] = 0;
}

function measure(mask: Uint8Array, width: number, height: number): Pick<Foreground, 'box' | 'coverage'> {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  let count = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (mask[row + x]! >= 128) {
        count++;
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  const box = right < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
  return { box, coverage: count / (width * height) };
}

/**
 * Takes the backdrop's tint out of a cut-out's soft edge (else a shirt cut from white keeps a
 * light fringe). An edge pixel shows a·subject + (1 − a)·backdrop, so the subject's colour is
 * (seen − (1 − a)·backdrop) / a; alpha is floored at 0.15 so faint pixels are not amplified.
 */
export function decontaminate(raster: Raster, mask: Mask, backdrop: readonly [number, number, number]): void {
  const { data } = raster;
  for (let p = 0; p < mask.data.length; p++) {
    const m = mask.data[p]!;
    if (m === 0 || m === 255) continue;
    const a = Math.max(0.15, m / 255);
    for (let c = 0; c < 3; c++) {
      const i = p * 4 + c;
      data[i] = Math.max(0, Math.min(255, Math.round((data[i]! - (1 - a) * backdrop[c]!) / a)));
    }
  }
}

/** The output formats results are written in. */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

export const FORMAT_MIME: Readonly<Record<ImageFormat, string>> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
export const FORMAT_EXTENSION: Readonly<Record<ImageFormat, string>> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** The format of an input by its mime type (anything unknown is treated as JPEG). */
export function formatOfMime(mime: string): ImageFormat {
  if (mime === 'image/png') return 'png';
  if (mime === 'image/webp') return 'webp';
  return 'jpeg';
}

/**
 * Encodes for a result file. JPEG quality 92 and WebP 90: visually lossless for photos at a
 * fraction of PNG's size; PNG at zlib level 6 (sharp's default), adaptive filtering off: faster
 * on photos with no real loss of compression. JPEG has no alpha: it is flattened onto white.
 */
export function encode(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 92, chromaSubsampling: '4:4:4' });
    case 'png':
      return pipeline.png({ compressionLevel: 6 });
    case 'webp':
      return pipeline.webp({ quality: 90 });
  }
}

/** Image outputs: the engine output's media fields of an encoded file. */
export function imageFile(format: ImageFormat): { mediaType: MediaType; mime: string } {
  return { mediaType: 'image', mime: FORMAT_MIME[format] };
}

function median(values: number[]): number {
  return percentile(values, 0.5);
}

function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
