import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, useEnglish } from './fixtures.ts';
import { Api, BODY_PARAMS, RESULT_TIMEOUT_MS } from './api.ts';
import { signIn } from './session.ts';

/**
 * API tokens in a real browser against the real server (docs/product-rules.md#public-api): a Pro
 * seller creates a token on /api-management, sees it once and copies it; the test then calls the
 * public API with it — a real generation through /v1 on the local engine — and the screen's
 * requests today and request log show those calls; regenerating stops the old token at once.
 */

const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

async function openCreateDialog(page: Page) {
  await page.goto('/api-management');
  await expect(page.getByTestId('api-management')).toBeVisible();
  await page.getByTestId('token-create').first().click();
  await expect(page.getByTestId('create-token-dialog')).toBeVisible();
}

/** Creates a token through the dialog and answers its secret, read from the one-time reveal. */
async function createToken(page: Page, name: string): Promise<string> {
  await openCreateDialog(page);
  await page.getByTestId('token-name').fill(name);
  await page.getByTestId('token-permission-body-generator').check();
  await page.getByTestId('create-token-submit').click();
  await expect(page.getByTestId('secret-reveal')).toBeVisible();
  const secret =
    (await page
      .getByTestId('secret-value')
      .inputValue()
      .catch(() => null)) ??
    (await page.getByTestId('secret-value').textContent()) ??
    '';
  expect(secret).toMatch(/^atl_live_[0-9A-Za-z]{49}$/);
  return secret.trim();
}

async function closeReveal(page: Page) {
  await page.getByTestId('secret-done').click();
  await page.getByTestId('secret-saved-confirm').click();
  await expect(page.getByTestId('secret-reveal')).toBeHidden();
}

async function v1Generation(request: APIRequestContext, secret: string): Promise<string> {
  const response = await request.post('/v1/generations', {
    headers: { ...bearer(secret), 'Idempotency-Key': crypto.randomUUID() },
    data: { feature: 'body-generator', inputs: {}, params: BODY_PARAMS },
  });
  expect(response.status()).toBe(202);
  expect(response.headers()['ratelimit-policy']).toBe('"token";q=60;w=60');
  expect(response.headers()['ratelimit']).toMatch(/^"token";r=\d+;t=\d+$/);
  return ((await response.json()) as { id: string }).id;
}

