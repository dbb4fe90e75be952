/**
 * Crash safety: brings every job whose worker is gone back to a state that ends.
 *
 * A pass runs at start-up and every SWEEP_INTERVAL_MS in each process with the queue:
 * - processing jobs whose heartbeat is stale (STALE_AFTER_MS; on PGlite, whose database only this
 *   process can open, also any heartbeat older than this process) have lost their worker. If
 *   pg-boss still counts their job active, it is failed there, which makes pg-boss retry it when
 *   retries remain; the row then goes back to queued for that retry, or is failed and refunded.
 *   A job pg-boss already retries (created, retry) is queued again; one pg-boss no longer runs
 *   (completed, failed, cancelled, gone) is failed and refunded.
 * - queued jobs that pg-boss handed to a worker more than CLAIM_LEASE_MS ago which never claimed
 *   them (its process died between the fetch and the claim, a window of one statement) are taken
 *   back: that attempt is recorded on the row, so its claim is refused should the worker be alive
 *   after all, and failed in pg-boss, whose retry is fetchable at once (jobs.takeBack). Without
 *   this they waited for pg-boss's expiry: the time limit plus EXPIRY_GRACE_SECONDS.
 * - queued jobs older than QUEUED_GRACE_MS that have no pg-boss job are enqueued again (a job
 *   is normally enqueued in the submit's own transaction, so this only catches jobs pg-boss lost);
 *   queued jobs whose pg-boss job has ended for good are failed and refunded.
 * - failed or cancelled jobs that still record staged results (a run stored them and the job
 *   ended without them, e.g. its worker died before completing and no retry was left) have those
 *   files removed, so no result outlives a job that was not charged for it.
 *
 * Every write is fenced by the attempt number the pass read, so a worker that claims the job
 * meanwhile wins, and the refund's ledger key makes a second refund impossible: pg-boss's own
 * expiry of a dead worker's job and this pass can both act on one job without harm.
 */
import { FEATURE_TIMEOUT_SECONDS } from '../../src/contract/generations.ts';
import { GENERATION_MESSAGES } from '../../src/contract/generation-messages.ts';
import type { Feature } from '../../src/contract/tools.ts';
import type { DatabaseDriver } from '../../src/contract/health.schema.ts';
import type { Json } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { GenerationJobs } from './jobs.ts';
import type { GenerationsRepository } from './repository.ts';

/** A run whose heartbeat is this old has lost its worker, in ms (ten missed heartbeats). */
export const STALE_AFTER_MS = 10_000;
/** Time between two recovery passes, in ms. */
export const SWEEP_INTERVAL_MS = 5_000;
/** A queued job gets this long to reach the queue before a pass checks on it, in ms. */
export const QUEUED_GRACE_MS = 30_000;
/**
 * A worker that fetched a job claims it in its very next statement (milliseconds); one that has
 * not after this long is taken to be dead, in ms. Erring costs no double run (its late claim is
 * refused), only that attempt.
 */
export const CLAIM_LEASE_MS = 5_000;

export interface RecoveryDeps {
  repository: GenerationsRepository;
  jobs: GenerationJobs;
  driver: DatabaseDriver;
  logger: Logger;
  now: () => number;
  /** The time limit of the job being re-enqueued, in seconds. */
  timeoutSeconds: (feature: Feature) => number;
  /** Removes the stored files of a job's staged results (its staged_results column). */
  discardStaged: (column: Json[]) => Promise<void>;
  staleAfterMs?: number;
  sweepIntervalMs?: number;
  queuedGraceMs?: number;
  claimLeaseMs?: number;
}

