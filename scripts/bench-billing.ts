/**
 * `npm run bench` (and `-- --only=billing`): the time from pressing "Pay" on the sandbox
 * provider's hosted page to the credited balance showing in the app (the /payment/success page
 * with the new balance), p50 of 10 purchases of a credit pack, in Chromium against the production
 * server. It covers the redirect, the app's boot on the success page, the signed notification
 * through the webhook, the settlement and the page's polling.
 */
import { chromium } from '@playwright/test';
import { PACKS } from '../src/contract/packs.ts';
import { sized } from './bench-mode.ts';
import { CHROMIUM_ARGS } from './chromium.ts';

const RUNS = sized(Number(process.env.BENCH_BILLING_RUNS ?? 10), 1);
const PACK = PACKS.pack_50;

const percentile = (values: number[], p: number) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function billingFigures(base: string, token: string, chromiumPath: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const overview = (await (await fetch(`${base}/api/billing/overview`, { headers })).json()) as { balance: number };
  let balance = overview.balance;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  const times: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
    await context.addInitScript((bearer) => localStorage.setItem('access_token', bearer), token);
    const page = await context.newPage();
    // Warm the app's cache (the service worker, the success page's chunks) as a returning user has it.
    await page.goto(`${base}/studio-pricing`);
    await page.getByTestId('studio-pricing').waitFor();
    for (let run = 0; run < RUNS; run += 1) {
      const created = await fetch(`${base}/api/billing/checkout`, {
        method: 'POST',
        headers: { ...headers, 'Idempotency-Key': `bench-${Date.now()}-${run}` },
        body: JSON.stringify({ item: PACK.id, method: 'sandbox', accept_terms: true }),
      });
      if (created.status !== 201) throw new Error(`checkout answered ${created.status}: ${await created.text()}`);
      const { redirect_url: redirect } = (await created.json()) as { redirect_url: string };
      const hosted = new URL(redirect);
      await page.goto(`${base}${hosted.pathname}${hosted.search}`);
      const pay = page.locator('button[data-action="pay"]');
      await pay.waitFor();
      balance += PACK.credits;
      const expected = new Intl.NumberFormat('vi-VN').format(balance);
      const started = performance.now();
      await pay.click();
      await page.getByTestId('payment-balance').filter({ hasText: expected }).waitFor({ timeout: 60_000 });
      times.push(performance.now() - started);
    }
  } finally {
    await browser.close();
  }
  console.log(`\n## Pay → credited balance in the app (sandbox provider, ${RUNS} purchases of ${PACK.credits} credits)`);
  console.log(
    `p50 ${percentile(times, 50).toFixed(0)} ms, p90 ${percentile(times, 90).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
  );
  console.log(`each run (ms): ${times.map((time) => time.toFixed(0)).join(', ')}`);
}
