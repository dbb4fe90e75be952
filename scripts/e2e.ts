/** Browser e2e suite: finds Chromium, builds when the sources changed, runs Playwright. */
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.ts';
import { ensureBuild } from './ensure-build.ts';
import { freePort } from './local-server.ts';

const chromiumPath = ensureChromium();
await ensureBuild();
const port = process.env.E2E_PORT ?? String(await freePort());
const result = spawnSync('playwright', ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromiumPath, E2E_PORT: port },
});
process.exit(result.status ?? 1);
