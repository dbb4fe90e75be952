import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { coffeePhotoSvg, garmentSvg, modelPhotoSvg, woodProductSvg } from '../../../tests/fixtures/engines/images.ts';
import { MAX_UNCERTAIN_SHARE, removeBackground, separation, trustworthy } from './background-removal.ts';
import { readRaster } from './pixels.ts';

const jpeg = (svg: string) => sharp(Buffer.from(svg)).flatten({ background: '#fff' }).jpeg({ quality: 85 }).toBuffer();

describe('background removal on the local engine', () => {
  it('cuts out subjects on plain backdrops: the studio examples and the try-on fixtures', async () => {
    const inputs = [
      'public/examples/image-editing/product.webp',
      'public/examples/image-editing/handbag.webp',
      'public/examples/virtual-tryon/shirt.webp',
      'public/examples/virtual-tryon/model.webp',
      await jpeg(modelPhotoSvg()),
      await jpeg(garmentSvg('dresses')),
    ];
    for (const input of inputs) {
      const raster = await readRaster(input);
      const { measure } = separation(raster);
      expect(trustworthy(measure), JSON.stringify(measure)).toBe(true);
      const cut = removeBackground(raster);
      let clear = 0;
      for (let i = 3; i < cut.data.length; i += 4) if (cut.data[i]! < 128) clear++;
      // The backdrop went, the subject stayed.
      expect(clear / (cut.width * cut.height)).toBeGreaterThan(0.3);
      expect(clear / (cut.width * cut.height)).toBeLessThan(0.85);
    }
  });

  it('refuses the cup on beige and the bottle on wood instead of erasing them with their backdrop', async () => {
    for (const svg of [coffeePhotoSvg(), woodProductSvg()]) {
      const raster = await readRaster(await jpeg(svg));
      const { measure } = separation(raster);
      expect(measure.uncertainShare).toBeGreaterThan(MAX_UNCERTAIN_SHARE);
      expect(trustworthy(measure)).toBe(false);
      expect(() => removeBackground(raster)).toThrow(expect.objectContaining({ name: 'EngineError', code: 'backgroundNotRemoved' }));
    }
  });

  it('refuses a picture with nothing to remove, and one that keeps nothing', () => {
    expect(trustworthy({ plainBackdrop: true, uncertainShare: 0.05, keptShare: 0.99 })).toBe(false);
    expect(trustworthy({ plainBackdrop: true, uncertainShare: 0.05, keptShare: 0.004 })).toBe(false);
    expect(trustworthy({ plainBackdrop: false, uncertainShare: 0.05, keptShare: 0.3 })).toBe(false);
    expect(trustworthy({ plainBackdrop: true, uncertainShare: 0.05, keptShare: 0.3 })).toBe(true);
  });
});
