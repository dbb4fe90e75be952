import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { portraitSvg } from '../fixtures/engines/images.ts';
import { test, expect, useEnglish } from './fixtures.ts';
import { jobOnReturn, resultOf } from './studio-return.ts';
import { signIn } from './session.ts';

/**
 * The body generator studio against the real server and the local engine: parameters → optional
 * face photo → result → download at a chosen size, the prerequisite and upload messages,
 * reattaching after a reload, the credit check, and English.
 */

/** A local body render takes a second or two; a loaded CI machine may queue it longer. */
const RESULT_TIMEOUT_MS = 60_000;
/** A test may wait for a job (or several) behind other suites' jobs on the same server. */
test.describe.configure({ timeout: 2 * RESULT_TIMEOUT_MS });
const PREREQUISITE = 'Vui lòng điền đầy đủ các thông số cơ thể trước khi tạo.';

async function open(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/body-generator');
  await expect(page.getByTestId('studio-page')).toBeVisible();
}

/** The three choices a new form leaves unset (the measurements start at typical values). */
async function fillParameters(page: Page) {
  const form = page.getByTestId('body-params-form');
  // The radios are visually hidden inside their labels (chips, swatches, cards): a person taps the label.
  for (const value of ['female', 'medium', 'mesomorph', '2:3']) {
    const radio = page.locator(`input[type="radio"][value="${value}"]`);
    await form.locator('label', { has: radio }).click();
    await expect(form.locator('label', { has: radio }).locator('input')).toBeChecked();
  }
  await page.getByTestId('body-height').fill('172');
}

/**
 * Spends a new user's 5 credits through the API (five body jobs at 1 credit each) and waits for
 * the jobs to end: the studio would otherwise (rightly) reattach to one still running.
 */
async function spendAllCredits(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const ids: string[] = [];
  for (let index = 0; index < 5; index++) {
    const response = await request.post('/api/generations', {
      headers,
      data: {
        feature: 'body-generator',
        inputs: {},
        params: { gender: 'male', height: 170 + index, weight: 70, age: 30, skin_tone: 'tan', body_type: 'ectomorph', aspect_ratio: '1:1' },
      },
    });
    expect(response.status()).toBe(202);
    ids.push(((await response.json()) as { id: string }).id);
  }
  for (const id of ids) {
    await expect
      .poll(async () => ((await (await request.get(`/api/generations/${id}`, { headers })).json()) as { status: string }).status, {
        timeout: RESULT_TIMEOUT_MS,
      })
      .toBe('completed');
  }
}

test('the height box keeps every character typed one at a time, and after leaving it', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  const height = page.getByTestId('body-height');
  await height.click();
  await height.press('ControlOrMeta+a');
  await height.press('Backspace');
  await height.pressSequentially('168', { delay: 120 });
  await expect(height).toHaveValue('168');
  await page.getByTestId('body-weight').click();
  await expect(height).toHaveValue('168');
  await expect(page.getByTestId('body-params-form').locator('input[type="range"]').first()).toHaveValue('168');
});

