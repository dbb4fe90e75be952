/**
 * Lighthouse 13, mobile, for the public templates — `/`, a service landing page, `/blog`, a blog
 * post and `/pricing` — each beside a bare client-rendered Vite + React page built and served in
 * the same run (the floor this machine and browser allow), runs alternating page and bare page so
 * a busy moment hits both; medians of BENCH_LIGHTHOUSE_RUNS (default 5). Targets: 100 in all four
 * categories and never behind the bare page. Also prints the JavaScript each one loaded (gzip, as
 * transferred). `npm run bench -- --only=lighthouse` runs it alone.
 */
import { createServer, type Server } from 'node:http';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { sized, smokeRequires } from './bench-mode.ts';
import { CHROMIUM_ARGS } from './chromium.ts';

const RUNS = sized(Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5), 1);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes of script transferred (compressed as served). */
  jsBytes: number;
}

/** A bare page: React renders a heading and a paragraph on the client, nothing else. */
async function buildBarePage(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  // Inside the project (.bench/ is ignored), so React resolves from its node_modules.
  const work = join(import.meta.dirname, '..', '.bench', 'bare-page');
  await mkdir(work, { recursive: true });
  await writeFile(
    join(work, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="A bare client-rendered React page, the floor of the comparison."><title>Bare page</title></head><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>`,
  );
  await writeFile(
    join(work, 'main.tsx'),
    `import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<main><h1>Bare page</h1><p>A client-rendered React page with a heading and a paragraph.</p></main>);\n`,
  );
  await build({ root: work, configFile: false, logLevel: 'error', plugins: [react()], build: { outDir: join(work, 'dist'), emptyOutDir: true } });
  return { dir: join(work, 'dist'), cleanup: () => rm(work, { recursive: true, force: true }) };
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves a folder with gzip and long caching for hashed assets, as a plain static host would. */
function serveFolder(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    void (async () => {
      const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
      const file = join(dir, path === '/' ? 'index.html' : path);
      try {
        const body = gzipSync(await readFile(file));
        response.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'content-encoding': 'gzip',
          'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
        response.end(body);
      } catch {
        response.writeHead(404).end();
      }
    })();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, server })),
  );
}

async function measure(url: string, chromePath: string): Promise<Run | string> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) return 'no result';
    if (result.lhr.runtimeError) return `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`;
    const audits = result.lhr.audits;
    // BENCH_LIGHTHOUSE_DETAILS=1: what held the page back, a line a run.
    if (process.env.BENCH_LIGHTHOUSE_DETAILS === '1') {
      const blocking = (audits['render-blocking-insight']?.details as { items?: Array<{ url?: string; wastedMs?: number }> } | undefined)?.items ?? [];
      const phases =
        (audits['lcp-breakdown-insight']?.details as { items?: Array<{ items?: Array<{ label?: string; duration?: number }> }> } | undefined)?.items?.[0]
          ?.items ?? [];
      console.log(
        `    ${url}: server ${Math.round(audits['server-response-time']?.numericValue ?? 0)} ms; LCP phases ${phases.map((phase) => `${phase.label} ${Math.round(phase.duration ?? 0)} ms`).join(', ') || 'n/a'}; ` +
          `render-blocking ${blocking.map((item) => `${item.url?.replace(/^.*\//, '')} ${Math.round(item.wastedMs ?? 0)} ms`).join(', ') || 'none'}; main thread ${Math.round(audits['mainthread-work-breakdown']?.numericValue ?? 0)} ms`,
      );
    }
    const requests = (audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((result.lhr.categories[id]?.score ?? 0) * 100)])) as Run['scores'];
    return {
      scores,
      fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      jsBytes: requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    };
  } finally {
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function summary(runs: Run[]): string {
  if (runs.length === 0) return 'every run failed';
  const scores = CATEGORIES.map((id) => `${id} ${median(runs.map((run) => run.scores[id]))}`).join(', ');
  return `${scores}; FCP ${median(runs.map((r) => r.fcpMs))} ms, LCP ${median(runs.map((r) => r.lcpMs))} ms, TBT ${median(runs.map((r) => r.tbtMs))} ms, CLS ${median(runs.map((r) => r.cls))}; JS ${kb(median(runs.map((r) => r.jsBytes)))}`;
}

/** Whether a page meets the targets: 100 in every category, and no category behind the bare page's. */
function verdict(runs: Run[], bare: Run[]): string {
  if (runs.length === 0) return 'no run';
  const short = CATEGORIES.filter((id) => median(runs.map((run) => run.scores[id])) < 100).map((id) => `${id} ${median(runs.map((run) => run.scores[id]))}`);
  const behind =
    bare.length === 0 ? [] : CATEGORIES.filter((id) => median(runs.map((run) => run.scores[id])) < median(bare.map((run) => run.scores[id]))).map((id) => id);
  if (short.length === 0 && behind.length === 0) return 'meets the targets';
  return [short.length ? `under 100: ${short.join(', ')}` : '', behind.length ? `behind the bare page: ${behind.join(', ')}` : ''].filter(Boolean).join('; ');
}

/** The five templates on the running server (`base`), each beside the bare page. */
export async function lighthouseFigures(base: string, chromePath: string): Promise<void> {
  const posts = (await (await fetch(`${base}/api/blog/posts?locale=vi`)).json()) as { items: Array<{ slug: string }> };
  const post = posts.items[0]?.slug;
  // The smoke audits `/` alone, beside the bare page.
  const pages = sized(['/', '/services/virtual-tryon', '/blog', ...(post ? [`/blog/${post}`] : []), '/pricing'], ['/']);
  const bare = await buildBarePage();
  const host = await serveFolder(bare.dir);
  const results = new Map<string, Run[]>(pages.map((path) => [path, []]));
  const bareRuns: Run[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      for (const path of pages) {
        for (const [label, url, into] of [
          [path, `${base}${path}`, results.get(path)!],
          ['bare page', host.url, bareRuns],
        ] as const) {
          let outcome = await measure(url, chromePath);
          // A trace Lighthouse failed to record (NO_NAVSTART, NO_FCP…) says to run it again: once.
          if (typeof outcome === 'string' && /run Lighthouse again/i.test(outcome)) outcome = await measure(url, chromePath);
          smokeRequires(typeof outcome !== 'string', `Lighthouse on ${label}: ${String(outcome)}`);
          if (typeof outcome === 'string') console.log(`  ${label}: run ${run + 1} failed: ${outcome}`);
          else into.push(outcome);
        }
      }
    }
  } finally {
    host.server.close();
    await bare.cleanup();
  }
  console.log(
    `\n## Lighthouse 13, mobile, medians of ${RUNS} runs, alternating with a bare client-rendered Vite + React page (targets: 100 in all four, never behind the bare page)`,
  );
  console.log(`bare page: ${summary(bareRuns)}`);
  for (const [path, runs] of results) console.log(`${path}: ${summary(runs)} — ${verdict(runs, bareRuns)}`);
}
