import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { garmentSvg, modelPhotoSvg } from '../fixtures/engines/images.ts';
import { test, expect, useEnglish } from './fixtures.ts';
import { jobOnReturn, resultOf } from './studio-return.ts';
import { signIn } from './session.ts';

/**
 * The virtual try-on studio against the real server and the local engine: upload → result →
 * download at a chosen size, the prerequisite and upload messages, reattaching after a
 * reload, the credit check, and the tutorial.
 */

const TUTORIAL = 'virtual-tryon';
/** Local try-on runs take a few seconds per garment on a CI machine. */
const RESULT_TIMEOUT_MS = 60_000;
// Jobs queue behind the other suites' on the shared server: a test may wait for two of them.
test.describe.configure({ timeout: 2 * RESULT_TIMEOUT_MS });

async function png(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function files() {
  return {
    model: { name: 'nguoi-mau.png', mimeType: 'image/png', buffer: await png(modelPhotoSvg()) },
    top: { name: 'ao-thun.png', mimeType: 'image/png', buffer: await png(garmentSvg('tops')) },
    bottom: { name: 'quan.png', mimeType: 'image/png', buffer: await png(garmentSvg('bottoms')) },
  };
}

async function open(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/virtual-tryon');
  await expect(page.getByTestId('studio-page')).toBeVisible();
}

async function chooseModel(page: Page, model: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByTestId('tryon-model-input').setInputFiles(model);
  await expect(page.getByTestId('tryon-model-chosen')).toHaveCount(1, { timeout: 15_000 });
}

async function chooseGarments(page: Page, garments: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.getByTestId('tryon-garments-input').setInputFiles(garments);
  await expect(page.getByTestId('tryon-garments-chosen')).toHaveCount(garments.length, { timeout: 15_000 });
}

test('upload a model and a garment → result → download at 800×600', async ({ page, request }) => {
  await signIn(page, request, { seenTutorials: [TUTORIAL] });
  const f = await files();
  await open(page);
  await expect(page.getByTestId('studio-step').first()).toHaveAttribute('data-state', 'current');

  await chooseModel(page, f.model);
  await chooseGarments(page, [f.top]);
  await expect(page.getByTestId('tryon-garment-category')).toHaveValue('tops');
  const generate = page.getByTestId('generate-button');
  await expect(generate).toHaveAttribute('data-cost', '1');
  await generate.click();

  await expect(page.getByTestId('result-view')).toBeVisible({ timeout: RESULT_TIMEOUT_MS });
  const image = page.getByTestId('result-image');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByTestId('compare-slider')).toBeVisible();
  await expect(page.getByTestId('history-item').first()).toHaveAttribute('data-status', 'completed');

  await page.getByTestId('result-download').click();
  const dialog = page.getByTestId('download-dialog');
  await dialog.locator('input[name="size"][value="small"]').check({ force: true });
  const summary = page.getByTestId('download-summary');
  const width = Number(await summary.getAttribute('data-width'));
  const height = Number(await summary.getAttribute('data-height'));
  expect(width).toBeLessThanOrEqual(800);
  expect(height).toBeLessThanOrEqual(600);
  expect(width).toBeGreaterThan(0);
  // Named after the tool, the model photo (nguoi-mau.png) and the day it was made, then its size if it was resized.
  const named = new RegExp(`^thu-do-ao-nguoi-mau-\\d{4}-\\d{2}-\\d{2}(-${width}x${height})?\\.(png|jpg)$`);
  await expect(summary).toHaveAttribute('data-filename', named);
  // The dialog closes once the file is saved: its name is read before.
  const filename = await summary.getAttribute('data-filename');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-submit').click()]);
  expect(download.suggestedFilename()).toBe(filename);
  const saved = await readFile((await download.path())!);
  const meta = await sharp(saved).metadata();
  expect([meta.width, meta.height]).toEqual([width, height]);

  // Try Another goes back to an empty form.
  await page.keyboard.press('Escape');
  await page.getByTestId('result-new').click();
  await expect(page.getByTestId('tryon-model-section')).toBeVisible();
  await expect(page.getByTestId('tryon-model-chosen')).toHaveCount(0);
});

test('garments need a model first; generate names what is missing', async ({ page, request }) => {
  await signIn(page, request, { seenTutorials: [TUTORIAL] });
  await open(page);
  await expect(page.getByTestId('tryon-garments-disabled')).toHaveText('Vui lòng chọn người mẫu trước.');
  await expect(page.getByTestId('tryon-garments-browse')).toHaveCount(0);
  await expect(page.getByTestId('generate-problem')).toHaveText('Vui lòng chọn cả người mẫu và trang phục trước khi tạo.');
  await expect(page.getByTestId('generate-button')).toBeDisabled();
});

