import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationRequestOf } from '../../../src/contract/generations.schema.ts';
import { hexToRgb } from '../../../src/contract/colour-words.ts';
import { engineRequest, inputFile, meanColour, portraitSvg, renderSvg, tempDir } from '../../../tests/fixtures/engines/images.ts';
import { planItem } from '../../../src/contract/engine-plan-texts.ts';
import { BODY_CANVAS, figureOf, runBodyGenerator, SKIN_COLOURS } from './body-generator.ts';
import { modelRuntime } from './models/client.ts';
import { modelLabel } from './models/facts.ts';
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
afterAll(async () => {
  await modelRuntime().close();
  await cleanup();
});

const PHOTOS = join(import.meta.dirname, '../../../tests/fixtures/engines/photos');

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

  it('places a face photo levelled by its eyes and cut to its face oval, none of its backdrop', async () => {
    // A front-facing portrait turned 12° clockwise on a green backdrop that is nowhere on the figure.
    const tilted = join(dir, 'tilted-face.png');
    await sharp(join(PHOTOS, 'portrait-plain.jpg')).rotate(12, { background: '#20c040' }).toFile(tilted);
    const without = await generate({ aspect_ratio: '1:1' });
    const withFace = await generate({ aspect_ratio: '1:1' }, tilted);
    const figure = figureOf({ ...BASE, aspect_ratio: '1:1' } as Parameters<typeof figureOf>[0]);
    const { head } = figure;

    // Levelled: the photo was turned back by about its tilt, and the face found again on the result has level eyes.
    const face = withFace.result.metadata.face as { rotation_degrees: number; placed: string };
    expect(face.placed).toContain('face oval');
    expect(Math.abs(face.rotation_degrees - 12)).toBeLessThan(3);
    const box = {
      left: Math.round(head.cx - 2 * head.rx),
      top: Math.round(head.cy - 2 * head.ry),
      width: Math.round(4 * head.rx),
      height: Math.round(4 * head.ry),
    };
    const crop = await sharp(withFace.path)
      .extract(box)
      .resize({ width: box.width * 2 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const found = await modelRuntime().face({ data: new Uint8Array(crop.data), width: crop.info.width, height: crop.info.height });
    expect(found).not.toBeNull();
    const [lx, ly] = found!.leftEye;
    const [rx, ry] = found!.rightEye;
    expect(Math.abs(Math.atan2(ly - ry, lx - rx)) * (180 / Math.PI)).toBeLessThan(4);

    // The face is there: the middle of the head changed.
    const middle = { left: Math.round(head.cx) - 10, top: Math.round(head.cy) - 10, width: 20, height: 20 };
    const a = await meanColour(without.path, middle);
    const b = await meanColour(withFace.path, middle);
    expect(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])).toBeGreaterThan(10);
    // Cut to the oval: the head's box corners (where a square crop of the photo would show its
    // backdrop) are the figure's own pixels, and no green backdrop is anywhere near the head.
    for (const corner of [
      { left: Math.round(head.cx - head.rx), top: Math.round(head.cy - head.ry), width: 8, height: 8 },
      { left: Math.round(head.cx + head.rx) - 8, top: Math.round(head.cy - head.ry), width: 8, height: 8 },
      { left: Math.round(head.cx - head.rx), top: Math.round(head.cy + head.ry) - 8, width: 8, height: 8 },
      { left: Math.round(head.cx + head.rx) - 8, top: Math.round(head.cy + head.ry) - 8, width: 8, height: 8 },
    ]) {
      expect(
        (await sharp(withFace.path).extract(corner).raw().toBuffer()).equals(await sharp(without.path).extract(corner).raw().toBuffer()),
        JSON.stringify(corner),
      ).toBe(true);
    }
    const around = await sharp(withFace.path).extract(box).removeAlpha().raw().toBuffer();
    let green = 0;
    for (let i = 0; i < around.length; i += 3) if (around[i + 1]! > 150 && around[i + 1]! > around[i]! + 60 && around[i + 1]! > around[i + 2]! + 60) green++;
    expect(green).toBe(0);
    // Far from the head nothing changed.
    const feet = { left: 0, top: 900, width: 1024, height: 100 };
    expect((await sharp(withFace.path).extract(feet).raw().toBuffer()).equals(await sharp(without.path).extract(feet).raw().toBuffer())).toBe(true);

    // The face model is named in the metadata and on the plan.
    expect(withFace.result.metadata.models).toEqual([modelLabel('face')]);
    expect(withFace.result.plan?.done.map((item) => item.code)).toEqual(['figureRendered', 'faceComposited', 'modelsRan']);
  });

  it('places no face when the photo shows none, and says so on the result', async () => {
    const drawing = await renderSvg(portraitSvg(), join(dir, 'drawn-face.png'));
    const without = await generate({ aspect_ratio: '1:1' });
    const { result, path } = await generate({ aspect_ratio: '1:1' }, drawing);
    expect(await hash(path)).toBe(await hash(without.path));
    expect(result.metadata).toMatchObject({ face: 'no face found in the face photo: none placed', models: [] });
    expect(result.plan).toEqual({ done: [planItem('figureRendered')], not_done: [planItem('faceNotFound')] });
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
