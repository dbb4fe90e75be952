import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { modelPhotoSvg } from '../fixtures/engines/images.ts';
import { test, expect } from './fixtures.ts';
import { signIn } from './session.ts';

/**
 * The Web Share Target: the manifest declares it; the service worker takes the multipart POST a
 * share sheet sends, keeps the photo and answers 303 to the chooser, which uploads it and opens
 * the chosen studio with it. Without a service worker the server answers the POST itself.
 */

async function waitForController(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
}

/**
 * Submits a real multipart POST navigation to /share-target, as the system share sheet does: a
 * form built in the page, its file input filled by Playwright, then submitted.
 */
async function shareToApp(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, title = 'Áo mới') {
  await page.evaluate((caption) => {
    const form = document.createElement('form');
    form.method = 'post';
    form.enctype = 'multipart/form-data';
    form.action = '/share-target';
    form.id = 'share-sheet';
    const titleInput = document.createElement('input');
    titleInput.name = 'title';
    titleInput.value = caption;
    const fileInput = document.createElement('input');
    fileInput.type = 'file';
    fileInput.name = 'image';
    fileInput.id = 'share-sheet-file';
    form.append(titleInput, fileInput);
    document.body.append(form);
  }, title);
  await page.setInputFiles('#share-sheet-file', file);
  // The service worker answered (the server's fallback would say ?reason=no-worker) with a fresh entry.
  await Promise.all([page.waitForURL(/\/share\?id=[0-9a-f-]{36}$/), page.evaluate(() => (document.getElementById('share-sheet') as HTMLFormElement).submit())]);
}

/** The keys of the chooser's IndexedDB store (atelier-share). */
function sharedEntryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('atelier-share');
        open.addEventListener('error', () => reject(open.error));
        open.addEventListener('success', () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) {
            db.close();
            resolve([]);
            return;
          }
          const keys = db.transaction('entries').objectStore('entries').getAllKeys();
          keys.addEventListener('success', () => {
            resolve(keys.result.map(String));
            db.close();
          });
          keys.addEventListener('error', () => reject(keys.error));
        });
      }),
  );
}

test('the built manifest declares the share target', async ({ request }) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { share_target?: unknown };
  expect(manifest.share_target).toEqual({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', files: [{ name: 'image', accept: ['image/jpeg', 'image/png', 'image/webp'] }] },
  });
});

test('without a service worker the server sends the share to the chooser, saying to open the app once', async ({ request }) => {
  const response = await request.post('/share-target', {
    multipart: { title: 'Áo mới', image: { name: 'ao.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) } },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers()['location']).toBe('/share?reason=no-worker');
});

test('a form another site posts to the share target is refused, and nothing waits in the chooser', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, request);
  await page.addInitScript(() => localStorage.setItem('atelier.offlineReadyShown', 'test'));
  await page.goto('/dashboard');
  await waitForController(page);

  // A page of another site (served by the test) whose form targets the app's share target.
  const target = new URL('/share-target', baseURL).href;
  await page.route('http://elsewhere.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form id="f" method="post" enctype="multipart/form-data" action="${target}"><input name="title" value="x"><input type="file" name="image" id="file"></form>`,
    }),
  );
  await page.goto('http://elsewhere.test/');
  await page.setInputFiles('#file', { name: 'ao.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
  const answered = page.waitForResponse((response) => response.url() === target);
  await page.evaluate(() => (document.getElementById('f') as HTMLFormElement).submit());
  // Refused where it landed: no 303 on to the chooser.
  await expect(page).toHaveURL(target);
  const answer = await answered;
  expect(answer.status()).toBe(403);
  expect(answer.fromServiceWorker()).toBe(true);
  expect(await answer.json()).toEqual({ detail: 'Shares are accepted only from the system share sheet or from Atelier itself.', code: 'shareRefused' });

  await page.goto('/dashboard');
  expect(await sharedEntryKeys(page)).toEqual([]);
});

test('a shared photo lands on the chooser, is uploaded, and opens the try-on with it as the model', async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await signIn(page, request, { seenTutorials: ['virtual-tryon'] });
  await page.addInitScript(() => localStorage.setItem('atelier.offlineReadyShown', 'test'));
  await page.goto('/dashboard');
  await waitForController(page);

  const photo = { name: 'nguoi-mau.png', mimeType: 'image/png', buffer: await sharp(Buffer.from(modelPhotoSvg())).png().toBuffer() };
  await shareToApp(page, photo);

  const shown = page.getByTestId('share-photo');
  await expect(shown).toHaveCount(1);
  await expect(shown.locator('img')).toHaveJSProperty('complete', true);
  expect(await shown.locator('img').evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([320, 480]);
  await expect(shown).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
  const assetId = (await shown.getAttribute('data-asset-id'))!;
  expect(assetId).toMatch(/^[0-9a-f-]{36}$/);

  // Uploaded: the asset is the user's on the server, the entry left IndexedDB, and the address
  // keeps the asset so a reload shows it again.
  const asset = await request.get(`/api/assets/${assetId}`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect(asset.status()).toBe(200);
  expect(await asset.json()).toMatchObject({ id: assetId, media_type: 'image', source: 'upload', width: 320, height: 480 });
  await expect(page).toHaveURL(new RegExp(`/share\\?assets=${assetId}$`));
  await expect.poll(() => sharedEntryKeys(page)).toEqual([]);
  await page.reload();
  await expect(page.getByTestId('share-photo')).toHaveAttribute('data-asset-id', assetId);

  const options = page.getByTestId('share-target-option');
  await expect(options).toHaveCount(7);
  const tryOnModel = page.locator('[data-testid="share-target-option"][data-studio="virtual-tryon"][data-role="model"]');
  await expect(tryOnModel).toHaveAttribute('href', `/virtual-tryon?asset=${assetId}&as=model`);
  await tryOnModel.click();
  await expect(page).toHaveURL(/\/virtual-tryon/);
  await expect(page.getByTestId('tryon-model-chosen')).toHaveAttribute('data-asset-id', assetId, { timeout: 15_000 });
});

test('offline, the shared photo waits in the outbox with the links disabled, and goes once the network is back', async ({ page, request, context }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await signIn(page, request, { seenTutorials: ['virtual-tryon'] });
  await page.addInitScript(() => localStorage.setItem('atelier.offlineReadyShown', 'test'));
  await page.goto('/dashboard');
  await waitForController(page);

  await context.setOffline(true);
  const photo = { name: 'ao.jpg', mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(modelPhotoSvg())).jpeg().toBuffer() };
  await shareToApp(page, photo);
  const shown = page.getByTestId('share-photo');
  await expect(shown).toHaveAttribute('data-status', 'waiting', { timeout: 15_000 });
  const options = page.getByTestId('share-target-option');
  await expect(options.first()).toHaveAttribute('aria-disabled', 'true');
  expect(await options.first().getAttribute('href')).toBeNull();

  await context.setOffline(false);
  await expect(shown).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  const assetId = (await shown.getAttribute('data-asset-id'))!;
  await expect(options.first()).toHaveAttribute('href', `/virtual-tryon?asset=${assetId}&as=model`);
  const asset = await request.get(`/api/assets/${assetId}`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect(asset.status()).toBe(200);
  await expect.poll(() => sharedEntryKeys(page)).toEqual([]);
});
