/**
 * Database errors, on the real driver (PGlite, or Postgres with DATABASE_URL): a value the
 * database refuses (SQLSTATE class 22 or 54) that gets past the contract is a 400 with a human
 * sentence, logged at warn; and no database error ever brings the query's parameters into the
 * log (PGlite attaches `query` and `params` to its errors, Postgres puts values in `detail` and
 * `where`, and pino's error serializer copies every field).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../../src/contract/http-errors.ts';
import { createTestApp } from './helpers/app.ts';
import { createTestDatabase, DRIVER, type TestDatabase } from './helpers/database.ts';
import { captureLogs, type CapturedLogs } from './helpers/logs.ts';

/** What must never reach a log line: an argon2 hash and an email that travelled as parameters. */
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$never-log-this-hash';
const EMAIL = 'never-log-this@example.com';

let test: TestDatabase;
let logs: CapturedLogs;
let app: ReturnType<typeof createTestApp>;

const insertUser = (id: string) =>
  sql`insert into users (id, email, name, password_hash, created_at) values (${id}, ${EMAIL}, ${'Lan'}, ${HASH}, now())`.execute(test.database.kysely);

beforeAll(async () => {
  test = await createTestDatabase({ migrated: true });
  await insertUser('existing-user');
  logs = captureLogs();
  app = createTestApp({
    database: test.database,
    logger: logs.logger,
    extraRoutes: (routes) => {
      // A unique violation: a server error (500), whose `detail` names the email.
      routes.post('/api/test/duplicate', async (c) => {
        await insertUser('another-user');
        return c.json({});
      });
      // Data exceptions the contract would have refused: NUL in text, a number out of range,
      // text that is no number; each with the secret values as fellow parameters.
      routes.post('/api/test/nul', async (c) => {
        await sql`insert into users (id, email, name, password_hash, created_at) values (${'nul-user'}, ${EMAIL}, ${'a\u0000b'}, ${HASH}, now())`.execute(
          test.database.kysely,
        );
        return c.json({});
      });
      routes.get('/api/test/out-of-range', async (c) => {
        await sql`select ${'1e308'}::numeric::integer as n, ${HASH}::text as h, ${EMAIL}::text as e`.execute(test.database.kysely);
        return c.json({});
      });
      routes.get('/api/test/not-a-number', async (c) => {
        await sql`select ${EMAIL}::integer as n, ${HASH}::text as h`.execute(test.database.kysely);
        return c.json({});
      });
    },
  });
});

afterAll(async () => {
  await test?.dispose();
});

function logLines(): string {
  return logs.lines.map((line) => JSON.stringify(line)).join('\n');
}

describe(`database errors (${DRIVER})`, () => {
  it('a data exception is a 400 with a human sentence ({detail}, {message} for GET), logged at warn', async () => {
    logs.lines.length = 0;
    const nul = await app.request('/api/test/nul', { method: 'POST' });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({ detail: HTTP_MESSAGES.unstorableValue, code: 'unstorableValue' });
    for (const path of ['/api/test/out-of-range', '/api/test/not-a-number']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ message: HTTP_MESSAGES.unstorableValue, code: 'unstorableValue' });
    }
    const lines = logs.lines.filter((line) => String(line.path).startsWith('/api/test/'));
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toMatchObject({ level: 40, msg: 'request refused by the database', status: 400 });
      expect((line.err as { code?: string }).code).toMatch(/^22/);
    }
  });

  it('no log line carries the query parameters of a failed query (hash, email)', async () => {
    logs.lines.length = 0;
    const duplicate = await app.request('/api/test/duplicate', { method: 'POST' });
    expect(duplicate.status).toBe(500);
    expect(await duplicate.json()).toEqual({ detail: HTTP_MESSAGES.internalError, code: 'internalError' });
    await app.request('/api/test/nul', { method: 'POST' });
    await app.request('/api/test/out-of-range');
    await app.request('/api/test/not-a-number');
    // Also an error logged by hand, as the workers do.
    const error = await insertUser('third-user').catch((caught: unknown) => caught);
    logs.logger.error({ err: error }, 'by hand');

    const text = logLines();
    expect(logs.lines.length).toBeGreaterThanOrEqual(5);
    expect(text).not.toContain('never-log-this');
    expect(text).not.toContain('argon2id');
    // The error stays useful: its SQLSTATE, its message and its stack.
    const failed = logs.lines.find((line) => line.msg === 'request failed');
    expect(failed?.err).toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
    expect(failed?.err).toMatchObject({ stack: expect.stringContaining('duplicate key') });
  });
});
