/**
 * What an admitted /v1 read costs the database (docs/product-rules.md#api-auth,
 * #api-rate-limit, #api-usage): the same job-status read as the studios' `/api` path, plus, on
 * Postgres, ONE statement that finds the token and reserves its admission (a plain read while the
 * process holds reserved admissions); on PGlite that statement only when the process holds no
 * reserved admission for the token (the token itself is kept in memory until a change of it is
 * heard). The usage is not written by the read: it is buffered and written, for many
 * requests, by one statement at the next flush; and concurrent requests share one token
 * statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER } from './helpers/database.ts';
import type { Statement } from './helpers/generations.ts';
import { createV1Harness, type ApiClient, type V1Harness } from './helpers/public-api-generations.ts';
import { createTestEngine } from './helpers/test-engine.ts';

/** Long enough that no timed flush happens during the test (ms): the flushes below are the test's own. */
const NO_TIMED_FLUSH_MS = 3_600_000;
const QUICK_JOB = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'female', height: 165, weight: 54, age: 28, skin_tone: 'light', body_type: 'ectomorph', aspect_ratio: '1:1' },
} as const;

let v1: V1Harness;
let client: ApiClient;
let jobId: string;

beforeAll(async () => {
  v1 = await createV1Harness({ engine: createTestEngine(), workers: 1, usageFlush: { flushMs: NO_TIMED_FLUSH_MS } });
  client = await v1.client({ credits: 10, permissions: ['body-generator'] });
  const submitted = await client.submit(QUICK_JOB);
  if (submitted.status !== 202) throw new Error(`set-up: submit answered ${submitted.status}`);
  jobId = (submitted.body as { id: string }).id;
  const job = await client.person.settled(jobId);
  if (job.status !== 'completed') throw new Error(`set-up: the job ended ${job.status}`);
  await v1.flushUsage();
}, 120_000);

afterAll(async () => {
  await v1?.h.dispose();
});

const tokenStatements = (statements: readonly Statement[]) => statements.filter((statement) => statement.kind === 'RawNode');

async function usageOf(tokenId: string): Promise<{ requests: number; logged: number }> {
  const db = v1.h.database.kysely;
  const days = await db.selectFrom('api_token_usage').select('requests').where('token_id', '=', tokenId).execute();
  const logged = await db.selectFrom('api_requests').select('id').where('token_id', '=', tokenId).execute();
  return { requests: days.reduce((sum, day) => sum + day.requests, 0), logged: logged.length };
}

describe(`the cost of an admitted /v1 read (${DRIVER})`, () => {
  it("reads a job's status with /api's statements plus one for the token, writes no usage, and flushes many reads in one statement", async () => {
    const api = await v1.h.statementsDuring(() => client.person.call('GET', `/api/generations/${jobId}`));
    expect(api.result.status).toBe(200);
    expect(api.statements.filter((statement) => statement.writes)).toEqual([]);

    const before = await usageOf(client.tokenId);
    const reads = 12;
    for (let index = 0; index < reads; index++) {
      const { result, statements } = await v1.h.statementsDuring(() => client.call('GET', `/v1/generations/${jobId}`));
      expect(result.status).toBe(200);
      expect(result.headers.get('ratelimit')).toMatch(/^"token";r=\d+;t=\d+$/);
      // The job read itself is /api's; the one more statement finds the token (and, when it
      // holds no admission to spend, reserves some: the only write a read may do). The token's
      // first request (the set-up's submit) reserved only itself, the first read here reserves
      // its spares too (3 s of the token's schedule, 15 s on PGlite): there the reads after it spend them
      // with no token statement at all.
      const tokenReads = DRIVER === 'pglite' && index >= 1 ? 0 : 1;
      expect(statements.length, `read ${index}`).toBeLessThanOrEqual(api.statements.length + tokenReads);
      expect(tokenStatements(statements), `read ${index}`).toHaveLength(tokenReads);
      expect(statements.filter((statement) => statement.writes).length, `read ${index}`).toBeLessThanOrEqual(tokenReads);
    }
    // Nothing of these reads is written yet: the usage waits in the buffer.
    expect(await usageOf(client.tokenId)).toEqual(before);

    const flush = await v1.h.statementsDuring(() => v1.flushUsage());
    expect(flush.statements).toEqual([{ kind: 'RawNode', writes: true }]);
    expect(await usageOf(client.tokenId)).toEqual({ requests: before.requests + reads, logged: before.logged + reads });
  });

  it('looks up the tokens of concurrent requests together', async () => {
    const tokens = await Promise.all(Array.from({ length: 16 }, () => v1.token(client.person, { permissions: ['body-generator'] })));
    const { result, statements } = await v1.h.statementsDuring(() => Promise.all(tokens.map((token) => token.call('GET', `/v1/generations/${jobId}`))));
    expect(result.map((answer) => answer.status)).toEqual(Array<number>(16).fill(200));
    // One job read each; the tokens are found by a statement for the first request and one for
    // those that arrived while it ran (a busy machine may split them once more) — not one each.
    expect(statements.filter((statement) => statement.kind === 'SelectQueryNode').length).toBeLessThanOrEqual(16);
    expect(tokenStatements(statements).length).toBeLessThanOrEqual(3);
  });
});
