import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkPrerequisites, generationCost } from './generations.ts';
import { GenerationRequestSchema, type GenerationRequest } from './generations.schema.ts';
import { insufficientCreditsText } from './generation-messages.ts';
import { upscaleVideoCredits, VIDEO_DURATIONS, VIDEO_MODEL_CATALOG, VIDEO_MODELS, VIDEO_RESOLUTIONS } from './generation-params.ts';

const parse = (input: unknown): GenerationRequest => v.parse(GenerationRequestSchema, input);
const accepts = (input: unknown): boolean => v.safeParse(GenerationRequestSchema, input).success;
const imageIds = (n: number) => Array.from({ length: n }, (_, i) => `i${i}`);

describe('generation requests', () => {
  it('applies the defaults of optional parameters', () => {
    const request = parse({ feature: 'image-to-video', inputs: { image: 'a1' }, params: {} });
    expect(request.params).toMatchObject({ model: 'seedance-v1', duration: 5, resolution: '480p' });
    const upscale = parse({ feature: 'upscaler-image', inputs: { image: 'a1' }, params: {} });
    expect(upscale.params).toMatchObject({ factor: 2, output_format: 'jpeg', face_enhancement: false, crop_to_fill: false });
  });

  it('refuses values outside the vocabularies of the product rules', () => {
    expect(accepts({ feature: 'image-to-video', inputs: { image: 'a1' }, params: { duration: 7 } })).toBe(false);
    expect(accepts({ feature: 'upscaler-video', inputs: { video: 'v1' }, params: { target_fps: 25 } })).toBe(false);
    expect(accepts({ feature: 'upscaler-image', inputs: { image: 'a1' }, params: { factor: 5 } })).toBe(false);
    expect(accepts({ feature: 'teleport', inputs: {}, params: {} })).toBe(false);
  });
});

describe('prerequisites', () => {
  it('try-on needs a model and a garment, and a model before garments', () => {
    expect(checkPrerequisites(parse({ feature: 'virtual-tryon', inputs: { model: 'm' } }))).toBe('selectModelAndGarment');
    expect(checkPrerequisites(parse({ feature: 'virtual-tryon', inputs: { garments: [{ asset_id: 'g', category: 'tops' }] } }))).toBe('modelFirst');
    expect(checkPrerequisites(parse({ feature: 'virtual-tryon', inputs: { model: 'm', garments: [{ asset_id: 'g', category: 'tops' }] } }))).toBeNull();
  });

  it('hairstyle needs a photo and a style (or a reference)', () => {
    expect(checkPrerequisites(parse({ feature: 'hairstyle-changer', inputs: { image: 'p' }, params: {} }))).toBe('selectImageAndHairstyle');
    expect(checkPrerequisites(parse({ feature: 'hairstyle-changer', inputs: {}, params: { style: 'pixie' } }))).toBe('selectImageAndHairstyle');
    expect(checkPrerequisites(parse({ feature: 'hairstyle-changer', inputs: { image: 'p' }, params: { style: 'pixie' } }))).toBeNull();
    expect(checkPrerequisites(parse({ feature: 'hairstyle-changer', inputs: { image: 'p', reference: 'r' }, params: {} }))).toBeNull();
  });

  it('body generator needs every body parameter', () => {
    const full = { gender: 'female', height: 168, weight: 55, age: 25, skin_tone: 'light', body_type: 'ectomorph', aspect_ratio: '2:3' };
    expect(checkPrerequisites(parse({ feature: 'body-generator', params: full }))).toBeNull();
    for (const key of Object.keys(full)) {
      const partial = { ...full, [key]: null };
      expect(checkPrerequisites(parse({ feature: 'body-generator', params: partial })), key).toBe('bodyParametersRequired');
    }
  });

  it('image editing takes 1 to 10 images and a description', () => {
    expect(checkPrerequisites(parse({ feature: 'image-editing', inputs: { images: [] }, params: { prompt: 'x' } }))).toBe('missingImage');
    expect(checkPrerequisites(parse({ feature: 'image-editing', inputs: { images: imageIds(11) }, params: { prompt: 'x' } }))).toBe('imageCount');
    expect(checkPrerequisites(parse({ feature: 'image-editing', inputs: { images: imageIds(3) }, params: { prompt: '  ' } }))).toBe('missingPrompt');
    expect(checkPrerequisites(parse({ feature: 'image-editing', inputs: { images: imageIds(10) }, params: { prompt: 'đen trắng' } }))).toBeNull();
  });

  it('image to video accepts only what the chosen model accepts', () => {
    const base = { feature: 'image-to-video', inputs: { image: 'a' } };
    expect(checkPrerequisites(parse({ ...base, params: { model: 'veo3', duration: 8, resolution: '1080p', generate_audio: true } }))).toBeNull();
    expect(checkPrerequisites(parse({ ...base, params: { model: 'veo3', duration: 5, resolution: '1080p' } }))).toBe('unsupportedOption');
    expect(checkPrerequisites(parse({ ...base, params: { model: 'kling-2.1', duration: 5, resolution: '1080p', camera_fixed: true } }))).toBe(
      'unsupportedOption',
    );
    expect(checkPrerequisites(parse({ ...base, params: { model: 'seedance-v1', camera_fixed: true } }))).toBeNull();
    expect(checkPrerequisites(parse({ feature: 'image-to-video', inputs: {}, params: {} }))).toBe('missingImage');
  });
});

