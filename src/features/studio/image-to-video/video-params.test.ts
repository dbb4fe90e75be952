import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { checkPrerequisites, generationCost } from '../../../contract/generations.ts';
import { ImageToVideoRequestSchema } from '../../../contract/generations.schema.ts';
import { VIDEO_DURATIONS, VIDEO_MODEL_CATALOG, VIDEO_MODELS, VIDEO_RESOLUTIONS, type VideoModel } from '../../../contract/generation-params.ts';
import {
  DEFAULT_VIDEO_PARAMS,
  nearestOption,
  paramsForModel,
  sameVideoParams,
  videoParamsCost,
  withDuration,
  withResolution,
  type VideoParams,
} from './video-params.ts';

const request = (params: VideoParams) => ({ feature: 'image-to-video' as const, inputs: { image: 'image-1' }, params });
const priceOf = (p: VideoParams) => VIDEO_MODEL_CATALOG[p.model].options.find((o) => o.duration === p.duration && o.resolution === p.resolution)?.credits;

/** Every params object a person could have had before switching: any model's any combination, flags on and off. */
const previousValues: Partial<VideoParams>[] = VIDEO_MODELS.flatMap((model) =>
  VIDEO_DURATIONS.flatMap((duration) =>
    VIDEO_RESOLUTIONS.flatMap((resolution) => [
      { model, duration, resolution },
      { model, duration, resolution, prompt: 'a slow pan', camera_fixed: true, cfg_scale: 0.9, prompt_optimizer: false, generate_audio: true },
    ]),
  ),
);

describe('paramsForModel', () => {
  test.each(VIDEO_MODELS)('%s: from any previous value, an offered combination, only accepted flags, a price', (model) => {
    const spec = VIDEO_MODEL_CATALOG[model];
    for (const previous of [{}, ...previousValues]) {
      const params = paramsForModel(model, previous);
      expect(params.model).toBe(model);
      expect(priceOf(params)).toBeDefined();
      expect('camera_fixed' in params).toBe(spec.cameraFixed);
      expect('cfg_scale' in params).toBe(spec.cfgScale);
      expect('prompt_optimizer' in params).toBe(spec.promptOptimizer);
      expect('generate_audio' in params).toBe(spec.generateAudio);
      const parsed = v.parse(ImageToVideoRequestSchema, request(params));
      expect(checkPrerequisites(parsed)).toBeNull();
      expect(generationCost(parsed)).toBe(priceOf(params));
      expect(videoParamsCost(params)).toBe(priceOf(params));
    }
  });

  test('an offered combination is kept as it is', () => {
    for (const model of VIDEO_MODELS) {
      for (const option of VIDEO_MODEL_CATALOG[model].options) {
        const params = paramsForModel(model, { model, duration: option.duration, resolution: option.resolution });
        expect([params.duration, params.resolution]).toEqual([option.duration, option.resolution]);
      }
    }
  });

  test('the nearest combination keeps the resolution first, then the closest duration, then the cheaper', () => {
    // Veo 2 is 1080p only: 480p cannot stay, 10 s becomes its nearest, 8 s.
    expect(nearestOption('veo2', 10, '480p')).toMatchObject({ duration: 8, resolution: '1080p' });
    // Hailuo 02 has 1080p at 5 s only: keeping 1080p wins over keeping 8 s at 480p.
    expect(nearestOption('hailuo-02', 8, '1080p')).toMatchObject({ duration: 5, resolution: '1080p' });
    expect(nearestOption('hailuo-02', 10, '480p')).toMatchObject({ duration: 10, resolution: '480p' });
    // Veo 3 has one option whatever was asked.
    expect(nearestOption('veo3', 5, '480p')).toMatchObject({ duration: 8, resolution: '1080p' });
    // From 8 s, 10 s (2 s away) is nearer than 5 s (3 s away).
    expect(nearestOption('kling-2.1', 8, '1080p')).toMatchObject({ duration: 10 });
  });

  test('flags carry over between models that accept them, and start at their defaults otherwise', () => {
    const kling = paramsForModel('kling-2.1', { ...DEFAULT_VIDEO_PARAMS, cfg_scale: 0.2 });
    expect(paramsForModel('kling-2.5-turbo', kling).cfg_scale).toBe(0.2);
    const seedance = paramsForModel('seedance-v1', { camera_fixed: true, prompt: 'zoom in' });
    const veo = paramsForModel('veo2', seedance);
    expect(veo).toEqual({ model: 'veo2', duration: 5, resolution: '1080p', prompt: 'zoom in' });
    expect(paramsForModel('veo3', veo).generate_audio).toBe(false);
    expect(paramsForModel('hailuo-02', veo).prompt_optimizer).toBe(true);
    // An empty prompt is left out rather than sent as ''.
    expect('prompt' in paramsForModel('veo2', { prompt: '' })).toBe(false);
  });

  test('the default params are the contract default: Seedance v1, 5 s, 480p', () => {
    expect(DEFAULT_VIDEO_PARAMS).toEqual({ model: 'seedance-v1', duration: 5, resolution: '480p', camera_fixed: false });
    expect(v.parse(ImageToVideoRequestSchema, { feature: 'image-to-video', inputs: { image: 'x' }, params: {} }).params).toMatchObject({
      model: DEFAULT_VIDEO_PARAMS.model,
      duration: DEFAULT_VIDEO_PARAMS.duration,
      resolution: DEFAULT_VIDEO_PARAMS.resolution,
    });
  });
});

const hailuo = (duration: 5 | 10, resolution: '480p' | '1080p'): VideoParams => ({ ...paramsForModel('hailuo-02'), duration, resolution });

describe('withDuration / withResolution', () => {
  test('a duration the current resolution lacks moves the resolution to one offered with it', () => {
    expect(withDuration(hailuo(5, '1080p'), 10)).toMatchObject({ duration: 10, resolution: '480p' });
    expect(withDuration(hailuo(5, '480p'), 10)).toMatchObject({ duration: 10, resolution: '480p' });
  });

  test('a resolution not offered at the current duration is refused', () => {
    const at10 = hailuo(10, '480p');
    expect(withResolution(at10, '1080p')).toBe(at10);
    expect(withResolution(hailuo(5, '480p'), '1080p')).toMatchObject({ duration: 5, resolution: '1080p' });
  });

  test('every model × every duration × every resolution stays within the catalogue', () => {
    for (const model of VIDEO_MODELS as readonly VideoModel[]) {
      for (const option of VIDEO_MODEL_CATALOG[model].options) {
        const start = paramsForModel(model, option);
        for (const duration of VIDEO_DURATIONS) {
          for (const resolution of VIDEO_RESOLUTIONS) {
            expect(priceOf(withResolution(withDuration(start, duration), resolution))).toBeDefined();
          }
        }
      }
    }
  });
});

test('sameVideoParams ignores key order and absent-versus-undefined', () => {
  expect(sameVideoParams({ model: 'veo2', duration: 5, resolution: '1080p' }, { resolution: '1080p', duration: 5, model: 'veo2', prompt: undefined })).toBe(
    true,
  );
  expect(sameVideoParams({ model: 'veo2', duration: 5, resolution: '1080p' }, { model: 'veo2', duration: 8, resolution: '1080p' })).toBe(false);
});
