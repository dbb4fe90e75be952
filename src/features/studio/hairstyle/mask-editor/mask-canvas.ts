/**
 * The mask raster meets the browser: painted onto the overlay canvas (tinted; the canvas
 * element's opacity lets the photo show through) and exported as a PNG Blob.
 */
import type { MaskRaster, PixelRect } from './mask-raster.ts';
import { canEncodePng, encodeGreyPng } from './png.ts';

/** The overlay's tint, an sRGB magenta-red that stands out on every hair colour. */
const TINT = { r: 255, g: 32, b: 110 } as const;

/** Copies `rect` of the mask to the overlay canvas (same size as the raster). */
export function paintOverlay(canvas: HTMLCanvasElement | null, raster: MaskRaster, rect: PixelRect | null = raster.bounds): void {
  if (!canvas || !rect || rect.width <= 0 || rect.height <= 0) return;
  // No 2D context (a test DOM, or a browser out of canvas memory): the mask still works and
  // exports, it just is not shown.
  const context = canvas.getContext('2d');
  if (!context) return;
  const image = context.createImageData(rect.width, rect.height);
  const out = image.data;
  const { data, width } = raster;
  let o = 0;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    let i = y * width + rect.x;
    for (let x = 0; x < rect.width; x++, i++, o += 4) {
      out[o] = TINT.r;
      out[o + 1] = TINT.g;
      out[o + 2] = TINT.b;
      out[o + 3] = data[i]!;
    }
  }
  context.putImageData(image, rect.x, rect.y);
}

/**
 * The mask as the server wants it: a PNG at the photo's size, opaque, white where the hair is to
 * change and black elsewhere (the local engine reads an opaque mask by luminance).
 */
export async function maskToPng(raster: MaskRaster): Promise<Blob> {
  if (canEncodePng()) return new Blob([await encodeGreyPng(raster.data, raster.width, raster.height)], { type: 'image/png' });
  return canvasPng(raster);
}

/** Browsers without CompressionStream (before 2023) encode through a canvas instead. */
function canvasPng(raster: MaskRaster): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = raster.width;
  canvas.height = raster.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('No 2D canvas to encode the mask'));
  const image = context.createImageData(raster.width, raster.height);
  for (let i = 0; i < raster.data.length; i++) {
    const level = raster.data[i]!;
    image.data[i * 4] = level;
    image.data[i * 4 + 1] = level;
    image.data[i * 4 + 2] = level;
    image.data[i * 4 + 3] = 255;
  }
  context.putImageData(image, 0, 0);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The canvas could not encode the mask'))), 'image/png');
  });
}
