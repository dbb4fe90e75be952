import { test, expect, useEnglish, VIETNAMESE_LETTERS } from './fixtures.ts';

test('an unknown path answers 404 and shows the not-found page', async ({ page }) => {
  await useEnglish(page);
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  // In English, home is the English home page.
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByTestId('site-header')).toBeVisible();
});

test('an unknown API path is a JSON 404, never the app', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint', { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual({ message: expect.any(String), code: 'unknownPath' });
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

test('an unknown address under /en answers 404 with the not-found page in English, before and after its script', async ({ page, request }) => {
  // The server's own answer, as a crawler or a reader without JavaScript reads it.
  const raw = await request.get('/en/no-such-page', { headers: { accept: 'text/html' } });
  expect(raw.status()).toBe(404);
  const html = await raw.text();
  expect(html).toContain('<html lang="en">');
  expect(html).toContain('Page not found');
  expect(html).not.toMatch(VIETNAMESE_LETTERS);

  // A first visit (no language chosen yet), narrow screens included.
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const response = await page.goto('/en/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByTestId('site-header')).toBeVisible();
    expect(await page.getByTestId('site-header').innerText()).not.toMatch(VIETNAMESE_LETTERS);
    expect(await page.locator('#main').innerText()).not.toMatch(VIETNAMESE_LETTERS);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('an unknown address elsewhere keeps the Vietnamese not-found page', async ({ page }) => {
  const response = await page.goto('/khong-co-trang-nay');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Không tìm thấy trang' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
});

test('client-side navigation to an unknown /en address shows the not-found page in English', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('studio-layout')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await page.evaluate(() => {
    history.pushState({}, '', '/en/definitely-missing');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('site-header').getByRole('link', { name: 'About' })).toHaveAttribute('href', '/en/about');
});