test('a token is shown once, copied, and calls the API: a real generation through /v1, then the screen counts it; regenerating stops the old one', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(180_000);
  const user = await signIn(page, request);
  const api = new Api(request, user);
  await api.setPlan('pro');
  await api.grant(20);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  const secret = await createToken(page, 'Cửa hàng Minh Anh');
  await page.getByTestId('secret-copy').click();
  await expect(page.getByTestId('secret-copy-result')).toHaveAttribute('data-state', 'copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await closeReveal(page);
  // Shown once: the list shows only its first characters, and the secret is nowhere on the page.
  await expect(page.getByTestId('token-prefix').first()).toHaveText(new RegExp(`^${secret.slice(0, 13)}`));
  expect(await page.content()).not.toContain(secret);
  await expect(page.getByTestId('stat-total')).toHaveText('1');
  await expect(page.getByTestId('stat-requests')).toHaveText('0');

  // The API, with the token: a real job on the local engine, polled to the end.
  const jobId = await v1Generation(request, secret);
  let status = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/v1/generations/${jobId}`, { headers: bearer(secret) });
        expect(response.status()).toBe(200);
        status = ((await response.json()) as { status: string }).status;
        return status;
      },
      { timeout: RESULT_TIMEOUT_MS, intervals: [1_000] },
    )
    .toBe('completed');
  const job = (await (await request.get(`/v1/generations/${jobId}`, { headers: bearer(secret) })).json()) as { results: Array<{ url: string }> };
  expect(job.results[0]?.url).toMatch(/^https?:\/\/[^/]+\/api\/media\//);
  // A service the token may not use, and an unknown path: both counted as errors.
  const refused = await request.post('/v1/generations', {
    headers: bearer(secret),
    data: { feature: 'image-editing', inputs: { images: [] }, params: { prompt: 'x' } },
  });
  expect(refused.status()).toBe(403);

  // The screen counts what happened: requests today, the error rate, and the request log.
  await page.goto('/api-management');
  const made = Number(await page.getByTestId('stat-requests').textContent());
  expect(made).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('stat-error-rate')).not.toHaveText('—');
  await page.getByTestId('token-open').first().click();
  await expect(page.getByTestId('token-detail')).toBeVisible();
  const log = page.getByTestId('token-requests');
  await expect(log).toContainText('/v1/generations');
  await expect(log.getByTestId('request-status').filter({ hasText: '403' })).toHaveCount(1);
  await expect(log.getByTestId('request-status').filter({ hasText: '202' })).toHaveCount(1);
  await expect(page.getByTestId('usage-bar')).toHaveCount(30);

  // Regenerate: the new secret is shown once; the old one stops at once, the new one works.
  await page.getByTestId('token-regenerate').click();
  await page.getByTestId('regenerate-confirm').click();
  await expect(page.getByTestId('secret-reveal')).toBeVisible();
  const renewed = (
    (await page
      .getByTestId('secret-value')
      .inputValue()
      .catch(() => null)) ??
    (await page.getByTestId('secret-value').textContent()) ??
    ''
  ).trim();
  expect(renewed).toMatch(/^atl_live_/);
  expect(renewed).not.toBe(secret);
  await closeReveal(page);
  expect((await request.get('/v1/credits', { headers: bearer(secret) })).status()).toBe(401);
  const credits = await request.get('/v1/credits', { headers: bearer(renewed) });
  expect(credits.status()).toBe(200);
  expect(((await credits.json()) as { plan: string }).plan).toBe('pro');
});

const RULES = {
  vi: {
    name: 'Vui lòng nhập tên token.',
    permissions: 'Vui lòng chọn ít nhất một quyền dịch vụ.',
    rateLimit: 'Giới hạn tốc độ phải từ 1 đến 1000 yêu cầu mỗi phút.',
  },
  en: {
    name: 'Please enter a token name.',
    permissions: 'Please select at least one service permission.',
    rateLimit: 'Rate limit must be between 1 and 1000 requests per minute.',
  },
} as const;

for (const language of ['vi', 'en'] as const) {
  test(`the create dialog shows each rule's message in ${language}`, async ({ page, request }) => {
    if (language === 'en') await useEnglish(page);
    const user = await signIn(page, request);
    await new Api(request, user).setPlan('pro');
    await openCreateDialog(page);
    const messages = RULES[language];

    await page.getByTestId('create-token-submit').click();
    await expect(page.getByTestId('token-name-error')).toHaveText(messages.name);
    await expect(page.getByTestId('token-name')).toBeFocused();

    await page.getByTestId('token-name').fill('Shop');
    await page.getByTestId('create-token-submit').click();
    await expect(page.getByTestId('token-permissions-error')).toHaveText(messages.permissions);

    await page.getByTestId('token-permission-upscaler').check();
    await page.getByTestId('token-rateLimit').fill('1001');
    await page.getByTestId('create-token-submit').click();
    await expect(page.getByTestId('token-rateLimit-error')).toHaveText(messages.rateLimit);
    await page.getByTestId('token-rateLimit').fill('0');
    await page.getByTestId('create-token-submit').click();
    await expect(page.getByTestId('token-rateLimit-error')).toHaveText(messages.rateLimit);

    // Nothing was created by the refused attempts.
    const list = await request.get('/api/tokens', { headers: { Authorization: `Bearer ${user.token}` } });
    expect(((await list.json()) as { tokens: unknown[] }).tokens).toHaveLength(0);
  });
}

test('a plan without API access explains why and links to pricing; /api-docs documents the API', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/api-management');
  await expect(page.getByTestId('api-plan-required')).toBeVisible();
  await expect(page.getByTestId('api-upgrade')).toHaveAttribute('href', /\/studio-pricing/);

  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tài liệu API');
  await expect(page.getByTestId('reference')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-testid="operation"][data-operation]')).not.toHaveCount(0);
  const operation = page.getByTestId('operation').first();
  await operation.getByTestId('sample-tab').filter({ hasText: 'Python' }).click();
  await expect(operation.getByTestId('sample-code')).toContainText('import requests');
  const document = await request.get('/v1/openapi.json');
  expect(document.status()).toBe(200);
  expect(((await document.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./);
  expect((await request.get('/v1/llms.txt')).status()).toBe(200);
});
