/**
 * The assets library's figures for `npm run bench` (`npm run bench -- --only=assets` alone):
 *  - the first rendered screen of /your-assets from IndexedDB after a reload: the time from the
 *    moment the opening screen asks IndexedDB for the library to its first painted tiles (target
 *    <= 100 ms, on the median of RELOADS reloads), whether the data did come from there, and the
 *    same tiles from navigation start (which adds loading and starting the app's code);
 *  - the longest task while scrolling a 10,000-asset library to its end (target < 50 ms);
 *  - the IndexedDB space the persisted library takes per 1,000 assets.
 *
 * The production server serves the library (scripts/bench-assets-library.ts) to a Chromium page
 * signed in as its account, at a tablet's size.
 */
import { chromium, type Page } from '@playwright/test';
import { serveLibrary } from './bench-assets-library.ts';
import { sized, smokeRequires } from './bench-mode.ts';
import { CHROMIUM_ARGS } from './chromium.ts';

/** Assets in the bench library (docs/product-rules.md#library-scale); the smoke's loads a few pages. */
const LIBRARY_SIZE = sized(Number(process.env.BENCH_ASSETS ?? 10_000), 150);
/** A tablet held upright (iPad Air class): 820 × 1180 CSS px at 2× (docs/product-rules.md#screen-widths: tablet from 768 px). */
const TABLET = { viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2 };
/** CPU slowdown applied through DevTools while measuring (1: this machine's speed). */
const CPU_THROTTLE = Number(process.env.BENCH_ASSETS_CPU_THROTTLE ?? 1);
/** How far each animation frame scrolls, in px: 36,000 px/s at 60 Hz, a hard fling on a tablet, sustained. */
const SCROLL_STEP_PX = 600;
const SCROLL_TIMEOUT_MS = 240_000;
/** How long the persisted copy may take to settle after the last page, in ms. */
const PERSIST_TIMEOUT_MS = 60_000;
/** The library page's marks (src/features/assets/library/perf.ts). */
const FIRST_TILES_MARK = 'atelier:library:first-tiles';
const RESTORE_START_MARK = 'atelier:library:restore-start';
/** The query persister's database (offline core). */
const QUERY_DB = 'atelier-query';
const FIRST_TILES_TARGET_MS = 100;
const LONG_TASK_TARGET_MS = 50;

/** One reload of the library and its first tiles. */
interface ReloadFigures {
  /** From navigation start to the painted tiles. */
  firstTilesMs: number | null;
  /** From the moment the opening screen asked IndexedDB for its first page to the painted tiles. */
  restoreToTilesMs: number | null;
  restored: boolean | null;
  networkBeforeTiles: boolean;
  longestReloadTaskMs: number;
}

interface PageFigures {
  longestScrollTaskMs: number;
  scrollTasksOver50: number;
  scrollSeconds: number;
  items: number;
  persisted: { bytes: number; items: number; entries: number } | null;
  usageDeltaBytes: number | null;
  reloads: ReloadFigures[];
}

/** Reloads measured: the first one after the long scroll, then the same screen reopened again. */
const RELOADS = sized(9, 1);

/** Long tasks from the page's start (a buffered observer), and whether the browser can report them. */
function observeLongTasks(): void {
  const store: { start: number; duration: number }[] = [];
  (window as unknown as { __longTasks: typeof store }).__longTasks = store;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) store.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long task timing here
  }
}

/**
 * The persisted library in IndexedDB: the list with the most assets among the query database's
 * entries (an infinite list is stored as one entry plus one per page), its size as stored values
 * (UTF-8 JSON of each value) and asset count, and the number of entries in the database.
 */
async function readPersisted(dbName: string): Promise<{ bytes: number; items: number; entries: number } | null> {
  const databases = (await indexedDB.databases?.()) ?? [];
  if (!databases.some((info) => info.name === dbName)) return null;
  const db = await new Promise<IDBDatabase>((done, fail) => {
    const open = indexedDB.open(dbName);
    open.addEventListener('success', () => done(open.result));
    open.addEventListener('error', () => fail(open.error));
  });
  try {
    /** Per list (the query hash after the key's tag): bytes and assets. */
    const lists = new Map<string, { bytes: number; items: number }>();
    let entries = 0;
    for (const storeName of Array.from(db.objectStoreNames)) {
      const [keys = [], values = []] = await Promise.all(
        (['getAllKeys', 'getAll'] as const).map(
          (method) =>
            new Promise<unknown[]>((done, fail) => {
              const request = db.transaction(storeName, 'readonly').objectStore(storeName)[method]();
              request.addEventListener('success', () => done(request.result as unknown[]));
              request.addEventListener('error', () => fail(request.error));
            }),
        ),
      );
      values.forEach((value, index) => {
        entries += 1;
        const key = String(keys[index]);
        const list = key.replace(/^[^|]*\|(q|p\d+)-/, '');
        const record = value as { items?: unknown[]; state?: { data?: { pages?: { items?: unknown[] }[] } | null } };
        // A stored page holds `items`; a whole query entry may hold pages (an unsplit list).
        const items = (record.items?.length ?? 0) + (record.state?.data?.pages ?? []).reduce((sum, page) => sum + (page.items?.length ?? 0), 0);
        const bytes = new TextEncoder().encode(JSON.stringify(value)).length;
        const sum = lists.get(list) ?? { bytes: 0, items: 0 };
        lists.set(list, { bytes: sum.bytes + bytes, items: sum.items + items });
      });
    }
    const best = [...lists.values()].reduce((top, list) => (list.items > top.items ? list : top), { bytes: 0, items: 0 });
    return { ...best, entries };
  } finally {
    db.close();
  }
}

