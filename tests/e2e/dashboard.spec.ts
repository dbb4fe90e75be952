import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { signIn } from './session.ts';
import { E2E_PERMISSIONS } from '../../playwright.config.ts';

/**
 * /dashboard against the real server: a guest sees the sign-in cards and the public community
 * feed; a user sees their own figures, their body model (usable in the try-on in one tap), and,
 * after sharing a result from the studio, that result in the community feed of a guest.
 */

/** A local body render takes a second or two; a loaded machine may queue it behind other suites. */
const RESULT_TIMEOUT_MS = 60_000;
test.describe.configure({ timeout: 3 * RESULT_TIMEOUT_MS });

const BODY_REQUEST = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'female', height: 168, weight: 58, age: 28, skin_tone: 'medium', body_type: 'mesomorph', aspect_ratio: '2:3' },
} as const;

interface Job {
  id: string;
  status: string;
  results: Array<{ id: string }>;
  shared: boolean;
}

async function submitBody(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.post('/api/generations', { headers: { Authorization: `Bearer ${token}` }, data: BODY_REQUEST });
  expect(response.status()).toBe(202);
  return ((await response.json()) as Job).id;
}

async function getJob(request: APIRequestContext, token: string, id: string): Promise<Job> {
  return (await (await request.get(`/api/generations/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Job;
}

async function waitForStatus(request: APIRequestContext, token: string, id: string, status: string): Promise<Job> {
  await expect.poll(async () => (await getJob(request, token, id)).status, { timeout: RESULT_TIMEOUT_MS }).toBe(status);
  return getJob(request, token, id);
}

test('a guest sees the sign-in cards in place of the personal sections, and the community feed', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  const cards = page.getByTestId('auth-required');
  await expect(cards).toHaveCount(3);
  expect(await cards.evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.section))).toEqual(['stats', 'body-models', 'recent']);
  await expect(cards.first().getByRole('heading')).toHaveText('Yêu cầu đăng nhập');
  await expect(cards.first()).toContainText('Vui lòng đăng nhập để sử dụng tính năng này');
  await expect(page.getByTestId('stat-card')).toHaveCount(0);
  await expect(page.getByTestId('recent-filters')).toBeVisible();

  // The community section is public: it loads (items or its empty state), never a sign-in card.
  const community = page.getByTestId('community-section');
  await expect(community).toBeVisible();
  await expect(community.locator('[data-testid="community-item"], [data-testid="community-empty"]').first()).toBeVisible();
  await expect(community.getByTestId('auth-required')).toHaveCount(0);

  // Sign in / create account open the auth modal on the matching view.
  await cards.first().getByTestId('auth-required-register').click();
  await expect(page.getByTestId('auth-modal')).toBeVisible();
  await page.getByTestId('auth-modal-close').click();
  await expect(page.getByTestId('auth-modal')).toHaveCount(0);
  await cards.nth(2).getByTestId('auth-required-sign-in').click();
  await expect(page.getByTestId('auth-modal')).toBeVisible();
  expect(consoleErrors.filter((text) => !text.includes('401'))).toEqual([]);
});

test('a user sees their figures and body model, uses it in the try-on, shares it, and a guest sees it in the community', async ({ page, request, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await signIn(page, request, { seenTutorials: ['virtual-tryon', 'body-generator'] });
  const headers = { Authorization: `Bearer ${user.token}` };

  // One body model completed; a second job cancelled while it waits (submitted this month, but
  // neither a success nor a failure, and its credit refunded).
  const bodyId = await submitBody(request, user.token);
  const body = await waitForStatus(request, user.token, bodyId, 'completed');
  const modelAssetId = body.results[0]!.id;
  expect((await request.post('/api/dev-tools/engine-delay', { data: { email: user.email, ms: 60_000 } })).ok()).toBe(true);
  const cancelledId = await submitBody(request, user.token);
  expect((await request.post(`/api/generations/${cancelledId}/cancel`, { headers })).ok()).toBe(true);
  await waitForStatus(request, user.token, cancelledId, 'cancelled');
  expect((await request.post('/api/dev-tools/engine-delay', { data: { email: user.email, ms: 0 } })).ok()).toBe(true);

  await page.goto('/dashboard');
  await expect(page.getByTestId('auth-required')).toHaveCount(0);
  const stat = (name: string) => page.locator(`[data-testid="stat-card"][data-stat="${name}"]`).getByTestId('stat-value');
  await expect(stat('generations')).toHaveText('2');
  await expect(stat('credits')).toHaveText('4');
  await expect(stat('assets')).toHaveText('1');
  // The storage the library uses, of the free plan's 5 GB.
  await expect(page.locator('[data-testid="stat-card"][data-stat="assets"]').getByTestId('stat-storage')).toHaveText(
    /^(Đã dùng [\d,]+ (KB|MB) trên 5 GB dung lượng|[\d.]+ (KB|MB) of 5 GB storage used)$/,
  );
  await expect(stat('success')).toHaveText('100%');

  // Recent generations: both jobs, newest first; the body-generator filter keeps them, another empties the list.
  const recent = page.getByTestId('recent-item');
  await expect(recent).toHaveCount(2);
  await expect(recent.first()).toHaveAttribute('data-job-id', cancelledId);
  await expect(recent.first()).toHaveAttribute('data-status', 'cancelled');
  await page.getByTestId('recent-filters').locator('[data-filter="virtual-tryon"]').click();
  await expect(page).toHaveURL(/filter=virtual-tryon/);
  await expect(page.getByTestId('recent-empty')).toBeVisible();
  await expect(page.getByTestId('recent-see-all')).toHaveAttribute('href', '/history?tool=virtual-tryon');
  await page.getByTestId('recent-filters').locator('[data-filter="body-generator"]').click();
  await expect(recent).toHaveCount(2);

  // The body model, used as the try-on model in one tap.
  const model = page.getByTestId('body-model');
  await expect(model).toHaveCount(1);
  await expect(model).toHaveAttribute('data-asset-id', modelAssetId);
  await expect(model.locator('img')).toHaveJSProperty('complete', true);
  const use = model.getByTestId('body-model-use');
  await expect(use).toHaveAttribute('href', `/virtual-tryon?asset=${modelAssetId}&as=model`);
  await use.click();
  await expect(page).toHaveURL(/\/virtual-tryon/);
  await expect(page.getByTestId('tryon-model-chosen')).toHaveAttribute('data-asset-id', modelAssetId, { timeout: 15_000 });

  // Sharing from the studio's result view.
  await page.goto('/body-generator');
  const item = page.locator(`[data-testid="history-item"][data-job-id="${bodyId}"]`);
  await item.getByTestId('history-open').click();
  const result = page.getByTestId('result-view');
  await expect(result).toHaveAttribute('data-job-id', bodyId);
  const toggle = result.getByTestId('share-toggle');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => (await getJob(request, user.token, bodyId)).shared).toBe(true);

  // A guest, in a browser of their own, finds it in the community feed.
  const guest = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'vi-VN', permissions: E2E_PERMISSIONS });
  try {
    const guestPage = await guest.newPage();
    await guestPage.setViewportSize({ width: 1280, height: 900 });
    await guestPage.goto('/dashboard');
    const shared = guestPage.locator(`[data-testid="community-item"][data-generation-id="${bodyId}"]`);
    await expect(shared).toBeVisible();
    await expect(shared).toHaveAttribute('data-media-type', 'image');
    // The owner's first name only (the account is "Người Thử").
    await expect(shared.getByTestId('community-author')).toHaveText('Người');
    await expect(shared.locator('img')).toHaveJSProperty('complete', true);
    expect(await shared.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  } finally {
    await guest.close();
  }

  // Turned off again, it leaves the feed.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect.poll(async () => (await getJob(request, user.token, bodyId)).shared).toBe(false);
  const feed = (await (await request.get('/api/community?limit=48')).json()) as { items: Array<{ id: string }> };
  expect(feed.items.map((entry) => entry.id)).not.toContain(bodyId);
});
