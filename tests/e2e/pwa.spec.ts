import { chromium } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import { chromiumArgs, E2E_PERMISSIONS } from '../../playwright.config.ts';

async function waitForController(page: import('@playwright/test').Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
}

test('after one visit the app shell, the public pages and the studio load offline', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await waitForController(page);
  // The one-time "ready to work offline" toast.
  await expect(page.getByText('Sẵn sàng dùng khi không có mạng')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByTestId('studio-layout')).toBeVisible();

  // A deep link never visited before still gets the shell (and then the not-found page).
  await page.goto('/not/visited/before');
  await expect(page.getByText('404')).toBeVisible();
  await context.setOffline(false);

  // The toast is shown once per browser, not on every visit.
  await page.goto('/');
  await page.waitForTimeout(1500);
  await expect(page.getByText('Sẵn sàng dùng khi không có mạng')).toHaveCount(0);
});

test('the web app is installable: no installability errors', async ({ baseURL }) => {
  // Installability is only reported for a persistent profile.
  const profile = await mkdtemp(join(tmpdir(), 'atelier-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || undefined,
    args: chromiumArgs,
    headless: true,
    permissions: E2E_PERMISSIONS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${baseURL}/`);
    await waitForController(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toContain('/manifest.webmanifest');
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('the manifest carries names, language, display, colours, icons and screenshots', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.headers()['cache-control']).toContain('no-cache');
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: expect.any(String), short_name: 'Atelier', lang: 'vi', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.background_color).toMatch(/^#/);
  const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
  for (const icon of [...manifest.icons, ...manifest.screenshots]) {
    expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  }
  expect(manifest.screenshots.length).toBeGreaterThanOrEqual(2);
});

/** A server of our own for this test, so it can be redeployed with a new release. */
async function startServer(port: number, staticDir: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: staticDir, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  // A first start migrates a new embedded database: seconds on a quiet machine, over 30 s when the
  // rest of the suite (or a build) loads it, so the wait is long; an exit ends it at once.
  const ended: { code: number | null } = { code: null };
  child.once('exit', (code) => {
    ended.code = code ?? -1;
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && ended.code === null) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  if (ended.code !== null) throw new Error(`the test server exited with ${ended.code} before it answered`);
  child.kill('SIGKILL');
  throw new Error('the test server did not start');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise((r) => {
    child.once('exit', r);
    child.kill('SIGTERM');
  });
}

test('a new release waits for the user, then takes over on Reload', async ({ page }) => {
  // Two server starts and two service worker installs, each allowed long on a busy machine, plus the reloads between them.
  test.setTimeout(300_000);
  // Release 1 is a copy of the build, served by a server of this test's own on a free port.
  const work = await mkdtemp(join(tmpdir(), 'atelier-release-'));
  const staticDir = join(work, 'dist');
  await cp(join(process.cwd(), 'dist'), staticDir, { recursive: true });
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  let server = await startServer(port, staticDir, join(work, 'data'));
  try {
    await page.addInitScript(() => localStorage.setItem('atelier.offlineReadyShown', 'test'));
    await page.goto(`http://127.0.0.1:${port}/`);
    await waitForController(page);

    // Release 2 is deployed: a different sw.js, same origin.
    await stopServer(server);
    await rm(join(staticDir, 'sw.js.br'), { force: true });
    await rm(join(staticDir, 'sw.js.gz'), { force: true });
    await appendFile(join(staticDir, 'sw.js'), '\n// release 2\n');
    server = await startServer(port, staticDir, join(work, 'data'));

    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect(page.getByText('Đã có phiên bản mới')).toBeVisible();
    // Nothing changes until the user agrees: the new worker waits.
    const waiting = () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    expect(await waiting()).toBe(true);
    await page.waitForTimeout(500);
    expect(await waiting()).toBe(true);

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Tải lại', exact: true }).click()]);
    await expect.poll(waiting).toBe(false);
    await expect(page.getByTestId('site-header')).toBeVisible();
  } finally {
    await stopServer(server);
    await rm(work, { recursive: true, force: true });
  }
});
