import type { Page } from '@playwright/test';
import { test, expect, useEnglish } from './fixtures.ts';
import { signIn } from './session.ts';

/**
 * Background job tracking (docs/product-rules.md#job-tracking): a job submitted in a studio keeps being followed after
 * the person leaves the studio and reloads; the service worker polls it with the token it keeps
 * in IndexedDB and, when it ends, shows 'Generation Successful' with the tool and the result's
 * thumbnail, once. A click on the notification opens the result in /history; the result then
 * counts as seen (off the app badge).
 */

/** The engine waits this long before each job of the test's account (POST /api/dev-tools/engine-delay), in ms. */
const ENGINE_DELAY_MS = 6_000;
/** Long enough for a body job (1–5 s expected) to outlast the offer's ten seconds, in ms. */
const OVERDUE_DELAY_MS = 16_000;
/** The delay, the run itself, and the worker's back-off (at most 30 s between two polls). */
const NOTIFIED_TIMEOUT_MS = 60_000;
test.describe.configure({ timeout: 3 * NOTIFIED_TIMEOUT_MS });

/** The worker's globals the click uses (this file is typed with the DOM lib, not the worker's). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
}
declare const NotificationEvent: new (type: string, init: { notification: Notification }) => Event;

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  image: string;
  data: { url?: string; jobId?: string } | null;
}

/** The notifications the service worker shows right now. */
function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      icon: notification.icon,
      image: (notification as Notification & { image?: string }).image ?? '',
      data: notification.data as ShownNotification['data'],
    }));
  });
}

/** The job's entry in the watch list (IndexedDB `atelier-jobs`), as the page reads it. */
function watchEntry(page: Page, id: string): Promise<{ status: string; seen: boolean; notified: boolean } | null> {
  return page.evaluate(
    (jobId) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('atelier-jobs');
        open.addEventListener('error', () => reject(open.error));
        open.addEventListener('success', () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('watch')) return resolve(null);
          const request = db.transaction('watch').objectStore('watch').get(jobId);
          request.addEventListener('success', () => resolve((request.result as { status: string; seen: boolean; notified: boolean } | undefined) ?? null));
          request.addEventListener('error', () => reject(request.error));
        });
      }),
    id,
  );
}

/**
 * The browser's notification permission for the app, set in this context as a browser keeps it:
 * 'prompt' is "not asked yet", which Playwright's own permission list cannot express.
 */
async function setNotificationPermission(page: Page, origin: string, setting: 'prompt' | 'granted' | 'denied') {
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting, origin, browserContextId: targetInfo.browserContextId });
  await cdp.detach();
}

/** Starts a body generation from the studio (the one tool that needs no upload); returns its id. */
async function startBodyJob(page: Page): Promise<string> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/body-generator');
  await expect(page.getByTestId('studio-page')).toBeVisible();
  // The tracking is the worker's: wait until it runs.
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  const form = page.getByTestId('body-params-form');
  for (const value of ['female', 'medium', 'mesomorph', '2:3']) {
    const radio = page.locator(`input[type="radio"][value="${value}"]`);
    await form.locator('label', { has: radio }).click();
  }
  await page.getByTestId('generate-button').click();
  // The local engine may end the job before it is read: the result view then names it.
  const shown = page.locator('[data-testid="processing-view"][data-job-id], [data-testid="result-view"][data-job-id]').first();
  await expect(shown).toHaveAttribute('data-job-id', /.+/);
  return (await shown.getAttribute('data-job-id', { timeout: 10_000 }))!;
}

