import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATION_MESSAGES } from '../../../src/contract/generation-messages.ts';
import { understoodEdits } from '../../../src/contract/edit-vocabulary.ts';
import {
  engineRequest,
  garmentSvg,
  inputFile,
  laplacianSpread as edges,
  meanColour,
  renderSvg,
  sceneSvg,
  tempDir,
} from '../../../tests/fixtures/engines/images.ts';
import type { InputFile } from '../types.ts';
import { runImageEditing } from './image-editing.ts';
import { modelRuntime } from './models/client.ts';

let dir: string;
let cleanup: () => Promise<void>;
let scene: InputFile;
let sceneJpeg: InputFile;
let product: InputFile;
let run = 0;

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('editing'));
  scene = await inputFile(await renderSvg(sceneSvg(240, 160), join(dir, 'scene.png')));
  sceneJpeg = await inputFile(await renderSvg(sceneSvg(160, 240), join(dir, 'scene.jpg')));
  product = await inputFile(await renderSvg(garmentSvg('tops'), join(dir, 'product.jpg')));
  await sharp(scene.path).blur(1.2).toFile(join(dir, 'soft.png'));
});
// "Xóa nền" asks the body and face models whether the photo shows a person.
afterAll(async () => {
  await modelRuntime().close();
  await cleanup();
});

async function edit(images: InputFile[], prompt: string) {
  const workDir = join(dir, `run-${++run}`);
  await mkdir(workDir);
  const request = engineRequest('image-editing', workDir, { images }, { prompt });
  return { result: await runImageEditing(request), request };
}

/** Mean and channel statistics of a whole image. */
async function stats(path: string) {
  const { channels, isOpaque } = await sharp(path).stats();
  return { channels, isOpaque };
}
const mean = (s: Awaited<ReturnType<typeof stats>>) => (s.channels[0]!.mean + s.channels[1]!.mean + s.channels[2]!.mean) / 3;
/** Mean spread of a pixel's channels around their grey: 0 for a grey image. */
async function colourfulness(path: string): Promise<number> {
  const { data, info } = await sharp(path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let i = 0; i < data.length; i += info.channels) sum += Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!);
  return sum / (data.length / info.channels);
}

/** Spread of the green channel: the contrast. */
const spread = async (path: string) => (await stats(path)).channels[1]!.stdev;

