/**
 * The job queue: pg-boss on the application's own database (PGlite through the shared
 * connection, or Postgres through DATABASE_URL).
 *
 * Job modules register their handlers with `registerWorker(name, handler)`. With WORKERS=0 the
 * process only enqueues (a web-only instance) and handlers are not run here; otherwise each job
 * type gets WORKERS concurrent in-process workers.
 */
import { PgBoss, type Job, type JobWithMetadata, type QueueOptions, type Warning } from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { Logger } from '../logger.ts';
import { pgliteBossDb } from './pglite-adapter.ts';

/** Where pg-boss keeps its tables (its own schema, next to the application's tables). */
export const QUEUE_SCHEMA = 'pgboss';

/**
 * Idle polling interval of a worker, in seconds. pg-boss's default is 2 s; 0.5 s (its minimum)
 * keeps a generation's pick-up latency low: measured here, 20 jobs with 4 workers took 2.6 s.
 */
const POLLING_INTERVAL_SECONDS = 0.5;

/** How long a readiness probe may take before the queue counts as not ready, in milliseconds. */
const READY_TIMEOUT_MS = 2_000;

/** A job id no job has: a harmless lookup that warms pg-boss's queue cache. */
const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/** Pool size of pg-boss's own Postgres connections (PGlite has exactly one, shared). */
const PG_POOL_MAX = 4;

export type JobHandler<T> = (jobs: Job<T>[]) => Promise<unknown>;
export type JobWithMetadataHandler<T> = (jobs: JobWithMetadata<T>[]) => Promise<unknown>;

export interface RegisterOptions {
  /**
   * Options of the queue (retries, backoff, expiration, retention), applied when it is created and
   * updated on every start-up so a changed setting reaches an existing queue.
   */
  queue?: Omit<QueueOptions, 'retryDelayMax' | 'heartbeatSeconds'>;
}

export interface Queue {
  readonly boss: PgBoss;
  /** True when pg-boss runs and its schema answers within READY_TIMEOUT_MS. */
  ready(): Promise<boolean>;
  /**
   * Creates the queue `name` (idempotent) and, unless WORKERS=0, starts WORKERS workers for it.
   * Resolves to the worker id, or null when this process runs no workers.
   */
  registerWorker<T>(name: string, handler: JobHandler<T>, options?: RegisterOptions): Promise<string | null>;
  /** Like registerWorker, but each job arrives with its metadata (retry count and limit, state, …). */
  registerWorkerWithMetadata<T>(name: string, handler: JobWithMetadataHandler<T>, options?: RegisterOptions): Promise<string | null>;
  /**
   * Makes this process's workers of queue `name` fetch now rather than at their next poll: after
   * a send (an idle worker picks the job up at once) and after a job (a busy queue drains without
   * a poll interval between jobs). Workers in other processes keep polling.
   */
  wake(name: string): void;
  /** Stops fetching, waits up to `timeoutMs` for running jobs, then detaches from the database. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

export interface StartQueueOptions {
  config: Pick<Config, 'workers'>;
  db: Database;
  logger: Logger;
}

/**
 * Fields of a pg-boss warning's `data` that may reach the log, when they are text or numbers.
 * The data is whatever each warning carries, and the slow-query warning's is
 * `{ elapsed, sql, values }`: `values` are the query's parameters (emails, password hashes, job
 * payloads). The SQL text keeps its `$1` placeholders, so it tells an operator which statement
 * was slow without saying with what.
 */
const LOGGABLE_WARNING_FIELDS = ['type', 'elapsed', 'sql', 'queue'] as const;

/** A pg-boss warning as it may be logged: its message and the known safe fields, nothing else. */
export function loggableWarning(warning: Warning): Record<string, string | number> {
  const out: Record<string, string | number> = { message: String(warning.message) };
  const data = (warning.data ?? {}) as Record<string, unknown>;
  for (const field of LOGGABLE_WARNING_FIELDS) {
    const value = data[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  return out;
}

/** Default wait for running jobs when stopping, in milliseconds. */
const DEFAULT_STOP_TIMEOUT_MS = 10_000;

export async function startQueue({ config, db, logger }: StartQueueOptions): Promise<Queue> {
  const log = logger.child({ area: 'queue' });
  const boss =
    db.driver === 'pglite'
      ? new PgBoss({ db: pgliteBossDb(db), backend: 'pglite', schema: QUEUE_SCHEMA })
      : new PgBoss({
          connectionString: db.connectionString,
          schema: QUEUE_SCHEMA,
          max: PG_POOL_MAX,
          application_name: 'atelier-queue',
        });

  // An EventEmitter 'error' without a listener would crash the process; pg-boss reports
  // background failures (maintenance, polling) this way and keeps going.
  boss.on('error', (error) => log.error({ err: error }, 'queue error'));
  boss.on('warning', (warning) => log.warn({ warning: loggableWarning(warning) }, 'queue warning'));

  await boss.start();
  let stopped = false;

  const ensureQueue = async (name: string, options: RegisterOptions['queue']) => {
    await boss.createQueue(name, options);
    // create_queue leaves an existing queue as it was: a setting changed in code must reach it.
    if (options && Object.keys(options).length > 0) await boss.updateQueue(name, options);
    // The first send() looks the queue up through pg-boss's own connection and keeps it cached.
    // Doing it now means a send() later issued inside an application transaction (`{ db }`) needs
    // nothing but that transaction — on PGlite, whose one connection the transaction holds, the
    // lookup would otherwise wait for it forever.
    await boss.findJobs(name, { id: ZERO_UUID });
  };
  const workOptions = { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, localConcurrency: config.workers };

  return {
    boss,
    async ready() {
      if (stopped) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
      });
      try {
        return await Promise.race([boss.isInstalled(), timeout]);
      } catch (error) {
        log.warn({ err: error }, 'queue readiness probe failed');
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async registerWorker<T>(name: string, handler: JobHandler<T>, options: RegisterOptions = {}) {
      await ensureQueue(name, options.queue);
      if (config.workers === 0) return null;
      const id = await boss.work<T>(name, workOptions, handler);
      log.info({ queue: name, workers: config.workers }, 'workers registered');
      return id;
    },
    async registerWorkerWithMetadata<T>(name: string, handler: JobWithMetadataHandler<T>, options: RegisterOptions = {}) {
      await ensureQueue(name, options.queue);
      if (config.workers === 0) return null;
      const withMetadata = { ...workOptions, includeMetadata: true } as const;
      const id = await boss.work<T, unknown, typeof withMetadata>(name, withMetadata, handler);
      log.info({ queue: name, workers: config.workers }, 'workers registered');
      return id;
    },
    wake(name) {
      if (stopped) return;
      // A notified worker skips its next delay; one notified while it runs a job fetches again
      // right after it (pg-boss clears the flag only when a fetch starts).
      for (const worker of boss.getWipData()) if (worker.name === name) boss.notifyWorker(worker.id);
    },
    async stop({ timeoutMs = DEFAULT_STOP_TIMEOUT_MS } = {}) {
      if (stopped) return;
      stopped = true;
      // graceful: waits for running jobs up to `timeout` (pg-boss clamps it to ≥ 1 s);
      // close: ends pg-boss's own pool (a no-op on PGlite, whose instance the database owns).
      await boss.stop({ graceful: true, close: true, timeout: timeoutMs });
    },
  };
}
