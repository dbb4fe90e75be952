import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { Api } from './api.ts';
import { signIn } from './session.ts';

/**
 * Buying in a real browser against the real server, through the sandbox provider's hosted page:
 * the pack lands in the balance, the payment history and a receipt; cancelling and failing charge
 * nothing and land on their pages; an upgrade's screens fit the tablet and laptop sizes.
 */

/** The sizes the billing screens are checked at: a landscape and a portrait tablet, a laptop. */
const SCREEN_SIZES = [
  { width: 1024, height: 768 },
  { width: 820, height: 1180 },
  { width: 1280, height: 800 },
] as const;

/**
 * In Vietnamese and in English, at each of SCREEN_SIZES: nothing scrolls sideways, neither the
 * page nor any of the boxes named by their test ids (each present). `ready` waits for the screen
 * after the reload that switches the language, and checks what it must show in that language.
 */
async function expectFitsEverywhere(page: Page, boxes: readonly string[], ready: (language: 'vi' | 'en') => Promise<void>) {
  for (const language of ['vi', 'en'] as const) {
    await page.evaluate((value) => localStorage.setItem('atelier.locale', value), language);
    await page.reload();
    await ready(language);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      const where = `${size.width}×${size.height}, ${language}`;
      const page_ = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(page_.scroll, `the page scrolls sideways at ${where}`).toBeLessThanOrEqual(page_.client);
      for (const id of boxes) {
        const found = await page.getByTestId(id).all();
        expect(found.length, `no ${id} at ${where}`).toBeGreaterThan(0);
        for (const box of found) {
          const width = await box.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
          expect(width.scroll, `${id} overflows at ${where}`).toBeLessThanOrEqual(width.client);
        }
      }
    }
  }
  await page.evaluate(() => localStorage.setItem('atelier.locale', 'vi'));
  await page.reload();
}

/** An amount in đồng as the language writes it: "300.179 ₫" (a no-break space) in Vietnamese, "₫300,179" in English. */
const VND_FORMAT = { vi: /^\d{1,3}(\.\d{3})*\s₫$/, en: /^₫\d{1,3}(,\d{3})*$/ } as const;

/** From a plan's checkout to the sandbox's hosted page for it; returns the order's id. */
async function checkoutPlan(page: Page, item: string) {
  await page.goto(`/checkout?item=${item}&period=monthly&method=sandbox`);
  await expect(page.getByTestId('summary-total')).toBeVisible();
  await page.getByTestId('checkout-terms').click();
  await page.getByTestId('checkout-submit').click();
  await page.waitForURL(/\/billing\/sandbox\//);
  return /\/billing\/sandbox\/([^/?]+)/.exec(page.url())![1]!;
}

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
  const job = (await (await request.get(`/api/generations/${jobId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    results: Array<{ url: string }>;
  };
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

test('a Basic seller upgrading to Pro: the credit and the cost before paying, a replaced checkout, the result and the receipt fit tablets and laptops in both languages', async ({
  page,
  request,
}) => {
  // Five screens, each in two languages at three sizes.
  test.slow();
  await signIn(page, request);
  await checkoutPlan(page, 'basic');
  await page.locator('button[data-action="pay"]').click();
  await page.waitForURL(/\/payment\/success\?order=/);
  await expect(page.getByTestId('payment-balance')).toBeVisible({ timeout: 30_000 });

  // The checkout: the unused part of Basic comes off Pro's price, and the total is on the button.
  await page.goto('/checkout?item=pro&period=monthly&method=sandbox');
  await expectFitsEverywhere(page, ['checkout-page', 'checkout-summary'], async (language) => {
    await expect(page.getByTestId('checkout-summary')).toHaveAttribute('data-change', 'upgrade');
    await expect(page.getByTestId('summary-proration')).toHaveText(/^−/);
    const total = (await page.getByTestId('summary-total').textContent())!;
    expect(total).toMatch(VND_FORMAT[language]);
    await expect(page.getByTestId('checkout-submit')).toContainText(total);
  });

  // A second checkout replaces the first; its return page sends to the history.
  const replaced = await checkoutPlan(page, 'pro');
  await checkoutPlan(page, 'pro');
  await page.goto(`/payment/success?order=${replaced}`);
  await expectFitsEverywhere(page, ['payment-result'], async () => {
    await expect(page.getByTestId('payment-superseded')).toBeVisible({ timeout: 30_000 });
  });
  await page.getByTestId('payment-history-link').click();
  const payments = page.getByTestId('payments');
  await expectFitsEverywhere(page, ['payments', 'plan-header'], async () => {
    await expect(payments.getByTestId('payment-continue-row')).toBeVisible();
    await expect(payments.locator('[data-testid="payment-status"][data-status="failed"]')).toBeVisible();
  });
  await expect(payments.locator('tr', { has: page.locator('[data-status="failed"]') })).toContainText('Đã được thay bằng một đơn hàng mới hơn');

  // The newest order is paid from the history; what the quote left of Basic goes to the balance.
  await payments.getByTestId('payment-continue-row').click();
  await page.waitForURL(/\/billing\/sandbox\//);
  await page.locator('button[data-action="pay"]').click();
  await page.waitForURL(/\/payment\/success\?order=/);
  await expectFitsEverywhere(page, ['payment-result'], async (language) => {
    await expect(page.getByTestId('payment-balance-credit')).toHaveText(language === 'vi' ? /^\+\d{1,3}(\.\d{3})*\s₫$/ : /^\+₫\d{1,3}(,\d{3})*$/, {
      timeout: 30_000,
    });
  });

  await page.goto('/studio-pricing#payments');
  await expectFitsEverywhere(page, ['payments', 'plan-header'], async () => {
    await expect(page.getByTestId('plan-money-balance')).toBeVisible();
    await expect(payments.getByTestId('payment-balance-note')).toBeVisible();
  });
  await payments.getByTestId('payment-receipt').first().click();
  await expect(page.getByTestId('receipt')).toBeVisible();
  await expectFitsEverywhere(page, ['receipt'], async () => {
    await expect(page.getByTestId('receipt-balance-credit')).toBeVisible();
  });
});
