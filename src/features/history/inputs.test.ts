import { describe, expect, it } from 'vitest';
import { makeAsset, makeGeneration } from '../../../tests/fixtures/test-data.ts';
import { inputSlots } from './inputs.ts';

describe('inputSlots', () => {
  it('names each input by its slot, numbers several garments, and marks a deleted one', () => {
    const job = makeGeneration({
      inputs: {
        model: 'm1',
        garments: [
          { asset_id: 'g1', category: 'tops' },
          { asset_id: 'g2', category: 'bottoms' },
        ],
      },
      input_assets: [makeAsset({ id: 'm1' }), makeAsset({ id: 'g2' })],
    });
    expect(inputSlots(job).map(({ name, index, assetId, asset }) => ({ name, index, assetId, found: asset !== null }))).toEqual([
      { name: 'model', index: null, assetId: 'm1', found: true },
      { name: 'garments', index: 1, assetId: 'g1', found: false },
      { name: 'garments', index: 2, assetId: 'g2', found: true },
    ]);
  });

  it('reads lists of ids, skips empty slots, and keeps an unknown slot under a generic name', () => {
    const job = makeGeneration({
      feature: 'image-editing',
      inputs: { images: ['a', 'b'], face: null, mask: '', extra: 'x' },
      input_assets: [makeAsset({ id: 'a' }), makeAsset({ id: 'b' }), makeAsset({ id: 'x' })],
    });
    expect(inputSlots(job).map(({ key, name, index }) => [key, name, index])).toEqual([
      ['images-0', 'images', 1],
      ['images-1', 'images', 2],
      ['extra-0', null, null],
    ]);
  });
});
