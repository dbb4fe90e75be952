/**
 * Measures the JavaScript a route costs the way a visitor pays for it: a fresh browser profile
 * opens the route on the production server (cold cache, no service worker), and every script the
 * page requested until its first screen is up and the network has settled counts, at gzip -9 of
 * the built file. Used by the budget check in `npm test` and by `npm run bench`. The blog's pages
 * are rendered by that server from the posts it seeds at start (content/blog); a route that does
 * not answer 200 is an error, not a figure.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { seedAccount, startBenchServer } from './bench-generations.ts';
import { CHROMIUM_ARGS } from './chromium.ts';
import type { Budget, FileSize, RouteMeasure } from './js-budgets.ts';
import { BUDGETS } from './js-budgets.ts';
import { freePort, stop, waitFor } from './local-server.ts';
import { STUDIO_IDS } from '../src/contract/tools.ts';

/** Gzip -9 size of each fetched script, read from the build (what the server sends is that file). */
async function sizes(paths: Iterable<string>, dist: string): Promise<FileSize[]> {
  const files: FileSize[] = [];
  for (const path of paths) files.push({ path, bytes: gzipSync(await readFile(join(dist, path)), { level: 9 }).length });
  return files;
}

/** Quiet time after the last request before the page counts as settled, in ms. */
const SETTLE_MS = 1_000;

/** An event stream stays open as long as the page: it is not "in flight". */
const longLived = (request: { resourceType(): string }) => request.resourceType() === 'eventsource';

/**
 * Resolves once no request of `page` has been in flight for SETTLE_MS: Playwright's own
 * "networkidle" never comes on a signed-in screen, whose job event stream stays open.
 */
export function settled(page: Page, timeoutMs = 30_000): Promise<void> {
  const inFlight = new Set<unknown>();
  return new Promise((resolveSettled, reject) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const rearm = () => {
      clearTimeout(quiet);
      if (inFlight.size === 0) quiet = setTimeout(done, SETTLE_MS);
    };
    const started = (r: Parameters<typeof longLived>[0]) => {
      if (longLived(r)) return;
      inFlight.add(r);
      rearm();
    };
    const ended = (r: unknown) => {
      inFlight.delete(r);
      rearm();
    };
    const giveUp = setTimeout(() => {
      done();
      reject(new Error(`the page did not settle within ${timeoutMs} ms`));
    }, timeoutMs);
    function done() {
      clearTimeout(quiet);
      clearTimeout(giveUp);
      page.off('request', started).off('requestfinished', ended).off('requestfailed', ended);
      resolveSettled();
    }
    page.on('request', started).on('requestfinished', ended).on('requestfailed', ended);
    rearm();
  });
}

/** The scripts a page fetches from `base` while `load` runs (the service worker's own script aside). */
export async function scriptsFetched(page: Page, base: string, load: () => Promise<void>): Promise<Set<string>> {
  const origin = new URL(base).origin;
  const scripts = new Set<string>();
  const listener = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.origin === origin && url.pathname.endsWith('.js') && url.pathname !== '/sw.js') scripts.add(url.pathname);
  };
  page.on('request', listener);
  try {
    await load();
  } finally {
    page.off('request', listener);
  }
  return scripts;
}

/** Opens `budget.route` in a fresh profile (cold cache, service worker blocked) and lists the JavaScript it loaded. */
export async function measureRoute(browser: Browser, base: string, dist: string, budget: Budget, token: string): Promise<RouteMeasure> {
  // No service worker: its install would fetch every chunk of the app, and its one-time
  // "ready offline" toast would load the toaster at a moment that depends on the machine.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'vi-VN', serviceWorkers: 'block' });
  try {
    if (budget.signedIn) {
      await context.addInitScript(
        ({ bearer, studios }) => {
          localStorage.setItem('access_token', bearer);
          // The first-visit tutorial is not the studio's first screen.
          for (const studio of studios) localStorage.setItem(`atelier.tutorial-seen.${studio}`, new Date().toISOString());
        },
        { bearer: token, studios: STUDIO_IDS },
      );
    }
    const page = await context.newPage();
    const scripts = await scriptsFetched(page, base, async () => {
      const response = await page.goto(`${base}${budget.route}`, { waitUntil: 'load' });
      if (!response?.ok()) throw new Error(`${budget.route} answered ${response?.status() ?? 'nothing'}`);
      if (budget.readyTestId) await page.getByTestId(budget.readyTestId).waitFor({ state: 'visible', timeout: 15_000 });
      // Whatever the first screen starts by itself once it is up is part of its cost.
      await settled(page);
    });
    return { route: budget.route, files: await sizes(scripts, dist) };
  } finally {
    await context.close();
  }
}

/** Measures every budgeted route against a server already running at `base`. */
export async function measureRoutes(
  base: string,
  dist: string,
  token: string,
  chromiumPath: string,
  budgets: readonly Budget[] = BUDGETS,
): Promise<RouteMeasure[]> {
  const built = new Set(JSON.parse(await readFile(join(dist, 'spa-routes.json'), 'utf8')).patterns as string[]);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const measures: RouteMeasure[] = [];
    for (const budget of budgets) {
      if (!budget.serverRendered && !built.has(budget.route)) throw new Error(`${budget.route} is not a route of the build`);
      measures.push(await measureRoute(browser, base, dist, budget, token));
    }
    return measures;
  } finally {
    await browser.close();
  }
}

/** Key the budget server signs tokens with, so the seeded account's token is valid there. */
const SIGNING_KEY = 'budget-signing-key-of-at-least-32-characters';

/** Starts the production server on a fresh data directory with a seeded account, measures every route, stops it. */
export async function measureBuild(root: string, chromiumPath: string, budgets: readonly Budget[] = BUDGETS): Promise<RouteMeasure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-budgets-'));
  const { token } = await seedAccount(dataDir, SIGNING_KEY);
  const port = await freePort();
  const server = startBenchServer(dataDir, port, SIGNING_KEY);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`);
    return await measureRoutes(base, join(root, 'dist'), token, chromiumPath, budgets);
  } finally {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}
