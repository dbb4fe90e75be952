/**
 * Regenerates the web app manifest's screenshots (public/screenshots/) from the production
 * build: `npm run screenshots` after a visible change to the home page or the dashboard.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { ensureChromium } from './chromium.ts';
import { ensureBuild } from './ensure-build.ts';

const root = resolve(import.meta.dirname, '..');
const PORT = 4199;
const shots = [
  { path: '/', file: 'wide.png', width: 1280, height: 800 },
  { path: '/dashboard', file: 'narrow.png', width: 820, height: 1180 },
];

const executablePath = ensureChromium();
await ensureBuild();
const dataDir = await mkdtemp(join(tmpdir(), 'atelier-shots-'));
const server = spawn(process.execPath, ['server/main.ts'], {
  cwd: root,
  stdio: 'ignore',
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
});
try {
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  await mkdir(join(root, 'public/screenshots'), { recursive: true });
  for (const shot of shots) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height } });
    // No "ready to work offline" toast in the pictures.
    await page.addInitScript(() => localStorage.setItem('atelier.offlineReadyShown', 'screenshot'));
    await page.goto(`http://127.0.0.1:${PORT}${shot.path}`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: join(root, 'public/screenshots', shot.file) });
    await page.close();
  }
  await browser.close();
  console.log(`Wrote ${shots.length} screenshots to public/screenshots/.`);
} finally {
  server.kill('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
}
