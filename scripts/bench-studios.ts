/**
 * Studio figures for `npm run bench` (scripts/bench.ts calls them against the real server):
 *  - the JavaScript each studio route loads, gzip -9 of the files the browser fetched (target
 *    <= 200 KB a route);
 *  - the time from clicking Generate on the virtual try-on to its processing (or result) screen.
 * A Chromium page signs in with the bench account's token, as the PWA stores it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { garmentSvg, modelPhotoSvg } from '../tests/fixtures/engines/images.ts';
import { CHROMIUM_ARGS } from './chromium.ts';

const STUDIO_ROUTES = ['/virtual-tryon', '/image-editing', '/body-generator', '/hairstyle-changer', '/image-to-video', '/upscaler'] as const;
/** Target of the JavaScript one studio route loads, gzip, in bytes. */
const ROUTE_JS_TARGET_BYTES = 200 * 1024;
/** Generate → processing screen samples. */
const GENERATE_RUNS = 5;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function routeJs(page: Page, base: string, route: string, dist: string): Promise<{ bytes: number; files: number; largest: string }> {
  const scripts = new Set<string>();
  const listener = (response: { url(): string }) => {
    const url = new URL(response.url());
    if (url.origin === base && url.pathname.endsWith('.js') && url.pathname !== '/sw.js') scripts.add(url.pathname);
  };
  page.on('response', listener);
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  await page.getByTestId('studio-page').waitFor({ state: 'visible', timeout: 15_000 });
  page.off('response', listener);
  let bytes = 0;
  const sizes: Array<[string, number]> = [];
  for (const path of scripts) {
    const size = gzipSync(await readFile(join(dist, path)), { level: 9 }).length;
    bytes += size;
    sizes.push([path.replace('/assets/', ''), size]);
  }
  const largest = sizes
    .toSorted((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, size]) => `${name} ${kb(size)}`)
    .join(', ');
  return { bytes, files: scripts.size, largest };
}

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

export async function studioFigures(base: string, token: string, chromiumPath: string, dist: string): Promise<void> {
  const built = new Set(JSON.parse(await readFile(join(dist, 'spa-routes.json'), 'utf8')).patterns as string[]);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const newContext = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'vi-VN' });
      await context.addInitScript((bearer) => {
        localStorage.setItem('access_token', bearer);
        localStorage.setItem('atelier.tutorial-seen.virtual-tryon', new Date().toISOString());
      }, token);
      return context;
    };
    console.log('\n## JavaScript per studio route (gzip -9 of what the browser fetched, signed in, cold cache; target <= 200 KB)');
    for (const route of STUDIO_ROUTES) {
      if (!built.has(route)) {
        console.log(`${route.padEnd(20)} not built yet`);
        continue;
      }
      // A fresh browser profile per route: nothing cached, and no one-time toast of an earlier
      // visit (the toaster's code loads with the first toast) counted against this route.
      const isolated = await newContext();
      const fresh = await isolated.newPage();
      await fresh.route('**/sw.js', (r) => r.abort());
      const { bytes, files, largest } = await routeJs(fresh, base, route, dist);
      await isolated.close();
      console.log(`${route.padEnd(20)} ${kb(bytes).padStart(9)} in ${files} files  ${bytes <= ROUTE_JS_TARGET_BYTES ? 'ok' : 'OVER target'}  (largest: ${largest})`);
    }
    const context = await newContext();
    const samples = (await generateToProcessing(context, base)).toSorted((a, b) => a - b);
    console.log(`\n## Click on Generate → processing screen (virtual try-on, ${GENERATE_RUNS} runs)`);
    console.log(`median ${samples[Math.floor(samples.length / 2)]!.toFixed(0)} ms, max ${samples.at(-1)!.toFixed(0)} ms`);
  } finally {
    await browser.close();
  }
}
