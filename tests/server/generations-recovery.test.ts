/**
 * Crash safety, pass by pass: jobs whose worker vanished (a processing row with a stale heartbeat
 * and a pg-boss job still active) are handed back to pg-boss for a retry, or failed and refunded
 * once the retries are spent; jobs whose worker vanished after pg-boss handed them over and before
 * it claimed them are taken back within the claim lease, and that worker's late claim is refused;
 * queued jobs that lost their queue job are enqueued again; and no combination of passes,
 * retries and failures ever refunds twice.
 *
 * The harness runs no in-process workers (WORKERS=0): the test plays the dead worker itself,
 * fetching the pg-boss job and claiming the row the way a worker does, then never finishing.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GENERATION_MESSAGES } from '../../src/contract/generation-messages.ts';
import { createGenerationJobs, GENERATIONS_QUEUE, RETRY_LIMIT } from '../../server/generations/jobs.ts';
import { createRecovery, type Recovery } from '../../server/generations/recovery.ts';
import { createGenerationsRepository, ledgerKey } from '../../server/generations/repository.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, waitFor, type GenerationsHarness, type Person } from './helpers/generations.ts';
import { silentLogger } from './helpers/logs.ts';
import { createTestEngine } from './helpers/test-engine.ts';

const BODY = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'male', height: 180, weight: 75, age: 35, skin_tone: 'tan', body_type: 'ectomorph', aspect_ratio: '1:1' },
} as const;

/** Staleness the tests use, in ms (production: 10 s). */
const STALE_MS = 1_000;
/** Claim lease the tests use, in ms (production: CLAIM_LEASE_MS, 5 s). */
const LEASE_MS = 1_000;

let h: GenerationsHarness;
/** A second process's recovery on the same database (passes of several processes overlap). */
let other: Recovery;

beforeAll(async () => {
  h = await createGenerationsHarness({
    engine: createTestEngine(),
    workers: 0,
    // Passes run when a test calls sweep(); the timer's first pass is hours away.
    tuning: { staleAfterMs: STALE_MS, claimLeaseMs: LEASE_MS, sweepIntervalMs: 3_600_000, queuedGraceMs: 0, retryDelaySeconds: 1 },
  });
});

afterAll(async () => {
  await h?.dispose();
});

beforeAll(() => {
  other = createRecovery({
    repository: createGenerationsRepository(h.database),
    jobs: createGenerationJobs(h.queue, h.database, { retryDelaySeconds: 1 }),
    driver: h.database.driver,
    logger: silentLogger(),
    now: Date.now,
    timeoutSeconds: () => 600,
    discardStaged: (column) => h.media.service.discardResults(h.media.service.readStaged(column)),
    staleAfterMs: STALE_MS,
    claimLeaseMs: LEASE_MS,
  });
});

// Each test fetches and sweeps "its" job: what a test leaves running is ended, and its queue job
// removed, so the next test's passes and fetches see only their own.
afterEach(async () => {
  await h.database.kysely.updateTable('generations').set({ status: 'cancelled' }).where('status', 'in', ['queued', 'processing']).execute();
  await h.queue.boss.deleteQueuedJobs(GENERATIONS_QUEUE);
});

const queueState = async (id: string) => (await h.queue.boss.findJobs(GENERATIONS_QUEUE, { id }))[0]?.state;
const row = (id: string) => h.database.kysely.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** What pg-boss does when it hands a worker a job: the job, fetched (active), with its attempt. */
async function fetchJob(id: string): Promise<{ id: string; retryCount: number }> {
  const fetched = await waitFor(
    async () => {
      const jobs = await h.queue.boss.fetch(GENERATIONS_QUEUE, { includeMetadata: true });
      return jobs.length > 0 ? jobs : undefined;
    },
    10_000,
    'a fetchable job',
  );
  expect(fetched.map((job) => job.id)).toEqual([id]);
  return { id, retryCount: fetched[0]?.retryCount ?? -1 };
}

/** What a worker does when it takes a job, minus the run: fetch it from pg-boss, claim the row; then it "dies". */
async function dieWhileRunning(id: string): Promise<void> {
  const job = await fetchJob(id);
  const claimed = await createGenerationsRepository(h.database).claim(id, new Date(), job.retryCount);
  expect(claimed.kind === 'claimed' && claimed.row.status).toBe('processing');
  // Its last heartbeat, long enough ago to be stale.
  await h.database.kysely
    .updateTable('generations')
    .set({ heartbeat_at: new Date(Date.now() - 5 * STALE_MS) })
    .where('id', '=', id)
    .execute();
}

async function refunds(person: Person, id: string) {
  return (await h.ledger(person.id)).filter((entry) => entry.idempotency_key === ledgerKey(id, 'refund'));
}

