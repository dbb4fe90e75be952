/**
 * The Atelier watermark on free accounts' results (docs/product-rules.md#watermark): the
 * "Atelier" wordmark, semi-transparent, in the bottom-right corner, over a faint diagonal tile of
 * smaller wordmarks across the whole picture, both scaled to its size.
 *
 * The wordmark is drawn as SVG strokes, not text: a server without fonts (a slim container) draws
 * it the same. Images are composited by sharp and written in their own format; a video gets the
 * same marks as one PNG (drawn by sharp) laid over every frame by ffmpeg, in its own container,
 * re-encoded with its own codec when the bundled ffmpeg can (H.264, H.265, VP8, VP9).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { FFMPEG_PATH, runProcess } from '../ffmpeg/process.ts';
import { encodeAs, MAX_OUTPUT_PIXELS } from './images.ts';
import type { SniffedType } from './sniff.ts';
import { FFMPEG_DECODE_ARGS } from './video.ts';

/**
 * The wordmark's letters as strokes on a grid where capitals are 10 units high (baseline at
 * y = 10, lower case from y = 4), each with its advance width in units.
 */
const GLYPHS: ReadonlyArray<{ d: string; advance: number }> = [
  { d: 'M0 10 L3.5 0 L7 10 M1.3 6.3 H5.7', advance: 8.4 }, // A
  { d: 'M1.5 1.5 V8.6 Q1.5 10 2.9 10 H4 M0 4 H3.8', advance: 5.2 }, // t
  { d: 'M0.2 7 H5.8 A2.9 2.9 0 1 0 5 9.1', advance: 7.4 }, // e
  { d: 'M1 0 V10', advance: 3.2 }, // l
  { d: 'M1 4 V10 M1 1.2 V1.3', advance: 3.2 }, // i
  { d: 'M0.2 7 H5.8 A2.9 2.9 0 1 0 5 9.1', advance: 7.4 }, // e
  { d: 'M1 4 V10 M1 6.8 Q1.8 4 4.5 4.2', advance: 4.5 }, // r
];
const WORD_UNITS = GLYPHS.reduce((sum, glyph) => sum + glyph.advance, 0);
/** Room around the strokes (their half-width and the halo), in units. */
const PAD_UNITS = 1.5;
const MARK_WIDTH_UNITS = WORD_UNITS + 2 * PAD_UNITS;
const MARK_HEIGHT_UNITS = 10 + 2 * PAD_UNITS;

/** Cap height of the corner mark as a share of the picture's shorter side (4.5%). */
const CORNER_CAP_SHARE = 0.045;
/** Smallest corner mark cap height, in pixels, while the picture has room for it. */
const MIN_CAP_PX = 12;
/** Opacity of the corner mark (0-1): readable, yet the picture shows through. */
const CORNER_OPACITY = 0.7;
/** Opacity of the tiled marks (0-1): a subtle pattern, not a veil. */
const TILE_OPACITY = 0.14;
/** Tiled marks are this much smaller than the corner mark. */
const TILE_SCALE = 0.8;
/** Angle of the tiled marks, in degrees (counter-clockwise). */
const TILE_ANGLE_DEG = 30;

/** The wordmark: white strokes over a darker halo, so it reads on light and dark pictures. */
function wordmark(): string {
  let x = PAD_UNITS;
  const letters = GLYPHS.map((glyph) => {
    const letter = `<path d="${glyph.d}" transform="translate(${x.toFixed(2)} ${PAD_UNITS})"/>`;
    x += glyph.advance;
    return letter;
  }).join('');
  return (
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">` +
    `<g stroke="#000" stroke-opacity="0.45" stroke-width="2.6">${letters}</g>` +
    `<g stroke="#fff" stroke-width="1.3">${letters}</g></g>`
  );
}

const WORDMARK = wordmark();

/** The wordmark as a PNG `capPx` capitals high, at `opacity`. */
function cornerMark(capPx: number, opacity: number): Promise<{ png: Buffer; width: number; height: number }> {
  const scale = capPx / 10;
  const width = Math.max(1, Math.ceil(MARK_WIDTH_UNITS * scale));
  const height = Math.max(1, Math.ceil(MARK_HEIGHT_UNITS * scale));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${MARK_WIDTH_UNITS} ${MARK_HEIGHT_UNITS}"><g opacity="${opacity}">${WORDMARK}</g></svg>`;
  return sharp(Buffer.from(svg))
    .png()
    .toBuffer()
    .then((png) => ({ png, width, height }));
}

