import { crc32 as nodeCrc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { crc32, encodeGreyPng } from './png.ts';

describe('encodeGreyPng', () => {
  it('writes an opaque 8-bit greyscale PNG that a real decoder reads back exactly', async () => {
    const width = 37;
    const height = 23;
    const pixels = new Uint8Array(width * height);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) % 256;
    const png = await encodeGreyPng(pixels, width, height);

    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ format: 'png', width, height, channels: 1, space: 'b-w', hasAlpha: false, depth: 'uchar' });
    const { data } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect(new Uint8Array(data)).toEqual(pixels);
  });

  it('compresses a mostly blank mask to a small file', async () => {
    const pixels = new Uint8Array(1024 * 1024);
    pixels.fill(255, 300_000, 400_000);
    const png = await encodeGreyPng(pixels, 1024, 1024);
    // A megapixel of long runs deflates to a few KB.
    expect(png.length).toBeLessThan(10_000);
  });

  it('refuses a size that does not match the pixels', async () => {
    await expect(encodeGreyPng(new Uint8Array(10), 3, 3)).rejects.toThrow(RangeError);
    await expect(encodeGreyPng(new Uint8Array(0), 0, 0)).rejects.toThrow(RangeError);
  });
});

describe('crc32', () => {
  it('matches zlib’s', () => {
    const bytes = new TextEncoder().encode('IHDR and friends, 0123456789');
    expect(crc32(bytes)).toBe(nodeCrc32(bytes));
    expect(crc32(new Uint8Array(0))).toBe(0);
  });
});
