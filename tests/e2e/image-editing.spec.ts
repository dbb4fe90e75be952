import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { distinctPng } from '../fixtures/distinct-png.ts';
import { sceneSvg } from '../fixtures/engines/images.ts';
import { test, expect, useEnglish } from './fixtures.ts';
import { jobOnReturn, resultOf } from './studio-return.ts';
import { signIn } from './session.ts';

/**
 * The image editing studio against the real server and the local engine: one image → result →
 * download at a chosen size; what the engine cannot do, said before Generate and on the result;
 * several images → one result per image, switched with the strip; the prerequisites (image, 2-10
 * images in multi mode, the description); wrong type and oversize uploads; reattaching after a
 * reload; the credit check; English.
 */

/** Local edits take a second or two; a loaded CI machine more. */
const RESULT_TIMEOUT_MS = 60_000;
// Jobs queue behind the other suites' on the shared server: a test may wait for two of them.
test.describe.configure({ timeout: 2 * RESULT_TIMEOUT_MS });

interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A photo-like scene of `width`×`height` px as a PNG, in bytes of its own for each name: two
 * files of one size are two photos, not one file chosen twice (which the library keeps once).
 */
async function scene(name: string, width = 640, height = 480): Promise<Upload> {
  return {
    name,
    mimeType: 'image/png',
    buffer: distinctPng(
      await sharp(Buffer.from(sceneSvg(width, height)))
        .png()
        .toBuffer(),
      name,
    ),
  };
}

async function open(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/image-editing');
  await expect(page.getByTestId('studio-page')).toBeVisible();
  await expect(page.getByTestId('edit-images-section')).toBeVisible();
}

async function chooseImages(page: Page, files: Upload[]) {
  await page.getByTestId('edit-images-input').setInputFiles(files);
  await expect(page.getByTestId('edit-images-chosen')).toHaveCount(files.length, { timeout: 15_000 });
}

async function multiMode(page: Page) {
  await page.getByTestId('edit-instructions').locator('input[type="radio"][value="multi"]').check({ force: true });
}

test('one image, described → result with the slider → download at 800×600 → Try Another', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  await expect(page.getByTestId('studio-page')).toHaveAttribute('data-step', 'upload');
  await expect(page.getByRole('link', { name: 'Xem hướng dẫn chỉnh sửa ảnh' })).toHaveAttribute('href', '/guidelines/image-editing');

  await chooseImages(page, [await scene('phong-canh.png', 1200, 900)]);
  await expect(page.getByTestId('studio-page')).toHaveAttribute('data-step', 'describe');
  await page.getByTestId('edit-chip-grayscale').click();
  await expect(page.getByTestId('edit-prompt')).toHaveValue('Đen trắng');
  const generate = page.getByTestId('generate-button');
  await expect(generate).toHaveAttribute('data-cost', '1');
  await expect(generate).toHaveText('Tạo ảnh · 1 tín dụng');
  await generate.click();

  await expect(page.getByTestId('result-view')).toBeVisible({ timeout: RESULT_TIMEOUT_MS });
  await expect(page.getByTestId('studio-page')).toHaveAttribute('data-step', 'result');
  await expect(page.getByTestId('compare-slider')).toBeVisible();
  // One result: no strip.
  await expect(page.getByTestId('edit-results')).toHaveCount(0);
  const image = page.getByTestId('result-image');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Black and white: every pixel of the result has R = G = B.
  const grey = await image.evaluate(async (img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0, 64, 48);
    const { data } = context.getImageData(0, 0, 64, 48);
    let spread = 0;
    for (let at = 0; at < data.length; at += 4) spread = Math.max(spread, Math.abs(data[at]! - data[at + 1]!), Math.abs(data[at + 1]! - data[at + 2]!));
    return spread;
  });
  expect(grey).toBeLessThanOrEqual(2);
  await expect(page.getByTestId('history-item').first()).toHaveAttribute('data-status', 'completed');

  await page.getByTestId('result-download').click();
  await page.getByTestId('download-dialog').locator('input[name="size"][value="small"]').check({ force: true });
  const summary = page.getByTestId('download-summary');
  const width = Number(await summary.getAttribute('data-width'));
  const height = Number(await summary.getAttribute('data-height'));
  expect([width, height]).toEqual([800, 600]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-submit').click()]);
  const meta = await sharp(await readFile((await download.path())!)).metadata();
  expect([meta.width, meta.height]).toEqual([800, 600]);

  await page.keyboard.press('Escape');
  await page.getByTestId('result-new').click();
  await expect(page.getByTestId('edit-images-chosen')).toHaveCount(0);
  await expect(page.getByTestId('edit-prompt')).toHaveValue('');
});