test('a wrong file type and an 11 MB file are refused with their messages', async ({ page, request }) => {
  await signIn(page, request, { seenTutorials: [TUTORIAL] });
  await open(page);
  const input = page.getByTestId('tryon-model-input');
  await input.setInputFiles({ name: 'ghi-chu.txt', mimeType: 'text/plain', buffer: Buffer.from('không phải ảnh') });
  await expect(page.getByTestId('tryon-model-error')).toHaveText('Loại tệp không hợp lệ. Vui lòng chỉ tải lên tệp JPEG, PNG, WebP.');
  await input.setInputFiles({ name: 'qua-lon.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(11 * 1024 * 1024, 1) });
  await expect(page.getByTestId('tryon-model-error').last()).toHaveText('Tệp quá lớn. Kích thước tối đa là 10MB.');
  await expect(page.getByTestId('tryon-model-chosen')).toHaveCount(0);
});

test('leaving the processing screen and reloading comes back to the same job', async ({ page, request }) => {
  await signIn(page, request, { seenTutorials: [TUTORIAL] });
  const f = await files();
  await open(page);
  await chooseModel(page, f.model);
  await chooseGarments(page, [f.top, f.bottom]);
  await page.getByTestId('generate-button').click();
  // The local engine can finish before the next line runs: take the job from whichever view shows it.
  const current = page.locator('[data-testid="processing-view"], [data-testid="result-view"]').first();
  await expect(current).toHaveAttribute('data-job-id', /.+/);
  const jobId = await current.getAttribute('data-job-id');

  await page.goto('/dashboard');
  await page.goto('/virtual-tryon');
  const shown = jobOnReturn(page, jobId!);
  await expect(shown).toBeVisible();
  await page.reload();
  await expect(shown).toBeVisible();
  await resultOf(page, jobId!);
});

test('5 credits buy 5 garments; the next try-on shows balance, cost and shortage', async ({ page, request }) => {
  await signIn(page, request, { seenTutorials: [TUTORIAL] });
  const f = await files();
  await open(page);
  await chooseModel(page, f.model);
  // Five files of their own (the same file twice is one garment: one asset per file), each compressed its own way.
  const five = await Promise.all(
    (['tops', 'bottoms', 'tops', 'bottoms', 'tops'] as const).map(async (category, index) => ({
      name: `do-${index}.png`,
      mimeType: 'image/png',
      buffer: await sharp(Buffer.from(garmentSvg(category)))
        .png({ compressionLevel: 9 - index })
        .toBuffer(),
    })),
  );
  await chooseGarments(page, five);
  await expect(page.getByTestId('tryon-garments-browse')).toHaveCount(0);
  await expect(page.getByTestId('generate-button')).toHaveAttribute('data-cost', '5');
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('result-view')).toBeVisible({ timeout: RESULT_TIMEOUT_MS * 2 });

  await page.getByTestId('result-new').click();
  await chooseModel(page, f.model);
  await chooseGarments(page, [f.top]);
  const panel = page.getByTestId('credit-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('credit-balance')).toHaveText('0');
  await expect(panel.getByTestId('credit-cost')).toHaveText('1');
  await expect(panel.getByTestId('credit-shortage')).toHaveText('1');
  await expect(panel.getByTestId('credit-pricing-link')).toHaveAttribute('href', '/studio-pricing');
  await expect(page.getByTestId('generate-button')).toBeDisabled();
});

test('the tutorial: shown on the first visit, driven by keys, restarted from the help button', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  const overlay = page.getByTestId('tutorial-overlay');
  await expect(overlay).toHaveAttribute('data-step', 'welcome');
  await expect(page.getByTestId('tutorial-progress')).toContainText('1');
  await page.keyboard.press('ArrowRight');
  await expect(overlay).toHaveAttribute('data-step', 'model');
  await page.keyboard.press('ArrowRight');
  await expect(overlay).toHaveAttribute('data-step', 'garments');
  await page.keyboard.press('ArrowLeft');
  await expect(overlay).toHaveAttribute('data-step', 'model');
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);

  // Seen: a new visit does not offer it again; the help button does.
  await page.reload();
  await expect(page.getByTestId('studio-page')).toBeVisible();
  await expect(overlay).toHaveCount(0);
  await page.getByRole('button', { name: 'Xem hướng dẫn' }).click();
  await expect(overlay).toHaveAttribute('data-step', 'welcome');
});

test('in English: the studio and its prerequisite message', async ({ page, request }) => {
  await useEnglish(page);
  await signIn(page, request, { seenTutorials: [TUTORIAL] });
  await open(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Virtual Try-On');
  await expect(page.getByTestId('tryon-garments-disabled')).toHaveText('Please select a model first.');
});
