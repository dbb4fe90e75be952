import { describe, expect, it } from 'vitest';
import { VIDEO_MODEL_CATALOG } from '../../../../contract/generation-params.ts';
import { SEEDANCE_PRICES } from './video-prices.ts';

describe('the video prices the image-to-video page quotes', () => {
  it('are the contract’s prices of Seedance v1, one for each of its options', () => {
    const options = VIDEO_MODEL_CATALOG['seedance-v1'].options;
    const quoted = Object.fromEntries(options.map((o) => [`${o.duration}s-${o.resolution}`, o.credits]));
    expect(quoted).toEqual(SEEDANCE_PRICES);
  });
});
