import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GarmentCategory } from '../../../src/contract/generation-params.ts';
import { engineRequest, garmentSvg, inputFile, meanColour, modelPhotoSvg, renderSvg, sceneSvg, tempDir } from '../../../tests/fixtures/engines/images.ts';
import { EngineError, type InputFile } from '../types.ts';
import { runBodyGenerator } from './body-generator.ts';
import { foreground, isCutOut, readRaster } from './pixels.ts';
import { bodyLandmarks, placement, runTryOn } from './tryon.ts';

let dir: string;
let cleanup: () => Promise<void>;
let model: InputFile;
const garments = {} as Record<GarmentCategory, InputFile>;
let run = 0;

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('tryon'));
  model = await inputFile(await renderSvg(modelPhotoSvg(), join(dir, 'model.png')));
  for (const category of ['tops', 'bottoms', 'dresses', 'outerwear'] as const) {
    garments[category] = await inputFile(await renderSvg(garmentSvg(category), join(dir, `${category}.png`)));
  }
});
afterAll(() => cleanup());

async function tryOn(categories: GarmentCategory[], modelFile: InputFile = model) {
  const workDir = join(dir, `run-${++run}`);
  await import('node:fs/promises').then((fs) => fs.mkdir(workDir));
  const request = engineRequest(
    'virtual-tryon',
    workDir,
    { model: modelFile, garments: categories.map((category) => ({ ...garments[category], category })) },
    {},
  );
  const result = await runTryOn(request);
  return { result, request, output: result.outputs[0]! };
}

/** Colour distance between two RGB triples. */
const distance = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('bodyLandmarks', () => {
  it('reads head, shoulders, crotch and the centre line from the silhouette', async () => {
    const person = foreground(await readRaster(model.path), { largestOnly: true, holes: 'clear' });
    const body = bodyLandmarks(person.mask)!;
    expect(body.top).toBeGreaterThanOrEqual(21);
    expect(body.top).toBeLessThanOrEqual(23);
    expect(body.shoulderY).toBeGreaterThanOrEqual(88);
    expect(body.shoulderY).toBeLessThanOrEqual(98);
    expect(body.crotchY).toBeGreaterThanOrEqual(252);
    expect(body.crotchY).toBeLessThanOrEqual(262);
    expect(body.measured).toEqual({ shoulders: true, crotch: true });
    expect(Math.abs(body.centreX - 160)).toBeLessThanOrEqual(2);
    // Arms included at the shoulders (100..220 px): wider than the head (44 px).
    expect(body.shoulderWidth).toBeGreaterThan(90);
    expect(body.headWidth).toBeLessThan(50);
    // Tops sit from the shoulders to below the hips; bottoms reach the ankles.
    const top = placement('tops', body).box;
    expect(top.top).toBeLessThan(body.shoulderY);
    expect(top.top + top.height).toBeGreaterThan(body.hipY);
    const bottoms = placement('bottoms', body).box;
    expect(bottoms.top + bottoms.height).toBeGreaterThan(body.ankleY);
  });

  it('returns null for an empty mask', () => {
    expect(bodyLandmarks({ data: new Uint8Array(100), width: 10, height: 10 })).toBeNull();
  });
});

/** A white RGBA raster whose alpha is `alphaAt(x, y)`. */
function raster(width: number, height: number, alphaAt: (x: number, y: number) => number) {
  const data = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[(y * width + x) * 4 + 3] = alphaAt(x, y);
  return { data, width, height };
}

describe('isCutOut', () => {
  it('is a subject on a see-through backdrop, not any image with soft alpha at its edge', () => {
    expect(isCutOut(raster(40, 40, (x, y) => (x > 10 && x < 30 && y > 10 && y < 30 ? 255 : 0)))).toBe(true);
    // An opaque render whose outermost ring is half transparent (resampling): not a cut-out.
    expect(isCutOut(raster(40, 40, (x, y) => (x === 0 || y === 0 || x === 39 || y === 39 ? 200 : 255)))).toBe(false);
    expect(isCutOut(raster(40, 40, () => 255))).toBe(false);
  });
});

