// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import * as v from 'valibot';
import { checkPrerequisites, generationCost } from '../../../contract/generations.ts';
import { ImageToVideoRequestSchema } from '../../../contract/generations.schema.ts';
import { VIDEO_MODEL_CATALOG, VIDEO_MODELS, type VideoModel } from '../../../contract/generation-params.ts';
import { ImageToVideoParams } from './ImageToVideoParams.tsx';
import { getDefaultStore } from 'jotai';
import { sessionUserAtom } from '../../../lib/session.ts';
import { DEFAULT_VIDEO_PARAMS, paramsForModel, type VideoParams } from './video-params.ts';
import { renderControlled, renderWithProviders } from '../../../../tests/fixtures/render.tsx';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});
afterEach(cleanup);

/** The form under a parent that keeps its value: every params object it produced. */
const renderForm = (initial: VideoParams) => renderControlled(ImageToVideoParams, initial).given;

const radiosOf = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('radio') as HTMLInputElement[];
const valuesOf = (radios: HTMLInputElement[]) => radios.map((radio) => radio.value);
const checkedValue = (testId: string) => radiosOf(testId).find((radio) => radio.checked)?.value;

const unique = <T,>(values: T[]) => [...new Set(values)].map(String).toSorted();

/** Read straight from the catalogue (not through the form's helpers), so the test checks them. */
function expected(model: VideoModel) {
  const spec = VIDEO_MODEL_CATALOG[model];
  return {
    durations: unique(spec.options.map((o) => o.duration)),
    resolutions: unique(spec.options.map((o) => o.resolution)),
    flags: {
      'video-camera-fixed': spec.cameraFixed,
      'video-cfg-scale': spec.cfgScale,
      'video-prompt-optimizer': spec.promptOptimizer,
      'video-generate-audio': spec.generateAudio,
    },
  };
}

function expectAcceptable(params: VideoParams) {
  const request = v.parse(ImageToVideoRequestSchema, { feature: 'image-to-video', inputs: { image: 'image-1' }, params });
  expect(checkPrerequisites(request), JSON.stringify(params)).toBeNull();
  const price = VIDEO_MODEL_CATALOG[params.model].options.find((o) => o.duration === params.duration && o.resolution === params.resolution)?.credits;
  expect(generationCost(request)).toBe(price);
}

