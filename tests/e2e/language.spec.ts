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
    expect(await page.locator('body').innerText()).toContain(enText.split('\n').find((l) => l.trim().length > 12)!.trim());

    // And back.
    await page.getByTestId('lang-toggle').first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect.poll(async () => page.locator('body').innerText()).toMatch(VIETNAMESE_LETTERS);
    expect(consoleErrors).toEqual([]);
  });
}