describe('runTryOn', () => {
  it('cuts a garment from an opaque backdrop even when its PNG carries alpha, and covers the torso, not just the box', async () => {
    // A render with an alpha channel: opaque white backdrop, a soft (alpha 200) outermost ring.
    const rendered = await sharp(Buffer.from(garmentSvg('tops')))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = rendered.info;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) if (x === 0 || y === 0 || x === width - 1 || y === height - 1) rendered.data[(y * width + x) * 4 + 3] = 200;
    const path = join(dir, 'tops-with-alpha.png');
    await sharp(rendered.data, { raw: { width, height, channels: 4 } })
      .png()
      .toFile(path);
    const workDir = join(dir, `run-${++run}`);
    await import('node:fs/promises').then((fs) => fs.mkdir(workDir));
    const request = engineRequest('virtual-tryon', workDir, { model, garments: [{ ...(await inputFile(path)), category: 'tops' }] }, {});
    const result = await runTryOn(request);
    expect(result.metadata.garments).toMatchObject([{ cutout: 'backdrop' }]);

    const before = await sharp(model.path).removeAlpha().raw().toBuffer();
    const after = await sharp(result.outputs[0]!.path).removeAlpha().raw().toBuffer();
    let turnedWhite = 0;
    for (let i = 0; i < after.length; i += 3) {
      const white = (b: Buffer) => b[i]! > 240 && b[i + 1]! > 240 && b[i + 2]! > 240;
      if (white(after) && !white(before)) turnedWhite++;
    }
    expect(turnedWhite).toBe(0);

    // Both sides of the torso at the waist are covered by the (blue) shirt, not left as skin.
    const person = foreground(await readRaster(model.path), { largestOnly: true, holes: 'clear' });
    const body = bodyLandmarks(person.mask)!;
    const side = Math.round(body.hipWidth * 0.4);
    for (const x of [Math.round(body.centreX) - side, Math.round(body.centreX) + side]) {
      const [r, g, b] = await meanColour(result.outputs[0]!.path, { left: x - 1, top: body.waistY - 1, width: 3, height: 3 });
      expect(b, `x=${x}`).toBeGreaterThan(r + 60);
      expect(b, `x=${x}`).toBeGreaterThan(g + 30);
    }
  });

  it('puts a top on the torso, keeps the rest of the photo, and reports its stages', async () => {
    const { result, request, output } = await tryOn(['tops']);
    expect(output.mime).toBe('image/png');
    expect(output.kind).toBe('image');
    const meta = await sharp(output.path).metadata();
    expect([meta.width, meta.height]).toEqual([320, 480]);

    // The chest (x 140..180, y 120..140) turns blue; the blue of the shirt is #2255cc.
    const before = await meanColour(model.path, { left: 140, top: 120, width: 40, height: 20 });
    const after = await meanColour(output.path, { left: 140, top: 120, width: 40, height: 20 });
    expect(after[2]).toBeGreaterThan(after[0] + 60);
    expect(distance(after, [0x22, 0x55, 0xcc])).toBeLessThan(distance(before, [0x22, 0x55, 0xcc]) - 100);
    // Backdrop and lower legs are byte-identical.
    for (const box of [
      { left: 0, top: 0, width: 320, height: 20 },
      { left: 120, top: 330, width: 80, height: 100 },
    ]) {
      const a = await sharp(model.path).extract(box).raw().toBuffer();
      const b = await sharp(output.path).extract(box).raw().toBuffer();
      expect(b.equals(a)).toBe(true);
    }
    // Shading: the fold band (y 150..164) is darker than the chest above it under the shirt.
    const fold = await meanColour(output.path, { left: 140, top: 152, width: 40, height: 10 });
    expect(fold[2]).toBeLessThan(after[2] - 5);

    expect(result.metadata.engine).toBe('local');
    expect(result.metadata.garments).toEqual([expect.objectContaining({ category: 'tops', cutout: 'backdrop' })]);
    const stages = request.reports.map((r) => r.stage);
    expect(stages[0]).toBe('analyzingPose');
    expect(stages).toContain('processingGarment');
    expect(stages.at(-1)).toBe('generatingResult');
    expect(stages.indexOf('processingGarment')).toBeGreaterThan(stages.lastIndexOf('analyzingPose'));
    const percents = request.reports.map((r) => r.percent);
    expect(percents).toEqual(percents.toSorted((a, b) => a - b));
  });

  it('covers the legs with bottoms and layers outerwear over a top', async () => {
    const { output: trousers } = await tryOn(['bottoms']);
    const shin = await meanColour(trousers.path, { left: 134, top: 330, width: 10, height: 40 });
    expect(distance(shin, [0x33, 0x3a, 0x44])).toBeLessThan(40);

    // Given as tops, outerwear: the coat is drawn last, so the chest is green.
    const { result, output } = await tryOn(['outerwear', 'tops']);
    const chest = await meanColour(output.path, { left: 135, top: 130, width: 20, height: 20 });
    expect(chest[1]).toBeGreaterThan(chest[2] + 20);
    expect((result.metadata.garments as Array<{ category: string }>).map((g) => g.category)).toEqual(['tops', 'outerwear']);
  });

  it('bridges the gap between the legs under a dress', async () => {
    const { output } = await tryOn(['dresses']);
    // x 158..162 at y 300 is backdrop between the legs in the photo; the skirt covers it.
    const gap = await meanColour(output.path, { left: 158, top: 295, width: 4, height: 10 });
    expect(gap[0]).toBeGreaterThan(gap[2] + 60);
  });

  it('takes a JPEG model photo and a transparent garment, and answers JPEG', async () => {
    const jpegModel = await inputFile(await renderSvg(modelPhotoSvg(), join(dir, 'model.jpg')));
    garments.tops = await inputFile(await renderSvg(garmentSvg('tops', { transparent: true }), join(dir, 'tops-cutout.png')));
    const { result, output } = await tryOn(['tops'], jpegModel);
    garments.tops = await inputFile(join(dir, 'tops.png'));
    expect(output.mime).toBe('image/jpeg');
    expect(output.name).toBe('tryon-result.jpg');
    expect((await sharp(output.path).metadata()).format).toBe('jpeg');
    expect(result.metadata.garments).toEqual([expect.objectContaining({ cutout: 'alpha' })]);
  });

  it('fits garments onto a rendered body-generator figure', async () => {
    const workDir = join(dir, 'figure');
    await import('node:fs/promises').then((fs) => fs.mkdir(workDir));
    const figure = await runBodyGenerator(
      engineRequest(
        'body-generator',
        workDir,
        { face: null },
        { gender: 'female', height: 168, weight: 58, age: 28, skin_tone: 'medium', body_type: 'mesomorph', aspect_ratio: '1:1' },
      ),
    );
    const figureModel = await inputFile(figure.outputs[0]!.path);
    const { result } = await tryOn(['tops', 'bottoms'], figureModel);
    const landmarks = (result.metadata.person as { landmarks: { measured: unknown } }).landmarks;
    expect(landmarks.measured).toEqual({ shoulders: true, crotch: true });
  });

  it('refuses a photo with no person, and a garment with no garment', async () => {
    const blank = join(dir, 'blank.png');
    await sharp({ create: { width: 200, height: 300, channels: 3, background: '#dddddd' } })
      .png()
      .toFile(blank);
    const blankFile = await inputFile(blank);
    await expect(tryOn(['tops'], blankFile)).rejects.toMatchObject({ name: 'EngineError', code: 'personNotFound' });
    // A busy backdrop cannot be keyed out: refused rather than guessed.
    const busy = await inputFile(await renderSvg(sceneSvg(320, 480), join(dir, 'busy.png')));
    await expect(tryOn(['tops'], busy)).rejects.toMatchObject({ code: 'personNotFound' });
    garments.tops = blankFile;
    const failure = await tryOn(['tops']).catch((error: unknown) => error);
    garments.tops = await inputFile(join(dir, 'tops.png'));
    expect(failure).toBeInstanceOf(EngineError);
    expect(failure).toMatchObject({ code: 'garmentNotFound', transient: false });
  });

  it('stops when the job is cancelled', async () => {
    const workDir = join(dir, 'cancelled');
    await import('node:fs/promises').then((fs) => fs.mkdir(workDir));
    const request = engineRequest('virtual-tryon', workDir, { model, garments: [{ ...garments.tops, category: 'tops' }] }, {});
    request.report = (stage) => {
      if (stage === 'processingGarment') request.controller.abort(new Error('cancelled by test'));
    };
    await expect(runTryOn(request)).rejects.toThrow('cancelled by test');
  });
});
