/** The job queue on the database under test, and its sharing of PGlite's single connection. */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from 'pg-boss';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PgliteDatabase } from '../../server/db/connection.ts';
import { startQueue, type Queue } from '../../server/queue/index.ts';
import { pgliteBossDb } from '../../server/queue/pglite-adapter.ts';
import { createTestDatabase, DRIVER, type TestDatabase } from './helpers/database.ts';
import { captureLogs, silentLogger } from './helpers/logs.ts';

let test: TestDatabase;
const queues: Queue[] = [];

async function queueWith(workers: number, logger = silentLogger()): Promise<Queue> {
  const queue = await startQueue({ config: { workers }, db: test.database, logger });
  queues.push(queue);
  return queue;
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(50);
  }
}

beforeEach(async () => {
  test = await createTestDatabase({ migrated: true });
});

afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop({ timeoutMs: 1_000 });
  await test.dispose();
});

describe(`queue (${DRIVER})`, () => {
  it('is ready once started and not after stop', async () => {
    const queue = await queueWith(1);
    expect(await queue.ready()).toBe(true);
    await queue.stop({ timeoutMs: 1_000 });
    expect(await queue.ready()).toBe(false);
  });

  it('logs a warning without the values of its query (a slow-query warning carries them)', async () => {
    const logs = captureLogs();
    const queue = await queueWith(0, logs.logger);
    const email = 'never-log-this@example.com';
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$never-log-this-hash';
    const text = 'select * from users where email = $1 and password_hash = $2';
    // What pg-boss emits for a query slower than warningSlowQuerySeconds (at least 1 s, so it is
    // emitted here rather than provoked).
    queue.boss.emit('warning', {
      message: 'Warning: slow query. Your queues and/or database server should be reviewed',
      data: { elapsed: 31.5, sql: text, values: [email, hash] },
    });
    const line = logs.lines.find((entry) => entry.msg === 'queue warning');
    expect(line?.warning).toEqual({ message: 'Warning: slow query. Your queues and/or database server should be reviewed', elapsed: 31.5, sql: text });
    const all = JSON.stringify(logs.lines);
    expect(all).not.toContain(email);
    expect(all).not.toContain('never-log-this-hash');
  });

  it('runs registered handlers with WORKERS concurrent workers', async () => {
    const queue = await queueWith(2);
    let running = 0;
    let maxRunning = 0;
    const done: number[] = [];
    await queue.registerWorker<{ n: number }>('concurrency', async ([job]) => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      // Long enough for the second worker to pick up a job meanwhile.
      await sleep(400);
      running -= 1;
      if (job) done.push(job.data.n);
    });
    for (let n = 0; n < 6; n += 1) await queue.boss.send('concurrency', { n });

    await waitFor(() => done.length === 6, 15_000);
    expect(done.toSorted()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(maxRunning).toBe(2);
  });

  it('runs no handler in-process when WORKERS=0, but still accepts jobs', async () => {
    const queue = await queueWith(0);
    let handled = 0;
    const workerId = await queue.registerWorker('web-only', async () => {
      handled += 1;
    });
    expect(workerId).toBeNull();
    const jobId = await queue.boss.send('web-only', { hello: 'world' });
    expect(jobId).toEqual(expect.any(String));
    // Four polling intervals (0.5 s each) would have been plenty for a worker.
    await sleep(2_000);
    expect(handled).toBe(0);
    const [job] = await queue.boss.findJobs('web-only', { id: jobId as string });
    expect(job?.state).toBe('created');
  });
});

describe.runIf(DRIVER === 'pglite')('pg-boss and Kysely on one PGlite connection', () => {
  it('holds pg-boss statements back while a Kysely transaction is open', async () => {
    const queue = await queueWith(1);
    await queue.boss.createQueue('interleave');

    let sendSettled = false;
    let send: Promise<string | null> | undefined;
    const outcome = await test.database.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('app_settings')
        .values({ key: 'tx-probe', value: JSON.stringify(true) })
        .execute();
      send = queue.boss.send('interleave', { n: 1 }).then((id) => {
        sendSettled = true;
        return id;
      });
      await sleep(300);
      // Had the insert run inside this transaction, it would be visible here — and then
      // rolled back with it below.
      const inside = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'interleave'`.execute(trx);
      return { sendSettledInside: sendSettled, jobsSeenInside: inside.rows[0]?.n };
    });
    expect(outcome).toEqual({ sendSettledInside: false, jobsSeenInside: 0 });
    const jobId = await send;
    expect(jobId).toEqual(expect.any(String));
  });

  it('does not roll back a job sent while a Kysely transaction that fails is open', async () => {
    const queue = await queueWith(1);
    await queue.boss.createQueue('rolled-back');

    let send: Promise<string | null> | undefined;
    const failure = test.database.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('app_settings')
        .values({ key: 'rolled-back-probe', value: JSON.stringify(1) })
        .execute();
      send = queue.boss.send('rolled-back', { n: 1 });
      await sleep(200);
      throw new Error('abort the transaction');
    });
    await expect(failure).rejects.toThrow('abort the transaction');

    const jobId = await send;
    const [job] = await queue.boss.findJobs('rolled-back', { id: jobId as string });
    expect(job?.id).toBe(jobId);
    const probe = await test.database.kysely.selectFrom('app_settings').where('key', '=', 'rolled-back-probe').selectAll().execute();
    expect(probe).toEqual([]);
  });

  it('keeps many concurrent transactions and pg-boss calls consistent', async () => {
    const queue = await queueWith(1);
    await queue.boss.createQueue('mixed');
    const count = 15;
    const transactions = Array.from({ length: count }, (_, i) =>
      test.database.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('app_settings')
          .values({ key: `k${i}`, value: JSON.stringify(i) })
          .execute();
        await sleep(5);
        const row = await trx.selectFrom('app_settings').where('key', '=', `k${i}`).select('value').executeTakeFirstOrThrow();
        return row.value;
      }),
    );
    const sends = Array.from({ length: count }, (_, i) => queue.boss.send('mixed', { i }));
    const [values, ids] = await Promise.all([Promise.all(transactions), Promise.all(sends)]);

    expect(values).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(new Set(ids).size).toBe(count);
    const jobs = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'mixed'`.execute(test.database.kysely);
    expect(jobs.rows[0]?.n).toBe(count);
  });

  it('rolls back a failed multi-statement block before anyone else uses the connection', async () => {
    const bossDb: Db = pgliteBossDb(test.database as PgliteDatabase);
    // Both are queued at once: the Kysely query must not run in the aborted transaction the
    // failed block leaves behind.
    const failing = bossDb.executeSql('BEGIN; SELECT 1; SELECT 1/0; COMMIT;');
    const next = sql<{ one: number }>`select 1 as one`.execute(test.database.kysely);
    await expect(failing).rejects.toThrow(/division by zero/);
    expect((await next).rows).toEqual([{ one: 1 }]);
  });

  it('returns rows of a RETURNING in the middle of a multi-statement block', async () => {
    const bossDb: Db = pgliteBossDb(test.database as PgliteDatabase);
    const result = await bossDb.executeSql(`BEGIN; INSERT INTO app_settings (key, value) VALUES ('returned', '1') RETURNING key; COMMIT;`);
    expect(result.rows).toEqual([{ key: 'returned' }]);
    const withParams = await bossDb.executeSql('select value from app_settings where key = $1', ['returned']);
    expect(withParams.rows).toEqual([{ value: 1 }]);
  });
});
