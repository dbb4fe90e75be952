/**
 * The ISNet add-on, where it is installed (`npm run addon:isnet`; the default install has no AGPL
 * code, so a fresh clone skips this file): it cuts a product from its backdrop, which the default
 * models cannot, and it loads with the network refused like the rest.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { GARMENT_COLOUR, garmentPhotoSvg } from '../../../../tests/fixtures/engines/garments.ts';
import { renderSvg, tempDir } from '../../../../tests/fixtures/engines/images.ts';
import { removeBackground } from '../background-removal.ts';
import { cutOutGarment } from '../tryon-garment.ts';
import { separateModelRuntime } from './client.ts';
import { modelsRan } from './facts.ts';
import { ISNET_ADDON_DIR, isnetInstalled } from './isnet.ts';

const installed = isnetInstalled();
let cupOnWood = Buffer.alloc(0);

describe.skipIf(!installed)('the ISNet add-on', () => {
  const models = separateModelRuntime(undefined, { isnetDir: ISNET_ADDON_DIR });
  afterAll(() => models.close());

  it('cuts a cup from a wooden table: the cup kept, the table dropped', async () => {
    // A cream cup with a dark coffee top on a wood-grain backdrop (the case the colour key fails).
    const width = 480;
    const height = 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><pattern id="wood" width="60" height="18" patternUnits="userSpaceOnUse">
        <rect width="60" height="18" fill="#9a6b3f"/><path d="M0 6 Q30 2 60 7 M0 14 Q25 11 60 15" stroke="#6e4624" stroke-width="2" fill="none"/></pattern>
        <linearGradient id="cup" x1="0" x2="1"><stop offset="0" stop-color="#d9cfc0"/><stop offset="0.5" stop-color="#f6efe4"/><stop offset="1" stop-color="#c9bca8"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#wood)"/>
      <ellipse cx="240" cy="300" rx="120" ry="22" fill="#e9e2d6"/>
      <path d="M160 120 L320 120 L300 290 L180 290 Z" fill="url(#cup)"/>
      <path d="M318 150 Q370 160 360 210 Q350 250 305 245" stroke="#efe6d8" stroke-width="14" fill="none"/>
      <ellipse cx="240" cy="120" rx="80" ry="16" fill="#5a3a22"/>
    </svg>`;
    const { data } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    cupOnWood = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
    expect(models.anySubjectCutout).toBe(true);
    const mask = await models.objectMask({ data: new Uint8Array(data), width, height });
    const at = (x: number, y: number) => mask.data[y * width + x]! / 255;
    expect(at(240, 200)).toBeGreaterThan(0.9);
    expect(at(240, 290)).toBeGreaterThan(0.5);
    for (const [x, y] of [
      [10, 10],
      [width - 10, 10],
      [10, 200],
      [width - 10, 200],
    ] as const) {
      expect(at(x, y)).toBeLessThan(0.1);
    }
    expect((await models.status()).networkAttempts).toEqual([]);
  }, 60_000);

  it('cuts a T-shirt from a busy backdrop for the try-on, which refuses it without the add-on', async () => {
    const { dir, cleanup } = await tempDir('isnet');
    try {
      const path = await renderSvg(garmentPhotoSvg('tshirt', { busy: true }), join(dir, 'tshirt-busy.png'));
      await expect(cutOutGarment(path)).rejects.toMatchObject({ code: 'garmentNotFound' });
      const cut = await cutOutGarment(path, { models });
      expect(cut.method).toBe('isnet');
      const { raster } = cut;
      // Trimmed to the shirt: its centre opaque and in the shirt's colour, not the backdrop's.
      const centre = ((raster.height >> 1) * raster.width + (raster.width >> 1)) * 4;
      expect(raster.data[centre + 3]).toBeGreaterThan(230);
      const [r, g, b] = GARMENT_COLOUR.tshirt;
      expect(Math.abs(raster.data[centre]! - r) + Math.abs(raster.data[centre + 1]! - g) + Math.abs(raster.data[centre + 2]! - b)).toBeLessThan(90);
    } finally {
      await cleanup();
    }
  }, 60_000);

  it('does "Xóa nền" on that photo, which the built-in cut alone refuses, naming the add-on and its licence', async () => {
    const cut = await removeBackground({ data: cupOnWood, width: 480, height: 360 }, { models });
    expect(cut.method).toBe('any subject');
    expect(cut.models).toEqual(['isnet']);
    expect(cut.raster.data[(200 * 480 + 240) * 4 + 3]).toBeGreaterThan(230);
    expect(cut.raster.data[(10 * 480 + 10) * 4 + 3]).toBeLessThan(26);
    expect(modelsRan(cut.models).labels[0]).toContain('AGPL-3.0');
  }, 60_000);
});