test('parameters and a face photo → result → download at 1280×720', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  await expect(page.getByTestId('studio-page')).toHaveAttribute('data-step', 'parameters');
  await fillParameters(page);
  await expect(page.getByTestId('body-missing')).toHaveCount(0);

  const face = { name: 'khuon-mat.png', mimeType: 'image/png', buffer: await sharp(Buffer.from(portraitSvg())).png().toBuffer() };
  await page.getByTestId('body-face-input').setInputFiles(face);
  await expect(page.getByTestId('body-face-chosen')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId('body-summary')).toContainText('172 cm');

  const generate = page.getByTestId('generate-button');
  await expect(generate).toHaveAttribute('data-cost', '1');
  await generate.click();

  await expect(page.getByTestId('result-view')).toBeVisible({ timeout: RESULT_TIMEOUT_MS });
  const image = page.getByTestId('result-image');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The 2:3 frame of the local engine: portrait, 2 wide for 3 high.
  const natural = await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(natural[0]! / natural[1]!).toBeCloseTo(2 / 3, 2);
  await expect(page.getByTestId('body-use-as-model')).toHaveAttribute('href', '/virtual-tryon');
  await expect(page.getByTestId('history-item').first()).toHaveAttribute('data-status', 'completed');

  await page.getByTestId('result-download').click();
  const dialog = page.getByTestId('download-dialog');
  await dialog.locator('input[name="size"][value="medium"]').check({ force: true });
  const summary = page.getByTestId('download-summary');
  const width = Number(await summary.getAttribute('data-width'));
  const height = Number(await summary.getAttribute('data-height'));
  // The 1280×720 box fits either orientation: a 2:3 portrait comes out 720 wide and 1080 high.
  expect(Math.min(width, height)).toBeGreaterThan(0);
  expect(Math.max(width, height)).toBeLessThanOrEqual(1280);
  expect(Math.min(width, height)).toBeLessThanOrEqual(720);
  expect(width / height).toBeCloseTo(2 / 3, 1);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-submit').click()]);
  const meta = await sharp(await readFile((await download.path())!)).metadata();
  expect([meta.width, meta.height]).toEqual([width, height]);

  // Create New: an empty form again.
  await page.keyboard.press('Escape');
  await page.getByTestId('result-new').click();
  await expect(page.getByTestId('body-params-form')).toBeVisible();
  await expect(page.getByTestId('body-missing')).toBeVisible();
  await expect(page.getByTestId('body-face-chosen')).toHaveCount(0);
});

test('every body parameter is required; the face photo is not', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  const generate = page.getByTestId('generate-button');
  await expect(page.getByTestId('generate-problem')).toHaveText(PREREQUISITE);
  await expect(generate).toBeDisabled();
  await expect(page.getByTestId('body-missing')).toContainText(PREREQUISITE);
  await expect(page.getByTestId('body-missing').locator('li')).toHaveText(['Giới tính', 'Màu da', 'Dáng người']);
  await expect(page.getByTestId('studio-next')).toBeDisabled();

  await fillParameters(page);
  // An out-of-range height unsets it: the message is back until it is valid.
  await page.getByTestId('body-height').fill('300');
  await expect(page.getByTestId('generate-problem')).toHaveText(PREREQUISITE);
  await expect(page.getByTestId('body-missing').locator('li')).toHaveText(['Chiều cao']);
  await page.getByTestId('body-height').fill('168');
  await expect(page.getByTestId('generate-problem')).toHaveCount(0);
  await expect(generate).toBeEnabled();
  await expect(generate).toHaveAttribute('data-cost', '1');
  await expect(page.getByTestId('body-face-chosen')).toHaveCount(0);
});

test('a wrong file type and an 11 MB face photo are refused with their messages', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  const input = page.getByTestId('body-face-input');
  await input.setInputFiles({ name: 'ghi-chu.txt', mimeType: 'text/plain', buffer: Buffer.from('không phải ảnh') });
  await expect(page.getByTestId('body-face-error')).toHaveText('Loại tệp không hợp lệ. Vui lòng chỉ tải lên tệp JPEG, PNG, WebP.');
  await input.setInputFiles({ name: 'qua-lon.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(11 * 1024 * 1024, 1) });
  await expect(page.getByTestId('body-face-error').last()).toHaveText('Tệp quá lớn. Kích thước tối đa là 10MB.');
  await expect(page.getByTestId('body-face-chosen')).toHaveCount(0);
});

test('leaving the processing screen and reloading comes back to the same job', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  await fillParameters(page);
  await page.getByTestId('generate-button').click();
  const first = page.locator('[data-testid="processing-view"], [data-testid="result-view"]');
  await expect(first).toHaveAttribute('data-job-id', /.+/, { timeout: RESULT_TIMEOUT_MS });
  const jobId = (await first.getAttribute('data-job-id'))!;

  await page.goto('/dashboard');
  await page.goto('/body-generator');
  await expect(jobOnReturn(page, jobId)).toBeVisible();
  await page.reload();
  await expect(jobOnReturn(page, jobId)).toBeVisible();
  await resultOf(page, jobId);
});

