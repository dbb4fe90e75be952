import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { sceneSvg } from '../fixtures/engines/images.ts';
import { test, expect, useEnglish } from './fixtures.ts';
import { jobOnReturn, resultOf } from './studio-return.ts';
import { Api } from './api.ts';
import { signIn } from './session.ts';

/**
 * The image-to-video studio against the real server and the local engine: the step flow with
 * Back and Next, the model picker's own options, a playable result of the chosen length and its
 * download, the prerequisite and upload messages, reattaching after a reload, the credit check.
 *
 * Credits: a new user has 5 and the e2e side cannot grant more, so each test spends at most 4:
 * 5 s 480p costs 2 (about 2 s on the local engine); the reattach test takes 5 s 1080p of a 16:9
 * still (1920×1080 frames, 4 credits), the longest run those credits buy.
 */

/** A local video job takes a few seconds; the suite runs tests in parallel on a shared server. */
const RESULT_TIMEOUT_MS = 60_000;
// Jobs queue behind the other suites' on the shared server: a test may wait for two of them.
test.describe.configure({ timeout: 2 * RESULT_TIMEOUT_MS });
/** The engine's frames are whole at 24 fps: the file's duration is the chosen one to a frame or two. */
const DURATION_TOLERANCE_DIGITS = 0;

type FilePayload = { name: string; mimeType: string; buffer: Buffer };

async function still(width = 1280, height = 720): Promise<FilePayload> {
  return {
    name: 'canh.png',
    mimeType: 'image/png',
    buffer: await sharp(Buffer.from(sceneSvg(width, height)))
      .png()
      .toBuffer(),
  };
}

async function open(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/image-to-video');
  await expect(page.getByTestId('studio-page')).toBeVisible();
}

async function upload(page: Page, file: FilePayload) {
  await page.getByTestId('i2v-image-input').setInputFiles(file);
  await expect(page.getByTestId('i2v-image-chosen')).toHaveCount(1, { timeout: 15_000 });
}

const stepPanel = (page: Page) => page.getByTestId('i2v-step');

async function next(page: Page, to: 'configure' | 'generate') {
  await page.getByTestId('studio-next').click();
  await expect(stepPanel(page)).toHaveAttribute('data-step', to);
}

/** The `<video>`'s duration in seconds once its metadata has loaded. */
async function videoDuration(video: Locator): Promise<number> {
  return video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        if (element.readyState >= HTMLMediaElement.HAVE_METADATA) return resolve(element.duration);
        element.addEventListener('loadedmetadata', () => resolve(element.duration), { once: true });
        element.addEventListener('error', () => reject(new Error(`video error ${element.error?.code}`)), { once: true });
      }),
  );
}

