/**
 * `npm run bench`: prints the figures the foundation is held to (they are not test assertions):
 *  - gzip size of the JS `/`'s HTML names and of the largest route chunk;
 *  - Lighthouse 13 mobile scores of the public templates (`/`, a landing page, `/blog`, a post,
 *    `/pricing`) in Debian Chromium beside a bare client-rendered React page, medians of five
 *    alternating runs (targets: 100 in all four categories, never behind the bare page;
 *    scripts/bench-lighthouse.ts);
 *  - p50/p99 latency of GET /api/health at a fixed request rate, next to a bare Hono handler
 *    measured the same way in the same run, and their ratio;
 *  - generations: queue pick-up latency, p50/p99 of the job-status endpoint at the same fixed
 *    rate beside the bare handler, each local engine's time on a ~2 MP input (targets: an image
 *    tool <= 2 s, a 5 s 480p video <= 10 s, a tool running a model its promised wait) with its
 *    models' load times and the peak memory of two runs at once, the fresh install time of the
 *    model packages (target: the default install grows by <= 30 s; scripts/bench-install.ts), and
 *    upload throughput with the server's peak memory growth for a 100 MB video (target <= 2× the
 *    file).
 *  - the JavaScript `/` and each studio route load in a cold browser (targets <= 90 KB and
 *    <= 200 KB gzip; the same measure `npm test` holds them to, scripts/js-budgets.ts), and the
 *    time from clicking Generate to the processing screen.
 *  - assets: the /your-assets library of 10,000 assets on a tablet — first tiles after a reload from
 *    IndexedDB (target <= 100 ms), the longest task while scrolling to the end (target < 50 ms),
 *    and the IndexedDB space per 1,000 assets (scripts/bench-assets.ts).
 * `npm run bench -- --only=generations` runs the generation and studio figures alone;
 * `npm run bench -- --only=engines` the local engine's figures and the model packages' install
 *   time alone (scripts/bench-engines.ts, scripts/bench-install.ts; no build, no browser);
 * `npm run bench -- --only=status` the job-status endpoint's latency beside the bare handler alone;
 * `npm run bench -- --only=assets` the assets library's;
 * `npm run bench -- --only=js` the JavaScript sizes alone (the budget check's figures);
 * `npm run bench -- --only=lighthouse` the public templates' Lighthouse scores beside a bare page
 *   (scripts/bench-lighthouse.ts);
 * `npm run bench -- --only=billing` the time from "Pay" on the sandbox page to the credited balance
 *   in the app, p50 of 10 (scripts/bench-billing.ts).
 * `npm run bench -- --only=public-api` what the /v1 token guard adds to a job-status read, against
 *   the studios' /api path on the same server, at fixed rates and as each path's saturation
 *   throughput (target: /v1 >= 80 % of /api's; on Postgres when DATABASE_URL is set;
 *   scripts/bench-public-api.ts).
 * `npm run bench -- --smoke` (a step of `npm test`) runs every bench above, the /v1 one too, through
 * the same code at tiny sizes in about a minute, asserting no figure: it fails when a bench throws
 * or measured nothing (scripts/bench-mode.ts); with `--only=…`, that part's smoke alone. Every
 * part prints the time it took.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Agent, request as httpRequest } from 'node:http';
import { assetFigures } from './bench-assets.ts';
import { billingFigures } from './bench-billing.ts';
import { benchEngines, printEngineRows } from './bench-engines.ts';
import { installFigures, printInstallFigures } from './bench-install.ts';
import { completedJob, queueFigures, seedAccount, startBenchServer, uploadFigures } from './bench-generations.ts';
import { publicApiFigures } from './bench-public-api.ts';
import { lighthouseFigures } from './bench-lighthouse.ts';
import { routeJsFigures, studioFigures } from './bench-studios.ts';
import { SMOKE, sized, smokeRequires } from './bench-mode.ts';
import { ensureChromium } from './chromium.ts';
import { freePort, stop, waitFor } from './local-server.ts';
import { ensureBuild } from './ensure-build.ts';
import { checkBudgets, formatResults } from './js-budgets.ts';
import { measureBuild } from './measure-js.ts';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
/** Fixed request rate for the latency comparison, in requests per second. */
const RATE_PER_SECOND = sized(Number(process.env.BENCH_RATE ?? 500), 100);
const LATENCY_SECONDS = sized(Number(process.env.BENCH_SECONDS ?? 10), 1);
/**
 * Fixed rate for the job-status endpoint, in requests per second (target: p99 <= 15 ms at 300).
 * Lower than RATE_PER_SECOND: every status answer is a database read on the embedded database's
 * single connection, so 500 req/s would mostly measure its queue.
 */
