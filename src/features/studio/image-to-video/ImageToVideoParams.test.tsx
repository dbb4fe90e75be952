// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import * as v from 'valibot';
import {
  checkPrerequisites,
  generationCost,
  ImageToVideoRequestSchema,
  VIDEO_MODEL_CATALOG,
  VIDEO_MODELS,
  type VideoModel,
} from '../../../contract/generations.ts';
import { ImageToVideoParams } from './ImageToVideoParams.tsx';
import { getDefaultStore } from 'jotai';
import { sessionUserAtom } from '../../../lib/session.ts';
import { DEFAULT_VIDEO_PARAMS, paramsForModel, type VideoParams } from './video-params.ts';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});
afterEach(cleanup);

/** The form under a parent that keeps its value, recording every params object it produced. */
function renderForm(initial: VideoParams) {
  const produced: VideoParams[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <ImageToVideoParams
        value={value}
        onChange={(next) => {
          produced.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <I18nProvider i18n={i18n}>
      <Harness />
    </I18nProvider>,
  );
  return produced;
}

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
    flags: { 'video-camera-fixed': spec.cameraFixed, 'video-cfg-scale': spec.cfgScale, 'video-prompt-optimizer': spec.promptOptimizer, 'video-generate-audio': spec.generateAudio },
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

describe('paid-plan hint', () => {
  afterEach(() => getDefaultStore().set(sessionUserAtom, null));

  test('a free account sees 1080p marked, and once chosen a note with the way to the plans', () => {
    signIn('free');
    renderForm(DEFAULT_VIDEO_PARAMS);
    expect(within(screen.getByTestId('video-resolution')).getByText('Gói trả phí')).toBeTruthy();
    expect(screen.queryByTestId('video-paid-note')).toBeNull();
    fireEvent.click(within(screen.getByTestId('video-resolution')).getByDisplayValue('1080p'));
    expect(within(screen.getByTestId('video-paid-note')).getByRole('link', { name: 'Xem các gói' }).getAttribute('href')).toBe('/studio-pricing');
  });

  test('a paid account sees no hint', () => {
    signIn('starter');
    renderForm({ ...DEFAULT_VIDEO_PARAMS, resolution: '1080p' });
    expect(screen.queryByText('Gói trả phí')).toBeNull();
    expect(screen.queryByTestId('video-paid-note')).toBeNull();
  });
});

describe('the model choice on the built-in engine (docs/product-rules.md#image-to-video)', () => {
  test('says, at the model, that the built-in engine records it and does not run it; an engine that runs models says nothing', () => {
    for (const engine of ['local', 'fal', null] as const) {
      render(
        <I18nProvider i18n={i18n}>
          <ImageToVideoParams value={paramsForModel('veo3')} onChange={() => undefined} engine={engine} />
        </I18nProvider>,
      );
      const note = screen.queryByTestId('video-model-not-run');
      expect(note?.textContent ?? null, String(engine)).toBe(
        engine === 'local' ? 'Công cụ tích hợp sẵn không chạy Veo 3: chỉ lia, phóng trên ảnh tĩnh, ảnh không cử động.' : null,
      );
      cleanup();
    }
  });
});
