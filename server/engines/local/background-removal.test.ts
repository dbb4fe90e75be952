/**
 * Background removal on the local engine: a person by the person mask on any backdrop (the photo
 * fixtures, enlarged to 2 MP as a seller's photo is), anything else by its plain backdrop, and a
 * refusal for an object on a busy backdrop. One model thread for the file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coffeePhotoSvg, engineRequest, garmentSvg, inputFile, modelPhotoSvg, tempDir, woodProductSvg } from '../../../tests/fixtures/engines/images.ts';
import { freeEdgeColours, MAX_UNCERTAIN_SHARE, removeBackground, separation, trustworthy } from './background-removal.ts';
import { runImageEditing } from './image-editing.ts';
import { modelRuntime } from './models/client.ts';
import { modelLabel } from './models/facts.ts';
import type { RgbImage } from './models/types.ts';
import { readRaster } from './pixels.ts';

const PHOTOS = join(import.meta.dirname, '../../../tests/fixtures/engines/photos');
const jpeg = (svg: string) => sharp(Buffer.from(svg)).flatten({ background: '#fff' }).jpeg({ quality: 85 }).toBuffer();

const models = modelRuntime();
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('cutout'));
});
afterAll(async () => {
  await models.close();
  await cleanup();
});

/** portrait-busy.jpg (642 × 484) enlarged to 1629 × 1228, 2.0 MP; `S` maps its pixels to the fixture's. */
const BUSY_WIDTH = 1629;
const S = BUSY_WIDTH / 642;
async function busyPortrait(): Promise<{ image: RgbImage; file: Buffer }> {
  const file = await sharp(join(PHOTOS, 'portrait-busy.jpg')).resize({ width: BUSY_WIDTH, kernel: 'lanczos3' }).jpeg({ quality: 92 }).toBuffer();
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { image: { data: new Uint8Array(data), width: info.width, height: info.height }, file };
}

/**
 * The soft band of a mask along the rows y0..y1 of the fixture (scaled): pixels between 0.05 and
 * 0.95 per crossing of one half. A row through the head crosses its edge twice; the band's width
 * on each side is the halo a cut-out would show.
 */
function bandPerEdge(mask: { data: Uint8Array; width: number }, y0: number, y1: number): number {
  const { data, width } = mask;
  let soft = 0;
  let edges = 0;
  for (let y = Math.round(y0 * S); y < Math.round(y1 * S); y++) {
    let inside = data[y * width]! >= 128;
    for (let x = 0; x < width; x++) {
      const value = data[y * width + x]!;
      if (value > 12 && value < 242) soft++;
      if (value >= 128 !== inside) edges++;
      inside = value >= 128;
    }
  }
  return soft / edges;
}

describe('the person mask’s edge at 2 MP', () => {
  it('leaves hair and shoulders a band of a few pixels, not a halo of the backdrop', async () => {
    const { image } = await busyPortrait();
    const started = performance.now();
    const mask = await models.personMask(image);
    const ms = performance.now() - started;
    // Measured: 5.8 px a side around the head (fixture rows 100–250), 5.0 along the arms
    // (rows 300–420); the stretched model mask with the former single grey filter, 33 and 30.
    expect(bandPerEdge(mask, 100, 250)).toBeLessThan(8);
    expect(bandPerEdge(mask, 300, 420)).toBeLessThan(8);
    // The first call loads the model; about 0.5 s a call at 2 MP on two cores.
    expect(ms).toBeLessThan(20_000);
  });
});

