import { test, expect, useEnglish } from './fixtures.ts';

/**
 * A fault injected into a browser API that screens read while rendering (device detection
 * reads matchMedia) makes the screen throw; the boundary shows the texts of docs/product-rules.md#render-errors, and Try again
 * renders the screen once the fault is gone. No test hook exists in the production build.
 */
test('a render error shows the error screen and Try again recovers', async ({ page }) => {
  await useEnglish(page);
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    (window as unknown as { __faultActive: boolean }).__faultActive = true;
    window.matchMedia = (query: string) => {
      if ((window as unknown as { __faultActive: boolean }).__faultActive && query.includes('pointer')) {
        throw new Error('Injected fault: matchMedia is unavailable');
      }
      return original(query);
    };
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/test');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(alert).toContainText('An error occurred while rendering this page');
  await expect(alert).toContainText('Injected fault: matchMedia is unavailable');

  await page.evaluate(() => {
    (window as unknown as { __faultActive: boolean }).__faultActive = false;
  });
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('device-check')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
