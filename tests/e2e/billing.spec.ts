import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { Api } from './api.ts';
import { signIn } from './session.ts';

/**
 * Buying in a real browser against the real server, through the sandbox provider's hosted page:
 * the pack lands in the balance, the payment history and a receipt; cancelling and failing charge
 * nothing and land on their pages.
 */

/** From /studio-pricing to the sandbox's hosted page for a pack, as a person does it. */
async function checkoutPack(page: Page, pack: string) {
  await page.goto('/studio-pricing');
  // With the service worker in control, as for anyone who has used the app before: the hosted
  // page must still come from the server, not the app shell.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
  await page.getByTestId(`pack-buy-${pack}`).click();
  await expect(page.getByTestId('checkout-page')).toBeVisible();
  await page.getByTestId('method-sandbox').click();
  await expect(page.getByTestId('summary-total')).toBeVisible();
  await page.getByTestId('checkout-terms').click();
  await page.getByTestId('checkout-submit').click();
  await page.waitForURL(/\/billing\/sandbox\//);
}

test('a free user buys a credit pack on the sandbox page and sees the balance, the history row and the receipt', async ({ page, request }) => {
  await signIn(page, request);
  await checkoutPack(page, 'pack_150');
  await expect(page.locator('body')).toContainText('349.000');
  await page.locator('button[data-action="pay"]').click();

  await page.waitForURL(/\/payment\/success\?order=/);
  await expect(page.getByTestId('payment-balance')).toContainText('155', { timeout: 30_000 });
  await expect(page.getByTestId('payment-bought')).toBeVisible();

  await page.goto('/studio-pricing');
  await expect(page.getByTestId('plan-balance')).toContainText('155');
  const row = page.getByTestId('payments').locator('tr', { hasText: '349.000' }).first();
  await expect(row.getByTestId('payment-status')).toBeVisible();
  await row.getByTestId('payment-receipt').click();
  await expect(page.getByTestId('receipt')).toBeVisible();
  await expect(page.getByTestId('receipt-total')).toContainText('349.000');
  await expect(page.getByTestId('receipt-seller')).toContainText('Atelier');
  await expect(page.getByTestId('receipt-vat')).toContainText('31.727');

  await page.goto('/studio-pricing');
  await expect(page.getByTestId('activity-item').first()).toContainText('+150');
});

test('cancel and failure land on their pages and charge nothing', async ({ page, request }) => {
  await signIn(page, request);
  await checkoutPack(page, 'pack_50');
  await page.locator('button[data-action="cancel"]').click();
  await page.waitForURL(/\/payment\/cancel\?order=/);
  await expect(page.getByTestId('payment-result')).toBeVisible();
  await expect(page.getByTestId('payment-retry-link')).toBeVisible();

  await checkoutPack(page, 'pack_50');
  await page.locator('button[data-action="fail"]').click();
  await page.waitForURL(/\/payment\/error\?order=/);
  await expect(page.getByTestId('payment-error-reason')).toBeVisible();

  await page.goto('/studio-pricing');
  await expect(page.getByTestId('plan-balance')).toContainText('5');
  await expect(page.getByTestId('payments').getByTestId('payment-status')).toHaveCount(2);
});

/** The variant the first result of a job is served as: `watermarked` on the free plan, else `original`. */
async function servedVariant(request: import('@playwright/test').APIRequestContext, token: string, jobId: string) {
  const job = (await (await request.get(`/api/generations/${jobId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { results: Array<{ url: string }> };
  return /\/api\/media\/[^/]+\/([a-z]+)\?/.exec(job.results[0]!.url)?.[1];
}

test('upgrading to a paid plan: the next result has no watermark, and past results are unlocked', async ({ page, request }) => {
  const user = await signIn(page, request);
  const api = new Api(request, user);
  const before = await api.body();
  await api.waitFor(before, 'completed');
  expect(await servedVariant(request, user.token, before.id)).toBe('watermarked');

  // From the in-app plan grid: Basic's Upgrade goes to checkout with the plan and the period.
  await page.goto('/studio-pricing');
  const basic = page.getByTestId('studio-plans').locator('[data-testid="plan-card"][data-plan="basic"]');
  await basic.getByTestId('plan-upgrade').click();
  await page.waitForURL(/\/checkout\?item=basic&period=monthly/);
  await page.getByTestId('method-sandbox').click();
  await expect(page.getByTestId('summary-total')).toContainText('199.000');
  await page.getByTestId('checkout-terms').click();
  await page.getByTestId('checkout-submit').click();
  await page.waitForURL(/\/billing\/sandbox\//);
  await page.locator('button[data-action="pay"]').click();
  await page.waitForURL(/\/payment\/success\?order=/);
  // 5 sign-up credits − 1 for the first job + 100 of the Basic plan.
  await expect(page.getByTestId('payment-balance')).toContainText('104', { timeout: 30_000 });

  const after = await api.body(170);
  await api.waitFor(after, 'completed');
  expect(await servedVariant(request, user.token, after.id)).toBe('original');
  expect(await servedVariant(request, user.token, before.id)).toBe('original');

  await page.goto('/studio-pricing');
  await expect(page.getByTestId('plan-header')).toContainText('Basic');
});

test('/pricing: the annual toggle shows 12 × 0.8 × the monthly price, in the pre-rendered page', async ({ page }) => {
  await page.goto('/pricing');
  const basic = page.locator('[data-testid="plan-card"][data-plan="basic"]');
  await expect(basic.getByTestId('plan-price-month')).toContainText('199.000');
  await page.getByTestId('period-annual').click();
  // 199,000 × 12 × 0.8 = 1,910,400 đồng a year, 159,200 a month.
  await expect(basic.getByTestId('plan-price-total')).toContainText('1.910.400');
  await expect(basic.getByTestId('plan-price-month')).toContainText('159.200');
  const premium = page.locator('[data-testid="plan-card"][data-plan="premium"]');
  await expect(premium.getByTestId('plan-price-total')).toContainText('19.190.400');
});
