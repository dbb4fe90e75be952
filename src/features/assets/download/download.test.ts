import { describe, expect, test } from 'vitest';
import { outputDimensions, planDownload, SIZE_BOXES, type DownloadChoice, type DownloadSize } from './download.ts';
import { downloadStem } from './download-name.ts';

describe('outputDimensions', () => {
  test('original keeps the dimensions, whole pixels', () => {
    expect(outputDimensions({ width: 4096, height: 2731 }, 'original')).toEqual({ width: 4096, height: 2731 });
    expect(outputDimensions({ width: 800.4, height: 599.6 }, 'original')).toEqual({ width: 800, height: 600 });
  });

  test.each<[DownloadSize, number, number, number, number]>([
    // A 16:9 source fills the 16:9 boxes exactly.
    ['large', 3840, 2160, 1920, 1080],
    ['medium', 3840, 2160, 1280, 720],
    ['small', 3840, 2160, 800, 450],
    // A 4:3 source is bound by the height of a 16:9 box and fills the 4:3 one.
    ['large', 4000, 3000, 1440, 1080],
    ['small', 4000, 3000, 800, 600],
    // A very wide panorama is bound by the width.
    ['medium', 6000, 1000, 1280, 213],
  ])('%s fits a landscape %i×%i into the box: %i×%i', (size, width, height, outWidth, outHeight) => {
    expect(outputDimensions({ width, height }, size)).toEqual({ width: outWidth, height: outHeight });
  });

  test('the box turns to a portrait image', () => {
    // 2:3 portrait in 1080×1920: bound by the width (1080), height 1620.
    expect(outputDimensions({ width: 1360, height: 2040 }, 'large')).toEqual({ width: 1080, height: 1620 });
    expect(outputDimensions({ width: 1360, height: 2040 }, 'small')).toEqual({ width: 533, height: 800 });
    expect(outputDimensions({ width: 2160, height: 3840 }, 'medium')).toEqual({ width: 720, height: 1280 });
  });

  test('never enlarges an image smaller than the box', () => {
    expect(outputDimensions({ width: 640, height: 480 }, 'large')).toEqual({ width: 640, height: 480 });
    expect(outputDimensions({ width: 800, height: 600 }, 'small')).toEqual({ width: 800, height: 600 });
    // Smaller on one side only: shrinks to fit the other.
    expect(outputDimensions({ width: 1000, height: 500 }, 'small')).toEqual({ width: 800, height: 400 });
  });

  test('a square uses the landscape box', () => {
    expect(outputDimensions({ width: 2048, height: 2048 }, 'large')).toEqual({ width: 1080, height: 1080 });
  });

  test('rounds to the nearest pixel, at least 1, and stays inside the box', () => {
    expect(outputDimensions({ width: 3001, height: 2000 }, 'medium')).toEqual({ width: 1080, height: 720 });
    expect(outputDimensions({ width: 100_000, height: 10 }, 'small')).toEqual({ width: 800, height: 1 });
    for (const size of ['large', 'medium', 'small'] as const) {
      for (const [width, height] of [
        [1999, 1333],
        [3333, 1777],
        [1025, 4097],
      ] as const) {
        const out = outputDimensions({ width, height }, size);
        const box = SIZE_BOXES[size];
        expect(Math.max(out.width, out.height)).toBeLessThanOrEqual(box.width);
        expect(Math.min(out.width, out.height)).toBeLessThanOrEqual(box.height);
        // The aspect ratio survives within a pixel's rounding.
        expect(Math.abs(out.width / out.height - width / height)).toBeLessThan(2 / Math.min(out.width, out.height));
      }
    }
  });
});

/** The plan of an upload: named after its own file. */
const plan = (asset: Parameters<typeof planDownload>[0], choice: DownloadChoice) =>
  planDownload(asset, choice, downloadStem({ asset: { id: 'a1', name: asset.name, feature: null, created_at: '2026-12-02T10:00:00.000Z' } }));

describe('planDownload', () => {
  const jpeg = { name: 'váy đỏ.jpeg', mime: 'image/jpeg', media_type: 'image' as const, width: 2040, height: 1360 };

  test('original at high quality is the stored file, untouched', () => {
    expect(plan(jpeg, { size: 'original', quality: 'high' })).toMatchObject({ passthrough: true, type: 'image/jpeg', filename: 'vay-do.jpg' });
    // A box bigger than the image changes nothing either.
    expect(plan({ ...jpeg, width: 640, height: 480 }, { size: 'large', quality: 'high' })).toMatchObject({ passthrough: true, width: 640, height: 480 });
  });

  test('resized images are JPEG at 0.92 (high) or 0.75 (low), named with their size', () => {
    expect(plan(jpeg, { size: 'medium', quality: 'high' })).toEqual({
      passthrough: false,
      width: 1080,
      height: 720,
      type: 'image/jpeg',
      quality: 0.92,
      filename: 'vay-do-1080x720.jpg',
    });
    expect(plan(jpeg, { size: 'original', quality: 'low' })).toMatchObject({ passthrough: false, quality: 0.75, filename: 'vay-do.jpg' });
  });

  test('PNG stays PNG at high quality and becomes JPEG at low', () => {
    const png = { ...jpeg, name: 'cutout.png', mime: 'image/png' };
    expect(plan(png, { size: 'small', quality: 'high' })).toMatchObject({ type: 'image/png', quality: undefined, filename: 'cutout-800x533.png' });
    expect(plan(png, { size: 'small', quality: 'low' })).toMatchObject({ type: 'image/jpeg', quality: 0.75, filename: 'cutout-800x533.jpg' });
  });

  test('WebP is converted to JPEG when it is re-encoded', () => {
    const webp = { ...jpeg, name: 'look.webp', mime: 'image/webp' };
    expect(plan(webp, { size: 'large', quality: 'high' })).toMatchObject({ type: 'image/jpeg', filename: 'look-1620x1080.jpg' });
  });

  test('videos are always the original file', () => {
    const video = { name: 'clip.mov', mime: 'video/quicktime', media_type: 'video' as const, width: 1920, height: 1080 };
    expect(plan(video, { size: 'small', quality: 'low' })).toMatchObject({ passthrough: true, type: 'video/quicktime', filename: 'clip.mov', width: 1920 });
  });

  test('file names are ASCII: no diacritics, path separators or reserved characters', () => {
    expect(plan({ ...jpeg, name: '../a/b:c*?.jpg' }, { size: 'original', quality: 'high' }).filename).toBe('a-b-c.jpg');
    expect(plan({ ...jpeg, name: '...' }, { size: 'original', quality: 'high' }).filename).toBe('atelier.jpg');
  });
});
