import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { sceneSvg } from '../fixtures/engines/images.ts';
import { test, expect } from './fixtures.ts';
import { createUser, type TestUser } from './session.ts';

/**
 * Offline data is per account (docs/product-rules.md#offline-wipe): query data persisted in IndexedDB `atelier-query` under
 * the signed-in user's id, media in the service worker's cache keyed by path. A logout wipes it
 * all; the next account on the same browser sees none of the previous one's, online or offline.
 */

test.describe.configure({ timeout: 90_000 });

const QUERY_DB = ['atelier-query', 'queries'] as const;
const SESSION_DB = ['atelier-session', 'session'] as const;
const MEDIA_DB = ['atelier-media', 'entries'] as const;
const SHARE_DB = ['atelier-share', 'entries'] as const;

/** A photo shared into the app that still waits in the chooser (as the service worker's share target stores it). */
function putSharedPhoto(page: Page): Promise<void> {
  return page.evaluate(
    ([name, storeName]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.addEventListener('upgradeneeded', () => open.result.createObjectStore(storeName));
        open.addEventListener('error', () => reject(open.error));
        open.addEventListener('success', () => {
          const connection = open.result;
          const transaction = connection.transaction(storeName, 'readwrite');
          transaction
            .objectStore(storeName)
            .put(
              { id: 'shared-1', createdAt: Date.now(), files: [{ name: 'anh.png', type: 'image/png', blob: new Blob(['x'], { type: 'image/png' }) }] },
              'shared-1',
            );
          transaction.addEventListener('complete', () => {
            connection.close();
            resolve();
          });
          transaction.addEventListener('error', () => reject(transaction.error));
        });
      }),
    SHARE_DB,
  );
}

function userIdOf(user: TestUser): string {
  const payload = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString('utf8')) as { id: string };
  return payload.id;
}

/** The account a persisted query key belongs to (src/lib/offline/persister.ts: `<id>|q-<hash>`). */
function ownerOf(key: string): string {
  return decodeURIComponent(key.slice(0, key.indexOf('|')));
}