describe('credits', () => {
  it('prices the figures of the product rules: try-on 1 per garment, body 1, hairstyle 1, video 2 at 480p', () => {
    const garments = [
      { asset_id: 'a', category: 'tops' },
      { asset_id: 'b', category: 'bottoms' },
    ];
    expect(generationCost(parse({ feature: 'virtual-tryon', inputs: { model: 'm', garments } }))).toBe(2);
    expect(generationCost(parse({ feature: 'body-generator', params: {} }))).toBe(1);
    expect(generationCost(parse({ feature: 'hairstyle-changer', inputs: { image: 'p' }, params: { style: 'pixie' } }))).toBe(1);
    expect(generationCost(parse({ feature: 'image-to-video', inputs: { image: 'a' }, params: { duration: 5, resolution: '480p' } }))).toBe(2);
  });

  it('charges more for 1080p and for longer videos, for every model', () => {
    for (const model of VIDEO_MODELS) {
      const options = VIDEO_MODEL_CATALOG[model].options;
      expect(options.length, model).toBeGreaterThan(0);
      for (const option of options) {
        expect(VIDEO_DURATIONS).toContain(option.duration);
        expect(VIDEO_RESOLUTIONS).toContain(option.resolution);
        expect(option.credits).toBeGreaterThanOrEqual(2);
        const longer = options.filter((o) => o.resolution === option.resolution && o.duration > option.duration);
        for (const other of longer) expect(other.credits, `${model} ${other.duration}s`).toBeGreaterThan(option.credits);
      }
    }
    const seedance = VIDEO_MODEL_CATALOG['seedance-v1'].options;
    const at = (resolution: string) => seedance.find((o) => o.duration === 5 && o.resolution === resolution)?.credits ?? 0;
    expect(at('1080p')).toBeGreaterThan(at('480p'));
  });

  it('charges no video model premium where the model is not run (the built-in engine, docs/product-rules.md#engine-plan)', () => {
    const veo3 = parse({ feature: 'image-to-video', inputs: { image: 'a' }, params: { model: 'veo3', duration: 8, resolution: '1080p' } });
    expect(generationCost(veo3)).toBe(24);
    expect(generationCost(veo3, 0, 'fal')).toBe(24);
    // The same camera move as any model at 8 s 1080p.
    expect(generationCost(veo3, 0, 'local')).toBe(8);
    for (const model of VIDEO_MODELS) {
      for (const option of VIDEO_MODEL_CATALOG[model].options) {
        const request = parse({
          feature: 'image-to-video',
          inputs: { image: 'a' },
          params: { model, duration: option.duration, resolution: option.resolution },
        });
        // Veo's premium (×2, ×3) is for running Veo: the built-in engine's price is the base one.
        const premium = model === 'veo2' ? 2 : model === 'veo3' ? 3 : 1;
        expect(generationCost(request, 0, 'local') * premium, `${model} ${option.duration}s ${option.resolution}`).toBe(option.credits);
      }
    }
  });

  it('prices upscales by factor and, for video, by length', () => {
    expect(generationCost(parse({ feature: 'upscaler-image', inputs: { image: 'a' }, params: { factor: 2 } }))).toBe(1);
    expect(generationCost(parse({ feature: 'upscaler-image', inputs: { image: 'a' }, params: { factor: 4 } }))).toBe(2);
    expect(upscaleVideoCredits(4, 2)).toBe(2);
    expect(upscaleVideoCredits(25, 2)).toBe(6);
    expect(upscaleVideoCredits(25, 4)).toBe(12);
    expect(generationCost(parse({ feature: 'upscaler-video', inputs: { video: 'v' }, params: { factor: 2 } }), 12)).toBe(4);
  });

  it('words the credit check with balance, cost and shortage', () => {
    expect(insufficientCreditsText(4, 1)).toBe('Not enough credits: this generation costs 4 credits, you have 1 (3 more needed).');
  });
});
