import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { generationCost } from '../../../../contract/generations.ts';
import { GenerationRequestSchema } from '../../../../contract/generations.schema.ts';
import { VIDEO_MODEL_CATALOG, VIDEO_MODELS } from '../../../../contract/generation-params.ts';
import { CREDIT_COSTS } from './credit-costs.ts';

const cost = (input: unknown, videoSeconds?: number) => generationCost(v.parse(GenerationRequestSchema, input), videoSeconds);
const garments = (n: number) => Array.from({ length: n }, (_, i) => ({ asset_id: `g${i}`, category: 'tops' }));
const images = (n: number) => Array.from({ length: n }, (_, i) => `i${i}`);

describe('the credit costs the pricing page quotes', () => {
  it('are the contract’s prices of each tool', () => {
    expect(cost({ feature: 'virtual-tryon', inputs: { model: 'm', garments: garments(1) } })).toBe(CREDIT_COSTS.tryOnPerGarment);
    expect(cost({ feature: 'virtual-tryon', inputs: { model: 'm', garments: garments(3) } })).toBe(3 * CREDIT_COSTS.tryOnPerGarment);
    expect(cost({ feature: 'image-editing', inputs: { images: images(1) }, params: { prompt: 'nền trắng' } })).toBe(CREDIT_COSTS.editPerImage);
    expect(cost({ feature: 'image-editing', inputs: { images: images(4) }, params: { prompt: 'nền trắng' } })).toBe(4 * CREDIT_COSTS.editPerImage);
    expect(cost({ feature: 'body-generator', params: {} })).toBe(CREDIT_COSTS.bodyGenerator);
    expect(cost({ feature: 'hairstyle-changer', inputs: { image: 'p' }, params: { style: 'pixie' } })).toBe(CREDIT_COSTS.hairstyle);
    expect(cost({ feature: 'upscaler-image', inputs: { image: 'a' }, params: { factor: 2 } })).toBe(CREDIT_COSTS.upscaleImage2x);
    expect(cost({ feature: 'upscaler-image', inputs: { image: 'a' }, params: { factor: 3 } })).toBe(CREDIT_COSTS.upscaleImage4x);
    expect(cost({ feature: 'upscaler-image', inputs: { image: 'a' }, params: { factor: 4 } })).toBe(CREDIT_COSTS.upscaleImage4x);
    expect(cost({ feature: 'upscaler-video', inputs: { video: 'v' }, params: { factor: 2 } }, 10)).toBe(CREDIT_COSTS.upscaleVideo2xPer10s);
    expect(cost({ feature: 'upscaler-video', inputs: { video: 'v' }, params: { factor: 2 } }, 25)).toBe(3 * CREDIT_COSTS.upscaleVideo2xPer10s);
    expect(cost({ feature: 'upscaler-video', inputs: { video: 'v' }, params: { factor: 4 } }, 25)).toBe(3 * CREDIT_COSTS.upscaleVideo4xPer10s);
  });

  it('double for ×3 and ×4 upscales, as the table says', () => {
    expect(CREDIT_COSTS.upscaleImage4x).toBe(2 * CREDIT_COSTS.upscaleImage2x);
    expect(CREDIT_COSTS.upscaleVideo4xPer10s).toBe(2 * CREDIT_COSTS.upscaleVideo2xPer10s);
  });

  it('quote the cheapest video as the 5 s clip at 480p, and no model offers one for less', () => {
    expect(cost({ feature: 'image-to-video', inputs: { image: 'a' }, params: { duration: 5, resolution: '480p' } })).toBe(CREDIT_COSTS.videoFrom);
    const cheapest = Math.min(...VIDEO_MODELS.flatMap((model) => VIDEO_MODEL_CATALOG[model].options.map((o) => o.credits)));
    expect(cheapest).toBe(CREDIT_COSTS.videoFrom);
  });
});
