import { describe, expect, it } from 'vitest';
import { checkPrerequisites } from '../../../contract/generations.ts';
import { costOf } from '../../generations/credits.ts';
import { makeAsset } from '../../../../tests/fixtures/test-data.ts';
import { upscaleRequest } from './UpscalerScreen.tsx';
import { DEFAULT_UPSCALE_IMAGE_PARAMS, DEFAULT_UPSCALE_VIDEO_PARAMS } from './upscale-params.ts';

const image = makeAsset({ id: 'img' });
const video = makeAsset({ id: 'vid', media_type: 'video', duration_seconds: 11, fps: 25 });

describe('upscaleRequest', () => {
  it('sends the mode’s own input and parameters, and never the other mode’s file', () => {
    const imageParams = { ...DEFAULT_UPSCALE_IMAGE_PARAMS, factor: 4 as const };
    expect(upscaleRequest('image', image, video, imageParams, DEFAULT_UPSCALE_VIDEO_PARAMS)).toEqual({
      feature: 'upscaler-image',
      inputs: { image: 'img' },
      params: imageParams,
    });
    expect(upscaleRequest('video', image, video, imageParams, DEFAULT_UPSCALE_VIDEO_PARAMS)).toEqual({
      feature: 'upscaler-video',
      inputs: { video: 'vid' },
      params: DEFAULT_UPSCALE_VIDEO_PARAMS,
    });
  });

  it('names the missing file of each mode', () => {
    expect(checkPrerequisites(upscaleRequest('image', null, video, DEFAULT_UPSCALE_IMAGE_PARAMS, DEFAULT_UPSCALE_VIDEO_PARAMS))).toBe('missingImage');
    expect(checkPrerequisites(upscaleRequest('video', image, null, DEFAULT_UPSCALE_IMAGE_PARAMS, DEFAULT_UPSCALE_VIDEO_PARAMS))).toBe('missingVideo');
  });

  it('prices a video by its length and factor (11 s: two 10 s blocks, 2 credits each, doubled above 2×)', () => {
    const request = upscaleRequest('video', null, video, DEFAULT_UPSCALE_IMAGE_PARAMS, { ...DEFAULT_UPSCALE_VIDEO_PARAMS, factor: 3 });
    expect(costOf(request, 11)).toBe(8);
    expect(costOf(upscaleRequest('video', null, video, DEFAULT_UPSCALE_IMAGE_PARAMS, DEFAULT_UPSCALE_VIDEO_PARAMS), 11)).toBe(4);
  });
});
