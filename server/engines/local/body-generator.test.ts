import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import { hexToRgb } from '../../../src/contract/colour-words.ts';
import { engineRequest, inputFile, meanColour, portraitSvg, renderSvg, tempDir } from '../../../tests/fixtures/engines/images.ts';
import { BODY_CANVAS, runBodyGenerator, SKIN_COLOURS } from './body-generator.ts';
import { foreground, readRaster } from './pixels.ts';
import { bodyLandmarks } from '../../../tests/fixtures/engines/silhouette.ts';

type Params = GenerationRequestOf<'body-generator'>['params'];
const BASE: Params = { gender: 'female', height: 165, weight: 55, age: 28, skin_tone: 'light', body_type: 'mesomorph', aspect_ratio: '2:3' };

let dir: string;
let cleanup: () => Promise<void>;
let run = 0;
beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('body'));
});
afterAll(() => cleanup());

async function generate(params: Partial<Params>, face: string | null = null) {
  const workDir = join(dir, `run-${++run}`);
  await mkdir(workDir);
  const request = engineRequest('body-generator', workDir, { face: face ? await inputFile(face) : null }, { ...BASE, ...params });
  const result = await runBodyGenerator(request);
  return { result, request, path: result.outputs[0]!.path };
}

const hash = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

/** The figure's silhouette measured back from the picture. */
async function measure(path: string) {
  const raster = await readRaster(path);
  const person = foreground(raster, { largestOnly: true, holes: 'clear' });
  const body = bodyLandmarks(person.mask)!;
  return { box: person.box!, body, area: person.coverage * raster.width * raster.height };
}

describe('runBodyGenerator', () => {
  it('renders a PNG of the aspect ratio’s size', async () => {
    for (const aspect of ['2:3', '16:9', '1:1'] as const) {
      const { result, path } = await generate({ aspect_ratio: aspect });
      const meta = await sharp(path).metadata();
      expect([meta.width, meta.height]).toEqual([BODY_CANVAS[aspect].width, BODY_CANVAS[aspect].height]);
      expect(meta.format).toBe('png');
      expect(result.outputs[0]).toMatchObject({ mime: 'image/png', kind: 'image', roles: ['model', 'image'] });
      expect(result.metadata).toMatchObject({ engine: 'local', size: BODY_CANVAS[aspect] });
    }
    expect(BODY_CANVAS['2:3']).toEqual({ width: 1024, height: 1536 });
  });

  it('gives the same bytes for the same parameters, different ones otherwise', async () => {
    const first = await hash((await generate({})).path);
    expect(await hash((await generate({})).path)).toBe(first);
    expect(await hash((await generate({ weight: 56 })).path)).not.toBe(first);
  });

  it('follows height, weight and body type in the drawn proportions', async () => {
    const short = await measure((await generate({ height: 150 })).path);
    const tall = await measure((await generate({ height: 195 })).path);
    expect(tall.box.height).toBeGreaterThan(short.box.height * 1.1);

    const slim = await measure((await generate({ weight: 48, body_type: 'ectomorph' })).path);
    const full = await measure((await generate({ weight: 90, body_type: 'endomorph' })).path);
    expect(full.body.hipWidth).toBeGreaterThan(slim.body.hipWidth * 1.2);
    expect(full.area).toBeGreaterThan(slim.area * 1.3);

    // Men: shoulders wider than hips; women: hips about as wide as the shoulders or wider.
    const { result: male } = await generate({ gender: 'male', weight: 70 });
    const { result: female } = await generate({ gender: 'female', weight: 55 });
    const widths = (r: typeof male) => (r.metadata.figure as { widths_px: { shoulder: number; hip: number } }).widths_px;
    expect(widths(male).shoulder / widths(male).hip).toBeGreaterThan(widths(female).shoulder / widths(female).hip);
  });

  it('paints the skin tone', async () => {
    for (const tone of ['fair', 'dark'] as const) {
      const { path } = await generate({ skin_tone: tone, aspect_ratio: '1:1' });
      const { body } = await measure(path);
      // Middle of the upper chest, above the top.
      const skin = await meanColour(path, { left: Math.round(body.centreX) - 4, top: body.shoulderY + 6, width: 8, height: 4 });
      const target = hexToRgb(SKIN_COLOURS[tone]);
      expect(Math.hypot(skin[0] - target[0], skin[1] - target[1], skin[2] - target[2])).toBeLessThan(30);
    }
  });

  it('composites a face photo onto the head', async () => {
    const face = await renderSvg(portraitSvg(), join(dir, 'face.png'));
    const without = await generate({ aspect_ratio: '1:1' });
    const withFace = await generate({ aspect_ratio: '1:1' }, face);
    const { body } = await measure(without.path);
    const head = { left: Math.round(body.centreX) - 10, top: body.top + 25, width: 20, height: 20 };
    const a = await meanColour(without.path, head);
    const b = await meanColour(withFace.path, head);
    expect(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])).toBeGreaterThan(10);
    // Far from the head nothing changed.
    const feet = { left: 0, top: 900, width: 1024, height: 100 };
    expect((await sharp(withFace.path).extract(feet).raw().toBuffer()).equals(await sharp(without.path).extract(feet).raw().toBuffer())).toBe(true);
    expect(withFace.result.metadata.face).toContain('composited');
  });

  it('reads an outfit colour and hair length from the style hints, and records the rest', async () => {
    const { result, path } = await generate({ style_hints: ['áo màu đỏ', 'tóc ngắn'], prompt: 'studio light', aspect_ratio: '1:1' });
    expect(result.metadata.hints_applied).toEqual(['outfit colour: red', 'hair: short']);
    const { body } = await measure(path);
    // The top covers the chest just below the armpits.
    const top = await meanColour(path, { left: Math.round(body.centreX) - 10, top: Math.round(body.shoulderY + 0.1 * body.height), width: 20, height: 6 });
    expect(top[0]).toBeGreaterThan(top[1] + 50);
  });

  it('refuses missing parameters', async () => {
    await expect(generate({ weight: null })).rejects.toMatchObject({ code: 'bodyParametersRequired' });
  });
});
