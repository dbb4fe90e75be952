/**
 * The pose-fitted try-on on the committed photo fixtures (a drawn figure is not a body to the
 * pose model): where each garment lands is checked against the joints the pose model reports for
 * the same photo, and what it looks like against the garment's own colour.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garmentPhotoSvg, GARMENT_CATEGORY, GARMENT_COLOUR, type GarmentKind } from '../../../tests/fixtures/engines/garments.ts';
import { engineRequest, inputFile, meanColour, renderSvg, tempDir } from '../../../tests/fixtures/engines/images.ts';
import { EngineError, type InputFile } from '../types.ts';
import { modelRuntime } from './models/client.ts';
import type { Keypoint, Pose } from './models/types.ts';
import { isCutOut } from './pixels.ts';
import { runTryOn } from './tryon.ts';

const PHOTOS = join(import.meta.dirname, '../../../tests/fixtures/engines/photos');
const models = modelRuntime();

let dir: string;
let cleanup: () => Promise<void>;
let model: InputFile;
let avatar: InputFile;
/** The joints the pose model finds on the model photo: what the fit must follow. */
let pose: Pose;
const garments = {} as Record<GarmentKind, InputFile>;
let run = 0;

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('tryon'));
  model = await inputFile(join(PHOTOS, 'full-body-model.jpg'));
  avatar = await inputFile(join(PHOTOS, 'full-body-avatar.jpg'));
  for (const kind of Object.keys(GARMENT_CATEGORY) as GarmentKind[]) {
    garments[kind] = await inputFile(await renderSvg(garmentPhotoSvg(kind), join(dir, `${kind}.png`)));
  }
  const { data, info } = await sharp(model.path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  pose = (await models.pose({ data: new Uint8Array(data), width: info.width, height: info.height }))!;
});
afterAll(async () => {
  await models.close();
  await cleanup();
});

async function tryOn(kinds: Array<GarmentKind | (InputFile & { category: (typeof GARMENT_CATEGORY)[GarmentKind] })>, modelFile = model, params = {}) {
  const workDir = join(dir, `run-${++run}`);
  await mkdir(workDir);
  const list = kinds.map((kind) => (typeof kind === 'string' ? { ...garments[kind], category: GARMENT_CATEGORY[kind] } : kind));
  const request = engineRequest('virtual-tryon', workDir, { model: modelFile, garments: list }, params);
  const result = await runTryOn(request);
  return { result, request, output: result.outputs[0]! };
}

/** Mean colour of the 5×5 box around a point. */
const colourAt = (path: string, p: { x: number; y: number }) => meanColour(path, { left: Math.round(p.x) - 2, top: Math.round(p.y) - 2, width: 5, height: 5 });
const mix = (a: Keypoint, b: Keypoint, t: number) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
/** The garment's colour, allowing for the body's light (shading is limited to −28%…+15%) and the fabric's drawn shading. */
const isGarment = (colour: readonly number[], kind: GarmentKind) => distance(colour, GARMENT_COLOUR[kind]) < 70;