test('a job followed across a reload is announced by the service worker; the click opens its result', async ({ context, page, request }) => {
  await context.grantPermissions(['notifications']);
  const user = await signIn(page, request, { seenTutorials: ['body-generator'] });
  expect((await request.post('/api/dev-tools/engine-delay', { data: { email: user.email, ms: ENGINE_DELAY_MS } })).ok()).toBe(true);

  const jobId = await startBodyJob(page);
  expect(await watchEntry(page, jobId)).toMatchObject({ status: 'queued', seen: false, notified: false });
  // The permission is already granted: no in-app offer.
  await expect(page.getByTestId('notify-prompt')).toHaveCount(0);

  // Away from the studio, and a reload: only the watch list remembers the job.
  await page.goto('/dashboard');
  await page.reload();

  await expect
    .poll(async () => (await shownNotifications(page)).filter((notification) => notification.tag === jobId), { timeout: NOTIFIED_TIMEOUT_MS })
    .toHaveLength(1);
  const [shown] = (await shownNotifications(page)).filter((notification) => notification.tag === jobId);
  expect(shown).toMatchObject({ title: 'Tạo thành công', body: 'Tạo người mẫu', data: { url: `/history?job=${jobId}`, jobId } });
  // The result's thumbnail is the picture and the icon.
  expect(shown!.image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+/);
  expect(shown!.icon).toBe(shown!.image);
  expect(await watchEntry(page, jobId)).toMatchObject({ status: 'completed', seen: false, notified: true });

  // The click, as the browser would deliver it to the worker.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(async (tag) => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications({ tag });
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
  }, jobId);

  await expect(page).toHaveURL(new RegExp(`/history\\?job=${jobId}$`));
  const item = page.locator(`[data-testid="history-item"][data-job-id="${jobId}"]`);
  await expect(item).toHaveAttribute('data-status', 'completed');
  await expect(item).toHaveAttribute('data-highlighted', 'true');
  await expect.poll(() => shownNotifications(page)).toEqual([]);
  await expect.poll(() => watchEntry(page, jobId)).toMatchObject({ seen: true });

  // Shown once: a new page load and a new wake of the worker do not announce it again.
  await page.goto('/body-generator');
  await expect(page.locator(`[data-testid="history-item"][data-job-id="${jobId}"]`)).toHaveAttribute('data-status', 'completed');
  await worker.evaluate(() => (self as unknown as WorkerScope).registration.active?.postMessage({ type: 'atelier:jobs:watch' }));
  await page.waitForTimeout(1_000);
  expect(await shownNotifications(page)).toEqual([]);
});

test('in English, the notification speaks English', async ({ context, page, request }) => {
  await context.grantPermissions(['notifications']);
  await useEnglish(page);
  const user = await signIn(page, request, { seenTutorials: ['body-generator'] });
  expect((await request.post('/api/dev-tools/engine-delay', { data: { email: user.email, ms: 2_000 } })).ok()).toBe(true);
  const jobId = await startBodyJob(page);
  await page.goto('/dashboard');
  await expect
    .poll(async () => (await shownNotifications(page)).find((notification) => notification.tag === jobId)?.title, { timeout: NOTIFIED_TIMEOUT_MS })
    .toBe('Generation Successful');
  expect((await shownNotifications(page)).find((notification) => notification.tag === jobId)?.body).toBe('Body Generator');
});

test('the offer sits beside the job: the result stays usable under it, and "Để sau" puts it away for good', async ({ page, request, baseURL }) => {
  await setNotificationPermission(page, new URL(baseURL!).origin, 'prompt');
  const user = await signIn(page, request, { seenTutorials: ['body-generator'] });
  // The built-in engine makes a body in a second or two, not worth an offer: held back here, the
  // job runs past the ten seconds after which a short job is offered notifications.
  expect((await request.post('/api/dev-tools/engine-delay', { data: { email: user.email, ms: OVERDUE_DELAY_MS } })).ok()).toBe(true);
  await startBodyJob(page);
  expect(await page.evaluate(() => Notification.permission)).toBe('default');

  const offer = page.getByTestId('notify-prompt');
  await expect(offer).toBeVisible({ timeout: OVERDUE_DELAY_MS });
  await expect(offer.getByRole('heading')).toHaveText('Nhận thông báo khi ảnh/video xong?');
  // It says what was expected of the job (seconds, as measured or the built-in engine's default), not a wait of minutes.
  await expect(offer).toContainText(/Việc tạo đang lâu hơn thường lệ \(thường chỉ khoảng \d+(–\d+)? giây\)\./);
  // Not a dialog: nothing modal, and the focus stays where the person left it.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(offer).not.toBeFocused();

  // The job ends while the question waits: every button of the result is reachable.
  const result = page.getByTestId('result-view');
  await expect(result).toBeVisible({ timeout: 45_000 });
  await expect(offer).toBeVisible();
  const bar = (await offer.boundingBox())!;
  for (const id of ['result-download', 'result-share', 'result-review', 'result-regenerate', 'result-new']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    const overlaps = box.x < bar.x + bar.width && bar.x < box.x + box.width && box.y < bar.y + bar.height && bar.y < box.y + box.height;
    expect(overlaps, `${id} is under the offer`).toBe(false);
  }
  await page.getByTestId('result-new').click();
  await expect(result).toHaveCount(0);

  // Answered from the keyboard, and remembered (the next job does not ask again: unit-tested).
  await page.getByTestId('notify-prompt-dismiss').focus();
  await page.keyboard.press('Enter');
  await expect(offer).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('atelier.jobs.notify-prompt'))).toBe('dismissed');
});
