import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import { hexToRgb } from '../../../src/contract/colour-words.ts';
import { engineRequest, hairMaskSvg, inputFile, portraitSvg, renderSvg, tempDir } from '../../../tests/fixtures/engines/images.ts';
import type { InputFile } from '../types.ts';
import { planItem } from '../../../src/contract/engine-plan-texts.ts';
import { brushMask, DEFAULT_HAIR_COLOUR, runHairstyle } from './hairstyle.ts';
import { modelRuntime } from './models/client.ts';
import { modelLabel } from './models/facts.ts';

type Params = GenerationRequestOf<'hairstyle-changer'>['params'];

let dir: string;
let cleanup: () => Promise<void>;
let photo: InputFile;
let mask: InputFile;
let alphaMask: InputFile;
let run = 0;

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('hair'));
  photo = await inputFile(await renderSvg(portraitSvg(), join(dir, 'portrait.png')));
  mask = await inputFile(await renderSvg(hairMaskSvg(), join(dir, 'mask.png')));
  alphaMask = await inputFile(await renderSvg(hairMaskSvg({ alpha: true }), join(dir, 'mask-alpha.png')));
});
afterAll(async () => {
  await modelRuntime().close();
  await cleanup();
});

const PHOTOS = join(import.meta.dirname, '../../../tests/fixtures/engines/photos');

async function change(params: Params, options: { mask?: InputFile | null; image?: InputFile } = {}) {
  const workDir = join(dir, `run-${++run}`);
  await mkdir(workDir);
  const request = engineRequest(
    'hairstyle-changer',
    workDir,
    { image: options.image ?? photo, mask: options.mask === undefined ? mask : options.mask, reference: null },
    params,
  );
  const result = await runHairstyle(request);
  return { result, request, path: result.outputs[0]!.path };
}

/** Hue (degrees) and the pixels of a region. */
function hue([r, g, b]: number[]): number {
  const max = Math.max(r!, g!, b!);
  const min = Math.min(r!, g!, b!);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g! - b!) / d) % 6 : max === g ? (b! - r!) / d + 2 : (r! - g!) / d + 4;
  return (h * 60 + 360) % 360;
}

// The hair's top inside the painted area, away from its feathered edge (photo px).
const HAIR = { left: 130, top: 50, width: 60, height: 25 };

async function region(path: string, box = HAIR) {
  const { data } = await sharp(path).extract(box).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels: number[][] = [];
  for (let i = 0; i < data.length; i += 3) pixels.push([data[i]!, data[i + 1]!, data[i + 2]!]);
  const mean = [0, 1, 2].map((c) => pixels.reduce((sum, p) => sum + p[c]!, 0) / pixels.length);
  const luma = pixels.map((p) => 0.299 * p[0]! + 0.587 * p[1]! + 0.114 * p[2]!);
  const lumaMean = luma.reduce((a, b) => a + b, 0) / luma.length;
  const lumaSpread = Math.sqrt(luma.reduce((a, b) => a + (b - lumaMean) ** 2, 0) / luma.length);
  return { mean, lumaSpread };
}

/** One pixel's RGB. */
const pixel = async (file: string, x: number, y: number) => [
  ...(await sharp(file).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer()),
];

