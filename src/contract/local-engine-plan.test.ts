import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { GenerationRequestSchema } from './generations.schema.ts';
import { planVerdict, notDoneCodes } from './engine-plan.schema.ts';
import { PLAN_ITEM_CODES } from './engine-plan-texts.ts';
import { DEFAULT_EXPECTED_SECONDS } from './expected-durations.ts';
import {
  enginePlanFor,
  ESRGAN_SECONDS_PER_INPUT_MP,
  esrganMaxMegapixels,
  esrganScale,
  localEnginePlan,
  localEnginePrerequisite,
  promptBeyondCamera,
} from './local-engine-plan.ts';

const request = (body: unknown) => v.parse(GenerationRequestSchema, body);
const edit = (prompt: string, images = ['a']) => request({ feature: 'image-editing', inputs: { images }, params: { prompt } });

describe('the local engine plan', () => {
  it('does the brightening and names the new background as not done (the reported instruction)', () => {
    const plan = localEnginePlan(edit('Đổi nền thành màu trắng và làm sản phẩm sáng hơn'));
    expect(plan.done).toEqual([{ code: 'brightness', text: 'Brightness +20%, whole image', values: { amount: '+20%' } }]);
    expect(plan.not_done).toEqual([
      {
        code: 'replaceBackground',
        text: 'A new background (a colour or a scene) instead of the old one: “Đổi nền thành màu trắng”',
        values: { phrase: 'Đổi nền thành màu trắng' },
      },
    ]);
    expect(planVerdict(plan)).toBe('partialPlan');
    expect(planVerdict(plan, ['replaceBackground'])).toBe('go');
    expect(notDoneCodes(plan)).toEqual(['replaceBackground']);
  });

  it('does nothing of a request it cannot do at all', () => {
    expect(planVerdict(localEnginePlan(edit('Đổi nền thành màu trắng')))).toBe('cannotDo');
    expect(planVerdict(localEnginePlan(edit('draw a dragon next to her')), ['notUnderstood'])).toBe('cannotDo');
  });

  it('plans "Xóa nền" as a removal on plain backdrops, and a grid only with several images', () => {
    expect(localEnginePlan(edit('Xóa nền')).done.map((item) => item.code)).toEqual(['removeBackground']);
    expect(localEnginePlan(edit('tăng tương phản, ghép lưới'))).toMatchObject({ done: [{ code: 'contrast' }], not_done: [{ code: 'gridNeedsImages' }] });
    expect(localEnginePlan(edit('tăng tương phản, ghép lưới', ['a', 'b']))).toMatchObject({ done: [{ code: 'contrast' }, { code: 'grid' }], not_done: [] });
  });

  it('says that a video model is recorded, not run, and what of the prompt is read', () => {
    const plan = localEnginePlan(
      request({
        feature: 'image-to-video',
        inputs: { image: 'a' },
        params: { model: 'veo3', duration: 8, resolution: '1080p', prompt: 'zoom in while she waves', generate_audio: true },
      }),
    );
    expect(plan.done.map((item) => item.text)).toEqual([
      'A virtual camera move (zoom or pan) over the still photo, 8 s at 1080p',
      'A quiet ambient sound track (not sound from the scene)',
    ]);
    expect(plan.not_done.map((item) => item.code)).toEqual(['videoModelNotRun', 'promptBeyondCamera']);
    expect(plan.not_done[0]?.text).toBe('The Veo 3 model: it is not run, so people and things in the photo do not move');
    expect(promptBeyondCamera('Zoom in, chậm rãi')).toBe(false);
    expect(promptBeyondCamera('phóng to và cô ấy vẫy tay')).toBe(true);
  });

  it('recolours hair but does not reshape it; nothing to do without a colour', () => {
    const base = { feature: 'hairstyle-changer', inputs: { image: 'a', mask: 'm' } };
    expect(localEnginePlan(request({ ...base, params: { style: 'pixie', color: '#AA3322' } }))).toMatchObject({
      done: [{ code: 'hairRecoloured', values: { colour: '#aa3322' } }],
      not_done: [{ code: 'hairstyleShape' }],
    });
    expect(localEnginePlan(request({ ...base, params: { style: 'pixie', prompt: 'tóc màu vàng' } })).done[0]?.values).toEqual({ colour: 'blonde' });
    expect(planVerdict(localEnginePlan(request({ ...base, params: { style: 'pixie' } })))).toBe('cannotDo');
    expect(localEnginePrerequisite(request({ feature: 'hairstyle-changer', inputs: { image: 'a' }, params: { style: 'pixie', color: '#000000' } }))).toBe(
      'maskRequired',
    );
  });

  it('says the upscale model is not run, and plans the tools that do what is asked fully', () => {
    expect(localEnginePlan(request({ feature: 'upscaler-image', inputs: { image: 'a' }, params: {} }))).toEqual({
      done: [
        {
          code: 'imageEnlarged',
          text: 'Enlarged ×2 by the ESRGAN slim super-resolution model on this server for photos up to 2.2 MP (larger ones by resampling and sharpening tuned like Standard V2); the Standard V2 model itself is not run',
          values: { factor: 2, model: 'Standard V2', megapixels: 2.2 },
        },
      ],
      not_done: [],
    });
    // ESRGAN's limit: what it enlarges within the promised wait, at its measured rate (×3 runs the ×4 model).
    expect([esrganMaxMegapixels(2), esrganMaxMegapixels(3), esrganMaxMegapixels(4)]).toEqual([2.2, 1.7, 1.7]);
    for (const factor of [2, 3, 4]) {
      expect(esrganMaxMegapixels(factor) * ESRGAN_SECONDS_PER_INPUT_MP[esrganScale(factor)]).toBeLessThanOrEqual(
        DEFAULT_EXPECTED_SECONDS.local['upscaler-image'].max,
      );
    }
    expect(localEnginePlan(request({ feature: 'upscaler-video', inputs: { video: 'a' }, params: {} })).not_done).toEqual([]);
    expect(
      localEnginePlan(request({ feature: 'virtual-tryon', inputs: { model: 'm', garments: [{ asset_id: 'g', category: 'tops' }] }, params: {} })).not_done,
    ).toEqual([]);
    expect(
      localEnginePlan(
        request({ feature: 'virtual-tryon', inputs: { model: 'm', garments: [{ asset_id: 'g', category: 'tops' }] }, params: { prompt: 'tuck the shirt in' } }),
      ).not_done.map((item) => item.code),
    ).toEqual(['promptUnused']);
  });

  it('has no plan on an engine that does what it is asked, and accepts codes, not anything', () => {
    expect(enginePlanFor('fal', edit('Đổi nền thành màu trắng'))).toBeNull();
    // A code no plan has is read, and accepts nothing; what is no code at all is refused.
    expect(planVerdict(localEnginePlan(edit('Đổi nền thành màu trắng và làm sản phẩm sáng hơn')), ['nope'])).toBe('partialPlan');
    expect(
      v.safeParse(GenerationRequestSchema, { feature: 'image-editing', inputs: { images: ['a'] }, params: { prompt: 'x' }, accept_not_done: ['not a code'] })
        .success,
    ).toBe(false);
    expect(
      v.safeParse(GenerationRequestSchema, {
        feature: 'image-editing',
        inputs: { images: ['a'] },
        params: { prompt: 'x' },
        accept_not_done: Array(65).fill('nope'),
      }).success,
    ).toBe(false);
    expect(
      v.safeParse(GenerationRequestSchema, { feature: 'image-editing', inputs: { images: ['a'] }, params: { prompt: 'x' }, accept_not_done: PLAN_ITEM_CODES })
        .success,
    ).toBe(true);
  });
});
