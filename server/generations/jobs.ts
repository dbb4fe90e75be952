/**
 * The generations' side of the job queue: one pg-boss queue, `generations`, whose job id is the
 * generation id (so a job and its row find each other without a mapping).
 *
 * Retries and time limits are set on each job when it is sent (pg-boss lets a job override its
 * queue's settings), so they reach every job whatever the queue was created with:
 * - retryLimit 2, with exponential backoff from retryDelay: transient failures (EngineError
 *   `transient`, network errors) and runs lost with their worker are tried again;
 * - expireInSeconds = the feature's time limit + EXPIRY_GRACE_SECONDS: the worker ends a run at
 *   its time limit itself (an AbortController), pg-boss's expiry is only the safety net behind it;
 * - priority = the owner's plan's queue priority (0 to 3): pg-boss 12 always fetches by
 *   `priority desc, created_on`, so a higher plan's job starts before older jobs of lower plans
 *   (docs/product-rules.md#billing). A retry keeps its job's priority.
 */
import { fromKysely, type JobWithMetadata } from 'pg-boss';
import type { Transaction } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { Tables } from '../db/schema.ts';
import type { Queue } from '../queue/index.ts';
import { markTakenBack, queueJobStates, unclaimedQueueJobs, type JobState } from './queue-repository.ts';

export const GENERATIONS_QUEUE = 'generations';

/** Times a failed run is tried again (3 runs in all), by pg-boss. */
export const RETRY_LIMIT = 2;
/** First retry delay, in seconds; pg-boss doubles it per retry, with jitter. */
export const RETRY_DELAY_SECONDS = 5;
/** How long past its time limit a run may stay active before pg-boss takes it back, in seconds. */
export const EXPIRY_GRACE_SECONDS = 120;
/** At most this many unclaimed jobs per recovery pass (the next pass takes the rest). */
const UNCLAIMED_BATCH = 500;

export interface GenerationJobData {
  generationId: string;
}

export type GenerationJob = JobWithMetadata<GenerationJobData>;

export interface QueueJob {
  state: JobState;
  retryCount: number;
}

export interface GenerationJobs {
  /**
   * Enqueues the job of generation `id`; inside `trx` when given (committed with it). `priority`
   * is the owner's plan's (queuePriority, server/billing/gates.ts; 0 when not given): pg-boss
   * fetches the highest priority first, then the oldest.
   */
  send(id: string, timeoutSeconds: number, trx?: Transaction<Tables>, priority?: number): Promise<void>;
  /** Wakes this process's workers so a job just sent starts without waiting for a poll. */
  wake(): void;
  /** Cancels a job that has not started (best effort: a started one is stopped through its row). */
  cancel(id: string): Promise<void>;
  /**
   * Fails an active job whose worker is gone: pg-boss retries it when it has retries left. Fenced
   * to the attempt seen (`retryCount`), so two processes releasing the same job use one retry.
   */
  release(id: string, retryCount: number): Promise<void>;
  /** The pg-boss state and attempt of each job among `ids` (missing jobs are left out). */
  states(ids: readonly string[]): Promise<Map<string, QueueJob>>;
  /**
   * Jobs a worker fetched more than `leaseMs` ago (by the database's clock) and never claimed:
   * active in pg-boss while their row is still queued and no claim or take-back records that
   * attempt. Their worker died in between (recovery.ts).
   */
  unclaimed(leaseMs: number): Promise<Array<{ id: string; retryCount: number }>>;
  /**
   * Takes attempt `retryCount` of an unclaimed job back, in one transaction: records it on the
   * row (so that attempt's claim is refused, should its worker be alive after all), fails it in
   * pg-boss (fenced to that attempt) and makes the retry fetchable at once — it never ran, so it
   * waits no backoff. False, with nothing written, when the attempt claimed the job meanwhile.
   */
  takeBack(id: string, retryCount: number): Promise<boolean>;
  /**
   * Creates the queue (before any send) and runs `handler` for each job, with WORKERS concurrent
   * workers in this process (none when WORKERS=0).
   */
  start(handler: (job: GenerationJob) => Promise<void>): Promise<void>;
  /** Stops fetching jobs in this process (shutdown); runs in progress go on. */
  stopFetching(): Promise<void>;
}

export function createGenerationJobs(queue: Queue, database: Database, options: { retryDelaySeconds?: number } = {}): GenerationJobs {
  const boss = queue.boss;
  const retryDelay = options.retryDelaySeconds ?? RETRY_DELAY_SECONDS;
  let knownTable: string | undefined;
  /** The table pg-boss keeps this queue's jobs in (undefined before the queue exists). */
  const queueTable = async () => (knownTable ??= (await boss.getQueue(GENERATIONS_QUEUE))?.table);

  return {
    async send(id, timeoutSeconds, trx, priority = 0) {
      const sendOptions = {
        id,
        priority,
        retryLimit: RETRY_LIMIT,
        retryDelay,
        retryBackoff: true,
        expireInSeconds: Math.ceil(timeoutSeconds) + EXPIRY_GRACE_SECONDS,
      };
      const data: GenerationJobData = { generationId: id };
      await boss.send(GENERATIONS_QUEUE, data, trx ? { ...sendOptions, db: fromKysely(trx) } : sendOptions);
    },
    wake: () => queue.wake(GENERATIONS_QUEUE),
    async cancel(id) {
      await boss.cancel(GENERATIONS_QUEUE, id);
    },
    async release(id, retryCount) {
      await boss.fail(GENERATIONS_QUEUE, { id, retryCount }, { message: 'the worker running this job stopped' });
    },
    async states(ids) {
      if (ids.length === 0) return new Map();
      const table = await queueTable();
      if (!table) return new Map();
      const rows = await queueJobStates(database.kysely, table, GENERATIONS_QUEUE, ids);
      return new Map(rows.map((row) => [row.id, { state: row.state, retryCount: Number(row.retry_count) }]));
    },
    async unclaimed(leaseMs) {
      const table = await queueTable();
      if (!table) return [];
      const rows = await unclaimedQueueJobs(database.kysely, table, GENERATIONS_QUEUE, leaseMs, UNCLAIMED_BATCH);
      return rows.map((row) => ({ id: row.id, retryCount: Number(row.retry_count) }));
    },
    takeBack: (id, retryCount) =>
      database.kysely.transaction().execute(async (trx) => {
        // The claim of this attempt waits on this row's lock, then finds it taken back (or it
        // claimed first, and this finds the row processing): never both.
        if (!(await markTakenBack(trx, id, retryCount))) return false;
        const db = fromKysely(trx);
        await boss.fail(GENERATIONS_QUEUE, { id, retryCount }, { message: 'the worker that fetched this job stopped before starting it' }, { db });
        await boss.update(GENERATIONS_QUEUE, undefined, { id, startAfter: 0, db });
        return true;
      }),
    async start(handler) {
      await queue.registerWorkerWithMetadata<GenerationJobData>(
        GENERATIONS_QUEUE,
        async (jobs) => {
          for (const job of jobs) await handler(job);
          // Fetch the next job at once instead of after a poll interval (an empty fetch then
          // falls back to polling).
          queue.wake(GENERATIONS_QUEUE);
        },
        { queue: { retryLimit: RETRY_LIMIT, retryDelay, retryBackoff: true } },
      );
    },
    async stopFetching() {
      await boss.offWork(GENERATIONS_QUEUE, { wait: false });
    },
  };
}
