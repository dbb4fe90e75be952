import { describe, expect, it } from 'vitest';
import { UPSCALE_FACTORS, VIDEO_MODEL_CATALOG, VIDEO_MODELS, VIDEO_TARGET_RESOLUTIONS } from './generation-params.ts';
import { planAllows, planFeatures, planIdOf } from './plan-gates.ts';
import { PLAN_IDS, PLANS } from './plans.ts';

const paid = PLAN_IDS.filter((plan) => plan !== 'free');

/** The video models the plan can run at one offered resolution at least. */
const openModels = (plan: string) =>
  VIDEO_MODELS.filter((model) =>
    VIDEO_MODEL_CATALOG[model].options.some((o) =>
      planAllows(plan, { feature: 'image-to-video', params: { model, duration: o.duration, resolution: o.resolution } }),
    ),
  );
const imageParams = (factor: (typeof UPSCALE_FACTORS)[number]) => ({
  model: 'standard-v2' as const,
  factor,
  output_format: 'jpeg' as const,
  subject_detection: 'all' as const,
  face_enhancement: false,
  face_enhancement_strength: 0.8,
  face_enhancement_creativity: 0,
  crop_to_fill: false,
});
const videoParams = { factor: 2, target_fps: 30, h264: false } as const;
const factors = (plan: string) => UPSCALE_FACTORS.filter((factor) => planAllows(plan, { feature: 'upscaler-image', params: imageParams(factor) }));
const targets = (plan: string) =>
  VIDEO_TARGET_RESOLUTIONS.filter((target) => planAllows(plan, { feature: 'upscaler-video', params: { ...videoParams, target_resolution: target } }));

describe('planAllows (docs/product-rules.md#plan-gates)', () => {
  it('reads the catalogue, and treats text that is no plan as free', () => {
    expect(planIdOf('pro')).toBe('pro');
    expect(planIdOf('gold')).toBe('free');
    expect(planIdOf(undefined)).toBe('free');
    expect(planFeatures('constructor')).toBe(PLANS.free.features);
  });

  it('closes 1080p video to free, and with it every model that makes 1080p only', () => {
    expect(openModels('free')).toEqual(['seedance-v1', 'hailuo-02']);
    for (const plan of paid) expect(openModels(plan), plan).toEqual([...VIDEO_MODELS]);
    expect(planAllows('free', { feature: 'image-to-video', params: { model: 'seedance-v1', duration: 5, resolution: '480p' } })).toBe(true);
  });

  it('closes upscales above ×2 and video targets above 1080p to free', () => {
    expect(factors('free')).toEqual([2]);
    expect(factors('basic')).toEqual([2, 3, 4]);
    expect(targets('free')).toEqual(['720p', '1080p']);
    for (const plan of paid) expect(targets(plan), plan).toEqual([...VIDEO_TARGET_RESOLUTIONS]);
    // A target replaces the factor: a ×4 left beside a 1080p target is not asked for.
    expect(planAllows('free', { feature: 'upscaler-video', params: { ...videoParams, factor: 4, target_resolution: '1080p' } })).toBe(true);
    expect(planAllows('free', { feature: 'upscaler-video', params: { ...videoParams, factor: 4 } })).toBe(false);
  });
});
