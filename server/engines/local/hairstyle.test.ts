import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import { hexToRgb } from '../../../src/contract/colour-words.ts';
import { engineRequest, hairMaskSvg, inputFile, portraitSvg, renderSvg, tempDir } from '../../../tests/fixtures/engines/images.ts';
import type { InputFile } from '../types.ts';
import { brushMask, DEFAULT_HAIR_COLOUR, runHairstyle } from './hairstyle.ts';

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
afterAll(() => cleanup());

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

  it('keeps a JPEG photo JPEG', async () => {
    const jpeg = await inputFile(await renderSvg(portraitSvg(), join(dir, 'portrait.jpg')));
    const { result } = await change({ style: 'pixie', color: '#111111' }, { image: jpeg });
    expect(result.outputs[0]).toMatchObject({ mime: 'image/jpeg', name: 'hairstyle-result.jpg' });
  });
});