describe(`recovery passes (${DRIVER})`, () => {
  it("hands a dead worker's job back to pg-boss while retries remain, then fails and refunds it once", async () => {
    const person = await h.person(5);
    const { body } = await person.submit(BODY);
    for (let attempt = 1; attempt <= RETRY_LIMIT; attempt += 1) {
      await dieWhileRunning(body.id);
      // Two processes' passes at once: the job is handed back once.
      const changed = await Promise.all([h.generations.recovery.sweep(), other.sweep()]);
      expect(changed.toSorted()).toEqual([0, 1]);
      expect(await row(body.id)).toMatchObject({ status: 'queued', attempts: attempt });
      expect(await queueState(body.id)).toBe('retry');
    }
    // The last attempt dies too: no retries left.
    await dieWhileRunning(body.id);
    expect(await h.generations.recovery.sweep()).toBe(1);
    expect(await queueState(body.id)).toBe('failed');
    expect(await person.generation(body.id)).toMatchObject({
      status: 'failed',
      error: { code: 'failedToProcess', message: GENERATION_MESSAGES.failedToProcess },
    });
    expect(await refunds(person, body.id)).toEqual([{ kind: 'refund', amount: 1, idempotency_key: ledgerKey(body.id, 'refund') }]);

    // Another pass, and a late fail of the same run, change nothing.
    expect(await h.generations.recovery.sweep()).toBe(0);
    const repository = createGenerationsRepository(h.database);
    expect(
      await repository.fail(body.id, { code: 'failedToProcess', message: 'late' }, new Date(), {
        attempt: RETRY_LIMIT + 1,
        statuses: ['processing', 'queued'],
      }),
    ).toBe(false);
    expect(await refunds(person, body.id)).toHaveLength(1);
    expect(await h.balance(person.id)).toBe(5);
  });

  it("releases a job only while the attempt it saw holds it: never a newer worker's claim", async () => {
    const person = await h.person(5);
    const { body } = await person.submit(BODY);
    const jobs = createGenerationJobs(h.queue, h.database, { retryDelaySeconds: 1 });
    await dieWhileRunning(body.id);
    const seen = (await jobs.states([body.id])).get(body.id);
    expect(seen?.state).toBe('active');
    await jobs.release(body.id, seen?.retryCount ?? -1);
    expect(await queueState(body.id)).toBe('retry');
    // A new worker takes it; a late release of the attempt seen before leaves the new claim alone.
    await dieWhileRunning(body.id);
    await jobs.release(body.id, seen?.retryCount ?? -1);
    expect(await queueState(body.id)).toBe('active');
  });

  it('leaves a job with a fresh heartbeat alone', async () => {
    const person = await h.person(5);
    const { body } = await person.submit(BODY);
    await dieWhileRunning(body.id);
    await h.database.kysely.updateTable('generations').set({ heartbeat_at: new Date() }).where('id', '=', body.id).execute();
    expect(await h.generations.recovery.sweep()).toBe(0);
    expect(await row(body.id)).toMatchObject({ status: 'processing' });
    expect(await queueState(body.id)).toBe('active');
    // Once it goes stale, it is recovered.
    await sleep(STALE_MS + 100);
    expect(await h.generations.recovery.sweep()).toBe(1);
    expect(await row(body.id)).toMatchObject({ status: 'queued' });
  });

  it("agrees with pg-boss's own expiry: a job pg-boss already retries is queued again, never refunded", async () => {
    const person = await h.person(5);
    const { body } = await person.submit(BODY);
    await dieWhileRunning(body.id);
    // pg-boss's supervisor got there first (expiry or heartbeat): the job is in retry.
    await h.queue.boss.fail(GENERATIONS_QUEUE, body.id, { message: 'job timed out' });
    expect(await queueState(body.id)).toBe('retry');
    expect(await h.generations.recovery.sweep()).toBe(1);
    expect(await row(body.id)).toMatchObject({ status: 'queued' });
    expect(await refunds(person, body.id)).toEqual([]);
  });

  it('enqueues again a queued job whose queue job is gone, and fails one whose queue job ended', async () => {
    const person = await h.person(5);
    const lost = (await person.submit(BODY)).body.id as string;
    await h.queue.boss.deleteJob(GENERATIONS_QUEUE, lost);
    expect(await queueState(lost)).toBeUndefined();
    const ended = (await person.submit(BODY)).body.id as string;
    await h.queue.boss.cancel(GENERATIONS_QUEUE, ended);

    expect(await h.generations.recovery.sweep()).toBe(2);
    expect(await queueState(lost)).toBe('created');
    expect(await row(lost)).toMatchObject({ status: 'queued' });
    expect(await person.generation(ended)).toMatchObject({ status: 'failed', error: { code: 'failedToProcess' } });
    expect(await refunds(person, ended)).toHaveLength(1);
    expect(await refunds(person, lost)).toEqual([]);
  });

  it('refunds once when a cancel and a failure race for the same job', async () => {
    const person = await h.person(5);
    const { body } = await person.submit(BODY);
    await dieWhileRunning(body.id);
    const repository = createGenerationsRepository(h.database);
    const attempt = (await row(body.id)).attempts;
    const outcomes = await Promise.all([
      person.call('POST', `/api/generations/${body.id}/cancel`),
      repository.fail(body.id, { code: 'failedToProcess', message: 'x' }, new Date(), { attempt, statuses: ['processing'] }),
      h.generations.recovery.sweep(),
    ]);
    const ended = await row(body.id);
    expect(['cancelled', 'failed']).toContain(ended.status);
    expect(outcomes[0].status).toBe(ended.status === 'cancelled' ? 200 : 409);
    expect(await refunds(person, body.id)).toHaveLength(1);
    // The ledger's unique key is what makes it so, whoever writes.
    const duplicate = sql`insert into credit_ledger (id, user_id, kind, amount, reason, idempotency_key, created_at)
      values (gen_random_uuid()::text, ${person.id}, 'refund', 1, 'again', ${ledgerKey(body.id, 'refund')}, now())`.execute(h.database.kysely);
    await expect(duplicate).rejects.toThrow(/unique|duplicate/i);
    expect(await h.balance(person.id)).toBe(5);
  });
});

