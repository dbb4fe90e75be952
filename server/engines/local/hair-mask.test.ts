/**
 * The proposed hair mask on the committed portraits (tests/fixtures/engines/photos/): the hair on
 * top of the head is in it, the face's centre, the eyes and the backdrop's corners are not.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { proposeHairMask } from './hair-mask.ts';
import { modelRuntime } from './models/client.ts';
import type { RgbImage } from './models/types.ts';

const PHOTOS = join(import.meta.dirname, '../../../tests/fixtures/engines/photos');

async function photo(name: string, width?: number): Promise<RgbImage> {
  const { data, info } = await sharp(join(PHOTOS, name)).resize({ width }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

afterAll(() => modelRuntime().close());

type Spot = readonly [number, number];

/** Where each portrait has its hair, its face and its backdrop (photo px, read off the photos). */
const PORTRAITS: ReadonlyArray<{ name: string; hair: Spot[]; face: Spot[]; backdrop: Spot[] }> = [
  {
    // 642×484: a small head (the face ~100 px wide) with short dark hair, a kitchen behind.
    name: 'portrait-busy.jpg',
    hair: [
      [330, 100],
      [350, 104],
      [370, 100],
    ],
    // The nose, both eyes, the mouth.
    face: [
      [335, 200],
      [310, 165],
      [369, 168],
      [338, 225],
    ],
    backdrop: [
      [8, 8],
      [634, 8],
      [8, 476],
      [634, 476],
      [120, 150],
      [520, 200],
    ],
  },
  {
    // 560×564: a close front-facing head, short dark hair on top, a plain wall and a chair behind.
    name: 'portrait-plain.jpg',
    hair: [
      [280, 20],
      [200, 40],
      [350, 30],
    ],
    face: [
      [280, 260],
      [205, 193],
      [353, 192],
      [280, 330],
      // The forehead's middle, under the hairline.
      [280, 110],
    ],
    backdrop: [
      [8, 8],
      [552, 8],
      [8, 556],
      [552, 556],
      [40, 200],
    ],
  },
];

describe('the proposed hair mask', () => {
  for (const portrait of PORTRAITS) {
    it(`covers the hair of ${portrait.name} and leaves out the face and the backdrop`, async () => {
      const image = await photo(portrait.name);
      const started = performance.now();
      const proposal = await proposeHairMask(image);
      const ms = performance.now() - started;
      expect(proposal).not.toBeNull();
      const { mask } = proposal!;
      expect([mask.width, mask.height]).toEqual([image.width, image.height]);
      const at = ([x, y]: Spot) => mask.data[y * mask.width + x]!;
      for (const spot of portrait.hair) expect(at(spot), `hair at ${spot.join(',')}`).toBeGreaterThan(170);
      for (const spot of portrait.face) expect(at(spot), `face at ${spot.join(',')}`).toBeLessThan(20);
      for (const spot of portrait.backdrop) expect(at(spot), `backdrop at ${spot.join(',')}`).toBeLessThan(20);
      // Hair, not a head: well under a fifth of the photo.
      expect(proposal!.coverage).toBeGreaterThan(0.003);
      expect(proposal!.coverage).toBeLessThan(0.2);
      console.info(`hair mask of ${portrait.name}: ${Math.round(ms)} ms, ${(proposal!.coverage * 100).toFixed(1)}% of the photo`);
    });
  }

  it('answers the mask at the size of a photo larger than the models see, and null without a face', async () => {
    const large = await photo('portrait-plain.jpg', 1400);
    const proposal = await proposeHairMask(large);
    expect([proposal!.mask.width, proposal!.mask.height]).toEqual([large.width, large.height]);
    // The eyes come back in the large photo's pixels.
    expect(proposal!.face.rightEye[0]).toBeGreaterThan(400);
    expect(proposal!.face.rightEye[0]).toBeLessThan(620);

    const wall = { data: new Uint8Array(320 * 240 * 3).fill(200), width: 320, height: 240 };
    expect(await proposeHairMask(wall)).toBeNull();
  });
});
