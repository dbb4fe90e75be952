/** GET /api/health against the database under test and a real queue. */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthResponseSchema } from '../../src/contract/health.schema.ts';
import { openDatabase, MEMORY_DATA_DIR } from '../../server/db/connection.ts';
import { startQueue, type Queue } from '../../server/queue/index.ts';
import { createTestApp } from './helpers/app.ts';
import { createTestDatabase, DRIVER, type TestDatabase } from './helpers/database.ts';
import { silentLogger } from './helpers/logs.ts';

let test: TestDatabase;
let queue: Queue;

beforeAll(async () => {
  test = await createTestDatabase({ migrated: true });
  queue = await startQueue({ config: { workers: 1 }, db: test.database, logger: silentLogger() });
});

afterAll(async () => {
  await queue.stop({ timeoutMs: 1_000 });
  await test.dispose();
});

const health = async (app: ReturnType<typeof createTestApp>) => {
  const response = await app.request('/api/health');
  return { status: response.status, cacheControl: response.headers.get('cache-control'), body: v.parse(HealthResponseSchema, await response.json()) };
};

describe(`GET /api/health (${DRIVER})`, () => {
  it('is 200 and ok when the database and the queue answer', async () => {
    const result = await health(createTestApp({ database: test.database, queue }));
    expect(result.status).toBe(200);
    expect(result.cacheControl).toBe('no-store');
    expect(result.body).toMatchObject({ status: 'ok', database: { ok: true, driver: DRIVER }, queue: { ok: true }, version: '0.0.0-test' });
    expect(result.body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(result.body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('is 503 and degraded when the queue is not ready', async () => {
    const result = await health(createTestApp({ database: test.database, queue: { ready: async () => false } }));
    expect(result.status).toBe(503);
    expect(result.body).toMatchObject({ status: 'degraded', database: { ok: true }, queue: { ok: false } });
  });

  it('is 503 when the queue check throws', async () => {
    const result = await health(
      createTestApp({
        database: test.database,
        queue: {
          ready: async () => {
            throw new Error('connection refused');
          },
        },
      }),
    );
    expect(result).toMatchObject({ status: 503, body: { queue: { ok: false } } });
  });

  it('is 503 with database.ok false when the database is gone', async () => {
    const closed = await openDatabase(test.url ? { databaseUrl: test.url, pgliteDataDir: MEMORY_DATA_DIR } : { pgliteDataDir: MEMORY_DATA_DIR });
    await closed.close();
    const result = await health(createTestApp({ database: closed, queue }));
    expect(result.status).toBe(503);
    expect(result.body).toMatchObject({ status: 'degraded', database: { ok: false, driver: DRIVER, latencyMs: null }, queue: { ok: true } });
  });

  it('answers HEAD with the same status and no body', async () => {
    const response = await createTestApp({ database: test.database, queue }).request('/api/health', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});
