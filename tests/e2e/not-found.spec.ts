import { test, expect, useEnglish } from './fixtures.ts';

test('an unknown path answers 404 and shows the not-found page', async ({ page }) => {
  await useEnglish(page);
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('site-header')).toBeVisible();
});

test('an unknown API path is a JSON 404, never the app', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint', { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual({ message: expect.any(String) });
});

test('client-side navigation to an unknown path shows the not-found page', async ({ page }) => {
  await useEnglish(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('studio-layout')).toBeVisible();
  await page.evaluate(() => {
    history.pushState({}, '', '/definitely-missing');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