test('upload → configure → generate → a playable 5 s video → download the original', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  await upload(page, await still());
  await next(page, 'configure');
  // The defaults: Seedance v1, 5 s, 480p, 2 credits.
  await expect(page.getByTestId('video-duration-5').locator('input')).toBeChecked();
  await expect(page.getByTestId('video-resolution-480p').locator('input')).toBeChecked();
  // At the model choice: the built-in engine records the model, it does not run it (docs/product-rules.md#image-to-video).
  await expect(page.getByTestId('video-model-not-run')).toHaveText(
    'Công cụ tích hợp sẵn không chạy Seedance v1: chỉ lia, phóng trên ảnh tĩnh, ảnh không cử động.',
  );
  for (const size of [
    { width: 1024, height: 768 },
    { width: 820, height: 1180 },
  ]) {
    await page.setViewportSize(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  }
  await next(page, 'generate');
  await expect(page.getByTestId('i2v-summary-duration')).toHaveAttribute('data-seconds', '5');
  await expect(page.getByTestId('i2v-summary-resolution')).toHaveText('480p');
  // Before Generate: what it will do, what it will not, and the press agrees to it.
  const plan = page.getByTestId('plan-summary');
  await expect(plan.getByTestId('plan-done')).toHaveText('Chuyển động máy quay ảo (phóng to hoặc lia) trên ảnh tĩnh, 5 giây, 480p');
  await expect(plan.getByTestId('plan-not-done')).toHaveText('Mô hình Seedance v1: không được chạy, nên người và vật trong ảnh không cử động');
  const generate = page.getByTestId('generate-button');
  await expect(generate).toHaveAttribute('data-cost', '2');
  await expect(generate).toHaveText('Đồng ý, tạo video · 2 tín dụng');
  await generate.click();

  await expect(page.getByTestId('result-view')).toBeVisible({ timeout: RESULT_TIMEOUT_MS });
  await expect(page.getByTestId('studio-page')).toHaveAttribute('data-step', 'result');
  // The result says it too.
  await expect(page.getByTestId('result-view').getByTestId('plan-not-done')).toHaveText(
    'Mô hình Seedance v1: không được chạy, nên người và vật trong ảnh không cử động',
  );
  const video = page.getByTestId('result-video');
  await expect(video).toHaveAttribute('poster', /.+/);
  expect(await videoDuration(video)).toBeCloseTo(5, DURATION_TOLERANCE_DIGITS);
  await expect(page.getByTestId('history-item').first()).toHaveAttribute('data-status', 'completed');
  await expect(page.getByTestId('studio-back')).toHaveCount(0);

  // The download is the stored file itself (a video has no size or quality options).
  await page.getByTestId('result-download').click();
  await expect(page.getByTestId('download-dialog')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-submit').click()]);
  // Named after the tool, the photo it was made from (canh.png) and the day.
  expect(download.suggestedFilename()).toMatch(/^anh-thanh-video-canh-\d{4}-\d{2}-\d{2}\.mp4$/);
  const saved = await readFile((await download.path())!);
  const src = await video.evaluate((element: HTMLVideoElement) => element.currentSrc || element.src);
  const original = await page.evaluate(async (url) => (await (await fetch(url)).arrayBuffer()).byteLength, src);
  expect(saved.subarray(4, 8).toString('latin1')).toBe('ftyp');
  expect(saved.byteLength).toBe(original);

  // Create New goes back to an empty first step.
  await page.keyboard.press('Escape');
  await page.getByTestId('result-new').click();
  await expect(stepPanel(page)).toHaveAttribute('data-step', 'upload');
  await expect(page.getByTestId('i2v-image-chosen')).toHaveCount(0);
});

test('Back and Next: one step at a time, Next waits for the image and says why', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  const nextButton = page.getByTestId('studio-next');
  await expect(stepPanel(page)).toHaveAttribute('data-step', 'upload');
  await expect(page.getByTestId('studio-back')).toHaveCount(0);
  // The prerequisite: no image, no Next.
  await expect(nextButton).toBeDisabled();
  await expect(page.getByTestId('i2v-next-hint')).toHaveText('Vui lòng tải ảnh lên trước khi tạo.');

  await upload(page, await still());
  await expect(nextButton).toBeEnabled();
  await expect(page.getByTestId('i2v-next-hint')).toHaveCount(0);
  await next(page, 'configure');
  await expect(page.getByTestId('i2v-image-section')).toHaveCount(0);
  await expect(page.getByTestId('studio-step').nth(1)).toHaveAttribute('data-state', 'current');
  await page.getByTestId('video-duration-10').click();

  await next(page, 'generate');
  await expect(page.getByTestId('image-to-video-params')).toHaveCount(0);
  await expect(nextButton).toHaveCount(0);
  await expect(page.getByTestId('i2v-summary-duration')).toHaveAttribute('data-seconds', '10');
  await expect(page.getByTestId('generate-button')).toHaveAttribute('data-cost', '4');

  // Back keeps what was chosen on each step.
  await page.getByTestId('studio-back').click();
  await expect(stepPanel(page)).toHaveAttribute('data-step', 'configure');
  await expect(page.getByTestId('video-duration-10').locator('input')).toBeChecked();
  await page.getByTestId('studio-back').click();
  await expect(stepPanel(page)).toHaveAttribute('data-step', 'upload');
  await expect(page.getByTestId('i2v-image-chosen')).toHaveCount(1);
  // Removing the image blocks Next again.
  await page.getByTestId('i2v-image-remove').click();
  await expect(nextButton).toBeDisabled();
  await expect(page.getByTestId('i2v-next-hint')).toHaveText('Vui lòng tải ảnh lên trước khi tạo.');
});

