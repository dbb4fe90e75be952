// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import * as v from 'valibot';
import { checkPrerequisites, generationCost } from '../../../contract/generations.ts';
import { UpscaleImageRequestSchema, UpscaleVideoRequestSchema } from '../../../contract/generations.schema.ts';
import { UpscaleImageParams } from './UpscaleImageParams.tsx';
import { UpscaleVideoParams, type UpscaleVideoInput } from './UpscaleVideoParams.tsx';
import { UpscalerModeSwitch } from './UpscalerModeSwitch.tsx';
import { getDefaultStore } from 'jotai';
import { sessionUserAtom } from '../../../lib/session.ts';
import {
  DEFAULT_UPSCALE_IMAGE_PARAMS,
  DEFAULT_UPSCALE_VIDEO_PARAMS,
  isLongVideo,
  plannedOver4k,
  plannedSize,
  videoUpscaleCost,
  withVideoSizing,
  type ImageUpscaleParams,
  type UpscalerMode,
  type VideoUpscaleParams,
} from './upscale-params.ts';
import { renderWithProviders } from '../../../../tests/fixtures/render.tsx';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});
afterEach(cleanup);

const wrap = (node: React.ReactNode) => renderWithProviders(node);

function renderImageForm(input: { width: number; height: number } | null) {
  const produced: ImageUpscaleParams[] = [];
  function Harness() {
    const [value, setValue] = useState(DEFAULT_UPSCALE_IMAGE_PARAMS);
    return <UpscaleImageParams value={value} input={input} onChange={(next) => (produced.push(next), setValue(next))} />;
  }
  wrap(<Harness />);
  return produced;
}

function renderVideoForm(video: UpscaleVideoInput | null, initial: VideoUpscaleParams = DEFAULT_UPSCALE_VIDEO_PARAMS) {
  const produced: VideoUpscaleParams[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return <UpscaleVideoParams value={value} video={video} onChange={(next) => (produced.push(next), setValue(next))} />;
  }
  wrap(<Harness />);
  return produced;
}

const pick = (testId: string, value: string) => fireEvent.click(within(screen.getByTestId(testId)).getByDisplayValue(value));
const video = (seconds: number, warnings: UpscaleVideoInput['warnings'] = []): UpscaleVideoInput => ({ duration_seconds: seconds, warnings, fps: 24 });

describe('image upscale', () => {
  test('the planned size is the input times the factor; above 3840×2160 pixels it is over 4K', () => {
    expect(plannedSize({ width: 1920, height: 1080 }, 2)).toEqual({ width: 3840, height: 2160 });
    expect(plannedOver4k({ width: 1920, height: 1080 }, 2)).toBe(false);
    expect(plannedOver4k({ width: 1920, height: 1081 }, 2)).toBe(true);
    expect(plannedOver4k({ width: 1000, height: 1000 }, 4)).toBe(true);
    // 2700 × 2700 = 7.3 MP, under 4K UHD's 8.3 MP.
    expect(plannedOver4k({ width: 900, height: 900 }, 3)).toBe(false);
  });

  test('the form shows the planned size and warns once the factor crosses 4K', () => {
    renderImageForm({ width: 1920, height: 1080 });
    expect(screen.getByTestId('upscale-planned-size').textContent).toContain('3840 × 2160 px');
    expect(screen.queryByTestId('over4k-warning')).toBeNull();
    pick('upscale-factor', '3');
    expect(screen.getByTestId('upscale-planned-size').textContent).toContain('5760 × 3240 px');
    expect(screen.getByTestId('over4k-warning').textContent).toContain('5760 × 3240');
    expect(screen.getByTestId('upscale-image-cost').textContent).toContain('2 tín dụng');
    pick('upscale-factor', '2');
    expect(screen.queryByTestId('over4k-warning')).toBeNull();
    expect(screen.getByTestId('upscale-image-cost').textContent).toContain('1 tín dụng');
  });

  test('without an input there is no planned size and no warning', () => {
    renderImageForm(null);
    expect(screen.queryByTestId('upscale-planned-size')).toBeNull();
    pick('upscale-factor', '4');
    expect(screen.queryByTestId('over4k-warning')).toBeNull();
  });

  test('face enhancement strength and creativity are shown only while it is on', () => {
    const produced = renderImageForm({ width: 800, height: 600 });
    expect(screen.queryByTestId('upscale-face-sliders')).toBeNull();
    fireEvent.click(screen.getByTestId('upscale-face-enhancement'));
    expect(screen.getByTestId('upscale-face-sliders')).toBeTruthy();
    fireEvent.change(screen.getByTestId('upscale-face-strength'), { target: { value: '0.55' } });
    fireEvent.change(screen.getByTestId('upscale-face-creativity'), { target: { value: '0.3' } });
    expect(produced.at(-1)).toMatchObject({ face_enhancement: true, face_enhancement_strength: 0.55, face_enhancement_creativity: 0.3 });
    fireEvent.click(screen.getByTestId('upscale-face-enhancement'));
    expect(screen.queryByTestId('upscale-face-sliders')).toBeNull();
  });

  test('every choice gives params the contract accepts and prices', () => {
    const produced = renderImageForm({ width: 800, height: 600 });
    for (const testId of ['upscale-model', 'upscale-factor', 'upscale-format', 'upscale-subject']) {
      for (const radio of within(screen.getByTestId(testId)).getAllByRole('radio')) fireEvent.click(radio);
    }
    fireEvent.click(screen.getByTestId('upscale-crop-to-fill'));
    expect(produced.at(-1)).toMatchObject({ model: 'recovery-v2', factor: 4, output_format: 'webp', subject_detection: 'background', crop_to_fill: true });
    for (const params of produced) {
      const request = v.parse(UpscaleImageRequestSchema, { feature: 'upscaler-image', inputs: { image: 'image-1' }, params });
      expect(checkPrerequisites(request)).toBeNull();
      expect(generationCost(request)).toBe(params.factor === 2 ? 1 : 2);
    }
  });
});

