import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { signIn } from './session.ts';
import { Api, RESULT_TIMEOUT_MS } from './api.ts';

/**
 * The offline promise (issue 6): the library and history seen online open offline after a
 * reload, with the same items and thumbnails (query data from IndexedDB, media from the service
 * worker's cache), and an asset kept offline opens full size.
 */

test.describe.configure({ timeout: 3 * RESULT_TIMEOUT_MS });

async function imageShown(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
    .toBe(true);
}

async function tileIds(page: Page): Promise<string[]> {
  return page.getByTestId('library-tile').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-asset-id') ?? ''));
}

async function historyIds(page: Page): Promise<string[]> {
  return page.getByTestId('history-item').evaluateAll((items) => items.map((item) => item.getAttribute('data-job-id') ?? ''));
}

test('assets and history seen online open offline after a reload, thumbnails included; a pinned asset opens full size', async ({ page, context, request }) => {
  const user = await signIn(page, request);
  const api = new Api(request, user);
  await page.setViewportSize({ width: 1280, height: 900 });
  const uploads = [await api.upload('ao-so-mi.png', 640, 800), await api.upload('vay-lua.png', 800, 600), await api.upload('nguoi-mau.png', 600, 900)];
  const body = await api.body();
  await api.waitFor(body, 'completed');

  // First visit: the service worker takes control (it caches the shell and the media).
  await page.goto('/your-assets');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
  await page.reload();
  await expect(page.getByTestId('library-tile')).toHaveCount(uploads.length + 1);
  const onlineTiles = await tileIds(page);
  for (const tile of await page.getByTestId('library-tile').all()) await imageShown(tile.locator('img').first());

  // Keep one upload offline: its full-size file goes into the cache now.
  const pinnedId = uploads[1]!;
  const pinnedTile = page.locator(`[data-testid="library-tile"][data-asset-id="${pinnedId}"]`);
  await pinnedTile.getByTestId('library-tile-open').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('pin-toggle').click();
  await expect(dialog.getByTestId('pin-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');

  await page.goto('/history');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  const onlineHistory = await historyIds(page);
  await imageShown(page.getByTestId('history-result-image').first());

  // Offline, reload each screen: the same items, the same pictures, and the offline notice.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  expect(await historyIds(page)).toEqual(onlineHistory);
  await imageShown(page.getByTestId('history-result-image').first());

  await page.goto('/your-assets');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('library-tile')).toHaveCount(uploads.length + 1);
  expect(await tileIds(page)).toEqual(onlineTiles);
  for (const tile of await page.getByTestId('library-tile').all()) await imageShown(tile.locator('img').first());

  // The pinned asset opens full size offline: the review dialog's picture is the original, 800 × 600.
  await pinnedTile.getByTestId('library-tile-open').click();
  await expect(dialog).toBeVisible();
  const full = dialog.locator('img[src*="/original"]').first();
  await imageShown(full);
  expect(await full.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([800, 600]);

  // Back online: the banner goes and the data refreshes.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 15_000 });
});