test('the model picker shows only what the chosen model accepts, and the price follows', async ({ page, request }) => {
  const user = await signIn(page, request);
  // 1080p and ×3/×4 are paid-plan options (docs/product-rules.md#plan-gates).
  await new Api(request, user).setPlan('pro');
  await open(page);
  await upload(page, await still());
  await next(page, 'configure');
  const radios = (testId: string) => page.getByTestId(testId).locator('input[type="radio"]');
  // Seedance v1: 5 and 10 s, 480p and 1080p, camera fixed.
  await expect(radios('video-duration')).toHaveCount(2);
  await expect(page.getByTestId('video-camera-fixed')).toHaveCount(1);
  await expect(page.getByTestId('video-generate-audio')).toHaveCount(0);

  // Veo 3: 8 s at 1080p only, with audio; nothing of Seedance's.
  await page.getByTestId('video-model-veo3').click();
  await expect(radios('video-duration')).toHaveCount(1);
  await expect(page.getByTestId('video-duration-8').locator('input')).toBeChecked();
  await expect(radios('video-resolution')).toHaveCount(1);
  await expect(page.getByTestId('video-resolution-1080p').locator('input')).toBeChecked();
  await expect(page.getByTestId('video-generate-audio')).toHaveCount(1);
  await expect(page.getByTestId('video-camera-fixed')).toHaveCount(0);
  await expect(page.getByTestId('video-cfg-scale')).toHaveCount(0);
  // The built-in engine runs no model: no Veo premium (24 on a hosted engine), the price of 8 s at 1080p.
  await expect(page.getByTestId('video-cost')).toContainText('8 tín dụng');
  await expect(page.getByTestId('video-model-not-run')).toContainText('không chạy Veo 3');

  await next(page, 'generate');
  await expect(page.getByTestId('i2v-summary-model')).toHaveText('Veo 3');
  await expect(page.getByTestId('generate-button')).toHaveAttribute('data-cost', '8');
});

