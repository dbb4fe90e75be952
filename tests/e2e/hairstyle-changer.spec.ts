import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp, { type OutputInfo } from 'sharp';
import { portraitSvg } from '../fixtures/engines/images.ts';
import { test, expect, useEnglish } from './fixtures.ts';
import { jobOnReturn, resultOf } from './studio-return.ts';
import { signIn } from './session.ts';

/**
 * The hairstyle changer studio against the real server and the local engine: a portrait → a
 * template style → a brush mask painted with simulated pointer events → result → download at a
 * chosen size; the job's mask is the painted shape. Also the prerequisite and upload
 * messages, the mask requirement, reattaching after a reload, the credit check, and English.
 */

/** A local recolour takes a second or two; a loaded CI machine may queue it longer. */
const RESULT_TIMEOUT_MS = 60_000;
/** A test may wait for a job (or several) behind other suites' jobs on the same server. */
test.describe.configure({ timeout: 2 * RESULT_TIMEOUT_MS });
/** The portrait fixture's size, px (tests/fixtures/engines/images.ts). */
const PORTRAIT = { width: 320, height: 400 };
const SELECT_BOTH = 'Vui lòng tải ảnh lên và chọn kiểu tóc trước khi tạo.';
const MASK_REQUIRED = 'Vui lòng tô lên vùng tóc bằng cọ để đánh dấu vùng cần đổi.';
/** The Generate button once the built-in engine's plan (recolour only) is shown: pressing it agrees to leave the rest out. */
const AGREE = 'Đồng ý, tạo ảnh · 1 tín dụng';
/** The stroke drawn over the hair: a horizontal line across the top of the head, in image px. */
const STROKE = { y: 80, fromX: 110, toX: 210 };

async function portrait() {
  return { name: 'chan-dung.png', mimeType: 'image/png', buffer: await sharp(Buffer.from(portraitSvg())).png().toBuffer() };
}

async function open(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/hairstyle-changer');
  await expect(page.getByTestId('studio-page')).toBeVisible();
}

async function uploadPortraitAndChooseStyle(page: Page) {
  await page.getByTestId('hair-photo-input').setInputFiles(await portrait());
  await expect(page.getByTestId('hair-photo-chosen')).toHaveCount(1, { timeout: 15_000 });
  await page.getByTestId('hairstyle-long-straight-layer').click();
  await expect(page.getByTestId('hairstyle-long-straight-layer').locator('input')).toBeChecked();
  await chooseColour(page);
}

/** A hair colour: the built-in engine recolours hair and cannot reshape it (docs/product-rules.md#engine-plan). */
async function chooseColour(page: Page) {
  await page.getByTestId('hair-color-hex').fill('#6a3f26');
  await expect(page.getByTestId('hair-color-hex')).toHaveValue('#6a3f26');
}

/**
 * Paints STROKE with the mouse (pointer events on the mask surface): image px are placed on the
 * screen through the photo's box as drawn (the fitted, unzoomed view).
 */
async function paintStroke(page: Page) {
  const surface = page.getByTestId('mask-surface');
  await surface.scrollIntoViewIfNeeded();
  const photo = surface.locator('img');
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = (await photo.boundingBox())!;
  const scale = box.width / PORTRAIT.width;
  const at = (x: number, y: number) => ({ x: box.x + x * scale, y: box.y + y * scale });
  const start = at(STROKE.fromX, STROKE.y);
  const end = at(STROKE.toX, STROKE.y);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 20 });
  await page.mouse.up();
}

/** The grey level (0-255) of the mask at image px (x, y). */
function grey(mask: { data: Buffer; info: OutputInfo }, x: number, y: number): number {
  return mask.data[(y * mask.info.width + x) * mask.info.channels]!;
}

/** Spends a new user's 5 credits through the API (five body jobs at 1 credit each). */
async function spendAllCredits(request: APIRequestContext, token: string) {
  for (let index = 0; index < 5; index++) {
    const response = await request.post('/api/generations', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        feature: 'body-generator',
        inputs: {},
        params: { gender: 'female', height: 160 + index, weight: 55, age: 28, skin_tone: 'light', body_type: 'endomorph', aspect_ratio: '3:4' },
      },
    });
    expect(response.status()).toBe(202);
  }
}

