import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Asset, AssetPage } from '../../src/contract/media.schema.ts';
import { garmentSvg, makeClip, modelPhotoSvg, portraitSvg } from '../fixtures/engines/images.ts';
import { test, expect } from './fixtures.ts';
import { signIn } from './session.ts';

/**
 * /your-assets against the real server: files uploaded through the API, then the library's
 * tabs, search and sort (in the address), the review dialog, a multi-select delete the server
 * confirms, and "use in" opening a studio with the asset in its input.
 */

interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

async function png(name: string, svg: string): Promise<UploadFile> {
  return { name, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

async function upload(request: APIRequestContext, token: string, file: UploadFile, fields: { role: string; purpose?: string }): Promise<Asset> {
  const response = await request.post('/api/media', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file, role: fields.role, purpose: fields.purpose ?? 'input' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Asset;
}

async function serverList(request: APIRequestContext, token: string): Promise<Asset[]> {
  const response = await request.get('/api/assets?limit=100', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as AssetPage).items;
}

const tiles = (page: Page) => page.getByTestId('library-tile');
const tileNames = (page: Page) => page.getByTestId('library-tile-name').allTextContents();
const tileOf = (page: Page, id: string) => page.locator(`[data-testid="library-tile"][data-asset-id="${id}"]`);

test('library: tabs, search, sort, review, multi-select delete, use in a studio', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = await signIn(page, request, { seenTutorials: ['virtual-tryon'] });
  const scratch = await mkdtemp(join(tmpdir(), 'atelier-assets-e2e-'));
  let clip: UploadFile;
  try {
    const path = await makeClip(join(scratch, 'clip.mp4'), { seconds: 1, width: 160, height: 120, fps: 10, audio: false });
    clip = { name: 'clip-bien.mp4', mimeType: 'video/mp4', buffer: await readFile(path) };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  // Uploaded one after another: the newest first is the reverse of this order.
  const model = await upload(request, user.token, await png('nguoi-mau.png', modelPhotoSvg()), { role: 'model' });
  const dress = await upload(request, user.token, await png('vay-do.png', garmentSvg('dresses')), { role: 'garment' });
  const portrait = await upload(request, user.token, await png('chan-dung.png', portraitSvg()), { role: 'face' });
  const video = await upload(request, user.token, clip, { role: 'video', purpose: 'upscale' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/your-assets');
  await expect(tiles(page)).toHaveCount(4);
  await expect(page.getByTestId('library-count')).toHaveAttribute('data-count', '4');
  expect(await tileNames(page)).toEqual(['clip-bien.mp4', 'chan-dung.png', 'vay-do.png', 'nguoi-mau.png']);
  // The video tile shows its length.
  await expect(tileOf(page, video.id)).toContainText('0:01');

  // Tabs: in the address, each a list of its own.
  const tab = (name: string) => page.locator(`[data-testid="library-tab"][data-tab="${name}"]`);
  await tab('videos').click();
  await expect(page).toHaveURL(/[?&]tab=videos/);
  await expect(tiles(page)).toHaveCount(1);
  await expect(tileOf(page, video.id)).toBeVisible();
  await tab('images').click();
  await expect(tiles(page)).toHaveCount(3);
  await expect(tileOf(page, video.id)).toHaveCount(0);
  await tab('all').click();
  await expect(page).not.toHaveURL(/tab=/);
  await expect(tiles(page)).toHaveCount(4);

  // Search by name (debounced into ?q=).
  await page.getByTestId('library-search').fill('vay');
  await expect(page).toHaveURL(/[?&]q=vay/);
  await expect(tiles(page)).toHaveCount(1);
  await expect(tileOf(page, dress.id)).toBeVisible();
  await page.getByTestId('library-search').fill('khong-co-tep-nay');
  await expect(page.getByTestId('library-empty')).toHaveAttribute('data-reason', 'no-match');
  await page.getByTestId('library-search').fill('');
  await expect(page).not.toHaveURL(/q=/);
  await expect(tiles(page)).toHaveCount(4);

  // Sort by name, then back to newest first.
  await page.getByTestId('library-sort').selectOption('name');
  await expect(page).toHaveURL(/[?&]sort=name/);
  await expect.poll(() => tileNames(page)).toEqual(['chan-dung.png', 'clip-bien.mp4', 'nguoi-mau.png', 'vay-do.png']);
  await page.getByTestId('library-sort').selectOption('newest');
  await expect.poll(() => tileNames(page)).toEqual(['clip-bien.mp4', 'chan-dung.png', 'vay-do.png', 'nguoi-mau.png']);

  // A click opens the review dialog on that asset, over the whole list.
  await tileOf(page, dress.id).getByTestId('library-tile-open').click();
  const review = page.getByTestId('review-dialog');
  await expect(review).toBeVisible();
  await expect(page.getByTestId('review-counter')).toContainText('3');
  await expect(review).toContainText('vay-do.png');
  await expect(review.getByTestId('use-in-trigger')).toBeVisible();
  await page.getByTestId('review-dialog-close').click();
  await expect(review).toHaveCount(0);

  // Multi-select two (the second with shift: a range of two) and delete them.
  await tileOf(page, portrait.id).getByRole('checkbox').check();
  await tileOf(page, dress.id)
    .getByRole('checkbox')
    .click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('library-selection-count')).toHaveAttribute('data-count', '2');
  await page.getByTestId('library-delete-selected').click();
  await expect(page.getByTestId('library-delete-title')).toHaveAttribute('data-count', '2');
  await page.getByTestId('library-delete-confirm').click();
  await expect(tiles(page)).toHaveCount(2);
  // 'Item deleted successfully'.
  await expect(page.locator('[data-sonner-toast][data-type="success"]').filter({ hasText: 'Đã xóa thành công' })).toBeVisible();
  await expect.poll(async () => (await serverList(request, user.token)).map((asset) => asset.id).toSorted()).toEqual([model.id, video.id].toSorted());

  // "Use in": the model photo goes to the try-on's model input.
  await tileOf(page, model.id).hover();
  await tileOf(page, model.id).getByTestId('use-in-trigger').click();
  const options = tileOf(page, model.id).getByTestId('use-in-option');
  await expect(options).toHaveCount(7);
  await expect(tileOf(page, video.id).getByTestId('use-in-option')).toHaveCount(0);
  // The menu shows whole, past its row: inside the window and on top where it is drawn.
  const menuBox = (await tileOf(page, model.id).getByTestId('use-in-menu').boundingBox())!;
  expect(menuBox.x).toBeGreaterThanOrEqual(0);
  expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await options.last().scrollIntoViewIfNeeded();
  const lastBox = (await options.last().boundingBox())!;
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="use-in-menu"]') !== null,
    [lastBox.x + lastBox.width / 2, lastBox.y + lastBox.height / 2],
  );
  expect(onTop).toBe(true);
  await options.and(page.locator('[data-studio="virtual-tryon"][data-role="model"]')).click();
  await expect(page).toHaveURL(/\/virtual-tryon$/);
  const chosen = page.getByTestId('tryon-model-chosen');
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toHaveAttribute('data-asset-id', model.id);

  // The video only fits the upscaler's video input; a link opens that mode with it.
  await page.goto(`/upscaler?asset=${video.id}&as=video`);
  await expect(page.getByTestId('upscale-video-chosen')).toHaveAttribute('data-asset-id', video.id);
  await expect(page).toHaveURL(/\/upscaler$/);
});

test('the same photo uploaded twice is one asset in the library', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = await signIn(page, request, { seenTutorials: ['virtual-tryon'] });
  const model = await png('model-woman.png', modelPhotoSvg());
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/virtual-tryon');
  await expect(page.getByTestId('studio-page')).toBeVisible();
  const chosen = page.getByTestId('tryon-model-chosen');

  await page.getByTestId('tryon-model-input').setInputFiles(model);
  await expect(chosen).toHaveCount(1, { timeout: 15_000 });
  const first = await chosen.getAttribute('data-asset-id');
  // The seller picks the same file again: the library already has it, and says so.
  await page.getByTestId('tryon-model-input').setInputFiles(model);
  await expect(page.getByText('Ảnh này đã có trong thư viện, không lưu thêm bản sao.')).toBeVisible();
  await expect(chosen).toHaveAttribute('data-asset-id', first!);

  expect((await serverList(request, user.token)).map((asset) => asset.id)).toEqual([first]);
  await page.goto('/your-assets');
  await expect(tiles(page)).toHaveCount(1);
  expect(await tileNames(page)).toEqual(['model-woman.png']);
});
