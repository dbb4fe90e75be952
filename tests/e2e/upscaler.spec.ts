import { open as openFile, readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { sceneSvg } from '../fixtures/engines/images.ts';
import { makeVideo } from '../server/helpers/media-fixtures.ts';
import { test, expect, useEnglish } from './fixtures.ts';
import { jobOnReturn, resultOf } from './studio-return.ts';
import { Api } from './api.ts';
import { signIn } from './session.ts';

/**
 * The upscaler studio against the real server and the local engine: an image → 2× result with the
 * slider → download at a chosen size; the planned size and the >4K warning; a short MP4 → video
 * result (the player, the output size); the prerequisites and the upscaler's own limits (20 MB
 * images, MP4/WebM/MOV up to 100 MB); reattaching after a reload; the credit check; English.
 */

/** Local upscales of these small inputs take a few seconds; a loaded CI machine more. */
const RESULT_TIMEOUT_MS = 60_000;
// Jobs queue behind the other suites' on the shared server: a test may wait for two of them.
test.describe.configure({ timeout: 2 * RESULT_TIMEOUT_MS });
const MB = 1024 * 1024;

interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

async function scene(name: string, width: number, height: number): Promise<Upload> {
  return {
    name,
    mimeType: 'image/png',
    buffer: await sharp(Buffer.from(sceneSvg(width, height)))
      .png()
      .toBuffer(),
  };
}

async function open(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/upscaler');
  await expect(page.getByTestId('studio-page')).toBeVisible();
  await expect(page.getByTestId('upscaler-mode')).toBeVisible();
}

async function videoMode(page: Page) {
  await page.getByTestId('upscaler-mode-video').click();
  await expect(page.getByTestId('upscale-video-section')).toBeVisible();
}

/** The job as the API returns it, with the signed-in user's token. */
async function readJob(request: APIRequestContext, token: string, id: string) {
  const answer = await request.get(`/api/generations/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as {
    status: string;
    params: Record<string, unknown>;
    results: { width: number; height: number; codec: string | null; media_type: string }[];
  };
}

test('an image → 2× with the slider → download at 800×600 → Try Another', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  await page.getByTestId('upscale-image-input').setInputFiles(await scene('nho.png', 400, 300));
  await expect(page.getByTestId('upscale-image-chosen')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId('studio-page')).toHaveAttribute('data-step', 'configure');
  await expect(page.getByTestId('upscale-planned-size')).toContainText('800 × 600');
  const generate = page.getByTestId('generate-button');
  await expect(generate).toHaveAttribute('data-cost', '1');
  await generate.click();

  await expect(page.getByTestId('result-view')).toBeVisible({ timeout: RESULT_TIMEOUT_MS });
  await expect(page.getByTestId('compare-slider')).toBeVisible();
  const image = page.getByTestId('result-image');
  await expect(image).toHaveAttribute('width', '800');
  await expect(image).toHaveAttribute('height', '600');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
  await expect(page.getByTestId('history-item').first()).toHaveAttribute('data-status', 'completed');

  await page.getByTestId('result-download').click();
  await page.getByTestId('download-dialog').locator('input[name="size"][value="small"]').check({ force: true });
  const summary = page.getByTestId('download-summary');
  await expect(summary).toHaveAttribute('data-width', '800');
  await expect(summary).toHaveAttribute('data-height', '600');
  await page.getByTestId('download-dialog').locator('input[name="quality"][value="low"]').check({ force: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-submit').click()]);
  const meta = await sharp(await readFile((await download.path())!)).metadata();
  expect([meta.width, meta.height]).toEqual([800, 600]);

  await page.keyboard.press('Escape');
  await page.getByTestId('result-new').click();
  await expect(page.getByTestId('upscale-image-chosen')).toHaveCount(0);
});

test('the input size, the planned size and the >4K warning follow the factor', async ({ page, request }) => {
  const user = await signIn(page, request);
  // 1080p and ×3/×4 are paid-plan options (docs/product-rules.md#plan-gates).
  await new Api(request, user).setPlan('pro');
  await open(page);
  await page.getByTestId('upscale-image-input').setInputFiles(await scene('vua.png', 1200, 800));
  await expect(page.getByTestId('upscale-image-chosen')).toHaveCount(1, { timeout: 15_000 });
  const planned = page.getByTestId('upscale-planned-size');
  await expect(planned).toContainText('2400 × 1600');
  await expect(page.getByTestId('over4k-warning')).toHaveCount(0);

  await page.getByTestId('upscale-factor-4').click();
  await expect(planned).toContainText('4800 × 3200');
  await expect(page.getByTestId('over4k-warning')).toBeVisible();
  await expect(page.getByTestId('generate-button')).toHaveAttribute('data-cost', '2');
  await page.getByTestId('upscale-factor-2').click();
  await expect(page.getByTestId('over4k-warning')).toHaveCount(0);
  await expect(page.getByTestId('generate-button')).toHaveAttribute('data-cost', '1');
});

test('a short MP4 → upscaled video with the player, in H.264 at 2×', async ({ page, request }, testInfo) => {
  const user = await signIn(page, request);
  const clip = await makeVideo(testInfo.outputPath(), { seconds: 2, width: 320, height: 240, fps: 25, name: 'clip.mp4' });
  await open(page);
  await videoMode(page);
  await expect(page.getByTestId('generate-problem')).toHaveText('Vui lòng tải video lên trước khi tạo.');
  await page.getByTestId('upscale-video-input').setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: clip });
  await expect(page.getByTestId('upscale-video-chosen')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('upscale-video-recommendation')).toHaveText('Nên dùng video dưới 30 giây: xử lý nhanh hơn và tốn ít tín dụng hơn.');
  await expect(page.getByTestId('upscale-long-video')).toHaveCount(0);
  await page.getByTestId('upscale-video-fps-16').click();
  await page.getByTestId('upscale-video-h264').check({ force: true });
  const generate = page.getByTestId('generate-button');
  await expect(generate).toHaveAttribute('data-cost', '2');
  await expect(generate).toHaveText('Tạo video · 2 tín dụng');
  await generate.click();

  const result = page.getByTestId('result-view');
  await expect(result).toBeVisible({ timeout: RESULT_TIMEOUT_MS });
  const player = page.getByTestId('result-video');
  await expect(player).toBeVisible();
  await expect(player).toHaveAttribute('src', /\/api\/media\//);
  await expect(page.getByTestId('compare-slider')).toHaveCount(0);
  const job = await readJob(request, user.token, (await result.getAttribute('data-job-id'))!);
  expect(job.params).toMatchObject({ factor: 2, target_fps: 16, h264: true });
  expect(job.results[0]).toMatchObject({ media_type: 'video', width: 640, height: 480, codec: 'h264' });
  // The history lists both modes' jobs.
  await expect(page.getByTestId('history-item').first()).toHaveAttribute('data-status', 'completed');
});

test('prerequisites, a wrong type and the upscaler limits: 21 MB image, 101 MB video', async ({ page, request }, testInfo) => {
  await signIn(page, request);
  await open(page);
  await expect(page.getByTestId('generate-problem')).toHaveText('Vui lòng tải ảnh lên trước khi tạo.');
  await expect(page.getByTestId('generate-button')).toBeDisabled();

  const image = page.getByTestId('upscale-image-input');
  await image.setInputFiles({ name: 'ghi-chu.txt', mimeType: 'text/plain', buffer: Buffer.from('không phải ảnh') });
  await expect(page.getByTestId('upscale-image-error')).toHaveText('Loại tệp không hợp lệ. Vui lòng chỉ tải lên tệp JPEG, PNG, WebP.');
  await image.setInputFiles({ name: 'rat-lon.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(21 * MB, 1) });
  await expect(page.getByTestId('upscale-image-error').last()).toHaveText('Tệp quá lớn. Kích thước tối đa là 20MB.');
  await expect(page.getByTestId('upscale-image-chosen')).toHaveCount(0);

  await videoMode(page);
  const video = page.getByTestId('upscale-video-input');
  await video.setInputFiles(await scene('anh.png', 64, 48));
  await expect(page.getByTestId('upscale-video-error')).toHaveText('Loại tệp không hợp lệ. Vui lòng chỉ tải lên tệp MP4, WebM, MOV.');
  // A 101 MB file, sparse on disk: only its size is read before it is refused.
  const big = testInfo.outputPath('qua-lon.mp4');
  const handle = await openFile(big, 'w');
  await handle.truncate(101 * MB);
  await handle.close();
  await video.setInputFiles(big);
  await expect(page.getByTestId('upscale-video-error').last()).toHaveText('Tệp quá lớn. Kích thước tối đa là 100MB.');
  await expect(page.getByTestId('upscale-video-chosen')).toHaveCount(0);
});

test('leaving the processing screen and reloading comes back to the same job', async ({ page, request }) => {
  const user = await signIn(page, request);
  // 1080p and ×3/×4 are paid-plan options (docs/product-rules.md#plan-gates).
  await new Api(request, user).setPlan('pro');
  await open(page);
  await page.getByTestId('upscale-image-input').setInputFiles(await scene('lon.png', 1600, 1200));
  await expect(page.getByTestId('upscale-image-chosen')).toHaveCount(1, { timeout: 15_000 });
  await page.getByTestId('upscale-factor-3').click();
  await page.getByTestId('generate-button').click();
  const processing = page.getByTestId('processing-view');
  await expect(processing).toHaveAttribute('data-job-id', /.+/);
  const jobId = await processing.getAttribute('data-job-id');

  await page.goto('/dashboard');
  await page.goto('/upscaler');
  const shown = jobOnReturn(page, jobId!);
  await expect(shown).toBeVisible();
  await page.reload();
  await expect(shown).toBeVisible();
  await resultOf(page, jobId!);
});

test('on the free plan ×3 and ×4, and video targets above 1080p, carry the paid-plan mark and cannot be chosen', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  await page.getByTestId('upscale-image-input').setInputFiles(await scene('vua.png', 600, 400));
  await expect(page.getByTestId('upscale-image-chosen')).toHaveCount(1, { timeout: 15_000 });
  for (const factor of [3, 4]) {
    await expect(page.getByTestId(`upscale-factor-${factor}`)).toContainText('Gói trả phí');
    await expect(page.getByTestId(`upscale-factor-${factor}`).locator('input')).toBeDisabled();
  }
  await expect(page.getByTestId('upscale-factor-2').locator('input')).toBeChecked();
  const note = page.getByTestId('upscale-image-paid-note');
  await expect(note).toHaveText('Phóng to ×3 và ×4 dành cho gói trả phí. Xem các gói đăng ký');
  await expect(note.getByRole('link')).toHaveAttribute('href', '/studio-pricing');
  await expect(page.getByTestId('generate-button')).toBeEnabled();
  for (const size of [
    { width: 1024, height: 768 },
    { width: 820, height: 1180 },
  ]) {
    await page.setViewportSize(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${size.width}`).toBe(true);
    for (const badge of await page.getByTestId('upscale-factor').getByText('Gói trả phí', { exact: true }).all()) {
      expect(await badge.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    }
  }

  await videoMode(page);
  for (const factor of [3, 4]) await expect(page.getByTestId(`upscale-video-factor-${factor}`).locator('input')).toBeDisabled();
  await page.getByTestId('upscale-video-sizing-resolution').click();
  for (const target of ['1440p', '2160p']) {
    await expect(page.getByTestId(`upscale-video-resolution-${target}`)).toContainText('Gói trả phí');
    await expect(page.getByTestId(`upscale-video-resolution-${target}`).locator('input')).toBeDisabled();
  }
  await expect(page.getByTestId('upscale-video-paid-note')).toHaveText('Video 1440p và 2160p dành cho gói trả phí. Xem các gói đăng ký');
});

