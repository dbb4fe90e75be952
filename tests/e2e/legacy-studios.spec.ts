import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { garmentSvg, modelPhotoSvg, portraitSvg, sceneSvg } from '../fixtures/engines/images.ts';
import { test, expect, useEnglish } from './fixtures.ts';
import { signIn } from './session.ts';

/**
 * The legacy studios (/virtual-tryon-legacy, /body-generator-legacy, /hairstyle-changer-legacy,
 * /image-to-video-legacy): signed in, in the public layout, each tool's whole form on one page
 * beside its output, on the same screens and job engine as the studios. A try-on and a body
 * run end to end against the local engine; the form stays filled beside the result, and a second
 * run needs one click.
 */

const RESULT_TIMEOUT_MS = 60_000;
test.describe.configure({ timeout: 3 * RESULT_TIMEOUT_MS });

const LEGACY = ['/virtual-tryon-legacy', '/body-generator-legacy', '/hairstyle-changer-legacy', '/image-to-video-legacy'] as const;

const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

async function open(page: Page, path: (typeof LEGACY)[number]) {
  await page.setViewportSize({ width: 1280, height: 900 });
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('studio-page')).toHaveAttribute('data-layout', 'page');
}

test('a signed-out visitor gets the public layout and the sign-in prompt', async ({ page }) => {
  const response = await page.goto('/hairstyle-changer-legacy');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByTestId('auth-required-page')).toBeVisible();
  await expect(page.getByTestId('auth-modal')).toBeVisible();
  await expect(page.getByTestId('studio-page')).toHaveCount(0);
});

test('each legacy studio is the whole tool on one page in the public layout: no steps, every section, an output column', async ({ page, request }) => {
  await signIn(page, request, { seenTutorials: ['virtual-tryon'] });
  for (const path of LEGACY) {
    await open(page, path);
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByTestId('site-footer')).toBeAttached();
    await expect(page.getByTestId('studio-step')).toHaveCount(0);
    await expect(page.getByTestId('studio-next')).toHaveCount(0);
    await expect(page.getByTestId('studio-back')).toHaveCount(0);
    await expect(page.getByTestId('studio-output')).toHaveAttribute('data-state', 'idle');
    await expect(page.getByTestId('history-panel')).toBeVisible();
  }
  // The image-to-video studio shows one step at a time in its studio; here all three at once.
  await expect(page.getByTestId('i2v-step')).toHaveCount(3);
  await expect(page.getByTestId('i2v-step').nth(1)).toHaveAttribute('data-step', 'configure');

  // Its Generate button follows the whole form: an image is all it needs.
  await page.getByTestId('i2v-image-input').setInputFiles({ name: 'canh.png', mimeType: 'image/png', buffer: await png(sceneSvg(1280, 720)) });
  await expect(page.getByTestId('i2v-image-chosen')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId('generate-button')).toBeEnabled();
  await expect(page.getByTestId('generate-button')).toHaveAttribute('data-cost', /^\d+$/);

  // The hairstyle changer: the portrait, the styles and the mask editor on the same page.
  await open(page, '/hairstyle-changer-legacy');
  await page.getByTestId('hair-photo-input').setInputFiles({ name: 'chan-dung.png', mimeType: 'image/png', buffer: await png(portraitSvg()) });
  await expect(page.getByTestId('hair-photo-chosen')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId('mask-surface')).toBeVisible();
  await expect(page.getByTestId('hairstyle-long-straight-layer')).toBeVisible();
});

test('try-on on one page: the result beside the form, which stays filled; generating again is one click', async ({ page, request }) => {
  await signIn(page, request, { seenTutorials: ['virtual-tryon'] });
  await open(page, '/virtual-tryon-legacy');
  await page.getByTestId('tryon-model-input').setInputFiles({ name: 'nguoi-mau.png', mimeType: 'image/png', buffer: await png(modelPhotoSvg()) });
  await expect(page.getByTestId('tryon-model-chosen')).toHaveCount(1, { timeout: 15_000 });
  await page.getByTestId('tryon-garments-input').setInputFiles({ name: 'ao-thun.png', mimeType: 'image/png', buffer: await png(garmentSvg('tops')) });
  await expect(page.getByTestId('tryon-garments-chosen')).toHaveCount(1, { timeout: 15_000 });

  const generate = page.getByTestId('generate-button');
  await expect(generate).toHaveAttribute('data-cost', '1');
  await generate.click();
  const output = page.getByTestId('studio-output');
  await expect(output).toHaveAttribute('data-state', 'job');
  // One job at a time: while it runs, the form's button waits. Read in one snapshot of the page:
  // a quick job can end between two separate reads, and then the button is rightly enabled again.
  const whileRunning = await page.evaluate(() => {
    const processing = document.querySelector('[data-testid="studio-output"] [data-testid="processing-view"]');
    const button = document.querySelector<HTMLButtonElement>('[data-testid="generate-button"]');
    return processing === null ? null : { disabled: button?.disabled === true, busy: button?.getAttribute('aria-busy') };
  });
  if (whileRunning !== null) expect(whileRunning).toEqual({ disabled: true, busy: 'true' });

  await expect(output.getByTestId('result-view')).toBeVisible({ timeout: RESULT_TIMEOUT_MS });
  const image = output.getByTestId('result-image');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The form is still there, with its choice, beside the result.
  await expect(page.getByTestId('tryon-model-chosen')).toHaveCount(1);
  await expect(page.getByTestId('tryon-garments-chosen')).toHaveCount(1);
  await expect(generate).toBeEnabled();
  await expect(page.getByTestId('history-item').first()).toHaveAttribute('data-status', 'completed');

  const firstJob = await output.getByTestId('result-view').getAttribute('data-job-id');
  await generate.click();
  await expect(output.getByTestId('result-view')).toBeVisible({ timeout: RESULT_TIMEOUT_MS });
  await expect(output.getByTestId('result-view')).not.toHaveAttribute('data-job-id', firstJob ?? '');
  await expect(page.getByTestId('history-item')).toHaveCount(2);
});

test('body generator on one page, in English: the result offers the legacy try-on', async ({ page, request }) => {
  await signIn(page, request);
  await useEnglish(page);
  await open(page, '/body-generator-legacy');
  await expect(page.getByTestId('studio-output')).toContainText('Progress and the result appear here');
  const form = page.getByTestId('body-params-form');
  for (const value of ['female', 'medium', 'mesomorph', '2:3']) {
    await form.locator('label', { has: page.locator(`input[type="radio"][value="${value}"]`) }).click();
  }
  await page.getByTestId('generate-button').click();
  const output = page.getByTestId('studio-output');
  await expect(output.getByTestId('result-view')).toBeVisible({ timeout: RESULT_TIMEOUT_MS });
  await output.getByTestId('body-use-as-model').click();
  await expect(page).toHaveURL(/\/virtual-tryon-legacy$/);
  await expect(page.getByTestId('studio-page')).toHaveAttribute('data-layout', 'page');
});
