import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The e2e suite runs against the production build served by the real server, on embedded
 * defaults with a fresh data directory. scripts/e2e.ts finds the browser and a free port.
 */
const port = Number(process.env.E2E_PORT ?? 4179);
const baseURL = `http://127.0.0.1:${port}`;
const executablePath = process.env.CHROMIUM_PATH || undefined;

/** The account the e2e server treats as an admin. */
export const E2E_ADMIN_EMAIL = 'admin@atelier.test';
/** The blog's moderator in tests/e2e/public-site.spec.ts: an admin of its own, so no spec waits for another's sign-up. */
export const E2E_BLOG_ADMIN_EMAIL = 'blog-admin@atelier.test';
/** The admin the app's layout walk (tests/e2e/layout/app-walk.spec.ts) signs in as for /admin: one of its own, so no walk waits for another spec's sign-up. */
export const E2E_LAYOUT_ADMIN_EMAIL = 'layout-admin@atelier.test';
/**
 * Permissions are set, not left to the browser's defaults (which changed between Chromium
 * releases: notifications went from blocked to "ask"). Granting a list denies every other
 * permission, so the list keeps the two the app uses that Chromium grants by itself; the
 * notifications are denied unless a spec sets them (tests/e2e/job-notifications.spec.ts).
 * Every context gets it: the fixtures' through `use`, a spec's own (a guest's, a persistent
 * profile) by naming it.
 */
export const E2E_PERMISSIONS = ['background-sync', 'clipboard-write'];

/**
 * The Auth emulator's port: firebase.json's (9099), unless E2E_EMULATOR_PORT names another, so
 * that two suites can run side by side on one machine. Then the emulator gets a copy of
 * firebase.json with that port and free hub and logging ports.
 */
const EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 9099);
const emulatorCommand = (() => {
  const command = 'firebase emulators:start --only auth --project demo-atelier';
  if (EMULATOR_PORT === 9099) return command;
  const config = JSON.parse(readFileSync('firebase.json', 'utf8'));
  config.emulators.auth.port = EMULATOR_PORT;
  config.emulators.hub = { port: EMULATOR_PORT + 1 };
  config.emulators.logging = { port: EMULATOR_PORT + 2 };
  const file = join(mkdtempSync(join(tmpdir(), 'atelier-e2e-firebase-')), 'firebase.json');
  writeFileSync(file, JSON.stringify(config));
  return `${command} --config ${file}`;
})();

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list']],
  // A test's time on a busy 2-core machine (two workers, the server, the Auth emulator and ffmpeg
  // share it): the slowest pass in ~30 s there, so 60 s separates a slow run from a stuck one.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    locale: 'vi-VN',
    permissions: E2E_PERMISSIONS,
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: chromiumArgs } } }],
  webServer: [
    {
      // Google sign-in runs against the Firebase Auth emulator (offline, no UI).
      command: emulatorCommand,
      url: `http://127.0.0.1:${EMULATOR_PORT}/`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node server/main.ts',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'atelier-e2e-')),
        STATIC_DIR: 'dist',
        // Not 'production': the server refuses the Auth emulator there (it accepts unsigned
        // tokens). NODE_ENV only picks the server's defaults (DEV_TOOLS, set below anyway); the
        // PWA is still the production build from dist, as users get it.
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        // The e2e server always runs on embedded PGlite, whatever the shell says.
        DATABASE_URL: '',
        // The suite reads mails (OTP, reset links) and grants credits through /api/dev-tools,
        // from this machine; `force` because a production server refuses a plain 1 (with
        // NODE_ENV=test, 1 would do).
        DEV_TOOLS: 'force',
        // Each test user comes from its own client address (X-Forwarded-For, tests/e2e/session.ts),
        // as real people do: the per-address mail limit would otherwise stop the suite's sign-ups.
        TRUST_PROXY: '1',
        ADMIN_EMAILS: `${E2E_ADMIN_EMAIL},${E2E_BLOG_ADMIN_EMAIL},${E2E_LAYOUT_ADMIN_EMAIL}`,
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${EMULATOR_PORT}`,
        PUBLIC_URL: baseURL,
      },
    },
  ],
});
