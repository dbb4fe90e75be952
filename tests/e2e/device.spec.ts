import { test, expect, useEnglish } from './fixtures.ts';

test('a phone-size screen gets the device restriction instead of the page', async ({ page }) => {
  await useEnglish(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/test');
  const gate = page.getByTestId('device-restriction');
  await expect(gate).toBeVisible();
  await expect(gate).toContainText('Desktop (>=1024px) or Tablet (>=768px)');
  await expect(gate).toContainText('390');
  // In English, home is the English home page.
  await expect(gate.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/en');
  await expect(page.getByTestId('device-check')).toHaveCount(0);
});

test('a 1024x768 screen gets the page, and the gate follows a resize', async ({ page }) => {
  await useEnglish(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/test');
  await expect(page.getByTestId('device-check')).toBeVisible();
  await expect(page.getByTestId('device-restriction')).toHaveCount(0);

  await page.setViewportSize({ width: 600, height: 800 });
  await expect(page.getByTestId('device-restriction')).toBeVisible();
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect(page.getByTestId('device-check')).toBeVisible();
});
