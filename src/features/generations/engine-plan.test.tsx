// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GENERATION_MESSAGES } from '../../contract/generation-messages.ts';
import type { EnginePlan, PlanItemCode } from '../../contract/engine-plan.schema.ts';
import { PLAN_ITEM_CODES, PLAN_ITEM_TEXTS, planItem, planItemsText } from '../../contract/engine-plan-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { messages as appEn } from '../../locales/en/app.po';
import { messages as planEn } from '../../locales/en/app/engine-plan.po';
import { withAccepted } from './plan-kit.ts';
import { describeGenerationError } from './generation-messages.ts';
import { loadPlanKit } from './plan-kit.ts';
import { PlanSummary } from './plan/PlanSummary.tsx';
import { PLAN_ITEM_DESCRIPTORS, partialCompletion, planItemText, refusalText } from './plan/words.ts';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

afterEach(cleanup);

const vi = setupI18n({ locale: 'vi', messages: { vi: {} } });
const en = setupI18n({ locale: 'en', messages: { en: { ...appEn, ...planEn } } });

// The kit loads the engine-plan catalog, as a screen does before showing a plan.
beforeAll(async () => {
  await loadPlanKit();
});

/** Values that fill every placeholder of the contract's texts. */
const SAMPLE = {
  amount: '+20%',
  ratio: '1:1',
  degrees: 90,
  phrase: 'thêm mũ',
  width: 1080,
  height: 720,
  side: 1200,
  seconds: 5,
  resolution: '480p',
  model: 'Veo 3',
  count: 2,
  colour: '#aa3322',
  factor: 4,
  megapixels: 64,
  limit: 2.2,
  effective: 3.2,
  size: '1080p',
  fps: 30,
  models: 'MoveNet Lightning (@vladmandic/human@3.3.6, Apache-2.0)',
};

/** The reported case: brighter done, a new background not. */
const REPORTED: EnginePlan = {
  done: [planItem('brightness', { amount: '+20%' })],
  not_done: [planItem('replaceBackground', { phrase: 'Đổi nền thành màu trắng' })],
};

describe('the engine plan in words', () => {
  it('words every item of the contract in Vietnamese, and in English exactly as the contract does', () => {
    expect(Object.keys(PLAN_ITEM_DESCRIPTORS).toSorted()).toEqual([...PLAN_ITEM_CODES].toSorted());
    for (const code of PLAN_ITEM_CODES) {
      const values = Object.fromEntries(Object.entries(SAMPLE).filter(([key]) => PLAN_ITEM_TEXTS[code].includes(`{${key}}`)));
      const item = planItem(code as PlanItemCode, Object.keys(values).length > 0 ? values : undefined);
      expect(planItemText(item, vi), code).not.toMatch(/[{}]/);
      // The one plural: "2 garment(s)" in the contract reads "2 garments" in the catalog.
      expect(planItemText(item, en), code).toBe(item.text.replace('garment(s)', 'garments'));
    }
  });

  it('tells a 422 plan refusal with the plan, its words for the notice, and the toast of a job done in part', () => {
    const body = { detail: 'The built-in engine can do only part of this.', code: 'partialPlan', plan: REPORTED };
    // The studio shows the plan where Generate is (PlanNotice); the error carries it.
    expect(describeGenerationError(new ApiError(body.detail, 422, body), vi)).toMatchObject({ code: 'partialPlan', plan: REPORTED, description: body.detail });
    expect(refusalText('partialPlan', REPORTED, vi)).toBe(
      'Công cụ tích hợp sẵn chỉ làm được một phần. Sẽ làm: Độ sáng +20%, toàn ảnh. Không làm được: Thay nền mới (một màu hay một cảnh khác): “Đổi nền thành màu trắng”. Hãy đồng ý bỏ qua phần không làm được, hoặc sửa yêu cầu.',
    );
    expect(refusalText('cannotDo', { done: [], not_done: REPORTED.not_done }, en)).toBe(
      GENERATION_MESSAGES.cannotDo.replace('{not_done}', planItemsText(REPORTED.not_done)),
    );
    expect(partialCompletion(REPORTED, vi)).toEqual({
      title: 'Đã tạo xong phần làm được',
      description: 'Không làm: Thay nền mới (một màu hay một cảnh khác): “Đổi nền thành màu trắng”',
    });
    expect(partialCompletion(REPORTED, en)).toEqual({
      title: 'Done, in part',
      description: 'Not done: A new background (a colour or a scene) instead of the old one: “Đổi nền thành màu trắng”',
    });
    expect(partialCompletion({ done: REPORTED.done, not_done: [] }, vi)).toBeNull();
    // A code from a newer server reads as its English text.
    expect(planItemText({ code: 'levitate', text: 'Levitation' }, vi)).toBe('Levitation');
  });

  it('shows on a result what was done and what was not', () => {
    renderWithProviders(<PlanSummary plan={REPORTED} when="result" />, { i18n: en });
    expect(screen.getByTestId('plan-summary').textContent).toBe(
      'Only part of the request was doneDone:Brightness +20%, whole imageNot done:A new background (a colour or a scene) instead of the old one: “Đổi nền thành màu trắng”',
    );
  });

  it('sends the accepted codes with the request, and nothing when none were needed', () => {
    const request = { feature: 'image-editing' as const, inputs: { images: ['a'] }, params: { prompt: 'x' } };
    expect(withAccepted(request, ['replaceBackground'])).toEqual({ ...request, accept_not_done: ['replaceBackground'] });
    expect(withAccepted(request, undefined)).toBe(request);
  });
});