/** No sideways scroll, and the plan's box shows its text whole (its content fits its width). */
async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  for (const box of await page.getByTestId('plan-summary').all()) {
    expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  }
}

test('a person cut out of a busy backdrop: the result names the models that ran, whole on a tablet', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  const portrait = await readFile('tests/fixtures/engines/photos/portrait-busy.jpg');
  await chooseImages(page, [{ name: 'chan-dung.jpg', mimeType: 'image/jpeg', buffer: portrait }]);
  await page.getByTestId('edit-prompt').fill('Xóa nền');
  await expect(page.getByTestId('plan-summary').getByTestId('plan-done')).toHaveText('Xóa nền (người trên mọi phông nền, vật khác chỉ trên phông nền trơn)');
  await page.getByTestId('generate-button').click();

  const result = page.getByTestId('result-view');
  await expect(result).toBeVisible({ timeout: RESULT_TIMEOUT_MS });
  const done = result.getByTestId('plan-summary').getByTestId('plan-done');
  const models = done.locator('[data-code="modelsRan"]');
  await expect(models).toHaveText(/^Thực hiện bằng mô hình chạy trên máy chủ: MoveNet Lightning .+MediaPipe Selfie Segmentation/);
  await page.setViewportSize({ width: 820, height: 1180 });
  await models.scrollIntoViewIfNeeded();
  await expectFits(page);
  // The sentence in full inside the page's width.
  const box = (await models.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(820);
  expect(await models.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
});

test('what the built-in engine cannot do is said before Generate, agreed to, and said again on the result (docs/product-rules.md#engine-plan)', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await open(page);
  await chooseImages(page, [await scene('san-pham.png', 640, 480)]);
  // Its chips propose only what it does on any photo: no background removal.
  await expect(page.getByTestId('edit-chip-grayscale')).toBeVisible();
  await expect(page.getByTestId('edit-chip-background')).toHaveCount(0);

  // What it can do none of: Generate waits, with the reason; nothing is sent.
  await page.getByTestId('edit-prompt').fill('Đổi nền thành màu trắng');
  const generate = page.getByTestId('generate-button');
  await expect(page.getByTestId('generate-problem')).toHaveText(
    'Công cụ tích hợp sẵn không làm được yêu cầu này: Thay nền mới (một màu hay một cảnh khác): “Đổi nền thành màu trắng”. Không trừ tín dụng.',
  );
  await expect(generate).toBeDisabled();

  // The reported instruction: the part it can do, the part it cannot, and the price, before the charge.
  await page.getByTestId('edit-prompt').fill('Đổi nền thành màu trắng và làm sản phẩm sáng hơn');
  const before = page.getByTestId('plan-summary');
  await expect(before).toHaveAttribute('data-when', 'before');
  await expect(before).toHaveAttribute('data-partial', 'true');
  await expect(before.getByTestId('plan-done')).toHaveText('Độ sáng +20%, toàn ảnh');
  await expect(before.getByTestId('plan-not-done')).toHaveText('Thay nền mới (một màu hay một cảnh khác): “Đổi nền thành màu trắng”');
  await expect(before).toContainText('Bấm “Đồng ý” để tạo phần làm được với giá trên; phần không làm được sẽ được bỏ qua.');
  await expect(generate).toHaveText('Đồng ý, tạo ảnh · 1 tín dụng');
  for (const size of [
    { width: 1024, height: 768 },
    { width: 820, height: 1180 },
  ]) {
    await page.setViewportSize(size);
    await before.scrollIntoViewIfNeeded();
    await expectFits(page);
  }
  // The completion toast lives a few seconds and may come before the result has drawn: watched from the tap on.
  const partialToast = page.getByText('Đã tạo xong phần làm được').waitFor({ state: 'visible', timeout: RESULT_TIMEOUT_MS });
  await generate.click();

  // On the result, in words: what was done and what was not; never a bare "Tạo thành công".
  const result = page.getByTestId('result-view');
  await expect(result).toBeVisible({ timeout: RESULT_TIMEOUT_MS });
  await partialToast;
  await expect(page.getByText('Tạo thành công')).toHaveCount(0);
  const after = result.getByTestId('plan-summary');
  await expect(after).toHaveAttribute('data-when', 'result');
  await expect(after).toContainText('Chỉ làm được một phần yêu cầu');
  await expect(after.getByTestId('plan-done')).toHaveText('Độ sáng +20%, toàn ảnh');
  await expect(after.getByTestId('plan-not-done')).toHaveText('Thay nền mới (một màu hay một cảnh khác): “Đổi nền thành màu trắng”');
  await expectFits(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectFits(page);
  // The review dialog says it too.
  await result.getByTestId('result-review').click();
  await expect(page.getByTestId('review-note')).toHaveText('Không làm: Thay nền mới (một màu hay một cảnh khác): “Đổi nền thành màu trắng”');
  await page.keyboard.press('Escape');
});

test('multi mode: three images give three results, switched with the strip', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  await multiMode(page);
  await chooseImages(page, [await scene('mot.png', 400, 300), await scene('hai.png', 300, 400), await scene('ba.png', 500, 500)]);
  await expect(page.getByTestId('edit-image-count')).toHaveText('Đã chọn 3/10 ảnh');
  await page.getByTestId('edit-prompt').fill('Lật ngang');
  await expect(page.getByTestId('generate-button')).toHaveAttribute('data-cost', '3');
  await page.getByTestId('generate-button').click();

  const strip = page.getByTestId('edit-results');
  await expect(strip).toHaveAttribute('data-count', '3', { timeout: RESULT_TIMEOUT_MS });
  const thumbs = page.getByTestId('edit-result-thumb');
  await expect(thumbs).toHaveCount(3);
  await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
  const image = page.getByTestId('result-image');
  // Each result keeps its own image's size (a flip does not change it): 400×300, then 300×400.
  await expect(image).toHaveAttribute('width', '400');
  await thumbs.nth(1).click();
  await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'false');
  await expect(image).toHaveAttribute('width', '300');
  await expect(image).toHaveAttribute('height', '400');
  await expect(page.getByTestId('compare-slider')).toBeVisible();
  await thumbs.nth(2).click();
  await expect(image).toHaveAttribute('width', '500');
});

