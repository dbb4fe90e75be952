import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import { signIn, type TestUser } from './session.ts';

/**
 * The upload outbox (docs/product-rules.md#upload-outbox) against the real server and its service worker: photos chosen
 * offline wait with their local previews ('Đang chờ mạng'), survive a reload while still offline
 * (the service worker serves the shell, IndexedDB keeps the files), and are uploaded exactly once
 * when the network returns; a generation submitted offline waits for its photo and is then
 * submitted once.
 *
 * The outbox's texts are new messages: until the catalogs are extracted the build shows their
 * ids, so the states are read from test ids and data attributes.
 */

// Two offline rounds of ten photos, each with a reload; a generation on the shared server.
test.describe.configure({ timeout: 180_000 });

const RESULT_TIMEOUT_MS = 60_000;
const SENT_TIMEOUT_MS = 30_000;

interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** `count` photos with distinct bytes (each its own colour), as PNGs. */
async function photos(count: number): Promise<Upload[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `anh-ngoai-tuyen-${String(index + 1).padStart(2, '0')}.png`,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: (index * 37) % 256, g: (index * 91) % 256, b: 200 - index } } })
        .png()
        .toBuffer(),
    })),
  );
}

async function openEditing(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/image-editing');
  await expect(page.getByTestId('studio-page')).toBeVisible();
  // The reload offline needs the service worker in control.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
}

async function multiMode(page: Page) {
  await page.getByTestId('edit-instructions').locator('input[type="radio"][value="multi"]').check({ force: true });
}

/** Entries in the outbox's IndexedDB (`atelier-outbox`). */
function outboxSize(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('atelier-outbox');
        // Created as idb-keyval would, should this read come first.
        open.addEventListener('upgradeneeded', () => open.result.createObjectStore('entries'));
        open.addEventListener('error', () => reject(open.error));
        open.addEventListener('success', () => {
          const db = open.result;
          const count = db.transaction('entries', 'readonly').objectStore('entries').count();
          count.addEventListener('success', () => {
            resolve(count.result);
            db.close();
          });
          count.addEventListener('error', () => reject(count.error));
        });
      }),
  );
}

async function uploadedAssets(request: APIRequestContext, user: TestUser) {
  const response = await request.get('/api/assets?limit=100', { headers: { Authorization: `Bearer ${user.token}` } });
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: Array<{ id: string; name: string; source: string }> };
  return items.filter((asset) => asset.source === 'upload');
}

test('20 photos chosen offline wait, survive a reload offline, and are each uploaded once', async ({ page, context, request }) => {
  const user = await signIn(page, request);
  const all = await photos(20);
  await openEditing(page);
  const chosen = page.getByTestId('edit-images-chosen');
  const waiting = page.locator('[data-testid="edit-images-chosen"][data-outbox="waiting"]');
  const sent = page.locator('[data-testid="edit-images-chosen"]:not([data-outbox])');

  // Image editing takes 10 photos at a time: two rounds.
  for (const round of [all.slice(0, 10), all.slice(10)]) {
    await multiMode(page);
    await context.setOffline(true);
    await page.getByTestId('edit-images-input').setInputFiles(round);
    await expect(waiting).toHaveCount(10);
    await expect(page.getByTestId('edit-images-waiting')).toHaveCount(10);
    // The tile shows the file itself, from the device.
    await expect(chosen.first().locator('img')).toHaveAttribute('src', /^blob:/);
    await expect(page.getByTestId('edit-images-cancel')).toHaveCount(10);
    expect(await outboxSize(page)).toBe(10);

    // Still offline: the service worker serves the app, the outbox keeps the files.
    await page.reload();
    await expect(page.getByTestId('studio-page')).toBeVisible();
    await expect(waiting).toHaveCount(10);
    await expect
      .poll(() =>
        chosen
          .first()
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);

    await context.setOffline(false);
    await expect(sent).toHaveCount(10, { timeout: SENT_TIMEOUT_MS });
    await expect(waiting).toHaveCount(0);
    await expect.poll(() => outboxSize(page)).toBe(0);

    // Room for the next round (the assets stay in the library).
    for (let left = 10; left > 0; left--) {
      await page.getByTestId('edit-images-remove').first().click();
      await expect(chosen).toHaveCount(left - 1);
    }
  }

  const assets = await uploadedAssets(request, user);
  expect(assets).toHaveLength(20);
  expect(new Set(assets.map((asset) => asset.id)).size).toBe(20);
  expect(assets.map((asset) => asset.name).toSorted()).toEqual(all.map((file) => file.name).toSorted());
  expect(await outboxSize(page)).toBe(0);
});