test('coming back after a result opens a fresh first step, the last result one click away; a reload keeps what was shown', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  await fillParameters(page);
  await page.getByTestId('generate-button').click();
  const result = page.getByTestId('result-view');
  await expect(result).toHaveAttribute('data-job-id', /.+/, { timeout: RESULT_TIMEOUT_MS });
  const jobId = (await result.getAttribute('data-job-id'))!;
  // A reload restores the result on screen.
  await page.reload();
  await expect(result).toHaveAttribute('data-job-id', jobId);

  await page.goto('/dashboard');
  await page.goto('/body-generator');
  await expect(page.getByTestId('studio-page')).toHaveAttribute('data-step', 'parameters');
  await expect(page.getByTestId('body-params-form')).toBeVisible();
  await expect(result).toHaveCount(0);
  const card = page.getByTestId('last-result');
  await expect(card).toHaveAttribute('data-job-id', jobId);
  await card.getByTestId('last-result-open').click();
  await expect(result).toHaveAttribute('data-job-id', jobId);
  await expect(card).toHaveCount(0);
  // Create New: the form again, the result still offered.
  await page.getByTestId('result-new').click();
  await expect(page.getByTestId('body-params-form')).toBeVisible();
  await expect(card).toHaveAttribute('data-job-id', jobId);
});

test('reloading while the request is on its way follows the job it made, charged once', async ({ page, request }) => {
  const user = await signIn(page, request);
  const headers = { Authorization: `Bearer ${user.token}` };
  const jobsOfAccount = async () =>
    ((await (await request.get('/api/generations?feature=body-generator', { headers })).json()) as { items: { id: string; status: string }[] }).items;
  const balance = async () => ((await (await request.get('/auth/profile', { headers })).json()) as { credits: number }).credits;
  const before = await balance();

  // The first POST reaches the server (the job is made and charged) but its answer is held: the
  // screen keeps saying "Sending request…" until the page reloads.
  let held = false;
  const reached = Promise.withResolvers<void>();
  const released = Promise.withResolvers<void>();
  await page.route('**/api/generations', async (route) => {
    if (route.request().method() !== 'POST' || held) return route.continue();
    held = true;
    await route.fetch();
    reached.resolve();
    await released.promise;
    // The page that sent it is gone: its answer goes nowhere.
    await route.abort().catch(() => {});
  });

  await open(page);
  await fillParameters(page);
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('processing-stage')).toHaveText('Đang gửi yêu cầu...');
  await reached.promise;
  // The job ends before the reload: nothing running is left for the screen to come back to.
  const [made] = await jobsOfAccount();
  expect(made).toBeDefined();
  await expect.poll(async () => (await jobsOfAccount())[0]?.status, { timeout: RESULT_TIMEOUT_MS }).toBe('completed');

  await page.reload();
  released.resolve();
  await expect(page.getByTestId('result-view')).toHaveAttribute('data-job-id', made!.id, { timeout: RESULT_TIMEOUT_MS });
  expect((await jobsOfAccount()).map((job) => job.id)).toEqual([made!.id]);
  expect(await balance()).toBe(before - 1);

  // The kept request is done with: Create New and Generate make a new job, charged once more.
  await page.getByTestId('result-new').click();
  await fillParameters(page);
  await page.getByTestId('generate-button').click();
  await expect.poll(async () => (await jobsOfAccount()).length).toBe(2);
  expect(await balance()).toBe(before - 2);
});

test('with the 5 credits spent, Generate shows balance, cost and shortage', async ({ page, request }) => {
  const user = await signIn(page, request);
  await spendAllCredits(request, user.token);
  await open(page);
  await fillParameters(page);
  const panel = page.getByTestId('credit-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('credit-balance')).toHaveText('0');
  await expect(panel.getByTestId('credit-cost')).toHaveText('1');
  await expect(panel.getByTestId('credit-shortage')).toHaveText('1');
  await expect(panel.getByTestId('credit-pricing-link')).toHaveAttribute('href', '/studio-pricing');
  await expect(page.getByTestId('generate-button')).toBeDisabled();
});

test('in English: the studio and its prerequisite message', async ({ page, request }) => {
  await useEnglish(page);
  await signIn(page, request);
  await open(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Body Generator');
  await expect(page.getByTestId('generate-problem')).toHaveText('Please fill in all body parameters before generating.');
});