describe('runImageEditing', () => {
  it('brightens, and darkens', async () => {
    const before = mean(await stats(scene.path));
    const brighter = await edit([scene], 'tăng độ sáng');
    const darker = await edit([scene], 'darker');
    expect(mean(await stats(brighter.result.outputs[0]!.path))).toBeGreaterThan(before + 10);
    expect(mean(await stats(darker.result.outputs[0]!.path))).toBeLessThan(before - 10);
    expect(brighter.result.metadata).toMatchObject({ engine: 'local', language: 'vi', edits: ['brightness +20%'], grid: false });
    expect(brighter.result.outputs[0]).toMatchObject({ mime: 'image/png', kind: 'image', name: 'edited.png' });
  });

  it('changes contrast, saturation and warmth measurably', async () => {
    const contrast = await edit([scene], 'more contrast');
    expect(await spread(contrast.result.outputs[0]!.path)).toBeGreaterThan((await spread(scene.path)) * 1.15);
    const vivid = await edit([scene], 'rực rỡ');
    expect(await colourfulness(vivid.result.outputs[0]!.path)).toBeGreaterThan((await colourfulness(scene.path)) * 1.15);
    const warm = await edit([scene], 'ấm hơn');
    const [r0, , b0] = await meanColour(scene.path, { left: 0, top: 0, width: 240, height: 160 });
    const [r1, , b1] = await meanColour(warm.result.outputs[0]!.path, { left: 0, top: 0, width: 240, height: 160 });
    expect(r1 - b1).toBeGreaterThan(r0 - b0 + 10);
  });

  it('turns black and white, or sepia', async () => {
    const grey = await edit([scene], 'đen trắng');
    expect(await colourfulness(grey.result.outputs[0]!.path)).toBeLessThan(1);
    const sepia = await edit([scene], 'sepia');
    const [r, g, b] = await meanColour(sepia.result.outputs[0]!.path, { left: 0, top: 0, width: 240, height: 160 });
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
  });

  it('applies several edits in order: crop, rotate, resize, flip', async () => {
    const { result } = await edit([scene], 'cắt 1:1, xoay 90 rồi rộng 100');
    const meta = await sharp(result.outputs[0]!.path).metadata();
    expect([meta.width, meta.height]).toEqual([100, 100]);
    expect(result.metadata.edits).toEqual(['crop 1:1', 'rotate 90° clockwise', 'resize width 100 px']);

    const rotated = await edit([scene], 'rotate 90');
    const size = await sharp(rotated.result.outputs[0]!.path).metadata();
    expect([size.width, size.height]).toEqual([160, 240]);

    // Flipping twice gives the original back, once does not.
    const original = await sharp(scene.path).raw().toBuffer();
    const once = await edit([scene], 'lật ngang');
    expect((await sharp(once.result.outputs[0]!.path).raw().toBuffer()).equals(original)).toBe(false);
    const twice = await edit([scene], 'lật ngang và lật ngang');
    expect((await sharp(twice.result.outputs[0]!.path).raw().toBuffer()).equals(original)).toBe(true);
  });

  it('sharpens and blurs', async () => {
    // A photo-like soft input (the SVG scene's edges are already as crisp as can be).
    const soft = await inputFile(join(dir, 'soft.png'));
    const base = await edges(soft.path);
    expect(await edges((await edit([soft], 'làm nét')).result.outputs[0]!.path)).toBeGreaterThan(base * 1.25);
    expect(await edges((await edit([soft], 'blur')).result.outputs[0]!.path)).toBeLessThan(base * 0.75);
  });

  it('removes a plain background into a transparent PNG, even from a JPEG', async () => {
    const { result } = await edit([product], 'xóa nền');
    const output = result.outputs[0]!;
    expect(output).toMatchObject({ mime: 'image/png', name: 'edited.png' });
    const { data, info } = await sharp(output.path).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alpha(2, 2)).toBe(0);
    expect(alpha(120, 150)).toBe(255);
  });

  it('keeps JPEG as JPEG, and edits each of several images', async () => {
    const { result } = await edit([scene, sceneJpeg, scene], 'brighter');
    expect(result.outputs.map((o) => o.name)).toEqual(['edited-1.png', 'edited-2.jpg', 'edited-3.png']);
    expect(result.outputs.map((o) => o.metadata?.source_asset_id)).toEqual([scene.assetId, sceneJpeg.assetId, scene.assetId]);
    expect((await sharp(result.outputs[1]!.path).metadata()).format).toBe('jpeg');
  });

  it('composes several images into one grid when asked', async () => {
    const { result } = await edit([scene, sceneJpeg, scene, sceneJpeg, scene], 'ghép lưới, đen trắng');
    expect(result.outputs).toHaveLength(1);
    expect(result.outputs[0]).toMatchObject({ mime: 'image/jpeg', name: 'edited-grid.jpg' });
    const meta = await sharp(result.outputs[0]!.path).metadata();
    // 5 images: 3 columns × 2 rows, cells at the mean aspect ratio (1.11), the grid 2048 px wide
    // (less the rounding of the cells).
    expect(meta.width).toBeGreaterThan(2040);
    expect(meta.width).toBeLessThanOrEqual(2048);
    expect(meta.height).toBeGreaterThan(1000);
    expect(meta.height).toBeLessThan(1400);
    expect(await colourfulness(result.outputs[0]!.path)).toBeLessThan(1);
    expect(result.metadata).toMatchObject({ grid: true, edits: ['black and white'] });
  });

  it('refuses an instruction it does not understand, listing what it does in the same language', async () => {
    const english = await edit([scene], 'add a hat').catch((error: unknown) => error);
    expect(english).toMatchObject({
      name: 'EngineError',
      code: 'unknownEdit',
      message: GENERATION_MESSAGES.unknownEdit.replace('{edits}', understoodEdits('en')),
    });
    const vietnamese = await edit([scene], 'thêm một cái mũ').catch((error: unknown) => error);
    expect(vietnamese).toMatchObject({ code: 'unknownEdit' });
    expect((vietnamese as Error).message).toContain('xóa nền');
  });

  it('skips the parts it does not understand and says so', async () => {
    const { result } = await edit([scene], 'brighter, add a hat');
    expect(result.metadata).toMatchObject({ edits: ['brightness +20%'], ignored: ['add a hat'] });
  });
});