/** No sideways scroll, and every paid-plan badge shown whole, at the tablet sizes (landscape, portrait). */
async function fitsTablets(page: Page, badges: Locator) {
  for (const size of [
    { width: 1024, height: 768 },
    { width: 820, height: 1180 },
  ]) {
    await page.setViewportSize(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${size.width}`).toBe(true);
    for (const badge of await badges.all()) {
      expect(
        await badge.evaluate(
          (element) => element.scrollWidth <= element.clientWidth + 1 && element.getBoundingClientRect().right <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
    }
  }
}

test('on the free plan the 1080p-only models and 1080p carry the paid-plan mark, cannot be chosen, and lead to the plans', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  await upload(page, await still());
  await next(page, 'configure');
  for (const model of ['veo2', 'veo3', 'kling-2.1', 'kling-2.5-turbo']) {
    const card = page.getByTestId(`video-model-${model}`);
    await expect(card, model).toContainText('Gói trả phí');
    await expect(card.locator('input'), model).toBeDisabled();
  }
  for (const model of ['seedance-v1', 'hailuo-02']) {
    await expect(page.getByTestId(`video-model-${model}`).locator('input'), model).toBeEnabled();
    await expect(page.getByTestId(`video-model-${model}`), model).not.toContainText('Gói trả phí');
  }
  const modelNote = page.getByTestId('video-model-paid-note');
  await expect(modelNote).toHaveText('Veo 2, Veo 3, Kling 2.1 và Kling 2.5 Turbo chỉ tạo video 1080p, dành cho gói trả phí. Xem các gói đăng ký');
  await expect(modelNote.getByRole('link')).toHaveAttribute('href', '/studio-pricing');
  await expect(page.getByTestId('video-resolution-1080p')).toContainText('Gói trả phí');
  await expect(page.getByTestId('video-resolution-1080p').locator('input')).toBeDisabled();
  await expect(page.getByTestId('video-paid-note')).toHaveText('Video 1080p dành cho gói trả phí. Xem các gói đăng ký');
  await fitsTablets(page, page.getByTestId('image-to-video-params').getByText('Gói trả phí', { exact: true }));
  await page.setViewportSize({ width: 1280, height: 900 });

  await modelNote.getByRole('link').click();
  await expect(page).toHaveURL(/\/studio-pricing$/);
});

test('a plan that lapsed with the studio open: the 403 says why once, then 1080p and Generate are closed', async ({ page, request }) => {
  const user = await signIn(page, request);
  const api = new Api(request, user);
  await api.setPlan('pro');
  await open(page);
  await upload(page, await still());
  await next(page, 'configure');
  await expect(page.getByTestId('video-model-veo3').locator('input')).toBeEnabled();
  await page.getByTestId('video-resolution-1080p').click();
  await next(page, 'generate');
  const generate = page.getByTestId('generate-button');
  await expect(generate).toHaveAttribute('data-cost', '4');

  await api.setPlan('free');
  await generate.click();
  await expect(generate).toBeDisabled();
  await expect(page.getByTestId('generate-problem')).toHaveText('Video 1080p và phóng to ×3, ×4 dành cho gói trả phí. Nâng cấp để dùng.');
  await expect(page.getByTestId('generate-error')).toHaveCount(0);
  await page.getByTestId('studio-back').click();
  await expect(page.getByTestId('video-resolution-1080p').locator('input')).toBeDisabled();
  await expect(page.getByTestId('video-model-veo3')).toContainText('Gói trả phí');
});

test('a wrong file type and an 11 MB file are refused with their messages', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  const input = page.getByTestId('i2v-image-input');
  await input.setInputFiles({ name: 'ghi-chu.txt', mimeType: 'text/plain', buffer: Buffer.from('không phải ảnh') });
  await expect(page.getByTestId('i2v-image-error')).toHaveText('Loại tệp không hợp lệ. Vui lòng chỉ tải lên tệp JPEG, PNG, WebP.');
  await input.setInputFiles({ name: 'qua-lon.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(11 * 1024 * 1024, 1) });
  await expect(page.getByTestId('i2v-image-error').last()).toHaveText('Tệp quá lớn. Kích thước tối đa là 10MB.');
  await expect(page.getByTestId('i2v-image-chosen')).toHaveCount(0);
  await expect(page.getByTestId('studio-next')).toBeDisabled();
});

test('leaving the processing screen and reloading comes back to the same job', async ({ page, request }) => {
  // 1080p frames take a while on a busy 2-core machine, on purpose: the job must still run at the
  // reload. Alone it takes ~45 s; beside the rest of the suite on two cores the video alone can
  // take over a minute, so this test waits longer for it.
  test.setTimeout(4 * RESULT_TIMEOUT_MS);
  const user = await signIn(page, request);
  // 1080p and ×3/×4 are paid-plan options (docs/product-rules.md#plan-gates).
  await new Api(request, user).setPlan('pro');
  await open(page);
  await upload(page, await still(1920, 1080));
  await next(page, 'configure');
  await page.getByTestId('video-resolution-1080p').click();
  await next(page, 'generate');
  await expect(page.getByTestId('generate-button')).toHaveAttribute('data-cost', '4');
  // The built-in engine does not run the model: the press agrees to that, once the plan is shown.
  await expect(page.getByTestId('generate-button')).toHaveText('Đồng ý, tạo video · 4 tín dụng');
  await page.getByTestId('generate-button').click();

  const processing = page.getByTestId('processing-view');
  await expect(processing).toHaveAttribute('data-job-id', /.+/);
  const jobId = await processing.getAttribute('data-job-id');
  // The video stages, one of them under way once the engine reports (the job may first wait
  // its turn behind other tests' jobs in the queue).
  await expect(page.getByTestId('video-stage')).toHaveCount(3);
  await expect(page.locator('[data-testid="video-stage"][data-state="current"]')).toHaveCount(1, { timeout: 60_000 });

  await page.goto('/dashboard');
  await page.goto('/image-to-video');
  const shown = jobOnReturn(page, jobId!);
  await expect(shown).toBeVisible();
  await page.reload();
  await expect(shown).toBeVisible();
  await resultOf(page, jobId!, 2.5 * RESULT_TIMEOUT_MS);
  expect(await videoDuration(page.getByTestId('result-video'))).toBeCloseTo(5, DURATION_TOLERANCE_DIGITS);
});

test('a 10 s 1080p video costs 8 of the 5 credits: balance, cost and shortage', async ({ page, request }) => {
  const user = await signIn(page, request);
  // 1080p and ×3/×4 are paid-plan options (docs/product-rules.md#plan-gates).
  await new Api(request, user).setPlan('pro');
  await open(page);
  await upload(page, await still());
  await next(page, 'configure');
  await page.getByTestId('video-duration-10').click();
  await page.getByTestId('video-resolution-1080p').click();
  await next(page, 'generate');
  const panel = page.getByTestId('credit-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('credit-balance')).toHaveText('5');
  await expect(panel.getByTestId('credit-cost')).toHaveText('8');
  await expect(panel.getByTestId('credit-shortage')).toHaveText('3');
  await expect(panel.getByTestId('credit-pricing-link')).toHaveAttribute('href', '/studio-pricing');
  await expect(page.getByTestId('generate-button')).toBeDisabled();
});

test('in English: the studio and its prerequisite message', async ({ page, request }) => {
  await useEnglish(page);
  await signIn(page, request);
  await open(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image to Video');
  await expect(page.getByTestId('i2v-next-hint')).toHaveText('Please upload an image before generating.');
  await expect(page.getByTestId('studio-next')).toHaveText('Continue');
});
