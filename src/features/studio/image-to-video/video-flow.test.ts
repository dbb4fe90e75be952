import { describe, expect, test } from 'vitest';
import type { Asset } from '../../../contract/media.schema.ts';
import { makeAsset } from '../../../../tests/fixtures/test-data.ts';
import { nextBlocker, videoRequest, videoStageStates } from './video-flow.ts';
import { DEFAULT_VIDEO_PARAMS, paramsForModel } from './video-params.ts';

const image: Asset = makeAsset({ id: 'image-1' });

describe('Next on each step', () => {
  test('Upload needs an image, and names the prerequisite message', () => {
    expect(nextBlocker('upload', null, DEFAULT_VIDEO_PARAMS)).toBe('missingImage');
    expect(nextBlocker('upload', image, DEFAULT_VIDEO_PARAMS)).toBeNull();
  });

  test('Configure passes with params the model accepts, and refuses what it does not', () => {
    expect(nextBlocker('configure', image, paramsForModel('veo3'))).toBeNull();
    // Veo 3 has only 8 s at 1080p; an old job's 5 s 480p is refused.
    expect(nextBlocker('configure', image, { model: 'veo3', duration: 5, resolution: '480p' })).toBe('unsupportedOption');
    // A flag the model does not take (Seedance has no audio).
    expect(nextBlocker('configure', image, { ...DEFAULT_VIDEO_PARAMS, generate_audio: true })).toBe('unsupportedOption');
  });

  test('the Generate step has no Next', () => {
    expect(nextBlocker('generate', null, DEFAULT_VIDEO_PARAMS)).toBeNull();
  });
});

test('the request carries the image id and the params as they are', () => {
  expect(videoRequest(image, DEFAULT_VIDEO_PARAMS)).toEqual({ feature: 'image-to-video', inputs: { image: 'image-1' }, params: DEFAULT_VIDEO_PARAMS });
  expect(videoRequest(null, DEFAULT_VIDEO_PARAMS).inputs.image).toBeNull();
});

describe('video stages', () => {
  test.each([
    [null, false, ['todo', 'todo', 'todo']],
    ['queued', false, ['todo', 'todo', 'todo']],
    ['generatingMotion', false, ['current', 'todo', 'todo']],
    ['renderingFrames', false, ['done', 'current', 'todo']],
    ['finalizingVideo', false, ['done', 'done', 'current']],
    [null, true, ['done', 'done', 'done']],
  ] as const)('stage %s (completed %s)', (stage, completed, want) => {
    expect(Object.values(videoStageStates(stage, completed))).toEqual(want);
  });
});
