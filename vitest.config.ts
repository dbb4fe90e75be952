import { defineConfig } from 'vitest/config';

/**
 * Two projects:
 * - unit: tests beside the code (PWA, service worker, server modules), compiled like the app
 *   (vite.config.ts: Lingui macros, vanilla-extract, router plugin).
 * - server: integration tests of the server against a real database: PGlite by default,
 *   Postgres when DATABASE_URL is set (each test gets a fresh database, see
 *   tests/server/helpers/database.ts). Files run one at a time: several spawn servers and PGlite
 *   start-up is CPU-heavy.
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'sw/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: false,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // PGlite needs ~3 s to start; a spawned server needs that plus migrations and pg-boss.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