describe(`a worker that died between pg-boss handing it a job and its claim (${DRIVER})`, () => {
  it("is taken back once its claim lease has run out: the job is fetchable at once, and that worker's late claim is refused", async () => {
    const person = await h.person(5);
    const { body } = await person.submit(BODY);
    const repository = createGenerationsRepository(h.database);
    // pg-boss hands it over; the worker's process dies before its claim.
    const dead = await fetchJob(body.id);
    expect(await queueState(body.id)).toBe('active');
    // Within the lease a live worker would still claim it: left alone.
    expect(await h.generations.recovery.sweep()).toBe(0);
    await sleep(LEASE_MS + 200);
    // Two processes' passes at once: taken back once.
    expect((await Promise.all([h.generations.recovery.sweep(), other.sweep()])).toSorted()).toEqual([0, 1]);
    expect(await row(body.id)).toMatchObject({ status: 'queued', attempts: 0, queue_attempt: dead.retryCount });
    // Fetchable now, not after a failed run's backoff (retryDelaySeconds 1 would hold it 1 to 2 s).
    const again = await fetchJob(body.id);
    expect(again.retryCount).toBe(dead.retryCount + 1);
    // Had the worker been merely slow, its claim now is refused; the new attempt's is not.
    expect(await repository.claim(body.id, new Date(), dead.retryCount)).toEqual({ kind: 'refused' });
    const claimed = await repository.claim(body.id, new Date(), again.retryCount);
    expect(claimed.kind === 'claimed' && claimed.row).toMatchObject({ status: 'processing', attempts: 1 });
    // Nothing was charged or refunded on the way.
    expect(await refunds(person, body.id)).toEqual([]);
    expect(await h.balance(person.id)).toBe(4);
  });

  it('never both takes back and lets a slow worker claim: whichever comes first wins', async () => {
    const person = await h.person(5);
    const repository = createGenerationsRepository(h.database);

    // The claim first (late, past the lease): the pass leaves the running job alone.
    const first = (await person.submit(BODY)).body.id as string;
    const slow = await fetchJob(first);
    await sleep(LEASE_MS + 200);
    expect((await repository.claim(first, new Date(), slow.retryCount)).kind).toBe('claimed');
    expect(await h.generations.recovery.sweep()).toBe(0);
    expect(await queueState(first)).toBe('active');
    await h.database.kysely.updateTable('generations').set({ status: 'cancelled' }).where('id', '=', first).execute();

    // Both at once, on a job of its own: exactly one of them happens.
    const second = (await person.submit(BODY)).body.id as string;
    const racing = await fetchJob(second);
    await sleep(LEASE_MS + 200);
    const [claim, swept] = await Promise.all([repository.claim(second, new Date(), racing.retryCount), h.generations.recovery.sweep()]);
    const { status, attempts } = await row(second);
    const outcome = { claim: claim.kind, swept, queue: await queueState(second), status, attempts };
    expect([
      { claim: 'claimed', swept: 0, queue: 'active', status: 'processing', attempts: 1 },
      { claim: 'refused', swept: 1, queue: 'retry', status: 'queued', attempts: 0 },
    ]).toContainEqual(outcome);
  });
});
