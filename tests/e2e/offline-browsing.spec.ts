import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { signIn } from './session.ts';
import { Api, RESULT_TIMEOUT_MS } from './api.ts';

/**
 * The offline promise (docs/product-rules.md#offline-data): the library and history seen online open offline after a
 * reload, with the same items and thumbnails (query data from IndexedDB, media from the service
 * worker's cache), and an asset kept offline opens full size.
 */

test.describe.configure({ timeout: 3 * RESULT_TIMEOUT_MS });

async function imageShown(image: Locator) {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
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
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
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

/** The keys of the query store in IndexedDB (the offline persister's entries). */
async function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((done, fail) => {
      const open = indexedDB.open('atelier-query');
      open.addEventListener('success', () => done(open.result));
      open.addEventListener('error', () => fail(open.error));
    });
    try {
      return await new Promise<string[]>((done, fail) => {
        const request = db.transaction('queries').objectStore('queries').getAllKeys();
        request.addEventListener('success', () => done(request.result.map(String)));
        request.addEventListener('error', () => fail(request.error));
      });
    } finally {
      db.close();
    }
  });
}

/** Scrolls the window to the end of the library grid until every page is listed. */
async function scrollLibraryToEnd(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return page.getByTestId('library-grid').getAttribute('data-complete');
      },
      { timeout: 20_000 },
    )
    .toBe('true');
}

test('a library longer than a page, scrolled online, scrolls to its end offline: later pages come back from IndexedDB', async ({ page, context, request }) => {
  const user = await signIn(page, request);
  const api = new Api(request, user);
  await page.setViewportSize({ width: 1280, height: 900 });
  // One page and a bit (the library asks 100 at a time); the oldest one is on the second page.
  const total = 105;
  const ids: string[] = [];
  for (let start = 0; start < total; start += 8) {
    const batch = Array.from({ length: Math.min(8, total - start) }, (_, k) => api.upload(`anh-${String(start + k).padStart(3, '0')}.png`, 64, 64));
    ids.push(...(await Promise.all(batch)));
  }
  const oldest = ids[0]!;

  await page.goto('/your-assets');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
  await page.reload();
  await scrollLibraryToEnd(page);
  await expect(page.getByTestId('library-count')).toHaveAttribute('data-count', String(total));
  // Each page is its own entry: the second page was written when it came.
  await expect.poll(async () => (await storedKeys(page)).filter((key) => /\|p1-/.test(key)).length, { timeout: 10_000 }).toBe(1);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  // The first page shows at once; scrolling on reads the next one from storage, not the network.
  await expect(page.getByTestId('library-tile').first()).toBeVisible();
  await scrollLibraryToEnd(page);
  await expect(page.getByTestId('library-count')).toHaveAttribute('data-count', String(total));
  await expect(page.locator(`[data-testid="library-tile"][data-asset-id="${oldest}"]`)).toBeVisible();
  await expect(page.getByTestId('library-more-retry')).toHaveCount(0);

  await context.setOffline(false);
});

/** The cache keys (origin + path) of the media the service worker holds. */
async function cachedMedia(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('atelier-media'));
    const keys = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)));
    return keys.flat();
  });
}

/** The cache key of an <img>'s picture: its URL without the query. */
async function pictureKeys(images: Locator): Promise<string[]> {
  return images.evaluateAll((list) =>
    list.map((img) => {
      const url = new URL((img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src);
      return `${url.origin}${url.pathname}`;
    }),
  );
}

test('fifteen history entries listed online all show their pictures after an offline reload, scrolled or not', async ({ page, context, request }) => {
  const user = await signIn(page, request);
  const api = new Api(request, user);
  await api.grant(40);
  // A tablet held upright: the first entries fill the screen, the later ones are far below it.
  await page.setViewportSize({ width: 820, height: 1180 });
  const total = 15;
  const jobs = [];
  for (let k = 0; k < total; k++) jobs.push(await api.body(150 + k));
  for (const job of jobs) await api.waitFor(job, 'completed');

  await page.goto('/history');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
  await page.reload();
  const items = page.getByTestId('history-item');
  await expect(items).toHaveCount(total);
  const pictures = page.getByTestId('history-item').locator('img');
  await imageShown(pictures.first());
  // Only the top of the list was on screen; every listed picture is kept all the same (soft: the
  // offline check below says what a person would see when it is not).
  const listed = await pictureKeys(pictures);
  expect(listed.length).toBeGreaterThanOrEqual(total);
  await expect
    .soft(async () => {
      const cached = new Set(await cachedMedia(page));
      expect(listed.filter((key) => !cached.has(key)).length, 'every picture the list showed is in the media cache').toBe(0);
    })
    .toPass({ timeout: 30_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(items).toHaveCount(total);
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await imageShown(picture);
  }
  // What is kept offline is said.
  await expect(page.getByTestId('offline-kept-note')).toBeVisible();

  await context.setOffline(false);
});

test('a full-size picture not kept offline says so offline, over its thumbnail, never a broken image', async ({ page, context, request }) => {
  const user = await signIn(page, request);
  const api = new Api(request, user);
  await page.setViewportSize({ width: 1024, height: 768 });
  const upload = await api.upload('ao-khoac.png', 640, 800);
  const body = await api.body();
  await api.waitFor(body, 'completed');

  await page.goto('/your-assets');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
  await page.reload();
  await expect(page.getByTestId('library-tile')).toHaveCount(2);
  for (const tile of await page.getByTestId('library-tile').all()) await imageShown(tile.locator('img').first());
  await page.goto('/history');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await imageShown(page.getByTestId('history-result-image').first());

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  // History: "Xem lớn" offline on a result whose original was never opened.
  await page.getByTestId('history-review').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const unavailable = dialog.getByTestId('media-offline-unavailable');
  await expect(unavailable).toBeVisible();
  await expect(unavailable).toContainText('chưa được lưu để xem ngoại tuyến');
  await expect(dialog.locator('img[src*="/original"], img[src*="/watermarked"]')).toHaveCount(0);
  // The thumbnail seen online stands in for it.
  await imageShown(unavailable.locator('img'));
  await page.keyboard.press('Escape');

  // The library: the upload's review dialog, same message.
  await page.goto('/your-assets');
  await page.locator(`[data-testid="library-tile"][data-asset-id="${upload}"]`).getByTestId('library-tile-open').click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('media-offline-unavailable')).toBeVisible();
  for (const image of await dialog.locator('img').all()) await imageShown(image);

  await context.setOffline(false);
});