async function measure(page: Page, base: string): Promise<PageFigures> {
  await page.goto(`${base}/your-assets`);
  await page.getByTestId('library-grid').waitFor({ state: 'visible', timeout: 30_000 });
  const usageBefore = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? null);

  // ── Scroll to the end, frame by frame, loading every page on the way ──
  const scroll = await page.evaluate(
    async ({ step, timeoutMs }) => {
      const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
      const started = performance.now();
      tasks.length = 0;
      for (;;) {
        await new Promise((frame) => requestAnimationFrame(frame));
        if (performance.now() - started > timeoutMs) throw new Error('the library did not finish loading while scrolling');
        const grid = document.querySelector<HTMLElement>('[data-testid="library-grid"]');
        const bottom = document.documentElement.scrollHeight - window.innerHeight;
        if (window.scrollY < bottom - 1) window.scrollBy(0, step);
        else if (grid?.dataset.complete === 'true') break;
      }
      const ended = performance.now();
      const during = tasks.filter((task) => task.start >= started && task.start <= ended);
      return {
        longest: during.reduce((max, task) => Math.max(max, task.duration), 0),
        over: during.filter((task) => task.duration >= 50).length,
        seconds: (ended - started) / 1000,
        items: document.querySelector<HTMLElement>('[data-testid="library-count"]')?.dataset.count,
      };
    },
    { step: SCROLL_STEP_PX, timeoutMs: SCROLL_TIMEOUT_MS },
  );

  // ── The persisted copy settles (the persister writes after each page) ──
  const items = Number(scroll.items ?? 0);
  let persisted: Awaited<ReturnType<typeof readPersisted>> = null;
  const deadline = Date.now() + PERSIST_TIMEOUT_MS;
  while (Date.now() < deadline) {
    persisted = await page.evaluate(readPersisted, QUERY_DB);
    if (persisted && persisted.items >= items) break;
    await page.waitForTimeout(500);
  }
  const usageAfter = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? null);

  const reloads: ReloadFigures[] = [];
  for (let run = 0; run < RELOADS; run++) reloads.push(await reloadFigures(page));

  return {
    longestScrollTaskMs: scroll.longest,
    scrollTasksOver50: scroll.over,
    scrollSeconds: scroll.seconds,
    items,
    persisted,
    usageDeltaBytes: usageBefore !== null && usageAfter !== null ? usageAfter - usageBefore : null,
    reloads,
  };
}