test('prerequisites: an image, 2 to 10 images in multi mode, then a description', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  const problem = page.getByTestId('generate-problem');
  const generate = page.getByTestId('generate-button');
  await expect(problem).toHaveText('Vui lòng tải ảnh lên trước khi tạo.');
  await expect(generate).toBeDisabled();
  await expect(page.getByTestId('studio-next')).toBeDisabled();

  await multiMode(page);
  await chooseImages(page, [await scene('mot.png', 320, 240)]);
  await expect(problem).toHaveText('Vui lòng chọn từ 2 đến 10 ảnh.');
  await expect(page.getByTestId('edit-count-problem')).toHaveText('Vui lòng chọn từ 2 đến 10 ảnh.');
  await expect(generate).toBeDisabled();

  await page.getByTestId('edit-images-input').setInputFiles([await scene('hai.png', 320, 240)]);
  await expect(page.getByTestId('edit-images-chosen')).toHaveCount(2, { timeout: 15_000 });
  await expect(problem).toHaveText('Vui lòng mô tả những chỉnh sửa bạn muốn.');
  await expect(page.getByTestId('edit-count-problem')).toHaveCount(0);
  await expect(generate).toBeDisabled();

  await page.getByTestId('edit-prompt').fill('tăng độ sáng');
  await expect(problem).toHaveCount(0);
  await expect(generate).toBeEnabled();
  await expect(generate).toHaveAttribute('data-cost', '2');

  // Back to one image: the first stays.
  await page.getByTestId('edit-instructions').locator('input[type="radio"][value="single"]').check({ force: true });
  await expect(page.getByTestId('edit-images-chosen')).toHaveCount(1);
  await expect(generate).toHaveAttribute('data-cost', '1');
});

