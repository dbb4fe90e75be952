import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import { engineRequest, garmentSvg, inputFile, laplacianSpread as detail, renderSvg, sceneSvg, tempDir } from '../../../tests/fixtures/engines/images.ts';
import type { InputFile } from '../types.ts';
import { MAX_OUTPUT_PIXELS, runUpscaleImage, upscaleSize } from './upscaler-image.ts';

type Params = GenerationRequestOf<'upscaler-image'>['params'];
const BASE: Params = {
  model: 'standard-v2',
  factor: 2,
  output_format: 'jpeg',
  subject_detection: 'all',
  face_enhancement: false,
  face_enhancement_strength: 0.8,
  face_enhancement_creativity: 0,
  crop_to_fill: false,
};

let dir: string;
let cleanup: () => Promise<void>;
let scene: InputFile;
let product: InputFile;
let run = 0;

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('upscale-image'));
  scene = await inputFile(await renderSvg(sceneSvg(160, 120), join(dir, 'scene.png')));
  product = await inputFile(await renderSvg(garmentSvg('tops'), join(dir, 'product.png')));
});
afterAll(() => cleanup());

async function upscale(params: Partial<Params>, image = scene) {
  const workDir = join(dir, `run-${++run}`);
  await mkdir(workDir);
  const request = engineRequest('upscaler-image', workDir, { image }, { ...BASE, ...params });
  const result = await runUpscaleImage(request);
  return { result, request, output: result.outputs[0]!, path: result.outputs[0]!.path };
}

describe('upscaleSize', () => {
  it('is factor × the input, capped at 64 MP and, for WebP, 16383 px a side', () => {
    expect(upscaleSize(1000, 500, 4, 'jpeg')).toEqual({ width: 4000, height: 2000, factor: 4 });
    const capped = upscaleSize(6000, 4000, 2, 'png');
    expect(capped.width * capped.height).toBeLessThanOrEqual(MAX_OUTPUT_PIXELS);
    expect(capped.factor).toBeLessThan(2);
    expect(upscaleSize(5000, 1000, 4, 'webp').width).toBeLessThanOrEqual(16_383);
  });
});

describe('runUpscaleImage', () => {
  it('resamples by the factor and sharpens beyond a plain resize', async () => {
    const { output, path, result, request } = await upscale({ factor: 3 });
    const meta = await sharp(path).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([480, 360, 'jpeg']);
    expect(output).toMatchObject({ kind: 'upscaled', mime: 'image/jpeg', name: 'upscaled-3x.jpg' });
    expect(output.warnings).toBeUndefined();
    const plain = await sharp(scene.path).resize(480, 360, { kernel: 'lanczos3' }).png().toBuffer();
    expect(await detail(path)).toBeGreaterThan((await detail(plain)) * 1.1);
    expect(result.metadata).toMatchObject({ engine: 'local', model: 'standard-v2', factor: 3, effective_factor: 3, width: 480, height: 360 });
    expect(JSON.stringify(result.metadata.notes)).toContain('crop_to_fill');
    expect(request.reports.map((r) => r.stage)).toEqual(['analyzingComposition', 'generatingResult', 'generatingResult', 'generatingResult']);
  });

  it('writes PNG (keeping transparency) and WebP', async () => {
    const cutout = await inputFile(await renderSvg(garmentSvg('dresses', { transparent: true }), join(dir, 'cutout.png')));
    const { path, output } = await upscale({ output_format: 'png' }, cutout);
    expect(output.mime).toBe('image/png');
    const meta = await sharp(path).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([480, 500, true]);
    const webp = await upscale({ output_format: 'webp', factor: 4 });
    expect(webp.output).toMatchObject({ mime: 'image/webp', name: 'upscaled-4x.webp' });
    expect((await sharp(webp.path).metadata()).width).toBe(640);
  });

  it('flags outputs above 4K UHD', async () => {
    // 3600×2400 = 8.64 MP, above 3840×2160 = 8.29 MP.
    const large = await inputFile(await renderSvg(sceneSvg(1200, 800), join(dir, 'large.png')));
    const { output, result } = await upscale({ factor: 3 }, large);
    expect(output.warnings).toEqual(['over4k']);
    expect(result.metadata).toMatchObject({ width: 3600, height: 2400 });
  });

  it('sharpens only the foreground, or only the background, of a plain-backdrop photo', async () => {
    const shirt = { left: 160, top: 200, width: 80, height: 200 };
    // Below the shirt's hem (y 460 once upscaled).
    const backdrop = { left: 0, top: 470, width: 480, height: 30 };
    const plain = await sharp(product.path).resize(480, 500, { kernel: 'lanczos3' }).png().toBuffer();
    const fore = await upscale({ subject_detection: 'foreground', output_format: 'png' }, product);
    expect(fore.result.metadata.applied).toContain('sharpening limited to the foreground (plain-backdrop mask)');
    // The seam inside the shirt got sharper; the empty backdrop is exactly the plain resample.
    expect(await detail(fore.path, shirt)).toBeGreaterThan((await detail(plain, shirt)) * 1.1);
    const plainBackdrop = await sharp(plain).extract(backdrop).removeAlpha().raw().toBuffer();
    expect((await sharp(fore.path).extract(backdrop).removeAlpha().raw().toBuffer()).equals(plainBackdrop)).toBe(true);

    const back = await upscale({ subject_detection: 'background', output_format: 'png' }, product);
    expect(await detail(back.path, shirt)).toBeCloseTo(await detail(plain, shirt), 0);
  });

  it('says when subject detection finds no plain backdrop', async () => {
    const { result } = await upscale({ subject_detection: 'foreground' });
    expect(JSON.stringify(result.metadata.notes)).toContain('no plain backdrop found');
  });

  it('enhances the upper-centre region for faces, recording what it could not do', async () => {
    const without = await upscale({ output_format: 'png' });
    const withFace = await upscale({ output_format: 'png', face_enhancement: true, face_enhancement_strength: 1, face_enhancement_creativity: 0.5 });
    const centre = { left: 140, top: 50, width: 40, height: 40 };
    const corner = { left: 0, top: 200, width: 60, height: 40 };
    expect(await detail(withFace.path, centre)).toBeGreaterThan(await detail(without.path, centre));
    expect((await sharp(withFace.path).extract(corner).raw().toBuffer()).equals(await sharp(without.path).extract(corner).raw().toBuffer())).toBe(true);
    const notes = JSON.stringify(withFace.result.metadata.notes);
    expect(notes).toContain('no face detection');
    expect(notes).toContain('creativity');
  });
});