export interface Recovery {
  /** One pass; resolves to the number of jobs it changed. */
  sweep(): Promise<number>;
  /** Runs a pass now and then every sweep interval. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const lostWorker = { code: 'failedToProcess', message: GENERATION_MESSAGES.failedToProcess };

export function createRecovery(deps: RecoveryDeps): Recovery {
  const log = deps.logger.child({ area: 'generations-recovery' });
  const staleAfterMs = deps.staleAfterMs ?? STALE_AFTER_MS;
  const interval = deps.sweepIntervalMs ?? SWEEP_INTERVAL_MS;
  const queuedGraceMs = deps.queuedGraceMs ?? QUEUED_GRACE_MS;
  const claimLeaseMs = deps.claimLeaseMs ?? CLAIM_LEASE_MS;
  const startedAt = deps.now();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;

  async function pass(): Promise<number> {
    const now = deps.now();
    let changed = 0;
    const staleBefore = deps.driver === 'pglite' ? Math.max(startedAt, now - staleAfterMs) : now - staleAfterMs;
    const stale = await deps.repository.staleProcessing(new Date(staleBefore));
    if (stale.length > 0) {
      const states = await deps.jobs.states(stale.map((row) => row.id));
      for (const row of stale) {
        let job = states.get(row.id);
        if (job?.state === 'active') {
          await deps.jobs.release(row.id, job.retryCount);
          job = (await deps.jobs.states([row.id])).get(row.id);
        }
        const state = job?.state;
        const fence = { attempt: row.attempts, statuses: ['processing' as const] };
        const done =
          state === 'created' || state === 'retry'
            ? await deps.repository.requeue(row.id, row.attempts)
            : await deps.repository.fail(row.id, lostWorker, new Date(now), fence);
        if (done) {
          changed += 1;
          log.warn({ generationId: row.id, queueState: state ?? 'missing', requeued: state === 'created' || state === 'retry' }, 'generation lost its worker');
        }
      }
    }

    for (const job of await deps.jobs.unclaimed(claimLeaseMs)) {
      if (await deps.jobs.takeBack(job.id, job.retryCount)) {
        changed += 1;
        log.warn({ generationId: job.id, queueAttempt: job.retryCount }, 'generation fetched by a worker that stopped before starting it: handed out again');
      }
    }

    const queued = await deps.repository.queuedBefore(new Date(now - queuedGraceMs));
    if (queued.length > 0) {
      const states = await deps.jobs.states(queued.map((row) => row.id));
      for (const row of queued) {
        const state = states.get(row.id)?.state;
        if (state === 'created' || state === 'retry' || state === 'active') continue;
        if (state === undefined) {
          // The new queue job's attempts count from 0 again.
          await deps.repository.forgetQueueAttempt(row.id);
          await deps.jobs.send(row.id, deps.timeoutSeconds(row.feature as Feature));
          changed += 1;
          log.warn({ generationId: row.id }, 'queued generation had no queue job: enqueued again');
        } else if (await deps.repository.fail(row.id, lostWorker, new Date(now), { attempt: row.attempts, statuses: ['queued'] })) {
          changed += 1;
          log.warn({ generationId: row.id, queueState: state }, 'queued generation whose queue job ended: failed');
        }
      }
    }
    for (const row of await deps.repository.endedWithStaged()) {
      try {
        if (row.staged_results) await deps.discardStaged(row.staged_results);
        if (await deps.repository.clearStaged(row.id)) {
          changed += 1;
          log.warn({ generationId: row.id, status: row.status }, 'results of a job that did not complete: removed');
        }
      } catch (error) {
        // Kept for the next pass (storage may be back by then); the other jobs go on.
        log.error({ err: error, generationId: row.id }, 'could not remove the results of a job that did not complete');
      }
    }
    return changed;
  }

  const sweep = () =>
    (running ??= pass().finally(() => {
      running = null;
    }));

  return {
    sweep,
    async start() {
      await sweep().catch((error: unknown) => log.error({ err: error }, 'recovery pass failed'));
      timer = setInterval(() => {
        sweep().catch((error: unknown) => log.error({ err: error }, 'recovery pass failed'));
      }, interval);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

/** The time limit of a feature, in seconds (docs/product-rules.md#timeouts). */
export const defaultTimeoutSeconds = (feature: Feature): number => FEATURE_TIMEOUT_SECONDS[feature];