describe('runTryOn on a full-body photo', () => {
  it("places a top's collar between the detected shoulders and its hem about the hips, opaque over the model's own dress", async () => {
    const { result, request, output } = await tryOn(['tshirt']);
    const k = pose.keypoints;
    const torso = (k.leftHip.y + k.rightHip.y) / 2 - (k.leftShoulder.y + k.rightShoulder.y) / 2;
    const shoulderY = (k.leftShoulder.y + k.rightShoulder.y) / 2;
    const hipY = (k.leftHip.y + k.rightHip.y) / 2;
    const [placed] = result.metadata.garments as Array<{ top: { x: number; y: number }; hem: { x: number; y: number }; posed: string[] }>;
    // The collar: between the shoulder joints, at the neck just above their line.
    expect(placed!.top.x).toBeGreaterThan(k.rightShoulder.x);
    expect(placed!.top.x).toBeLessThan(k.leftShoulder.x);
    expect(placed!.top.y).toBeGreaterThan(shoulderY - 0.2 * torso);
    expect(placed!.top.y).toBeLessThan(shoulderY);
    // The hem: about the hips (just below the hip joints), well above the knees.
    expect(placed!.hem.y).toBeGreaterThan(hipY - 0.1 * torso);
    expect(placed!.hem.y).toBeLessThan(hipY + 0.3 * torso);
    expect(placed!.posed).toEqual(['left sleeve', 'right sleeve']);

    // In the pixels: the garment's top edge on the centre line near the shoulder line, its
    // lowest row there about the hips.
    const column = await sharp(output.path)
      .extract({ left: Math.round(placed!.top.x), top: 0, width: 1, height: model.height })
      .removeAlpha()
      .raw()
      .toBuffer();
    const blueRows = [...Array(model.height).keys()].filter((y) => isGarment([column[y * 3]!, column[y * 3 + 1]!, column[y * 3 + 2]!], 'tshirt'));
    expect(blueRows[0]!).toBeGreaterThan(shoulderY - 0.25 * torso);
    expect(blueRows[0]!).toBeLessThan(shoulderY);
    expect(blueRows.at(-1)!).toBeGreaterThan(hipY - 0.1 * torso);
    expect(blueRows.at(-1)!).toBeLessThan(hipY + 0.3 * torso);

    // Opaque: the middle of the torso is the shirt's blue, not blended with the white dress under it.
    const centre = await colourAt(output.path, mix(mix(k.leftShoulder, k.rightShoulder, 0.5) as Keypoint, mix(k.leftHip, k.rightHip, 0.5) as Keypoint, 0.5));
    expect(isGarment(centre, 'tshirt'), `centre ${centre.map(Math.round).join(',')}`).toBe(true);
    expect(centre[0]).toBeLessThan(80);
    // The sleeves follow the arms: the top of each upper arm is blue, the forearm keeps its skin.
    for (const [shoulder, elbow, wrist] of [
      [k.leftShoulder, k.leftElbow, k.leftWrist],
      [k.rightShoulder, k.rightElbow, k.rightWrist],
    ] as const) {
      expect(isGarment(await colourAt(output.path, mix(shoulder, elbow, 0.3)), 'tshirt')).toBe(true);
      expect(isGarment(await colourAt(output.path, mix(elbow, wrist, 0.5)), 'tshirt')).toBe(false);
    }
    // Away from the body nothing changes (beyond JPEG's rounding).
    const corner = { left: 10, top: 10, width: 60, height: 60 };
    expect(distance(await meanColour(output.path, corner), await meanColour(model.path, corner))).toBeLessThan(3);

    expect(output).toMatchObject({ mime: 'image/jpeg', kind: 'image', name: 'tryon-result.jpg' });
    expect(result.metadata.models).toEqual([expect.stringContaining('MoveNet'), expect.stringContaining('Selfie')]);
    expect(result.plan?.done.map((item) => item.code)).toEqual(['garmentsPlaced', 'modelsRan']);
    expect(result.plan?.not_done).toEqual([]);
    const stages = request.reports.map((r) => r.stage);
    expect(stages[0]).toBe('analyzingPose');
    expect(stages.indexOf('processingGarment')).toBeGreaterThan(stages.lastIndexOf('analyzingPose'));
    expect(stages.at(-1)).toBe('generatingResult');
    const percents = request.reports.map((r) => r.percent);
    expect(percents).toEqual(percents.toSorted((a, b) => a - b));
  });

  it('puts trousers from the hips down each leg to the ankles, and shorts down the thighs only, as two legs', async () => {
    const k = pose.keypoints;
    const { result, output } = await tryOn(['jeans']);
    const [jeans] = result.metadata.garments as Array<{ top: { y: number }; hem: { y: number }; posed: string[] }>;
    expect(jeans!.top.y).toBeLessThan(Math.min(k.leftHip.y, k.rightHip.y));
    expect(jeans!.hem.y).toBeGreaterThan(Math.min(k.leftAnkle.y, k.rightAnkle.y) - 15);
    expect(jeans!.posed).toEqual(['left leg', 'right leg']);
    for (const [hip, knee, ankle] of [
      [k.leftHip, k.leftKnee, k.leftAnkle],
      [k.rightHip, k.rightKnee, k.rightAnkle],
    ] as const) {
      expect(isGarment(await colourAt(output.path, mix(hip, knee, 0.5)), 'jeans')).toBe(true);
      expect(isGarment(await colourAt(output.path, mix(knee, ankle, 0.6)), 'jeans')).toBe(true);
    }

    const shorts = await tryOn(['shorts']);
    const [placed] = shorts.result.metadata.garments as Array<{ hem: { y: number } }>;
    expect(placed!.hem.y).toBeLessThan((k.leftKnee.y + k.rightKnee.y) / 2);
    for (const [hip, knee, ankle] of [
      [k.leftHip, k.leftKnee, k.leftAnkle],
      [k.rightHip, k.rightKnee, k.rightAnkle],
    ] as const) {
      // Both thighs covered (not one strip), the shins left as they are.
      expect(isGarment(await colourAt(shorts.output.path, mix(hip, knee, 0.25)), 'shorts')).toBe(true);
      const shin = mix(knee, ankle, 0.5);
      expect(distance(await colourAt(shorts.output.path, shin), await colourAt(model.path, shin))).toBeLessThan(8);
    }
  });

  it('hangs a dress from the shoulders past the hips, and layers a top over trousers whatever their order', async () => {
    const k = pose.keypoints;
    const { output } = await tryOn(['dress']);
    const hipMid = mix(k.leftHip, k.rightHip, 0.5) as Keypoint;
    const kneeMid = mix(k.leftKnee, k.rightKnee, 0.5) as Keypoint;
    expect(isGarment(await colourAt(output.path, mix(mix(k.leftShoulder, k.rightShoulder, 0.5) as Keypoint, hipMid, 0.3)), 'dress')).toBe(true);
    expect(isGarment(await colourAt(output.path, mix(hipMid, kneeMid, 0.4)), 'dress')).toBe(true);

    const layered = await tryOn(['tshirt', 'jeans']);
    expect((layered.result.metadata.garments as Array<{ category: string }>).map((g) => g.category)).toEqual(['bottoms', 'tops']);
    expect(isGarment(await colourAt(layered.output.path, mix(mix(k.leftShoulder, k.rightShoulder, 0.5) as Keypoint, hipMid, 0.5)), 'tshirt')).toBe(true);
    expect(isGarment(await colourAt(layered.output.path, mix(k.leftKnee, k.leftAnkle, 0.5)), 'jeans')).toBe(true);
  });

  it('keeps arms that hang beside the body in front of the garment', async () => {
    const { data, info } = await sharp(avatar.path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const k = (await models.pose({ data: new Uint8Array(data), width: info.width, height: info.height }))!.keypoints;
    const { output } = await tryOn(['jacket', 'tshirt'], avatar);
    // The hands, at the hips, stay skin: neither the jacket nor the shirt is drawn over them.
    for (const [elbow, wrist] of [
      [k.leftElbow, k.leftWrist],
      [k.rightElbow, k.rightWrist],
    ] as const) {
      const before = await colourAt(avatar.path, mix(elbow, wrist, 1.15));
      const after = await colourAt(output.path, mix(elbow, wrist, 1.15));
      expect(distance(after, before)).toBeLessThan(20);
    }
  });

  it('takes a PNG model photo and a cut-out garment, and answers PNG; a garment on an opaque white render with soft alpha is cut from its backdrop', async () => {
    const png = await inputFile(
      await sharp(model.path)
        .png()
        .toFile(join(dir, 'model.png'))
        .then(() => join(dir, 'model.png')),
    );
    const transparent = join(dir, 'tshirt-cutout.png');
    await sharp(Buffer.from(garmentPhotoSvg('tshirt').replace('fill="#ffffff"', 'fill="none"')))
      .png()
      .toFile(transparent);
    // An opaque white render whose outermost ring is half transparent: not a cut-out.
    const rendered = await sharp(garments.tshirt.path).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const { width, height } = rendered.info;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) if (x === 0 || y === 0 || x === width - 1 || y === height - 1) rendered.data[(y * width + x) * 4 + 3] = 200;
    expect(isCutOut({ data: rendered.data, width, height })).toBe(false);
    const soft = join(dir, 'tshirt-soft.png');
    await sharp(rendered.data, { raw: { width, height, channels: 4 } })
      .png()
      .toFile(soft);

    const { result, output } = await tryOn(
      [
        { ...(await inputFile(transparent)), category: 'tops' },
        { ...(await inputFile(soft)), category: 'tops' },
      ],
      png,
    );
    expect(output).toMatchObject({ mime: 'image/png', name: 'tryon-result.png' });
    expect((await sharp(output.path).metadata()).format).toBe('png');
    expect(result.metadata.garments).toMatchObject([{ cutout: 'alpha' }, { cutout: 'backdrop' }]);
    // The white backdrop of the soft-edged render was not pasted: no pixel turned white.
    const before = await sharp(model.path).removeAlpha().raw().toBuffer();
    const after = await sharp(output.path).removeAlpha().raw().toBuffer();
    let turnedWhite = 0;
    for (let i = 0; i < after.length; i += 3) {
      const white = (b: Buffer) => b[i]! > 245 && b[i + 1]! > 245 && b[i + 2]! > 245;
      if (white(after) && !white(before)) turnedWhite++;
    }
    expect(turnedWhite).toBeLessThan(20);
  });
});

