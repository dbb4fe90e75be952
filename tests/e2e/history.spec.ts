import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { signIn } from './session.ts';
import { Api, RESULT_TIMEOUT_MS } from './api.ts';

/**
 * /history against the real server and the local engine: jobs made through the API (a body
 * model, a video, an edit the local engine cannot understand, which fails honestly), then the
 * list's inputs, results, times and errors, the tool and status filters, a video playing inline,
 * regenerate, delete, cancel, and `?job=` links.
 */

test.describe.configure({ timeout: 3 * RESULT_TIMEOUT_MS });

/** Enough for every job below and its regeneration (a new user has 5). */
const GRANT_CREDITS = 20;
/** The cancel test's job waits this long in the engine: long enough to be seen running. */
const ENGINE_DELAY_MS = 60_000;

/** HTMLMediaElement.readyState values. */
const HAVE_NOTHING = 0;
const HAVE_CURRENT_DATA = 2;

async function setUp(page: Page, request: APIRequestContext) {
  const user = await signIn(page, request);
  const api = new Api(request, user);
  await api.grant(GRANT_CREDITS);
  await page.setViewportSize({ width: 1280, height: 900 });
  return api;
}

const items = (page: Page) => page.getByTestId('history-item');
const itemOf = (page: Page, id: string) => page.locator(`[data-testid="history-item"][data-job-id="${id}"]`);

async function open(page: Page, search = '') {
  await page.goto(`/history${search}`);
  await expect(page.getByTestId('history-page')).toBeVisible();
  await expect(page.getByTestId('history-loading')).toHaveCount(0, { timeout: 15_000 });
}

async function imageLoaded(image: Locator) {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('every generation with its inputs, result, times and error; filters by tool and status; a video plays inline', async ({ page, request }) => {
  const api = await setUp(page, request);
  const body = await api.body();
  const video = await api.video();
  const failed = await api.failedEdit();
  await api.waitFor(body, 'completed');
  await api.waitFor(video, 'completed');
  await api.waitFor(failed, 'failed');

  await open(page);
  await expect(items(page)).toHaveCount(3);
  // Newest first, under today's heading.
  await expect(items(page).nth(0)).toHaveAttribute('data-job-id', failed.id);
  await expect(page.getByTestId('history-day')).toHaveCount(1);
  await expect(page.getByTestId('history-day').locator('h2')).toHaveText('Hôm nay');

  // The body model: parameters only, a result picture, its times and cost.
  const bodyItem = itemOf(page, body.id);
  await expect(bodyItem.getByTestId('history-item-tool')).toHaveText('Tạo người mẫu');
  await expect(bodyItem.getByTestId('history-status')).toHaveText('Hoàn thành');
  await expect(bodyItem.getByTestId('history-input')).toHaveCount(0);
  await imageLoaded(bodyItem.getByTestId('history-result-image'));
  await expect(bodyItem.getByTestId('history-processing-time')).toHaveText(/^\d+(,\d)? giây$/);
  await expect(bodyItem.getByTestId('history-created')).toHaveText(/^(.+ trước|bây giờ) · .+$/);
  await expect(bodyItem.getByTestId('history-cost')).toHaveAttribute('data-credits', '1');
  // The plural message is new in the app catalog: this line needs `npm run i18n:extract` to have run.
  await expect(bodyItem.getByTestId('history-cost')).toHaveText('1 tín dụng');

  // The failed edit: its input, the failure message in Vietnamese, no result actions.
  const failedItem = itemOf(page, failed.id);
  await expect(failedItem.getByTestId('history-status')).toHaveText('Thất bại');
  await expect(failedItem.getByTestId('history-input')).toHaveAttribute('data-slot', 'images');
  await imageLoaded(failedItem.getByTestId('history-input').locator('img'));
  await expect(failedItem.getByTestId('history-error')).toContainText('Không tách được nền ảnh này');
  await expect(failedItem.getByTestId('history-download')).toHaveCount(0);

  // The video: its still as input, a 16:9 player that loads nothing until played.
  const videoItem = itemOf(page, video.id);
  await expect(videoItem.getByTestId('history-cost')).toHaveAttribute('data-credits', '2');
  await expect(videoItem.getByTestId('history-cost')).toHaveText('2 tín dụng');
  await expect(videoItem.getByTestId('history-input')).toHaveAttribute('data-slot', 'image');
  // What the built-in engine did not do, in words (docs/product-rules.md#engine-plan).
  await expect(videoItem.getByTestId('plan-not-done')).toHaveText('Mô hình Seedance v1: không được chạy, nên người và vật trong ảnh không cử động');
  const player = videoItem.getByTestId('history-result-video');
  await expect(player).toHaveAttribute('preload', 'none');
  await expect(player).toHaveAttribute('poster', /\/poster/);
  const box = await player.boundingBox();
  expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1);
  expect(await player.evaluate((element: HTMLVideoElement) => element.readyState)).toBe(HAVE_NOTHING);
  await player.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);
  expect(await player.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(HAVE_CURRENT_DATA);

  // Tool filter: the video history.
  await page.getByTestId('history-tool-filters').getByRole('button', { name: 'Ảnh thành video' }).click();
  await expect(page).toHaveURL(/\?tool=image-to-video$/);
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toHaveAttribute('data-job-id', video.id);

  // Status filters, with every tool.
  await page.getByTestId('history-tool-filters').getByRole('button', { name: 'Tất cả' }).click();
  await page.getByTestId('history-status-filters').getByRole('button', { name: 'Thất bại' }).click();
  await expect(page).toHaveURL(/\?status=failed$/);
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toHaveAttribute('data-job-id', failed.id);
  await page.getByTestId('history-status-filters').getByRole('button', { name: 'Hoàn thành' }).click();
  await expect(items(page)).toHaveCount(2);
  await expect(items(page).nth(0)).toHaveAttribute('data-job-id', video.id);
  await expect(items(page).nth(1)).toHaveAttribute('data-job-id', body.id);

  // Nothing matches: said so, and the filters can be cleared.
  await page.getByTestId('history-tool-filters').getByRole('button', { name: 'Làm nét ảnh AI' }).click();
  await expect(page.getByTestId('history-empty')).toHaveAttribute('data-filtered', 'true');
  await page.getByTestId('history-clear-filters').click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(items(page)).toHaveCount(3);
});