async function upload(request: APIRequestContext, user: TestUser, name: string): Promise<string> {
  const buffer = await sharp(Buffer.from(sceneSvg(320, 240)))
    .png()
    .toBuffer();
  const response = await request.post('/api/media', {
    headers: { Authorization: `Bearer ${user.token}` },
    multipart: { file: { name, mimeType: 'image/png', buffer }, purpose: 'input', role: 'image' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The keys of an IndexedDB store, without creating the database when it does not exist. */
function idbKeys(page: Page, [db, store]: readonly [string, string]): Promise<string[]> {
  return page.evaluate(
    async ([name, storeName]) => {
      if (!(await indexedDB.databases()).some((known) => known.name === name)) return [];
      return new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.addEventListener('error', () => reject(open.error));
        open.addEventListener('success', () => {
          const connection = open.result;
          if (!connection.objectStoreNames.contains(storeName)) {
            connection.close();
            resolve([]);
            return;
          }
          const request = connection.transaction(storeName).objectStore(storeName).getAllKeys();
          request.addEventListener('error', () => reject(request.error));
          request.addEventListener('success', () => {
            connection.close();
            resolve(request.result.map(String));
          });
        });
      });
    },
    [db, store] as const,
  );
}

/** Every URL in the service worker's media caches. */
function mediaCacheUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of (await caches.keys()).filter((cacheName) => cacheName.startsWith('atelier-media'))) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

/** First visit: the service worker installs and takes control (the media cache needs it). */
async function openApp(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(() => localStorage.setItem('atelier.offlineReadyShown', 'test'));
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
}

/** Signs `user` in as the app would have stored it; the next navigation starts their session. */
async function useAccount(page: Page, user: TestUser) {
  await page.evaluate((token) => {
    localStorage.setItem('access_token', token);
    // The cached display user belongs to the previous session; the token's claims stand in until the check.
    localStorage.removeItem('auth_user');
  }, user.token);
}

function tileOf(page: Page, assetId: string) {
  return page.locator(`[data-testid="library-tile"][data-asset-id="${assetId}"]`);
}

async function expectThumbnailShown(page: Page, assetId: string) {
  const image = tileOf(page, assetId).locator('img');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
}

async function persistedOwners(page: Page): Promise<string[]> {
  return [...new Set((await idbKeys(page, QUERY_DB)).map(ownerOf))];
}

test('logout wipes the offline data, and the next account never sees the previous one’s, online or offline', async ({ page, context, request }) => {
  const [a, b] = await Promise.all([createUser(request, 'offline-a'), createUser(request, 'offline-b')]);
  const assetOfA = await upload(request, a, `rieng-cua-a-${Date.now()}.png`);
  const idA = userIdOf(a);
  const idB = userIdOf(b);

  await openApp(page);
  await useAccount(page, a);
  await page.goto('/your-assets');
  await expect(tileOf(page, assetOfA)).toBeVisible({ timeout: 15_000 });
  await expectThumbnailShown(page, assetOfA);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-form')).toBeVisible();
  await expect(page.getByTestId('offline-settings')).toBeVisible();

  // A's data is on the device: query entries under A's id, the thumbnail, the session copy for the worker.
  const keysOfA = async () => (await idbKeys(page, QUERY_DB)).filter((key) => ownerOf(key) === idA).join('\n');
  await expect.poll(keysOfA).toContain('["assets","list"');
  await expect.poll(keysOfA).toContain('["auth","profile"]');
  await expect.poll(() => mediaCacheUrls(page)).toContainEqual(expect.stringContaining(`/api/media/${assetOfA}/thumbnail`));
  expect(await idbKeys(page, SESSION_DB)).toEqual(['current']);
  await putSharedPhoto(page);
  expect(await idbKeys(page, SHARE_DB)).toEqual(['shared-1']);

  await page.getByTestId('nav-logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => idbKeys(page, QUERY_DB)).toEqual([]);
  await expect.poll(() => mediaCacheUrls(page)).toEqual([]);
  await expect.poll(() => idbKeys(page, MEDIA_DB)).toEqual([]);
  await expect.poll(() => idbKeys(page, SESSION_DB)).toEqual([]);
  await expect.poll(() => idbKeys(page, SHARE_DB)).toEqual([]);

  // B on the same browser, online: an empty library, nothing of A's.
  await useAccount(page, b);
  await page.goto('/your-assets');
  await expect(page.getByTestId('library-empty')).toBeVisible();
  await expect(page.locator(`[data-asset-id="${assetOfA}"]`)).toHaveCount(0);
  await expect.poll(() => persistedOwners(page)).toEqual([idB]);

  // …and offline, from what was saved: still B's (empty) library, with the offline banner.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('library-empty')).toBeVisible();
  await expect(page.locator(`[data-asset-id="${assetOfA}"]`)).toHaveCount(0);
  expect(await persistedOwners(page)).toEqual([idB]);
  expect(await mediaCacheUrls(page)).not.toContainEqual(expect.stringContaining(assetOfA));
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});

test('another account signing in without a logout first wipes the previous one’s data', async ({ page, request }) => {
  const [a, b] = await Promise.all([createUser(request, 'switch-a'), createUser(request, 'switch-b')]);
  const assetOfA = await upload(request, a, 'cua-a.png');
  await openApp(page);
  await useAccount(page, a);
  await page.goto('/your-assets');
  await expectThumbnailShown(page, assetOfA);
  await expect.poll(() => persistedOwners(page)).toEqual([userIdOf(a)]);

  await useAccount(page, b);
  await page.goto('/your-assets');
  await expect(page.getByTestId('library-empty')).toBeVisible();
  await expect.poll(() => persistedOwners(page)).toEqual([userIdOf(b)]);
  await expect.poll(() => mediaCacheUrls(page)).not.toContainEqual(expect.stringContaining(assetOfA));
  expect(await page.evaluate(() => localStorage.getItem('atelier.offlineOwner'))).toBe(userIdOf(b));
});

test('a thumbnail seen online is served offline from the cache, keyed by its path whatever the signature', async ({ page, context, request, baseURL }) => {
  const user = await createUser(request, 'offline-media');
  const assetId = await upload(request, user, 'anh-ngoai-tuyen.png');
  await openApp(page);
  await useAccount(page, user);
  await page.goto('/your-assets');
  await expectThumbnailShown(page, assetId);

  const src = (await tileOf(page, assetId).locator('img').getAttribute('src'))!;
  const path = new URL(src, baseURL).pathname;
  const key = new URL(path, baseURL).href;
  await expect.poll(() => mediaCacheUrls(page)).toContain(key);

  // A re-signed link for the same path: the server refuses this signature, the cache answers by path.
  const resigned = `${path}?exp=1&sig=${'0'.repeat(64)}`;
  expect((await request.get(resigned)).status()).toBe(403);
  expect(await page.evaluate(async (url) => (await fetch(url)).status, resigned)).toBe(200);
  expect((await mediaCacheUrls(page)).filter((url) => url.includes(`/api/media/${assetId}/thumbnail`))).toEqual([key]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(tileOf(page, assetId)).toBeVisible();
  await expectThumbnailShown(page, assetId);
  await context.setOffline(false);
});
