import { describe, expect, it } from 'vitest';
import { generationCost } from './generations.ts';
import { UPSCALE_FACTORS, VIDEO_MODEL_CATALOG, VIDEO_MODELS, VIDEO_TARGET_RESOLUTIONS } from './generation-params.ts';
import { requiredPlanFor, type GatedChoice, type HdOption } from './plan-gates.ts';
import { CREDIT_PRICES } from './prices.ts';
import { PUBLIC_PAGE_PATHS } from './site-routes.ts';
import { serviceOf } from './tokens.ts';
import { API_TOKEN_SERVICES } from './token-terms.ts';
import { FEATURES, LANDING_PATHS, MODE_FACTS, STUDIO_IDS, TOOL_MODES, type Feature } from './tools.ts';

/** The tool catalogue's own rules; what derives from it is checked with an eighth tool (scripts/tool-catalogue.test.ts). */
describe('the tool catalogue', () => {
  it('names each tool and job kind once', () => {
    expect(new Set(FEATURES).size).toBe(FEATURES.length);
    expect(new Set(STUDIO_IDS).size).toBe(STUDIO_IDS.length);
  });

  it('has every landing page among the public pages', () => {
    expect(LANDING_PATHS.length).toBeGreaterThan(0);
    expect(PUBLIC_PAGE_PATHS).toEqual(expect.arrayContaining([...LANDING_PATHS]));
  });

  it('quotes per unit what the server charges for one unit', () => {
    const one: Parameters<typeof generationCost>[0][] = [
      { feature: 'virtual-tryon', inputs: { model: 'm', garments: [{ asset_id: 'g', category: 'tops' }] }, params: {} },
      { feature: 'image-editing', inputs: { images: ['i'] }, params: { prompt: 'x' } },
    ];
    expect(one.map((request) => CREDIT_PRICES[MODE_FACTS[request.feature].unitPrice!])).toEqual(one.map((request) => generationCost(request)));
  });

  it('lists the plan gates each mode can meet', () => {
    const imageParams = { model: 'standard-v2', output_format: 'jpeg', subject_detection: 'all', face_enhancement: false, crop_to_fill: false } as const;
    const choices: GatedChoice[] = [
      ...VIDEO_MODELS.flatMap((model) =>
        VIDEO_MODEL_CATALOG[model].options.map((o): GatedChoice => ({
          feature: 'image-to-video',
          params: { model, duration: o.duration, resolution: o.resolution },
        })),
      ),
      ...UPSCALE_FACTORS.map(
        (factor): GatedChoice => ({ feature: 'upscaler-image', params: { ...imageParams, factor } as GatedChoice['params'] }) as GatedChoice,
      ),
      ...UPSCALE_FACTORS.map((factor): GatedChoice => ({ feature: 'upscaler-video', params: { factor, target_fps: 30, h264: false } }) as GatedChoice),
      ...VIDEO_TARGET_RESOLUTIONS.map(
        (target): GatedChoice => ({ feature: 'upscaler-video', params: { factor: 2, target_fps: 30, h264: false, target_resolution: target } }) as GatedChoice,
      ),
    ];
    const met = new Map<Feature, Set<HdOption>>();
    for (const choice of choices) {
      const option = requiredPlanFor(choice)?.option;
      if (option) met.set(choice.feature, (met.get(choice.feature) ?? new Set()).add(option));
    }
    for (const feature of FEATURES) expect([...(met.get(feature) ?? [])].toSorted(), feature).toEqual([...MODE_FACTS[feature].planGates].toSorted());
  });

  it('is what an API token may allow: one service per studio', () => {
    expect(API_TOKEN_SERVICES.toSorted()).toEqual(STUDIO_IDS.toSorted());
    for (const feature of FEATURES) expect(serviceOf(feature), feature).toBe(TOOL_MODES[feature].tool);
  });
});
