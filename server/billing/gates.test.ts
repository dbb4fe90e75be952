import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { GenerationRequestSchema, type GenerationRequest } from '../../src/contract/generations.schema.ts';
import { PLAN_IDS, PLANS } from '../../src/contract/plans.ts';
import { planAllows, planFeatures, requiredPlanFor } from '../../src/contract/plan-gates.ts';
import { CodedError } from '../http/api-error.ts';
import { assertGenerationAllowed, planAllowsApi, planWatermarks, queuePriority } from './gates.ts';

const ID = '6f1c1d9e-52f4-4a5c-9d43-7b0a8f1e2c3d';
const request = (body: unknown): GenerationRequest => v.parse(GenerationRequestSchema, body);

const video = (resolution: string) => request({ feature: 'image-to-video', inputs: { image: ID }, params: { resolution } });
const upscaleImage = (factor: number) => request({ feature: 'upscaler-image', inputs: { image: ID }, params: { factor } });
const upscaleVideo = (params: Record<string, unknown>) => request({ feature: 'upscaler-video', inputs: { video: ID }, params });

describe('plan features', () => {
  it('reads the catalogue, and treats unknown text as free', () => {
    for (const plan of PLAN_IDS) expect(planFeatures(plan)).toBe(PLANS[plan].features);
    expect(planFeatures('gold')).toBe(PLANS.free.features);
    expect(planFeatures(null)).toBe(PLANS.free.features);
    expect(planFeatures('constructor')).toBe(PLANS.free.features);
  });

  it('gives the queue priority, the API and the watermark by plan', () => {
    expect(PLAN_IDS.map(queuePriority)).toEqual([0, 0, 1, 2, 2, 3, 3]);
    expect(PLAN_IDS.filter(planAllowsApi)).toEqual(['pro', 'professional', 'premium', 'enterprise']);
    expect(PLAN_IDS.filter(planWatermarks)).toEqual(['free']);
    expect(queuePriority('unknown')).toBe(0);
  });
});

describe('requiredPlanFor', () => {
  it('names the HD options and the cheapest plan that unlocks them', () => {
    expect(requiredPlanFor(video('1080p'))).toEqual({ feature: 'hd', option: 'video1080p', plan: 'basic' });
    expect(requiredPlanFor(upscaleImage(3))).toEqual({ feature: 'hd', option: 'upscaleFactor', plan: 'basic' });
    expect(requiredPlanFor(upscaleImage(4))?.option).toBe('upscaleFactor');
    expect(requiredPlanFor(upscaleVideo({ factor: 4 }))?.option).toBe('upscaleFactor');
    expect(requiredPlanFor(upscaleVideo({ target_resolution: '1440p' }))?.option).toBe('upscaleTargetResolution');
    expect(requiredPlanFor(upscaleVideo({ target_resolution: '2160p', factor: 2 }))?.option).toBe('upscaleTargetResolution');
  });

  it('lets any plan run the standard options', () => {
    expect(requiredPlanFor(video('480p'))).toBeNull();
    expect(requiredPlanFor(request({ feature: 'image-to-video', inputs: { image: ID }, params: {} }))).toBeNull();
    expect(requiredPlanFor(upscaleImage(2))).toBeNull();
    expect(requiredPlanFor(upscaleVideo({}))).toBeNull();
    // A target height replaces the factor: 1080p is the free tier whatever factor came with it.
    expect(requiredPlanFor(upscaleVideo({ target_resolution: '1080p', factor: 4 }))).toBeNull();
    expect(requiredPlanFor(request({ feature: 'body-generator', inputs: {}, params: {} }))).toBeNull();
  });
});

describe('assertGenerationAllowed', () => {
  it('throws 403 planRequired on a plan without hd, with what is needed', () => {
    const refused = (() => {
      try {
        assertGenerationAllowed('free', upscaleImage(4));
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(CodedError);
    expect(refused).toMatchObject({ status: 403, code: 'planRequired', fields: { feature: 'hd', option: 'upscaleFactor', required_plan: 'basic' } });
    expect(() => assertGenerationAllowed('not-a-plan', video('1080p'))).toThrow(CodedError);
  });

  it('allows HD on every paid plan, and the standard options on free', () => {
    for (const plan of PLAN_IDS.filter((id) => id !== 'free')) expect(() => assertGenerationAllowed(plan, video('1080p'))).not.toThrow();
    expect(() => assertGenerationAllowed('free', upscaleImage(2))).not.toThrow();
  });
});

describe('one rule for the server and the studios', () => {
  it('refuses with 403 exactly the choices the contract closes to the plan (what the studios disable)', () => {
    const requests = [
      video('480p'),
      video('1080p'),
      ...[2, 3, 4].map(upscaleImage),
      upscaleVideo({ factor: 3 }),
      upscaleVideo({ target_resolution: '1080p', factor: 4 }),
      upscaleVideo({ target_resolution: '2160p' }),
    ];
    for (const plan of [...PLAN_IDS, 'gold'])
      for (const body of requests) {
        const refused = (() => {
          try {
            assertGenerationAllowed(plan, body);
            return false;
          } catch {
            return true;
          }
        })();
        expect(refused, `${plan} ${JSON.stringify(body.params)}`).toBe(!planAllows(plan, body));
      }
  });
});
