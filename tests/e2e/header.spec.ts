import { test, expect } from './fixtures.ts';

test.describe('public header', () => {
  test('is transparent on the home page until scrolled past 60 px, solid after', async ({ page, consoleErrors }) => {
    await page.goto('/');
    const header = page.getByTestId('site-header');
    await expect(header).toHaveAttribute('data-solid', 'false');
    await page.evaluate(() => window.scrollTo(0, 50));
    await expect(header).toHaveAttribute('data-solid', 'false');
    await page.evaluate(() => window.scrollTo(0, 61));
    await expect(header).toHaveAttribute('data-solid', 'true');
    await expect(header).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-solid', 'false');
    // The page was pre-rendered and hydrated without a mismatch.
    expect(consoleErrors).toEqual([]);
  });

  test('is solid black on other pages from the start', async ({ page, consoleErrors }) => {
    await page.goto('/about');
    await expect(page.getByTestId('site-header')).toHaveAttribute('data-solid', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('public pages are pre-rendered: their content is in the HTML before any script runs', async ({ request }) => {
    for (const path of ['/', '/about']) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain('data-testid="site-header"');
      expect(html).toContain('data-testid="site-footer"');
      expect(html).toMatch(/<h1[^>]*>/);
    }
  });

  test('the services dropdown lists the five landing pages and closes on an outside click', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const menu = page.getByTestId('services-menu');
    await expect(menu).toBeHidden();
    await page.getByTestId('services-trigger').click();
    await expect(menu).toBeVisible();
    for (const href of [
      '/services/virtual-tryon',
      '/services/image-editing',
      '/services/image-to-video',
      '/services/body-generator',
      '/services/hairstyle-changer',
    ]) {
      await expect(menu.locator(`a[href="${href}"]`)).toBeVisible();
    }
    await page.mouse.click(640, 600);
    await expect(menu).toBeHidden();
    // Escape closes it too.
    await page.getByTestId('services-trigger').click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('small screens get a full-screen menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const menu = page.getByTestId('mobile-menu');
    await expect(menu).toBeHidden();
    await page.getByTestId('mobile-menu-button').click();
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(389);
    expect(box?.height).toBeGreaterThanOrEqual(700);
    await expect(menu.locator('a[href="/about"]')).toBeVisible();
    await expect(menu.locator('a[href="/dashboard"]')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('"Go to app" leads to the dashboard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.getByTestId('go-to-app').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('studio-layout')).toBeVisible();
  });
});