describe('runHairstyle', () => {
  it('recolours the hair inside the mask toward the colour, keeping its texture', async () => {
    const target = '#2f5d9c';
    const { result, path, request } = await change({ style: 'pixie', color: target });
    const meta = await sharp(path).metadata();
    expect([meta.width, meta.height]).toEqual([320, 400]);
    expect(result.outputs[0]).toMatchObject({ mime: 'image/png', kind: 'image' });

    const before = await region(photo.path);
    const after = await region(path);
    const targetHue = hue(hexToRgb(target));
    const hueGap = (rgb: number[]) => Math.min(Math.abs(hue(rgb) - targetHue), 360 - Math.abs(hue(rgb) - targetHue));
    expect(hueGap(after.mean)).toBeLessThan(15);
    expect(hueGap(before.mean)).toBeGreaterThan(90);
    // Strands stay visible: the luminance still varies across the hair.
    expect(after.lumaSpread).toBeGreaterThan(before.lumaSpread * 0.5);

    expect(result.metadata).toMatchObject({ engine: 'local', style: 'pixie', colour: { hex: target, source: 'chosen' }, mask: { kind: 'luminance' } });
    expect(JSON.stringify(result.metadata.notes)).toContain('not changed');
    expect(request.reports[0]!.stage).toBe('analyzingComposition');
    expect(request.reports.at(-1)).toEqual({ stage: 'generatingResult', percent: 100 });
  });

  it('leaves everything outside the mask byte-identical', async () => {
    const { path } = await change({ style: 'modern-bob', color: '#c9a25a' });
    // The face, the shoulders and the hair's lower part are outside the painted area.
    for (const box of [
      { left: 140, top: 150, width: 40, height: 50 },
      { left: 0, top: 280, width: 320, height: 120 },
      { left: 0, top: 0, width: 320, height: 20 },
    ]) {
      expect((await sharp(path).extract(box).raw().toBuffer()).equals(await sharp(photo.path).extract(box).raw().toBuffer())).toBe(true);
    }
  });

  it('accepts strokes on a transparent canvas, and resizes masks of any size', async () => {
    const { result, path } = await change({ style: 'pixie', color: '#9c2f1f' }, { mask: alphaMask });
    expect(result.metadata).toMatchObject({ mask: { kind: 'alpha' } });
    const after = await region(path);
    expect(after.mean[0]).toBeGreaterThan(after.mean[2]! + 40);
    const feathered = await brushMask(mask.path, 320, 400);
    expect([feathered.mask.width, feathered.mask.height]).toEqual([320, 400]);
    expect(feathered.coverage).toBeGreaterThan(0.05);
  });

  it('takes the colour from the prompt, else a default', async () => {
    const blonde = await change({ style: 'pixie', prompt: 'nhuộm tóc vàng' });
    expect(blonde.result.metadata).toMatchObject({ colour: { source: 'prompt (blonde)' } });
    const plain = await change({ style: 'pixie' });
    expect(plain.result.metadata).toMatchObject({ colour: { hex: DEFAULT_HAIR_COLOUR, source: 'default (no colour chosen)' } });
  });

  it('needs a painted mask', async () => {
    await expect(change({ style: 'pixie', color: '#000000' }, { mask: null })).rejects.toMatchObject({ name: 'EngineError', code: 'maskRequired' });
    const empty = join(dir, 'empty-mask.png');
    await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
      .png()
      .toFile(empty);
    await expect(change({ style: 'pixie', color: '#000000' }, { mask: await inputFile(empty) })).rejects.toMatchObject({ code: 'maskRequired' });
  });

  it('on a real portrait, recolours only the hair a loose stroke covers: the wall and the face under it stay as they were', async () => {
    // portrait-plain.jpg (560×564): short dark hair on top, a pale wall behind. One loose band
    // brushed across the top of the photo: wall, hair and the top of the forehead.
    // As a PNG, so the result is lossless and an unchanged pixel is byte-equal.
    const portrait = await inputFile(
      await sharp(join(PHOTOS, 'portrait-plain.jpg'))
        .png()
        .toFile(join(dir, 'portrait-plain.png'))
        .then(() => join(dir, 'portrait-plain.png')),
    );
    const band = join(dir, 'band.png');
    await sharp({ create: { width: 560, height: 564, channels: 3, background: '#000' } })
      .composite([
        {
          input: await sharp({ create: { width: 560, height: 150, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toFile(band);
    const { result, path } = await change({ style: 'pixie', color: '#2f5d9c' }, { image: portrait, mask: await inputFile(band) });
    // The wall inside the band, left and right of the head: unchanged.
    for (const [x, y] of [
      [20, 60],
      [530, 40],
      [60, 120],
    ] as const) {
      expect(await pixel(path, x, y), `wall at ${x},${y}`).toEqual(await pixel(portrait.path, x, y));
    }
    // The middle of the forehead, brushed but skin: unchanged.
    expect(await pixel(path, 280, 120)).toEqual(await pixel(portrait.path, 280, 120));
    // The hair on top: blue now.
    const [r, g, b] = await pixel(path, 280, 20);
    expect(b).toBeGreaterThan(r! + 15);
    expect(b).toBeGreaterThan(g!);
    expect(result.metadata).toMatchObject({ hair_mask: 'found (face landmarks and a person mask)', models: [modelLabel('face'), modelLabel('person')] });
    expect(result.plan?.done.map((item) => item.code)).toEqual(['hairRecoloured', 'modelsRan']);
    expect(result.plan?.not_done.map((item) => item.code)).toEqual(['hairstyleShape']);
  });

  it('refuses a stroke that covers no hair at all (nothing would change)', async () => {
    const portrait = await inputFile(join(PHOTOS, 'portrait-plain.jpg'));
    const wall = join(dir, 'wall-stroke.png');
    await sharp({ create: { width: 560, height: 564, channels: 3, background: '#000' } })
      .composite([
        {
          input: await sharp({ create: { width: 80, height: 200, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
          left: 0,
          top: 100,
        },
      ])
      .png()
      .toFile(wall);
    await expect(change({ style: 'pixie', color: '#2f5d9c' }, { image: portrait, mask: await inputFile(wall) })).rejects.toMatchObject({
      code: 'maskRequired',
    });
  });

  it('without a face in the photo, recolours the whole brushed area and says so on the result', async () => {
    // The drawn portrait is no face to the model.
    const { result } = await change({ style: 'pixie', color: '#2f5d9c' });
    expect(result.metadata).toMatchObject({ hair_mask: 'no face found: the brush mask alone', models: [] });
    expect(result.plan).toEqual({
      done: [planItem('hairRecoloured', { colour: '#2f5d9c' })],
      not_done: [planItem('hairstyleShape'), planItem('hairNotFound')],
    });
  });

  it('keeps a JPEG photo JPEG', async () => {
    const jpeg = await inputFile(await renderSvg(portraitSvg(), join(dir, 'portrait.jpg')));
    const { result } = await change({ style: 'pixie', color: '#111111' }, { image: jpeg });
    expect(result.outputs[0]).toMatchObject({ mime: 'image/jpeg', name: 'hairstyle-result.jpg' });
  });
});