describe.each(VIDEO_MODELS)('image-to-video form, model %s', (model) => {
  const want = expected(model);

  test('shows exactly the durations, resolutions and flags the model accepts', () => {
    renderForm(paramsForModel(model));
    expect(valuesOf(radiosOf('video-duration')).toSorted()).toEqual(want.durations);
    expect(valuesOf(radiosOf('video-resolution')).toSorted()).toEqual(want.resolutions);
    for (const [testId, accepted] of Object.entries(want.flags)) {
      expect(screen.queryByTestId(testId) !== null, testId).toBe(accepted);
    }
    expect(screen.getByTestId('video-prompt')).toBeTruthy();
    expect(checkedValue('video-model')).toBe(model);
  });

  test('every combination it can select is offered, disabled ones are not, and every params object passes and is priced', () => {
    const produced = renderForm(paramsForModel(model));
    const spec = VIDEO_MODEL_CATALOG[model];
    for (const durationRadio of radiosOf('video-duration')) {
      fireEvent.click(durationRadio);
      const duration = Number(checkedValue('video-duration'));
      for (const resolutionRadio of radiosOf('video-resolution')) {
        const offered = spec.options.some((o) => o.duration === duration && o.resolution === resolutionRadio.value);
        expect(resolutionRadio.disabled, `${duration}s ${resolutionRadio.value}`).toBe(!offered);
        fireEvent.click(resolutionRadio);
        expect(spec.options.some((o) => o.duration === duration && o.resolution === checkedValue('video-resolution'))).toBe(true);
        // The displayed price is the catalogue's for what is checked.
        const price = spec.options.find((o) => o.duration === duration && o.resolution === checkedValue('video-resolution'))!.credits;
        expect(screen.getByTestId('video-cost').textContent).toContain(`${price} tín dụng`);
      }
    }
    for (const testId of ['video-camera-fixed', 'video-prompt-optimizer', 'video-generate-audio']) {
      const toggle = screen.queryByTestId(testId);
      if (toggle) {
        fireEvent.click(toggle);
        fireEvent.click(toggle);
      }
    }
    const slider = screen.queryByTestId('video-cfg-scale');
    if (slider) fireEvent.change(slider, { target: { value: '0.85' } });
    fireEvent.change(screen.getByTestId('video-prompt'), { target: { value: 'the model turns slowly' } });
    fireEvent.change(screen.getByTestId('video-prompt'), { target: { value: '' } });

    expect(produced.length).toBeGreaterThan(0);
    produced.forEach(expectAcceptable);
    expect(produced.some((p) => p.cfg_scale === 0.85)).toBe(spec.cfgScale);
    expect(produced.some((p) => p.prompt === 'the model turns slowly')).toBe(true);
    expect('prompt' in produced.at(-1)!).toBe(false);
  });

  test.each(VIDEO_MODELS)('switching to %s snaps to an offered combination', (target) => {
    const produced = renderForm(paramsForModel(model));
    // Start from the model's priciest option, the farthest from most defaults.
    const priciest = VIDEO_MODEL_CATALOG[model].options.toSorted((a, b) => b.credits - a.credits)[0]!;
    fireEvent.click(within(screen.getByTestId('video-duration')).getByDisplayValue(String(priciest.duration)));
    fireEvent.click(within(screen.getByTestId('video-resolution')).getByDisplayValue(priciest.resolution));
    fireEvent.click(within(screen.getByTestId('video-model')).getByDisplayValue(target));
    const last = produced.at(-1) ?? paramsForModel(model);
    expect(last.model).toBe(target);
    expectAcceptable(last);
    expect(checkedValue('video-duration')).toBe(String(last.duration));
    expect(checkedValue('video-resolution')).toBe(last.resolution);
    expect(valuesOf(radiosOf('video-duration')).toSorted()).toEqual(expected(target).durations);
  });
});

describe('image-to-video form', () => {
  test('Hailuo 02 at 10 s greys out 1080p and says why', () => {
    renderForm({ ...paramsForModel('hailuo-02'), duration: 10, resolution: '480p' });
    const hd = within(screen.getByTestId('video-resolution')).getByDisplayValue('1080p') as HTMLInputElement;
    expect(hd.disabled).toBe(true);
    expect(screen.getByTestId('video-resolution').textContent).toContain('Hailuo 02 chỉ tạo 1080p với thời lượng 5 giây.');
  });

  test('a value with flags the model refuses is put right at once', () => {
    const produced = renderForm({ ...DEFAULT_VIDEO_PARAMS, model: 'veo2', duration: 5, resolution: '480p', cfg_scale: 0.3, camera_fixed: true });
    expect(produced[0]).toEqual({ model: 'veo2', duration: 5, resolution: '1080p' });
    expectAcceptable(produced[0]!);
  });

  test('the prompt counter follows the text, up to 2000 characters', () => {
    renderForm(DEFAULT_VIDEO_PARAMS);
    const prompt = screen.getByTestId('video-prompt') as HTMLTextAreaElement;
    expect(prompt.maxLength).toBe(2000);
    fireEvent.change(prompt, { target: { value: 'xoay nhẹ' } });
    expect(screen.getByText('8/2000')).toBeTruthy();
  });
});

const signIn = (plan: string) => getDefaultStore().set(sessionUserAtom, { id: 'u1', email: 'lan@example.vn', role: 'user', plan });

const card = (model: VideoModel) => screen.getByTestId(`video-model-${model}`);
const radioOf = (element: HTMLElement) => within(element).getByRole('radio') as HTMLInputElement;
const reasonOf = (radio: HTMLInputElement) => document.getElementById(radio.getAttribute('aria-describedby') ?? '')?.textContent;