test('in English, a plan that lapsed with the studio open: the 403 says why once, then ×4 and Generate are closed', async ({ page, request }) => {
  await useEnglish(page);
  const user = await signIn(page, request);
  const api = new Api(request, user);
  await api.setPlan('pro');
  await open(page);
  await page.getByTestId('upscale-image-input').setInputFiles(await scene('vua.png', 600, 400));
  await expect(page.getByTestId('upscale-image-chosen')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId('upscale-factor-4').locator('input')).toBeEnabled();
  await page.getByTestId('upscale-factor-4').click();
  const generate = page.getByTestId('generate-button');
  await expect(generate).toHaveAttribute('data-cost', '2');

  await api.setPlan('free');
  await generate.click();
  await expect(generate).toBeDisabled();
  await expect(page.getByTestId('generate-problem')).toHaveText('1080p video and ×3, ×4 upscales are for paid plans. Upgrade to use them.');
  await expect(page.getByTestId('generate-error')).toHaveCount(0);
  await expect(page.getByTestId('upscale-factor-4')).toContainText('Paid plan');
  await expect(page.getByTestId('upscale-factor-4').locator('input')).toBeDisabled();
  await expect(page.getByTestId('upscale-image-paid-note')).toHaveText('×3 and ×4 upscales are for paid plans. See the plans');
});