describe('video upscale', () => {
  test('the cost follows the input video: 2 credits per started 10 s, doubled above 2×', () => {
    expect(videoUpscaleCost(DEFAULT_UPSCALE_VIDEO_PARAMS, video(5))).toBe(2);
    expect(videoUpscaleCost(DEFAULT_UPSCALE_VIDEO_PARAMS, video(25))).toBe(6);
    expect(videoUpscaleCost({ ...DEFAULT_UPSCALE_VIDEO_PARAMS, factor: 3 }, video(25))).toBe(12);
    renderVideoForm(video(25));
    expect(screen.getByTestId('upscale-video-cost').textContent).toContain('6 tín dụng');
    pick('upscale-video-factor', '4');
    expect(screen.getByTestId('upscale-video-cost').textContent).toContain('12 tín dụng');
  });

  test('before a video is chosen the price is per 10 s of video', () => {
    renderVideoForm(null);
    expect(screen.getByTestId('upscale-video-cost').textContent).toContain('2 tín dụng');
    expect(screen.getByTestId('upscale-video-cost').textContent).toContain('cho mỗi 10 giây video');
  });

  test('the under-30-seconds note is always there; a longer video (or one marked longVideo) is warned about', () => {
    expect(isLongVideo(video(30))).toBe(false);
    expect(isLongVideo(video(30.5))).toBe(true);
    expect(isLongVideo(video(12, ['longVideo']))).toBe(true);
    expect(isLongVideo(null)).toBe(false);

    renderVideoForm(video(20));
    expect(screen.getByTestId('upscale-video-recommendation').textContent).toContain('dưới 30 giây');
    expect(screen.queryByTestId('upscale-long-video')).toBeNull();
    cleanup();
    renderVideoForm(video(95));
    expect(screen.getByTestId('upscale-long-video').textContent).toContain('Video này dài 1:35');
  });

  test('factor and target resolution are one or the other; the last choice of each comes back', () => {
    const produced = renderVideoForm(video(8));
    pick('upscale-video-factor', '4');
    pick('upscale-video-sizing', 'resolution');
    expect(screen.queryByTestId('upscale-video-factor')).toBeNull();
    // A target resolution is priced at the default factor, not at the hidden 4×.
    expect(produced.at(-1)).toEqual({ ...DEFAULT_UPSCALE_VIDEO_PARAMS, factor: 2, target_resolution: '1080p' });
    pick('upscale-video-resolution', '2160p');
    pick('upscale-video-sizing', 'factor');
    expect(screen.queryByTestId('upscale-video-resolution')).toBeNull();
    expect(produced.at(-1)).toEqual({ ...DEFAULT_UPSCALE_VIDEO_PARAMS, factor: 4 });
    expect('target_resolution' in produced.at(-1)!).toBe(false);
    pick('upscale-video-sizing', 'resolution');
    expect(produced.at(-1)?.target_resolution).toBe('2160p');

    pick('upscale-video-fps', '60');
    fireEvent.click(screen.getByTestId('upscale-video-h264'));
    expect(produced.at(-1)).toMatchObject({ target_fps: 60, h264: true });
    for (const params of produced) {
      const request = v.parse(UpscaleVideoRequestSchema, { feature: 'upscaler-video', inputs: { video: 'video-1' }, params });
      expect(checkPrerequisites(request)).toBeNull();
      expect(generationCost(request, 8)).toBe(params.factor > 2 ? 4 : 2);
    }
  });

  test('withVideoSizing keeps the other settings', () => {
    const params = { ...DEFAULT_UPSCALE_VIDEO_PARAMS, target_fps: 60 as const, h264: true };
    expect(withVideoSizing(params, 'resolution', { target: '720p' })).toEqual({ ...params, target_resolution: '720p' });
    expect(withVideoSizing({ ...params, target_resolution: '720p' }, 'factor', { factor: 3 })).toEqual({ ...params, factor: 3 });
  });
});