const STATUS_RATE_PER_SECOND = sized(Number(process.env.BENCH_STATUS_RATE ?? 300), 100);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// ── 1. Bundle sizes ────────────────────────────────────────────────────────────────────
async function bundleSizes() {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+href="\/([^"]+\.js)"[^>]*rel="modulepreload"/g)) urls.add(m[1]!);
  const gz = async (file: string) => gzipSync(await readFile(join(dist, file)), { level: 9 }).length;
  let homeTotal = 0;
  const homeFiles: string[] = [];
  for (const url of urls) {
    const size = await gz(url);
    homeTotal += size;
    homeFiles.push(`${url} ${kb(size)}`);
  }
  const chunks = (await readdir(join(dist, 'assets'))).filter((f) => f.endsWith('.js'));
  let largest = { file: '', size: 0 };
  let appTotal = 0;
  for (const file of chunks) {
    const size = await gz(`assets/${file}`);
    appTotal += size;
    if (size > largest.size) largest = { file, size };
  }
  console.log('\n## JavaScript (gzip -9)');
  console.log(`JS named by "/"'s HTML: ${kb(homeTotal)} — ${homeFiles.join(', ')}`);
  console.log(`largest chunk: ${largest.file} ${kb(largest.size)}; all chunks together: ${kb(appTotal)} in ${chunks.length} files`);
}

// ── 2. Lighthouse: scripts/bench-lighthouse.ts ────────────────────────────────────────
// ── 3. Latency at a fixed rate ─────────────────────────────────────────────────────────
/** Requests are started on a fixed schedule (open loop), so a slow answer cannot slow the load. */
const WARMUP_SECONDS = sized(2, 0.5);
const MAX_SOCKETS = 16;

function once(url: URL, agent: Agent, headers: Record<string, string>): Promise<{ ms: number; ok: boolean }> {
  return new Promise((done) => {
    const started = process.hrtime.bigint();
    const req = httpRequest(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => done({ ms: Number(process.hrtime.bigint() - started) / 1e6, ok: res.statusCode === 200 }));
    });
    req.on('error', () => done({ ms: Number(process.hrtime.bigint() - started) / 1e6, ok: false }));
    req.end();
  });
}

async function fixedRate(url: URL, agent: Agent, seconds: number, headers: Record<string, string>, rate: number) {
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const start = performance.now();
  const pending: Promise<{ ms: number; ok: boolean }>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(once(url, agent, headers));
  }
  return Promise.all(pending);
}