describe('plan gates (docs/product-rules.md#plan-gates)', () => {
  afterEach(() => getDefaultStore().set(sessionUserAtom, null));

  /** Read from the catalogue: the models with 1080p only, which a plan without HD cannot run at all. */
  const hdOnly = VIDEO_MODELS.filter((model) => VIDEO_MODEL_CATALOG[model].options.every((o) => o.resolution === '1080p'));

  test('a free account: the 1080p-only models carry the badge and cannot be chosen, 1080p is disabled, with the reason and the way to the plans', () => {
    signIn('free');
    const produced = renderForm(DEFAULT_VIDEO_PARAMS);
    expect(hdOnly).toEqual(['veo2', 'veo3', 'kling-2.1', 'kling-2.5-turbo']);
    for (const model of VIDEO_MODELS) {
      expect(radioOf(card(model)).disabled, model).toBe(hdOnly.includes(model));
      expect(within(card(model)).queryByText('Gói trả phí') !== null, model).toBe(hdOnly.includes(model));
    }
    expect(reasonOf(radioOf(card('veo3')))).toBe('Veo 3 chỉ tạo video 1080p, dành cho gói trả phí.');
    const modelNote = screen.getByTestId('video-model-paid-note');
    expect(modelNote.textContent).toBe('Veo 2, Veo 3, Kling 2.1 và Kling 2.5 Turbo chỉ tạo video 1080p, dành cho gói trả phí. Xem các gói đăng ký');
    expect(within(modelNote).getByRole('link', { name: 'Xem các gói đăng ký' }).getAttribute('href')).toBe('/studio-pricing');

    const hd = radioOf(screen.getByTestId('video-resolution-1080p'));
    expect(hd.disabled).toBe(true);
    expect(reasonOf(hd)).toBe('Video 1080p dành cho gói trả phí.');
    expect(within(screen.getByTestId('video-resolution-1080p')).getByText('Gói trả phí')).toBeTruthy();
    expect(radioOf(screen.getByTestId('video-resolution-480p')).disabled).toBe(false);
    expect(screen.getByTestId('video-paid-note').textContent).toBe('Video 1080p dành cho gói trả phí. Xem các gói đăng ký');
    expect(produced).toEqual([]);
  });

  test('Hailuo 02 stays open on free (480p), with its 1080p closed', () => {
    signIn('free');
    renderForm(paramsForModel('hailuo-02'));
    expect(radioOf(card('hailuo-02')).disabled).toBe(false);
    expect(radioOf(screen.getByTestId('video-resolution-1080p')).disabled).toBe(true);
  });

  test('a paid account sees nothing closed', () => {
    signIn('starter');
    renderForm({ ...DEFAULT_VIDEO_PARAMS, resolution: '1080p' });
    expect(screen.queryByText('Gói trả phí')).toBeNull();
    expect(screen.queryByTestId('video-paid-note')).toBeNull();
    expect(screen.queryByTestId('video-model-paid-note')).toBeNull();
    for (const model of VIDEO_MODELS) expect(radioOf(card(model)).disabled, model).toBe(false);
  });

  test('while the plan is unknown nothing is closed: the server decides', () => {
    getDefaultStore().set(sessionUserAtom, { id: 'u1', email: 'lan@example.vn', role: 'user' });
    renderForm(DEFAULT_VIDEO_PARAMS);
    expect(screen.queryByText('Gói trả phí')).toBeNull();
    expect(radioOf(card('veo3')).disabled).toBe(false);
    expect(radioOf(screen.getByTestId('video-resolution-1080p')).disabled).toBe(false);
  });
});

describe('the model choice on the built-in engine (docs/product-rules.md#image-to-video)', () => {
  test('says, at the model, that the built-in engine records it and does not run it; an engine that runs models says nothing', () => {
    for (const engine of ['local', 'fal', null] as const) {
      renderWithProviders(<ImageToVideoParams value={paramsForModel('veo3')} onChange={() => undefined} engine={engine} />);
      const note = screen.queryByTestId('video-model-not-run');
      expect(note?.textContent ?? null, String(engine)).toBe(
        engine === 'local' ? 'Công cụ tích hợp sẵn không chạy Veo 3: chỉ lia, phóng trên ảnh tĩnh, ảnh không cử động.' : null,
      );
      cleanup();
    }
  });
});