test('the mode switch offers image and video', () => {
  const changes: UpscalerMode[] = [];
  wrap(<UpscalerModeSwitch value="image" onChange={(mode) => changes.push(mode)} />);
  const group = screen.getByRole('group', { name: 'Loại tệp cần làm nét' });
  expect((within(group).getByDisplayValue('image') as HTMLInputElement).checked).toBe(true);
  fireEvent.click(within(group).getByDisplayValue('video'));
  expect(changes).toEqual(['video']);
});

const signIn = (plan: string) => getDefaultStore().set(sessionUserAtom, { id: 'u1', email: 'lan@example.vn', role: 'user', plan });

const radioOf = (testId: string) => within(screen.getByTestId(testId)).getByRole('radio') as HTMLInputElement;
const reasonOf = (radio: HTMLInputElement) => document.getElementById(radio.getAttribute('aria-describedby') ?? '')?.textContent;

describe('plan gates (docs/product-rules.md#plan-gates)', () => {
  afterEach(() => getDefaultStore().set(sessionUserAtom, null));

  test('a free account sees ×3 and ×4 marked and disabled, with the reason and the way to the plans', () => {
    signIn('free');
    const produced = renderImageForm(null);
    const factors = screen.getByTestId('upscale-factor');
    expect(within(factors).getAllByText('Gói trả phí')).toHaveLength(2);
    expect(['2', '3', '4'].map((factor) => radioOf(`upscale-factor-${factor}`).disabled)).toEqual([false, true, true]);
    expect(reasonOf(radioOf('upscale-factor-4'))).toBe('Phóng to ×4 dành cho gói trả phí.');
    const note = screen.getByTestId('upscale-image-paid-note');
    expect(note.textContent).toBe('Phóng to ×3 và ×4 dành cho gói trả phí. Xem các gói đăng ký');
    expect(within(note).getByRole('link', { name: 'Xem các gói đăng ký' }).getAttribute('href')).toBe('/studio-pricing');
    expect(produced).toEqual([]);
  });

  test('video: ×3, ×4 and targets above 1080p are closed on the free plan; a paid plan sees nothing closed', () => {
    signIn('free');
    renderVideoForm(video(10));
    expect(['2', '3', '4'].map((factor) => radioOf(`upscale-video-factor-${factor}`).disabled)).toEqual([false, true, true]);
    expect(screen.getByTestId('upscale-video-paid-note').textContent).toBe('Phóng to ×3 và ×4 dành cho gói trả phí. Xem các gói đăng ký');
    cleanup();
    renderVideoForm(video(10), { ...DEFAULT_UPSCALE_VIDEO_PARAMS, target_resolution: '1080p' });
    expect(within(screen.getByTestId('upscale-video-resolution')).getAllByText('Gói trả phí')).toHaveLength(2);
    expect(['720p', '1080p', '1440p', '2160p'].map((target) => radioOf(`upscale-video-resolution-${target}`).disabled)).toEqual([false, false, true, true]);
    expect(screen.getByTestId('upscale-video-paid-note').textContent).toBe('Video 1440p và 2160p dành cho gói trả phí. Xem các gói đăng ký');
    cleanup();
    signIn('pro');
    renderVideoForm(video(10), { ...DEFAULT_UPSCALE_VIDEO_PARAMS, target_resolution: '2160p' });
    expect(screen.queryByText('Gói trả phí')).toBeNull();
    expect(screen.queryByTestId('upscale-video-paid-note')).toBeNull();
    expect(radioOf('upscale-video-resolution-2160p').disabled).toBe(false);
  });

  test('while the plan is unknown nothing is closed: the server decides', () => {
    getDefaultStore().set(sessionUserAtom, { id: 'u1', email: 'lan@example.vn', role: 'user' });
    renderImageForm(null);
    expect(screen.queryByText('Gói trả phí')).toBeNull();
    expect(radioOf('upscale-factor-4').disabled).toBe(false);
  });
});
