import { test, expect, VIETNAMESE_LETTERS } from './fixtures.ts';

for (const path of ['/', '/about', '/dashboard']) {
  test(`the language toggle switches every visible string on ${path} and persists over reload`, async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    // The SPA pages (/dashboard) render after the inline language script: wait for the text.
    await expect.poll(async () => page.locator('body').innerText()).toMatch(VIETNAMESE_LETTERS);
    const viText = await page.locator('body').innerText();

    await page.getByTestId('lang-toggle').first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect.poll(async () => page.locator('body').innerText()).not.toMatch(VIETNAMESE_LETTERS);
    const enText = await page.locator('body').innerText();
    expect(enText).not.toEqual(viText);
    const title = await page.title();
    expect(title).not.toMatch(VIETNAMESE_LETTERS);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect.poll(async () => page.locator('body').innerText()).not.toMatch(VIETNAMESE_LETTERS);
    expect(await page.locator('body').innerText()).toContain(
      enText
        .split('\n')
        .find((l) => l.trim().length > 12)!
        .trim(),
    );

    // And back.
    await page.getByTestId('lang-toggle').first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect.poll(async () => page.locator('body').innerText()).toMatch(VIETNAMESE_LETTERS);
    expect(consoleErrors).toEqual([]);
  });
}

test('each public page has its English version under /en, linked both ways with hreflang, and the toggle moves between them', async ({
  page,
  request,
  consoleErrors,
}) => {
  for (const [vi, en] of [
    ['/', '/en'],
    ['/about', '/en/about'],
    ['/pricing', '/en/pricing'],
    ['/terms', '/en/terms'],
    ['/guidelines/image-editing/basic', '/en/guidelines/image-editing/basic'],
  ] as const) {
    // Pre-rendered in each language: the HTML already is in it, with its alternates.
    for (const [path, lang] of [
      [vi, 'vi'],
      [en, 'en'],
    ] as const) {
      const response = await request.get(path, { headers: { accept: 'text/html' } });
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${path === '/' ? '/' : path}"`));
      expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="vi" href="[^"]*${vi}"`));
      expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="en" href="[^"]*${en}"`));
      expect(html).toContain('hreflang="x-default"');
      expect(html).toContain('<meta property="og:title"');
      expect(html).toContain('application/ld+json');
    }
  }

  await page.goto('/about');
  await page.getByTestId('lang-toggle').first().click();
  await expect(page).toHaveURL(/\/en\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The choice is kept: the Vietnamese address now opens the English page.
  await page.goto('/pricing');
  await expect(page).toHaveURL(/\/en\/pricing$/);
  await page.getByTestId('lang-toggle').first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  expect(consoleErrors).toEqual([]);
});
