/**
 * The model runtime on the committed photo fixtures: every model loads from local files with the
 * network refused, and answers where the photo says it should.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { modelRuntime } from './client.ts';
import type { RgbImage } from './types.ts';

const PHOTOS = join(import.meta.dirname, '../../../../tests/fixtures/engines/photos');

async function photo(name: string, width?: number): Promise<RgbImage> {
  const { data, info } = await sharp(join(PHOTOS, name)).resize({ width }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

const inside = (point: { x: number; y: number; score: number }, box: [number, number, number, number]) =>
  point.score > 0.5 && point.x >= box[0] && point.x <= box[2] && point.y >= box[1] && point.y <= box[3];

const models = modelRuntime();
afterAll(() => models.close());

describe('the model runtime', () => {
  it('finds the body of a full-body model photo: shoulders, hips, knees and ankles where they are', async () => {
    // full-body-model.jpg (628 px square): the figure stands at x 250–480, head at y ~40, feet at y ~590.
    const pose = await models.pose(await photo('full-body-model.jpg'));
    expect(pose).not.toBeNull();
    const k = pose!.keypoints;
    expect(inside(k.leftShoulder, [330, 100, 400, 160])).toBe(true);
    expect(inside(k.rightShoulder, [230, 100, 300, 160])).toBe(true);
    expect(inside(k.leftHip, [310, 260, 370, 320])).toBe(true);
    expect(inside(k.rightHip, [250, 260, 310, 320])).toBe(true);
    expect(inside(k.leftKnee, [310, 400, 370, 470])).toBe(true);
    expect(inside(k.leftAnkle, [310, 540, 380, 600])).toBe(true);
    expect(inside(k.rightAnkle, [270, 540, 330, 600])).toBe(true);
  });

  it('scores low the joints a head-and-shoulders portrait does not show', async () => {
    const pose = await models.pose(await photo('portrait-plain.jpg'));
    const k = pose?.keypoints;
    expect(k ? Math.max(k.leftKnee.score, k.rightKnee.score, k.leftAnkle.score, k.rightAnkle.score) : 0).toBeLessThan(0.3);
  });

  it('finds a face with its 478 points, the oval around the eyes', async () => {
    const image = await photo('portrait-plain.jpg');
    const face = await models.face(image);
    expect(face).not.toBeNull();
    expect(face!.mesh).toHaveLength(478);
    expect(face!.oval).toHaveLength(36);
    // The eyes on a straight face: level, the person's left eye on the image's right.
    expect(face!.leftEye[0]).toBeGreaterThan(face!.rightEye[0]);
    expect(Math.abs(face!.leftEye[1] - face!.rightEye[1])).toBeLessThan(image.height * 0.05);
    const xs = face!.oval.map(([x]) => x);
    expect(Math.min(...xs)).toBeLessThan(face!.rightEye[0]);
    expect(Math.max(...xs)).toBeGreaterThan(face!.leftEye[0]);
  });

  it('cuts a person from a busy backdrop: the body kept, the corners dropped', async () => {
    const image = await photo('portrait-busy.jpg');
    const mask = await models.personMask(image);
    expect(mask.width).toBe(image.width);
    expect(mask.height).toBe(image.height);
    const at = (x: number, y: number) => mask.data[Math.round(y) * mask.width + Math.round(x)]! / 255;
    // The chest below the face and the face itself.
    for (const [x, y] of [
      [340, 330],
      [340, 420],
      [330, 150],
    ] as const) {
      expect(at(x, y)).toBeGreaterThan(0.95);
    }
    for (const [x, y] of [
      [8, 8],
      [image.width - 8, 8],
      [8, image.height / 2],
      [image.width - 8, image.height / 2],
    ] as const) {
      expect(at(x, y)).toBeLessThan(0.05);
    }
  });

  it('enlarges ×2 with ESRGAN to exactly twice the size, reporting progress, with nothing fetched', async () => {
    // 180 px wide: two tiles a side, so the seams between tiles are exercised.
    const image = await photo('portrait-plain.jpg', 180);
    const progress: number[] = [];
    const result = await models.upscale(image, 2, { onProgress: (percent) => progress.push(percent) });
    expect([result.width, result.height]).toEqual([image.width * 2, image.height * 2]);
    expect(result.data).toHaveLength(image.width * 2 * image.height * 2 * 3);
    expect(progress.at(-1)).toBe(100);
    const status = await models.status();
    expect(Object.keys(status.loaded).length).toBeGreaterThanOrEqual(3);
    expect(status.networkAttempts).toEqual([]);
  });

  it('stops an upscale when its job is aborted', async () => {
    const image = await photo('portrait-busy.jpg');
    const controller = new AbortController();
    const reason = new Error('cancelled by the test');
    const pending = models.upscale(image, 4, { signal: controller.signal, onProgress: () => controller.abort(reason) });
    await expect(pending).rejects.toBe(reason);
    // The thread goes on answering after a cancelled call.
    expect((await models.status()).networkAttempts).toEqual([]);
  });
});