async function latency(target: string, headers: Record<string, string> = {}, rate = RATE_PER_SECOND) {
  const url = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  await fixedRate(url, agent, WARMUP_SECONDS, headers, rate);
  const results = await fixedRate(url, agent, LATENCY_SECONDS, headers, rate);
  agent.destroy();
  smokeRequires(
    results.some((r) => r.ok),
    `every request to ${target} failed`,
  );
  const sorted = results.map((r) => r.ms).toSorted((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return { p50: pct(50), p99: pct(99), requests: results.length, errors: results.filter((r) => !r.ok).length };
}

const ms = (n: number) => `${n.toFixed(2)} ms`;
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');

/** p50/p99 of GET /api/generations/{id} at STATUS_RATE_PER_SECOND, beside the bare handler at the same rate. */
async function statusLatency(base: string, bareUrl: string, token: string, jobId: string) {
  const bareAtStatusRate = await latency(bareUrl, {}, STATUS_RATE_PER_SECOND);
  const status = await latency(`${base}/api/generations/${jobId}`, { Authorization: `Bearer ${token}` }, STATUS_RATE_PER_SECOND);
  console.log(`\n## GET /api/generations/{id} (a completed job) at ${STATUS_RATE_PER_SECOND} req/s for ${LATENCY_SECONDS} s`);
  console.log(
    `bare Hono handler: p50 ${ms(bareAtStatusRate.p50)}, p99 ${ms(bareAtStatusRate.p99)} (${bareAtStatusRate.requests} requests, ${bareAtStatusRate.errors} errors)`,
  );
  console.log(`job status:        p50 ${ms(status.p50)}, p99 ${ms(status.p99)} (${status.requests} requests, ${status.errors} errors)`);
  console.log(`ratio status/bare: p50 ${ratio(status.p50, bareAtStatusRate.p50)}×, p99 ${ratio(status.p99, bareAtStatusRate.p99)}×`);
}

/** Runs one part of the bench and prints how long it took. */
async function part<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}

/** Key the bench server signs tokens with, so the seeded account's token is valid there. */
const BENCH_SIGNING_KEY = 'bench-signing-key-of-at-least-32-characters';

async function main() {
  const onlyGenerations = process.argv.includes('--only=generations');
  if (process.argv.includes('--only=status')) {
    await statusFigures();
    return;
  }
  if (process.argv.includes('--only=public-api')) {
    await publicApiFigures();
    return;
  }
  if (process.argv.includes('--only=engines')) {
    await engineFigures();
    return;
  }
  const chromePath = ensureChromium();
  await ensureBuild();
  if (process.argv.includes('--only=assets')) {
    await assetFigures(chromePath);
    return;
  }
  if (process.argv.includes('--only=billing')) {
    await withBenchServers(async ({ base, token }) => billingFigures(base, token, chromePath));
    return;
  }
  if (process.argv.includes('--only=js')) {
    await bundleSizes();
    console.log('\n## JavaScript per route (gzip -9 of what a cold browser fetched; "/" signed out, studios signed in)');
    for (const line of formatResults(checkBudgets(await measureBuild(root, chromePath)))) console.log(line);
    return;
  }
  if (process.argv.includes('--only=lighthouse')) {
    await withBenchServers(async ({ base }) => lighthouseFigures(base, chromePath));
    return;
  }
  if (!onlyGenerations) await part('JavaScript sizes', bundleSizes);

  await part('server start and the parts on it', () =>
    withBenchServers(async ({ base, bareUrl, token, dataDir, pid }) => {
      if (!onlyGenerations) await part('Lighthouse', () => lighthouseFigures(base, chromePath));

      await part('latency', async () => {
        console.log(`\n## Latency at ${RATE_PER_SECOND} req/s for ${LATENCY_SECONDS} s (after ${WARMUP_SECONDS} s warm-up, keep-alive)`);
        const bareResult = await latency(bareUrl);
        console.log(
          `bare Hono handler:           p50 ${ms(bareResult.p50)}, p99 ${ms(bareResult.p99)} (${bareResult.requests} requests, ${bareResult.errors} errors)`,
        );
        if (!onlyGenerations) {
          const health = await latency(`${base}/api/health`);
          console.log(`GET /api/health:             p50 ${ms(health.p50)}, p99 ${ms(health.p99)} (${health.requests} requests, ${health.errors} errors)`);
          console.log(`ratio health/bare:           p50 ${ratio(health.p50, bareResult.p50)}×, p99 ${ratio(health.p99, bareResult.p99)}×`);
        }
      });

      const jobId = await part('queue', () => queueFigures(base, token));
      await part('job status latency', () => statusLatency(base, bareUrl, token, jobId));

      await part('upload', () => uploadFigures(base, token, pid, dataDir));
      await part('JavaScript per route', () => routeJsFigures(base, token, chromePath, dist));
      await part('Generate → processing', () => studioFigures(base, token, chromePath));
      if (!onlyGenerations) await part('billing', () => billingFigures(base, token, chromePath));
    }),
  );

  if (!onlyGenerations) await part('assets library', () => assetFigures(chromePath));
  await engineFigures();
  if (SMOKE && !onlyGenerations) await part('/v1 against /api', publicApiFigures);
}

/** The local engine's timings, its models' loads and memory, and (full runs) the model packages' install time. */
async function engineFigures() {
  await part('local engines', async () => printEngineRows(await benchEngines()));
  if (!SMOKE) await part('model packages install', async () => printInstallFigures(await installFigures()));
}

/** `--only=status`: one completed job, then the status latency beside the bare handler (no build, no browser). */
async function statusFigures() {
  await withBenchServers(async ({ base, bareUrl, token }) => {
    await statusLatency(base, bareUrl, token, await completedJob(base, token));
  });
}

/**
 * Runs `fn` against a production server on a fresh data directory with a seeded account, beside
 * a bare Hono handler (the latency ratios' reference); stops both and removes the data after.
 */
async function withBenchServers(fn: (servers: { base: string; bareUrl: string; token: string; dataDir: string; pid: number }) => Promise<void>): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-bench-'));
  const { token } = await seedAccount(dataDir, BENCH_SIGNING_KEY);
  const port = await freePort();
  const server = startBenchServer(dataDir, port, BENCH_SIGNING_KEY);
  const barePort = await freePort();
  const bare = spawn(process.execPath, ['scripts/bench-bare-hono.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(barePort) },
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const bareUrl = `http://127.0.0.1:${barePort}/`;
    await waitFor(`${base}/api/health`);
    await waitFor(bareUrl);
    await fn({ base, bareUrl, token, dataDir, pid: server.pid ?? 0 });
  } finally {
    await Promise.all([stop(server), stop(bare)]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await part('the whole run', main);