test('?job= opens the result; regenerate starts a new job at the top; delete asks, then the item is gone for good', async ({ page, request }) => {
  const api = await setUp(page, request);
  const first = await api.body(170);
  const second = await api.body(175);
  await api.waitFor(first, 'completed');
  await api.waitFor(second, 'completed');

  // A notification's link: scrolled to, marked, and the result open in the review dialog.
  await open(page, `?job=${first.id}`);
  await expect(itemOf(page, first.id)).toHaveAttribute('data-highlighted', 'true');
  const review = page.getByTestId('review-dialog');
  await expect(review).toBeVisible();
  await expect(review.getByTestId('review-stage')).toBeVisible();
  await page.getByTestId('review-dialog-close').click();
  await expect(review).toHaveCount(0);

  // Regenerate: the toast, then the new job at the top, running, then done.
  await itemOf(page, first.id).getByTestId('history-regenerate').click();
  await expect(page.getByText('Đã bắt đầu tạo lại')).toBeVisible();
  await expect(items(page)).toHaveCount(3);
  const top = items(page).first();
  const newId = await top.getAttribute('data-job-id');
  expect(newId).not.toBe(second.id);
  expect(newId).not.toBe(first.id);
  await expect(top).toHaveAttribute('data-highlighted', 'true');
  await expect(top).toHaveAttribute('data-status', 'completed', { timeout: RESULT_TIMEOUT_MS });
  await imageLoaded(top.getByTestId('history-result-image'));

  // Delete: "Không" keeps it; "Xóa" removes it with the toast, also after a reload.
  await itemOf(page, second.id).getByTestId('history-delete').click();
  await page.getByTestId('history-delete-cancel').click();
  await expect(itemOf(page, second.id)).toHaveCount(1);
  await itemOf(page, second.id).getByTestId('history-delete').click();
  await page.getByTestId('history-delete-confirm').click();
  await expect(page.getByText('Đã xóa thành công')).toBeVisible();
  await expect(itemOf(page, second.id)).toHaveCount(0);
  await page.reload();
  await expect(items(page)).toHaveCount(2);
  await expect(itemOf(page, second.id)).toHaveCount(0);

  // A link to a job outside the loaded list (here: another tool's filter) fetches it alone.
  await open(page, `?tool=image-to-video&job=${first.id}`);
  await expect(page.getByTestId('history-pinned').getByTestId('history-item')).toHaveAttribute('data-job-id', first.id);
  await expect(page.getByTestId('review-dialog')).toBeVisible();
});

test('a running job shows its stage and progress, and can be cancelled', async ({ page, request }) => {
  const api = await setUp(page, request);
  await api.engineDelay(ENGINE_DELAY_MS);
  const job = await api.body();
  try {
    await open(page, '?status=processing');
    const item = itemOf(page, job.id);
    await expect(item).toBeVisible();
    await expect(item.getByTestId('history-stage')).not.toHaveText('');
    await expect(item.getByTestId('history-progress')).toHaveAttribute('aria-valuenow', /^\d+$/);
    await expect(item.getByTestId('history-delete')).toHaveCount(0);
    await item.getByTestId('history-cancel').click();
    await expect(page.getByText('Đã hủy tạo.')).toBeVisible();
    // It ends cancelled, and leaves the running filter.
    await expect(item).toHaveCount(0, { timeout: 15_000 });
    await page.getByTestId('history-status-filters').getByRole('button', { name: 'Thất bại' }).click();
    await expect(itemOf(page, job.id)).toHaveAttribute('data-status', 'cancelled');
    await expect(itemOf(page, job.id).getByTestId('history-error')).toContainText('Đã hủy tạo.');
  } finally {
    await api.engineDelay(0);
  }
});

test("a running job's end is pushed by the event stream, with the token in a header: the page does not poll the job", async ({ page, request }) => {
  const api = await setUp(page, request);
  // Long enough that polling would ask for the job several times (every 1.5 s).
  await api.engineDelay(8_000);
  const job = await api.body();
  const polls: string[] = [];
  const streams: Array<{ url: string; authorization: string | undefined }> = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === `/api/generations/${job.id}`) polls.push(url.pathname);
    if (url.pathname === '/api/generations/events') streams.push({ url: sent.url(), authorization: sent.headers().authorization });
  });
  try {
    await open(page);
    const item = itemOf(page, job.id);
    await expect(item).toHaveAttribute('data-status', 'processing');
    await expect(item).toHaveAttribute('data-status', 'completed', { timeout: RESULT_TIMEOUT_MS });
    expect(streams.length).toBeGreaterThan(0);
    expect(streams[0]?.authorization).toMatch(/^Bearer \S+$/);
    expect(streams[0]?.url).not.toContain('token');
    // The first look before the stream is open, at most; no 1.5 s polling.
    expect(polls.length).toBeLessThanOrEqual(2);
  } finally {
    await api.engineDelay(0);
  }
});
