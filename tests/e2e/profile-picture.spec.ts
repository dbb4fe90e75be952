import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { signIn } from './session.ts';

/**
 * The profile picture (docs/product-rules.md#profile): the seller uploads a photo or picks one
 * from the library; the server makes a square of its centre, and the account card shows it. A
 * file that is not a photo is refused with a message.
 */

const photo = async (colour: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** The picture the profile's summary shows: its address, once it has loaded. */
async function shownPicture(page: Page): Promise<string> {
  const image = page.getByTestId('profile-picture').locator('img');
  await expect(image).toHaveAttribute('src', /^\/api\/profile-picture\/.+\.webp$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
  return (await image.getAttribute('src'))!;
}

test('upload a profile picture, then pick one from the library; a file that is no photo is refused', async ({ page, request }) => {
  const user = await signIn(page, request);
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto('/profile');
  const section = page.getByTestId('profile-picture');
  await expect(section).toBeVisible();
  // No address field to type any more.
  await expect(page.getByLabel('Ảnh đại diện (URL)')).toHaveCount(0);

  await page.getByTestId('profile-picture-input').setInputFiles({ name: 'chan-dung.jpg', mimeType: 'image/jpeg', buffer: await photo('#c0392b') });
  const uploaded = await shownPicture(page);
  // The account keeps it: a reload shows the same picture, and the server serves it as WebP.
  await page.reload();
  expect(await shownPicture(page)).toBe(uploaded);
  const served = await request.get(uploaded);
  expect(served.headers()['content-type']).toBe('image/webp');

  // Not a photo: refused before anything is sent, and said so.
  await page.getByTestId('profile-picture-input').setInputFiles({ name: 'ghi-chu.txt', mimeType: 'text/plain', buffer: Buffer.from('không phải ảnh') });
  await expect(page.getByTestId('profile-picture-error')).toContainText('Không đọc được ảnh này. Hãy chọn ảnh JPG, PNG hoặc WebP.');

  // From the library: an upload of the seller's.
  const added = await request.post('/api/media', {
    headers: { Authorization: `Bearer ${user.token}` },
    multipart: { file: { name: 'mau-xanh.jpg', mimeType: 'image/jpeg', buffer: await photo('#2471a3') }, role: 'image', purpose: 'input' },
  });
  expect(added.status()).toBe(201);
  const asset = (await added.json()) as { id: string };
  await page.getByTestId('profile-picture-library').click();
  const picker = page.getByTestId('assets-picker');
  await picker.locator(`[data-testid="asset-option"][data-asset-id="${asset.id}"]`).click();
  await picker.getByTestId('assets-picker-confirm').click();
  await expect(picker).toHaveCount(0);
  await expect(page.getByTestId('profile-picture-error')).toHaveCount(0);
  await expect.poll(() => shownPicture(page)).not.toBe(uploaded);

  // Taken off again: the initials.
  await page.getByTestId('profile-picture-remove').click();
  await expect(section.locator('img')).toHaveCount(0);
});