/** Reloads /your-assets and reads when its first tiles were painted, and from where. */
async function reloadFigures(page: Page): Promise<ReloadFigures> {
  // At the top, where the library opens: a reload at the far end would restore that scroll
  // position, which no longer exists before the next pages load, instead of the first screen.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  await page.reload();
  const mark = await page
    .waitForFunction(
      ([name, restoreName]) => {
        const entry = performance.getEntriesByName(name)[0] as PerformanceMark | undefined;
        const asked = performance.getEntriesByName(restoreName)[0];
        return entry ? { at: entry.startTime, asked: asked?.startTime ?? null, detail: entry.detail as { items: number; restored: boolean } } : null;
      },
      [FIRST_TILES_MARK, RESTORE_START_MARK] as const,
      { timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue())
    .catch(() => null);
  // Did any list answer from the network arrive before the tiles were drawn?
  const network = await page.evaluate((at) => {
    const lists = performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === '/api/assets') as PerformanceResourceTiming[];
    return lists.some((entry) => entry.responseEnd > 0 && entry.responseEnd <= at);
  }, mark?.at ?? Number.POSITIVE_INFINITY);
  await page.waitForTimeout(1000);
  const reloadLongest = await page.evaluate(() =>
    (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.reduce((max, task) => Math.max(max, task.duration), 0),
  );
  return {
    firstTilesMs: mark?.at ?? null,
    restoreToTilesMs: mark && mark.asked !== null ? mark.at - mark.asked : null,
    restored: mark?.detail.restored ?? null,
    networkBeforeTiles: network,
    longestReloadTaskMs: reloadLongest,
  };
}

/** The middle value (the lower middle of an even count). */
function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (values: readonly number[]) => values.map((value) => value.toFixed(0)).join(', ');
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER target');

export async function assetFigures(chromiumPath: string): Promise<void> {
  const { base, token, total, seedSeconds, close } = await serveLibrary(LIBRARY_SIZE);
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ ...TABLET, locale: 'vi-VN', hasTouch: true });
      await context.addInitScript((bearer) => localStorage.setItem('access_token', bearer), token);
      await context.addInitScript(observeLongTasks);
      const page = await context.newPage();
      if (CPU_THROTTLE > 1) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
      }
      const figures = await measure(page, base);
      const throttle = CPU_THROTTLE > 1 ? `, CPU slowed ${CPU_THROTTLE}×` : '';
      console.log(
        `\n## Assets library: ${total.toLocaleString('en')} assets, ${TABLET.viewport.width}×${TABLET.viewport.height} tablet viewport${throttle} (seeded in ${seedSeconds.toFixed(1)} s)`,
      );
      const measured = figures.reloads.filter((run) => run.firstTilesMs !== null && run.restoreToTilesMs !== null);
      smokeRequires(figures.items === total, `the library showed ${figures.items} of its ${total} assets after scrolling to the end`);
      smokeRequires(measured.length === figures.reloads.length, `no first-tiles mark (${FIRST_TILES_MARK}) after a reload`);
      if (measured.length < figures.reloads.length) {
        console.log(`first tiles after a reload: no mark seen within 30 s in ${figures.reloads.length - measured.length} of ${figures.reloads.length} reloads`);
      } else {
        const allRestored = measured.every((run) => run.restored === true);
        const fromStore = measured.map((run) => run.restoreToTilesMs!);
        const fromNavigation = measured.map((run) => run.firstTilesMs!);
        const middle = median(fromStore);
        console.log(
          `first rendered screen from IndexedDB after a reload: ${middle.toFixed(0)} ms median over ${measured.length} reloads from asking IndexedDB for the library to painted tiles ` +
            `(target <= ${FIRST_TILES_TARGET_MS} ms) ${verdict(allRestored && middle <= FIRST_TILES_TARGET_MS)} — ` +
            `${allRestored ? 'every reload restored from IndexedDB' : 'NOT every reload restored: some fetched from the network'}` +
            `${measured.some((run) => run.networkBeforeTiles) ? '; a list answer had arrived before in some' : '; no list answer had arrived before'}`,
        );
        console.log(`  each reload, from the IndexedDB read: ${ms(fromStore)} ms (the first one right after the long scroll)`);
        console.log(
          `  the same tiles from navigation start (loading and starting the app's code included): median ${median(fromNavigation).toFixed(0)} ms; each ${ms(fromNavigation)} ms`,
        );
      }
      console.log(
        `longest task while scrolling to the end: ${figures.longestScrollTaskMs.toFixed(0)} ms (target < ${LONG_TASK_TARGET_MS} ms) ${verdict(figures.longestScrollTaskMs < LONG_TASK_TARGET_MS)}; ` +
          `${figures.scrollTasksOver50} tasks >= 50 ms over ${figures.scrollSeconds.toFixed(1)} s of scrolling ${figures.items.toLocaleString('en')} assets`,
      );
      console.log(`longest task in the second after a reload: ${Math.max(...figures.reloads.map((run) => run.longestReloadTaskMs)).toFixed(0)} ms`);
      if (figures.persisted && figures.persisted.items > 0) {
        const per1000 = (figures.persisted.bytes / figures.persisted.items) * 1000;
        const usage =
          figures.usageDeltaBytes !== null && figures.items > 0
            ? `; storage estimate grew ${kb(figures.usageDeltaBytes)} = ${kb((figures.usageDeltaBytes / figures.items) * 1000)} per 1,000`
            : '';
        console.log(
          `IndexedDB: the persisted library holds ${figures.persisted.items.toLocaleString('en')} assets in ${kb(figures.persisted.bytes)} = ${kb(per1000)} per 1,000 assets (${figures.persisted.entries} entries in ${QUERY_DB})${usage}`,
        );
      } else {
        console.log(`IndexedDB: nothing persisted in ${QUERY_DB} (the query persister is not wired for the library)`);
      }
    } finally {
      await browser.close();
    }
  } finally {
    await close();
  }
}
