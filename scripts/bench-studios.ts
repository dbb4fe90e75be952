/**
 * Studio figures for `npm run bench` (scripts/bench.ts calls them against the real server):
 *  - the JavaScript of `/` and each studio route, against their budgets (target <= 90 KB for
 *    `/`, <= 200 KB a studio route; measured by scripts/measure-js.ts, as `npm test` checks it);
 *  - the time from clicking Generate on the virtual try-on to its processing (or result) screen.
 * A Chromium page signs in with the bench account's token, as the PWA stores it.
 */
import { chromium, type BrowserContext } from '@playwright/test';
import sharp from 'sharp';
import { garmentSvg, modelPhotoSvg } from '../tests/fixtures/engines/images.ts';
import { sized } from './bench-mode.ts';
import { CHROMIUM_ARGS } from './chromium.ts';
import { BUDGETS, checkBudgets, formatResults } from './js-budgets.ts';
import { measureRoutes } from './measure-js.ts';

/** Generate → processing screen samples. */
const GENERATE_RUNS = sized(5, 1);

const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

async function generateToProcessing(context: BrowserContext, base: string): Promise<number[]> {
  const model = { name: 'model.png', mimeType: 'image/png', buffer: await png(modelPhotoSvg()) };
  const garment = { name: 'top.png', mimeType: 'image/png', buffer: await png(garmentSvg('tops')) };
  const samples: number[] = [];
  for (let i = 0; i < GENERATE_RUNS; i++) {
    // A new tab each run: the studio reopens the job a tab last showed (sessionStorage).
    const page = await context.newPage();
    await page.goto(`${base}/virtual-tryon`);
    await page.getByTestId('tryon-model-input').setInputFiles(model);
    await page.getByTestId('tryon-model-chosen').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('tryon-garments-input').setInputFiles([garment]);
    await page.getByTestId('tryon-garments-chosen').first().waitFor({ timeout: 15_000 });
    const started = performance.now();
    await page.getByTestId('generate-button').click();
    await page.locator('[data-testid="processing-view"], [data-testid="result-view"]').first().waitFor({ state: 'visible', timeout: 15_000 });
    samples.push(performance.now() - started);
    await page.getByTestId('result-view').waitFor({ state: 'visible', timeout: 60_000 });
    await page.close();
  }
  return samples;
}

/**
 * The JavaScript of `/` and of each studio route against their budgets (the same measure and
 * check as `npm test`'s, scripts/js-budgets.ts).
 */
export async function routeJsFigures(base: string, token: string, chromiumPath: string, dist: string): Promise<void> {
  console.log('\n## JavaScript per route (gzip -9 of what a cold browser fetched; "/" signed out, studios signed in)');
  // The smoke measures one signed-out and one signed-in route: `npm test`'s budget step measures them all.
  const budgets = sized(BUDGETS, [BUDGETS.find((budget) => !budget.signedIn)!, BUDGETS.find((budget) => budget.signedIn)!]);
  for (const line of formatResults(checkBudgets(await measureRoutes(base, dist, token, chromiumPath, budgets), budgets))) console.log(line);
}

/** The time from clicking Generate on the virtual try-on to its processing (or result) screen. */
export async function studioFigures(base: string, token: string, chromiumPath: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'vi-VN' });
    await context.addInitScript((bearer) => {
      localStorage.setItem('access_token', bearer);
      localStorage.setItem('atelier.tutorial-seen.virtual-tryon', new Date().toISOString());
    }, token);
    const samples = (await generateToProcessing(context, base)).toSorted((a, b) => a - b);
    console.log(`\n## Click on Generate → processing screen (virtual try-on, ${GENERATE_RUNS} runs)`);
    console.log(`median ${samples[Math.floor(samples.length / 2)]!.toFixed(0)} ms, max ${samples.at(-1)!.toFixed(0)} ms`);
  } finally {
    await browser.close();
  }
}