test('an 11 s video at 3× costs 8 credits: balance, cost and shortage with a link to pricing', async ({ page, request }, testInfo) => {
  const user = await signIn(page, request);
  // 1080p and ×3/×4 are paid-plan options (docs/product-rules.md#plan-gates).
  await new Api(request, user).setPlan('pro');
  const clip = await makeVideo(testInfo.outputPath(), { seconds: 11, width: 160, height: 120, fps: 10, name: 'dai.mp4' });
  await open(page);
  await videoMode(page);
  await page.getByTestId('upscale-video-input').setInputFiles({ name: 'dai.mp4', mimeType: 'video/mp4', buffer: clip });
  await expect(page.getByTestId('upscale-video-chosen')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('generate-button')).toHaveAttribute('data-cost', '4');
  await expect(page.getByTestId('credit-panel')).toHaveCount(0);

  await page.getByTestId('upscale-video-factor-3').click();
  const panel = page.getByTestId('credit-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('credit-balance')).toHaveText('5');
  await expect(panel.getByTestId('credit-cost')).toHaveText('8');
  await expect(panel.getByTestId('credit-shortage')).toHaveText('3');
  await expect(panel.getByTestId('credit-pricing-link')).toHaveAttribute('href', '/studio-pricing');
  await expect(page.getByTestId('generate-button')).toBeDisabled();
});

test('in English: the studio, its modes and the prerequisite messages', async ({ page, request }) => {
  await useEnglish(page);
  await signIn(page, request);
  await open(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upscaler');
  await expect(page.getByTestId('generate-problem')).toHaveText('Please upload an image before generating.');
  await videoMode(page);
  await expect(page.getByTestId('generate-problem')).toHaveText('Please upload a video before generating.');
});
