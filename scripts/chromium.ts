/**
 * Finds a Chromium for the browser tests: Debian's, or Playwright's own when present. When
 * neither is there and this runs as root with apt, it installs Debian's package; otherwise it
 * stops with the exact command to run.
 */
import { existsSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';

/**
 * Flags for headless Chromium here: no sandbox (root), no GPU, and none of the background
 * connections this machine's closed network would refuse.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const DEBIAN_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  for (const candidate of DEBIAN_CANDIDATES) if (existsSync(candidate)) return candidate;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright has no browser of its own here.
  }
  return undefined;
}

export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('No Chromium found: installing Debian\'s "chromium" package (apt-get)…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    'The browser tests need Chromium and none was found.\n' +
      'Install it with:  sudo apt-get install -y chromium\n' +
      '(or set CHROMIUM_PATH to a Chromium or Chrome binary).',
  );
  process.exit(1);
}