describe('background removal on the local engine', { timeout: 60_000 }, () => {
  it('a person cut-out keeps the subject (alpha > 0.95 in its core) and drops the backdrop (< 0.05 in the corners)', async () => {
    const { file } = await busyPortrait();
    const workDir = join(dir, 'person');
    await mkdir(workDir);
    const path = join(workDir, 'portrait.jpg');
    await writeFile(path, file);
    const request = engineRequest('image-editing', workDir, { images: [await inputFile(path)] }, { prompt: 'Xóa nền' });
    const started = performance.now();
    const result = await runImageEditing(request);
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(30);
    const output = result.outputs[0]!;
    expect(output.mime).toBe('image/png');
    const { data, info } = await sharp(output.path).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([BUSY_WIDTH, 1228, 4]);
    const alpha = (x: number, y: number) => data[(Math.round(y * S) * info.width + Math.round(x * S)) * 4 + 3]! / 255;
    // The face, the chest and the shoulders (fixture pixels).
    for (const [x, y] of [
      [330, 150],
      [340, 330],
      [340, 420],
      [200, 360],
      [460, 360],
    ] as const) {
      expect(alpha(x, y), `${x},${y}`).toBeGreaterThan(0.95);
    }
    // The corners and the kitchen beside the head.
    for (const [x, y] of [
      [8, 8],
      [634, 8],
      [8, 242],
      [634, 242],
      [150, 150],
      [520, 150],
    ] as const) {
      expect(alpha(x, y), `${x},${y}`).toBeLessThan(0.05);
    }
    // What ran is said: in the metadata and as a done item of the result's plan.
    expect(result.metadata).toMatchObject({ background_cuts: ['person'], models: [modelLabel('pose'), modelLabel('person')] });
    expect(result.plan?.done.map((item) => item.code)).toEqual(['removeBackground', 'modelsRan']);
  });

  it('cuts out the other photo fixtures with the person mask', async () => {
    for (const name of ['portrait-plain.jpg', 'full-body-model.jpg', 'full-body-avatar.jpg']) {
      const cut = await removeBackground(await readRaster(join(PHOTOS, name)), { models });
      expect(cut.method, name).toBe('person');
      expect(cut.models).toContain('person');
    }
  });

  it('cuts out subjects on plain backdrops by their colour: the studio examples and the try-on fixtures', async () => {
    const inputs = [
      'public/examples/image-editing/product.webp',
      'public/examples/image-editing/handbag.webp',
      'public/examples/virtual-tryon/shirt.webp',
      await jpeg(garmentSvg('dresses')),
    ];
    for (const input of inputs) {
      const raster = await readRaster(input);
      const { measure } = separation(raster);
      expect(trustworthy(measure), JSON.stringify(measure)).toBe(true);
      const cut = await removeBackground(raster, { models });
      expect(cut.method).toBe('plain backdrop');
      expect(cut.models).toEqual([]);
      let clear = 0;
      for (let i = 3; i < cut.raster.data.length; i += 4) if (cut.raster.data[i]! < 128) clear++;
      // The backdrop went, the subject stayed.
      expect(clear / (cut.raster.width * cut.raster.height)).toBeGreaterThan(0.3);
      expect(clear / (cut.raster.width * cut.raster.height)).toBeLessThan(0.85);
    }
  });

  it('cuts the drawn model and the studio’s model photo too, whichever way it finds them', async () => {
    for (const input of ['public/examples/virtual-tryon/model.webp', await jpeg(modelPhotoSvg())]) {
      const cut = await removeBackground(await readRaster(input), { models });
      let clear = 0;
      for (let i = 3; i < cut.raster.data.length; i += 4) if (cut.raster.data[i]! < 128) clear++;
      expect(clear / (cut.raster.width * cut.raster.height)).toBeGreaterThan(0.3);
      expect(clear / (cut.raster.width * cut.raster.height)).toBeLessThan(0.9);
    }
  });

  it('refuses the cup on beige and the bottle on wood instead of erasing them with their backdrop', async () => {
    for (const svg of [coffeePhotoSvg(), woodProductSvg()]) {
      const raster = await readRaster(await jpeg(svg));
      const { measure } = separation(raster);
      expect(measure.uncertainShare).toBeGreaterThan(MAX_UNCERTAIN_SHARE);
      expect(trustworthy(measure)).toBe(false);
      await expect(removeBackground(raster, { models })).rejects.toMatchObject({ name: 'EngineError', code: 'backgroundNotRemoved' });
    }
  });

  it('a refused object cut-out charges nothing: the job fails with backgroundNotRemoved', async () => {
    const workDir = join(dir, 'wood');
    await mkdir(workDir);
    const path = join(workDir, 'bottle.jpg');
    await writeFile(path, await jpeg(woodProductSvg()));
    const request = engineRequest('image-editing', workDir, { images: [await inputFile(path)] }, { prompt: 'remove the background' });
    // An EngineError fails the job, and the worker refunds it (tests/server/engine-plan.test.ts follows the balance).
    await expect(runImageEditing(request)).rejects.toMatchObject({ name: 'EngineError', code: 'backgroundNotRemoved' });
  });

  it('frees a soft edge of the backdrop’s colour: a half-covered pixel takes the subject’s', () => {
    // A dark subject (40, 40, 40) on the left, a light wall (220, 220, 220) on the right, a mixed column between.
    const width = 40;
    const height = 20;
    const data = Buffer.alloc(width * height * 4);
    const mask = { data: new Uint8Array(width * height), width, height };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const a = x < 20 ? 1 : x === 20 ? 0.5 : 0;
        const value = Math.round(40 * a + 220 * (1 - a));
        data.set([value, value, value, 255], (y * width + x) * 4);
        mask.data[y * width + x] = Math.round(a * 255);
      }
    }
    const raster = { data, width, height };
    expect(data[(10 * width + 20) * 4]).toBe(130);
    freeEdgeColours(raster, mask, 4);
    // The mixed pixel now shows the subject's colour; solid and clear pixels are as they were.
    expect(Math.abs(data[(10 * width + 20) * 4]! - 40)).toBeLessThanOrEqual(2);
    expect(data[(10 * width + 5) * 4]).toBe(40);
    expect(data[(10 * width + 30) * 4]).toBe(220);
  });

  it('refuses a picture with nothing to remove, and one that keeps nothing', () => {
    expect(trustworthy({ plainBackdrop: true, uncertainShare: 0.05, keptShare: 0.99 })).toBe(false);
    expect(trustworthy({ plainBackdrop: true, uncertainShare: 0.05, keptShare: 0.004 })).toBe(false);
    expect(trustworthy({ plainBackdrop: false, uncertainShare: 0.05, keptShare: 0.3 })).toBe(false);
    expect(trustworthy({ plainBackdrop: true, uncertainShare: 0.05, keptShare: 0.3 })).toBe(true);
  });
});