test('a wrong file type and an 11 MB file are refused with their messages', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  const input = page.getByTestId('edit-images-input');
  await input.setInputFiles({ name: 'ghi-chu.txt', mimeType: 'text/plain', buffer: Buffer.from('không phải ảnh') });
  await expect(page.getByTestId('edit-images-error')).toHaveText('Loại tệp không hợp lệ. Vui lòng chỉ tải lên tệp JPEG, PNG, WebP.');
  await input.setInputFiles({ name: 'qua-lon.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(11 * 1024 * 1024, 1) });
  await expect(page.getByTestId('edit-images-error').last()).toHaveText('Tệp quá lớn. Kích thước tối đa là 10MB.');
  await expect(page.getByTestId('edit-images-chosen')).toHaveCount(0);
});

test('leaving the processing screen and reloading comes back to the same job', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  await multiMode(page);
  await chooseImages(page, [await scene('mot.png', 1600, 1200), await scene('hai.png', 1600, 1200)]);
  await page.getByTestId('edit-prompt').fill('làm nét, làm mờ, tăng tương phản');
  await page.getByTestId('generate-button').click();
  const processing = page.getByTestId('processing-view');
  await expect(processing).toHaveAttribute('data-job-id', /.+/);
  const jobId = await processing.getAttribute('data-job-id');

  await page.goto('/dashboard');
  await page.goto('/image-editing');
  const shown = jobOnReturn(page, jobId!);
  await expect(shown).toBeVisible();
  await page.reload();
  await expect(shown).toBeVisible();
  await resultOf(page, jobId!);
});

test('six images cost 6 credits: balance, cost and shortage with a link to pricing', async ({ page, request }) => {
  await signIn(page, request);
  await open(page);
  await multiMode(page);
  const six = await Promise.all(['1', '2', '3', '4', '5', '6'].map((n) => scene(`anh-${n}.png`, 160, 120)));
  await chooseImages(page, six);
  await page.getByTestId('edit-prompt').fill('đen trắng');
  const panel = page.getByTestId('credit-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('credit-balance')).toHaveText('5');
  await expect(panel.getByTestId('credit-cost')).toHaveText('6');
  await expect(panel.getByTestId('credit-shortage')).toHaveText('1');
  await expect(panel.getByTestId('credit-pricing-link')).toHaveAttribute('href', '/studio-pricing');
  await expect(page.getByTestId('generate-button')).toBeDisabled();

  // One image fewer fits the balance.
  await page.getByTestId('edit-images-remove').last().click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('generate-button')).toBeEnabled();
});

test('in English: the studio, the guidelines link and the prerequisite message', async ({ page, request }) => {
  await useEnglish(page);
  await signIn(page, request);
  await open(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image Editing');
  await expect(page.getByTestId('generate-problem')).toHaveText('Please upload an image before generating.');
  await multiMode(page);
  await chooseImages(page, [await scene('one.png', 320, 240)]);
  await expect(page.getByTestId('generate-problem')).toHaveText('Please select between 2 and 10 images.');
  // The built-in engine's plan, in English.
  await page.getByTestId('edit-instructions').locator('input[type="radio"][value="single"]').check({ force: true });
  await page.getByTestId('edit-prompt').fill('Đổi nền thành màu trắng và làm sản phẩm sáng hơn');
  const plan = page.getByTestId('plan-summary');
  await expect(plan.getByTestId('plan-done')).toHaveText('Brightness +20%, whole image');
  await expect(plan.getByTestId('plan-not-done')).toHaveText('A new background (a colour or a scene) instead of the old one: “Đổi nền thành màu trắng”');
  await expect(page.getByTestId('generate-button')).toHaveText('Agree and generate image · 1 credit');
});