test('a photo cancelled while it waits is never uploaded', async ({ page, context, request }) => {
  const user = await signIn(page, request);
  const [keep, drop] = await photos(2);
  await openEditing(page);
  await multiMode(page);
  await context.setOffline(true);
  await page.getByTestId('edit-images-input').setInputFiles([keep!, drop!]);
  await expect(page.getByTestId('edit-images-waiting')).toHaveCount(2);
  await page.locator(`[data-testid="edit-images-chosen"]:has(img[alt="${drop!.name}"])`).getByTestId('edit-images-cancel').click();
  await expect(page.getByTestId('edit-images-chosen')).toHaveCount(1);
  await expect.poll(() => outboxSize(page)).toBe(1);

  await context.setOffline(false);
  await expect(page.locator('[data-testid="edit-images-chosen"]:not([data-outbox])')).toHaveCount(1, { timeout: SENT_TIMEOUT_MS });
  await expect.poll(() => outboxSize(page)).toBe(0);
  expect((await uploadedAssets(request, user)).map((asset) => asset.name)).toEqual([keep!.name]);
});

test('with the tab closed, the service worker sends the photo on Background Sync', async ({ page, context, request }) => {
  const user = await signIn(page, request);
  const [photo] = await photos(1);
  await openEditing(page);
  const origin = new URL(page.url()).origin;

  await context.setOffline(true);
  await page.getByTestId('edit-images-input').setInputFiles(photo!);
  await expect(page.getByTestId('edit-images-waiting')).toHaveCount(1);
  await page.close();
  await context.setOffline(false);

  // No page of the app is open: only the worker can send it. The browser would fire the sync
  // when it sees the network; DevTools fires it now.
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registrations = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: found }) => {
      const mine = (found as Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }>).find(
        (registration) => registration.scopeURL.startsWith(origin) && !registration.isDeleted,
      );
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registrations;
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: 'atelier-outbox', lastChance: false });
  await expect.poll(async () => (await uploadedAssets(request, user)).map((asset) => asset.name), { timeout: SENT_TIMEOUT_MS }).toEqual([photo!.name]);

  // Back in the studio, the photo is there as the uploaded asset, and the outbox is empty.
  await openEditing(blank);
  const [asset] = await uploadedAssets(request, user);
  await expect(blank.locator(`[data-testid="edit-images-chosen"][data-asset-id="${asset!.id}"]`)).toHaveCount(1);
  await expect.poll(() => outboxSize(blank)).toBe(0);
  // Sent once, whoever sent it.
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: 'atelier-outbox', lastChance: false });
  expect(await uploadedAssets(request, user)).toHaveLength(1);
});

test('a generation submitted offline waits for its photo and is submitted once', async ({ page, context, request }) => {
  const user = await signIn(page, request);
  const [photo] = await photos(1);
  await openEditing(page);

  await context.setOffline(true);
  await page.getByTestId('edit-images-input').setInputFiles(photo!);
  await expect(page.getByTestId('edit-images-waiting')).toHaveCount(1);
  await page.getByTestId('edit-chip-grayscale').click();
  await page.getByTestId('generate-button').click();
  const queued = page.getByTestId('generate-queued');
  await expect(queued).toHaveAttribute('data-status', 'waiting');
  await expect(page.getByTestId('generate-button')).toHaveCount(0);

  // It survives a reload, still offline.
  await page.reload();
  await expect(queued).toHaveAttribute('data-status', 'waiting');
  await expect(page.getByTestId('edit-images-waiting')).toHaveCount(1);

  await context.setOffline(false);
  await expect(page.getByTestId('result-view')).toBeVisible({ timeout: RESULT_TIMEOUT_MS });
  await expect.poll(() => outboxSize(page)).toBe(0);

  const response = await request.get('/api/generations?feature=image-editing', { headers: { Authorization: `Bearer ${user.token}` } });
  const { items } = (await response.json()) as { items: Array<{ id: string; inputs: { images: string[] }; params: { prompt: string } }> };
  expect(items).toHaveLength(1);
  const [asset] = await uploadedAssets(request, user);
  expect(items[0]!.inputs.images).toEqual([asset!.id]);
  expect(items[0]!.params.prompt).toBe('Đen trắng');
  await expect(page.getByTestId('result-view')).toHaveAttribute('data-job-id', items[0]!.id);
});