describe('runTryOn refuses what it cannot fit', () => {
  it('a photo that is not full-body: the portraits, with the message that says why', async () => {
    for (const name of ['portrait-plain.jpg', 'portrait-busy.jpg']) {
      const failure = await tryOn(['tshirt'], await inputFile(join(PHOTOS, name))).catch((error: unknown) => error);
      expect(failure, name).toBeInstanceOf(EngineError);
      expect(failure).toMatchObject({ code: 'modelNotFullBody', transient: false });
      expect((failure as Error).message).toContain('full-body photo');
    }
  });

  it('a photo with no person', async () => {
    const blank = join(dir, 'blank.png');
    await sharp({ create: { width: 300, height: 400, channels: 3, background: '#dddddd' } })
      .png()
      .toFile(blank);
    await expect(tryOn(['tshirt'], await inputFile(blank))).rejects.toMatchObject({ name: 'EngineError', code: 'personNotFound' });
  });

  it('a garment on a busy backdrop, rather than pasting it with its backdrop; and a photo with no garment', async () => {
    const busy = await inputFile(await renderSvg(garmentPhotoSvg('tshirt', { busy: true }), join(dir, 'tshirt-busy.png')));
    await expect(tryOn([{ ...busy, category: 'tops' }])).rejects.toMatchObject({ name: 'EngineError', code: 'garmentNotFound', transient: false });
    const blank = join(dir, 'blank-garment.png');
    await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } })
      .png()
      .toFile(blank);
    await expect(tryOn([{ ...(await inputFile(blank)), category: 'tops' }])).rejects.toMatchObject({ code: 'garmentNotFound' });
  });

  it('stops when the job is cancelled', async () => {
    const workDir = join(dir, 'cancelled');
    await mkdir(workDir);
    const request = engineRequest('virtual-tryon', workDir, { model, garments: [{ ...garments.tshirt, category: 'tops' }] }, {});
    request.report = (stage) => {
      if (stage === 'processingGarment') request.controller.abort(new Error('cancelled by test'));
    };
    await expect(runTryOn(request)).rejects.toThrow('cancelled by test');
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