/** One square of the diagonal pattern, `side` pixels: a turned wordmark `capPx` high in its middle. */
function tile(side: number, capPx: number): Promise<Buffer> {
  const scale = capPx / 10;
  const centre = side / 2;
  const transform = `translate(${centre} ${centre}) rotate(${-TILE_ANGLE_DEG}) scale(${scale}) translate(${-MARK_WIDTH_UNITS / 2} ${-MARK_HEIGHT_UNITS / 2})`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><g opacity="${TILE_OPACITY}" transform="${transform}">${WORDMARK}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The layers that watermark a `width` × `height` picture: the tile repeated over it, then the
 * corner mark, a margin of one cap height from the bottom-right corner. Both shrink to fit a
 * picture too small for them (an overlay may not be larger than what it covers).
 */
export async function watermarkLayers(width: number, height: number): Promise<OverlayOptions[]> {
  const shorter = Math.min(width, height);
  let cap = Math.max(MIN_CAP_PX, Math.round(shorter * CORNER_CAP_SHARE));
  // The mark and its margins (one cap on each side) must fit inside the picture.
  const fit = Math.min(width / (MARK_WIDTH_UNITS / 10 + 2), height / (MARK_HEIGHT_UNITS / 10 + 2));
  cap = Math.max(1, Math.min(cap, Math.floor(fit)));
  const corner = await cornerMark(cap, CORNER_OPACITY);
  const margin = Math.max(0, Math.round(cap));
  const tileCap = Math.max(1, Math.round(cap * TILE_SCALE));
  // A tile about twice the turned word's width spaces the marks out; never beyond the picture.
  const side = Math.max(1, Math.min(shorter, Math.ceil((MARK_WIDTH_UNITS * tileCap) / 10) * 2));
  return [
    { input: await tile(side, tileCap), tile: true, gravity: 'northwest' },
    {
      input: corner.png,
      left: Math.max(0, width - corner.width - margin),
      top: Math.max(0, height - corner.height - margin),
    },
  ];
}

/**
 * Writes `source` (an image of `type`) with the watermark to `target`, in the same format
 * (orientation applied, so the corner mark lands in the corner as the picture is shown).
 */
export async function watermarkImage(source: string, type: SniffedType, target: string): Promise<void> {
  const input = () => sharp(source, { failOn: 'truncated', limitInputPixels: MAX_OUTPUT_PIXELS });
  const { width, height, orientation } = await input().metadata();
  if (!width || !height) throw new Error('an image without dimensions');
  // EXIF orientations 5-8 turn the picture a quarter: the layers are placed on it as shown.
  const quarterTurn = (orientation ?? 1) >= 5;
  const layers = await watermarkLayers(quarterTurn ? height : width, quarterTurn ? width : height);
  // sharp composites after it turns the picture upright.
  await encodeAs(input().rotate().composite(layers), type.mime).toFile(target);
}

/** Time limit of re-encoding a video with the watermark, in ms: a minute of 4K on two cores fits. */
const VIDEO_TIMEOUT_MS = 15 * 60_000;

/** ffmpeg's video encoder arguments for a codec (ffprobe's name), in a container of `mime`. */
function videoEncoder(codec: string, mime: string): string[] {
  const webm = mime === 'video/webm';
  // Quality near the sources' (CRF 18 for H.264, 22 for H.265 — the engines write 20 and 24):
  // the copy should only differ by its marks. Fast presets: the copy delays the result.
  if (codec === 'hevc' && !webm) return ['-c:v', 'libx265', '-preset', 'superfast', '-crf', '22', '-tag:v', 'hvc1', '-x265-params', 'log-level=error'];
  if (codec === 'vp8' && webm) return ['-c:v', 'libvpx', '-crf', '8', '-b:v', '8M', '-deadline', 'realtime', '-cpu-used', '8'];
  // VP9, or a WebM of another codec.
  if (webm) return ['-c:v', 'libvpx-vp9', '-crf', '30', '-b:v', '0', '-deadline', 'realtime', '-cpu-used', '8'];
  // H.264, or an MP4/MOV of a codec the bundled ffmpeg cannot encode (AV1, ProRes): H.264 plays everywhere.
  return ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18'];
}

/**
 * Writes `source` (a video of `type`, `width` × `height` as displayed, codec `codec`) with the
 * watermark on every frame to `target`, in the same container; the audio is copied as it is.
 * `work` holds the overlay PNG.
 */
export async function watermarkVideo(
  source: string,
  type: SniffedType,
  video: { width: number; height: number; codec: string },
  target: string,
  work: string,
): Promise<void> {
  const overlay = path.join(work, 'watermark.png');
  const canvas = sharp({ create: { width: video.width, height: video.height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } });
  await writeFile(
    overlay,
    await canvas
      .composite(await watermarkLayers(video.width, video.height))
      .png()
      .toBuffer(),
  );
  const args = [
    ...FFMPEG_DECODE_ARGS,
    // ffmpeg turns a rotated video upright before the filters: the overlay is drawn upright too.
    '-i',
    source,
    '-i',
    overlay,
    // The still overlay is repeated on every frame (overlay's eof_action defaults to repeat).
    '-filter_complex',
    '[0:v:0][1:v]overlay=0:0:format=auto,format=yuv420p[marked]',
    '-map',
    '[marked]',
    '-map',
    '0:a:0?',
    '-c:a',
    'copy',
    ...videoEncoder(video.codec, type.mime),
    ...(type.mime === 'video/webm' ? [] : ['-movflags', '+faststart']),
    '-f',
    type.mime === 'video/webm' ? 'webm' : type.mime === 'video/quicktime' ? 'mov' : 'mp4',
    target,
  ];
  await runProcess(FFMPEG_PATH, args, { timeoutMs: VIDEO_TIMEOUT_MS });
}