test('portrait → style → painted mask → result with the drawn mask → download at 800×600', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  await expect(page.getByTestId('hair-mask-needs-photo')).toBeVisible();
  await uploadPortraitAndChooseStyle(page);

  // Without a painted mask, Generate says what is missing.
  await expect(page.getByTestId('generate-problem')).toHaveText(MASK_REQUIRED);
  await expect(page.getByTestId('generate-button')).toBeDisabled();
  await expect(page.getByTestId('hair-mask-state')).toHaveAttribute('data-state', 'empty');

  await paintStroke(page);
  await expect(page.getByTestId('hair-mask-state')).toHaveAttribute('data-state', 'painted');
  await page.getByTestId('mask-export').click();
  await expect(page.getByText('Tạo mặt nạ thành công')).toBeVisible();
  const maskState = page.getByTestId('hair-mask-state');
  await expect(maskState).toHaveAttribute('data-state', 'ready');
  const maskId = (await maskState.getAttribute('data-asset-id'))!;
  expect(maskId).not.toBe('');

  const generate = page.getByTestId('generate-button');
  await expect(generate).toHaveAttribute('data-cost', '1');
  // The built-in engine only recolours: the press is the seller's agreement, once the plan is shown.
  await expect(generate).toHaveText(AGREE);
  await generate.click();
  const result = page.getByTestId('result-view');
  await expect(result).toBeVisible({ timeout: RESULT_TIMEOUT_MS });
  const image = page.getByTestId('result-image');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByTestId('compare-slider')).toBeVisible();

  // The job, as the server holds it, names the uploaded mask; the mask is the drawn stroke.
  const jobId = (await result.getAttribute('data-job-id'))!;
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const jobResponse = await request.get(`/api/generations/${jobId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(jobResponse.ok()).toBe(true);
  const job = (await jobResponse.json()) as { status: string; inputs: { mask?: string; image?: string }; input_assets: { id: string; url: string }[] };
  expect(job.status).toBe('completed');
  expect(job.inputs.mask).toBe(maskId);
  const maskAsset = job.input_assets.find((asset) => asset.id === maskId);
  expect(maskAsset).toBeDefined();
  const maskFile = await request.get(maskAsset!.url);
  expect(maskFile.ok()).toBe(true);
  const mask = await sharp(await maskFile.body())
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([mask.info.width, mask.info.height]).toEqual([PORTRAIT.width, PORTRAIT.height]);
  // White along the stroke…
  for (const x of [STROKE.fromX + 5, (STROKE.fromX + STROKE.toX) / 2, STROKE.toX - 5]) expect(grey(mask, x, STROKE.y)).toBeGreaterThan(200);
  // …black well outside it: the face, the shoulders, the corners, and beyond the stroke's ends.
  for (const [x, y] of [
    [160, 200],
    [160, 330],
    [10, 10],
    [310, 390],
    [STROKE.fromX - 40, STROKE.y],
    [STROKE.toX + 40, STROKE.y],
  ] as const) {
    expect(grey(mask, x, y)).toBeLessThan(40);
  }

  await page.getByTestId('result-download').click();
  const dialog = page.getByTestId('download-dialog');
  await dialog.locator('input[name="size"][value="small"]').check({ force: true });
  const summary = page.getByTestId('download-summary');
  const width = Number(await summary.getAttribute('data-width'));
  const height = Number(await summary.getAttribute('data-height'));
  expect(width).toBeGreaterThan(0);
  expect(width).toBeLessThanOrEqual(800);
  expect(height).toBeLessThanOrEqual(600);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-submit').click()]);
  const meta = await sharp(await readFile((await download.path())!)).metadata();
  expect([meta.width, meta.height]).toEqual([width, height]);

  // Try Another: an empty form again.
  await page.keyboard.press('Escape');
  await page.getByTestId('result-new').click();
  await expect(page.getByTestId('hair-photo-section')).toBeVisible();
  await expect(page.getByTestId('hair-photo-chosen')).toHaveCount(0);
  await expect(page.getByTestId('hair-mask-needs-photo')).toBeVisible();
});

test('"Đề xuất vùng tóc" paints the hair of a real portrait into the editor; the mask made from it covers the hair, not the face', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await open(page);
  const photo = join(import.meta.dirname, '../fixtures/engines/photos/portrait-plain.jpg');
  await page.getByTestId('hair-photo-input').setInputFiles({ name: 'chan-dung.jpg', mimeType: 'image/jpeg', buffer: await readFile(photo) });
  await expect(page.getByTestId('hair-photo-chosen')).toHaveCount(1, { timeout: 15_000 });
  await page.getByTestId('hairstyle-long-straight-layer').click();
  await chooseColour(page);

  const proposal = page.getByTestId('hair-proposal');
  await expect(proposal).toHaveAttribute('data-state', 'idle');
  await page.getByTestId('hair-proposal-button').click();
  await expect(proposal).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('hair-mask-state')).toHaveAttribute('data-state', 'painted');
  await page.getByTestId('mask-surface').screenshot({ path: test.info().outputPath('proposed-hair.png') });

  await page.getByTestId('mask-export').click();
  const maskState = page.getByTestId('hair-mask-state');
  await expect(maskState).toHaveAttribute('data-state', 'ready');
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const asset = (await (
    await request.get(`/api/assets/${await maskState.getAttribute('data-asset-id')}`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as {
    url: string;
  };
  const mask = await sharp(await (await request.get(asset.url)).body())
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([mask.info.width, mask.info.height]).toEqual([560, 564]);
  // The hair on top of the head; not the nose, an eye or the wall.
  expect(grey(mask, 280, 20)).toBeGreaterThan(170);
  for (const [x, y] of [
    [280, 260],
    [205, 193],
    [8, 8],
  ] as const) {
    expect(grey(mask, x, y)).toBeLessThan(20);
  }
});

test('a photo and a style are required, then a painted mask; erasing it all asks again', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  await expect(page.getByTestId('generate-problem')).toHaveText(SELECT_BOTH);
  await expect(page.getByTestId('generate-button')).toBeDisabled();
  await expect(page.getByTestId('studio-next')).toBeDisabled();

  await page.getByTestId('hair-photo-input').setInputFiles(await portrait());
  await expect(page.getByTestId('hair-photo-chosen')).toHaveCount(1, { timeout: 15_000 });
  // A photo alone is not enough: a style (or a reference photo) is needed too.
  await expect(page.getByTestId('generate-problem')).toHaveText(SELECT_BOTH);
  await page.getByTestId('hairstyle-long-straight-layer').click();
  await expect(page.getByTestId('generate-problem')).toHaveText(MASK_REQUIRED);

  await paintStroke(page);
  // A style alone is what the built-in engine cannot do: it says so, and what it can, before any charge.
  await expect(page.getByTestId('generate-problem')).toHaveText(
    'Công cụ tích hợp sẵn không làm được yêu cầu này: Đổi kiểu tóc (kiểu cắt, độ dài, dáng tóc). Không trừ tín dụng.',
  );
  await expect(page.getByTestId('plan-summary')).toContainText('hãy chọn một màu tóc');
  await expect(page.getByTestId('generate-button')).toBeDisabled();
  await chooseColour(page);
  await expect(page.getByTestId('generate-problem')).toHaveCount(0);
  await expect(page.getByTestId('plan-not-done')).toHaveText('Đổi kiểu tóc (kiểu cắt, độ dài, dáng tóc)');
  await expect(page.getByTestId('generate-button')).toHaveText(AGREE);
  await expect(page.getByTestId('generate-button')).toBeEnabled();
  // Undo takes the only stroke away: the mask is required again.
  await page.getByRole('button', { name: 'Hoàn tác' }).click();
  await expect(page.getByTestId('generate-problem')).toHaveText(MASK_REQUIRED);
  await expect(page.getByTestId('generate-button')).toBeDisabled();
});

test('a wrong file type and an 11 MB portrait are refused with their messages', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  const input = page.getByTestId('hair-photo-input');
  await input.setInputFiles({ name: 'ghi-chu.txt', mimeType: 'text/plain', buffer: Buffer.from('không phải ảnh') });
  await expect(page.getByTestId('hair-photo-error')).toHaveText('Loại tệp không hợp lệ. Vui lòng chỉ tải lên tệp JPEG, PNG, WebP.');
  await input.setInputFiles({ name: 'qua-lon.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(11 * 1024 * 1024, 1) });
  await expect(page.getByTestId('hair-photo-error').last()).toHaveText('Tệp quá lớn. Kích thước tối đa là 10MB.');
  await expect(page.getByTestId('hair-photo-chosen')).toHaveCount(0);
});

test('Generate makes the mask of a painting itself; leaving and reloading comes back to the same job', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  await uploadPortraitAndChooseStyle(page);
  await paintStroke(page);
  await expect(page.getByTestId('generate-button')).toHaveText(AGREE);
  await page.getByTestId('generate-button').click();
  const first = page.locator('[data-testid="processing-view"], [data-testid="result-view"]');
  await expect(first).toHaveAttribute('data-job-id', /.+/, { timeout: RESULT_TIMEOUT_MS });
  const jobId = (await first.getAttribute('data-job-id'))!;

  await page.goto('/dashboard');
  await page.goto('/hairstyle-changer');
  await expect(jobOnReturn(page, jobId)).toBeVisible();
  await page.reload();
  await expect(jobOnReturn(page, jobId)).toBeVisible();
  await resultOf(page, jobId);
  // After the reload the slider's "before" is the job's own portrait.
  await expect(page.getByTestId('compare-slider')).toBeVisible();
});

test('with the 5 credits spent, Generate shows balance, cost and shortage', async ({ page, request }) => {
  const user = await signIn(page, request);
  await spendAllCredits(request, user.token);
  await open(page);
  await uploadPortraitAndChooseStyle(page);
  await paintStroke(page);
  const panel = page.getByTestId('credit-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('credit-balance')).toHaveText('0');
  await expect(panel.getByTestId('credit-cost')).toHaveText('1');
  await expect(panel.getByTestId('credit-shortage')).toHaveText('1');
  await expect(panel.getByTestId('credit-pricing-link')).toHaveAttribute('href', '/studio-pricing');
  await expect(page.getByTestId('generate-button')).toBeDisabled();
});

test('in English: the studio, its prerequisite and the mask requirement', async ({ page, request }) => {
  await useEnglish(page);
  await signIn(page, request);
  await open(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hairstyle Changer');
  await expect(page.getByTestId('generate-problem')).toHaveText('Please upload a photo and choose a hairstyle before generating.');
  await uploadPortraitAndChooseStyle(page);
  await expect(page.getByTestId('generate-problem')).toHaveText('Please paint over the hair with the brush to mark the area to change.');
});

test('the painted mask is a working file: not in the model picker nor among the library photos', async ({ page, request }) => {
  await signIn(page, request, { seenTutorials: ['virtual-tryon'] });
  await open(page);
  await uploadPortraitAndChooseStyle(page);
  const portraitId = (await page.getByTestId('hair-photo-chosen').getAttribute('data-asset-id'))!;
  await paintStroke(page);
  await page.getByTestId('mask-export').click();
  const maskState = page.getByTestId('hair-mask-state');
  await expect(maskState).toHaveAttribute('data-state', 'ready');
  const maskId = (await maskState.getAttribute('data-asset-id'))!;

  // "Chọn ảnh người mẫu" in the try-on offers the portrait, never the mask.
  await page.goto('/virtual-tryon');
  await page.getByTestId('tryon-model-library').click();
  const picker = page.getByTestId('assets-picker');
  await expect(picker.getByRole('heading', { name: 'Chọn ảnh người mẫu' })).toBeVisible();
  const options = picker.getByTestId('asset-option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toHaveAttribute('data-asset-id', portraitId);
  await expect(picker.locator(`[data-testid="asset-option"][data-asset-id="${maskId}"]`)).toHaveCount(0);
  await page.getByTestId('assets-picker-close').click();

  // The library's photos leave it out; its own tab lists it.
  await page.goto('/your-assets');
  const tiles = page.getByTestId('library-tile');
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toHaveAttribute('data-asset-id', portraitId);
  await page.locator('[data-testid="library-tab"][data-tab="masks"]').click();
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toHaveAttribute('data-asset-id', maskId);
});
