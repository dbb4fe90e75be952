/**
 * The runs' side of the job rows: a worker claims a job, beats its heartbeat, stages its results
 * and completes, fails or requeues it; the recovery passes find what runs left behind. Every
 * change of state is a conditional update fenced by the run's attempt number (see
 * ./repository.ts), and the credits move through the ledger (server/credits/ledger.ts) with the
 * job's keys `gen:<id>:reserve|commit|refund`.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { EnginePlan } from '../../src/contract/engine-plan.schema.ts';
import type { GenerationStage } from '../../src/contract/generation-stages.ts';
import type { GenerationStatus } from '../../src/contract/generations.ts';
import { creditLedger } from '../credits/ledger.ts';
import type { GenerationsTable, Json, Tables } from '../db/schema.ts';

export type GenerationRow = Selectable<GenerationsTable>;
type Db = Kysely<Tables> | Transaction<Tables>;

/** How a run ends when it fails: the message key and its text. */
export interface Failure {
  code: string;
  message: string;
}

/** At most this many rows per recovery pass (the next pass takes the rest). */
const RECOVERY_BATCH = 500;

export const ledgerKey = (id: string, step: 'reserve' | 'commit' | 'refund'): string => `gen:${id}:${step}`;

export const ENDED: GenerationStatus[] = ['completed', 'failed', 'cancelled'];
export const PENDING: GenerationStatus[] = ['queued', 'processing'];

/** The refund of a job that ended without its result (failed, cancelled). */
export const refundIn = (trx: Db, row: Pick<GenerationRow, 'id' | 'user_id' | 'cost' | 'feature'>, now: Date, why: string) =>
  creditLedger(trx).refund({ userId: row.user_id, amount: row.cost, key: ledgerKey(row.id, 'refund'), reason: `${row.feature} ${why}`, at: now });

/**
 * What a worker's claim found: the run is its own (`claimed`, with the row as it now is), the job
 * has ended (nothing to run), or its queue attempt no longer may claim it (`refused`: a recovery
 * pass took this attempt back, or a newer attempt holds the job).
 */
export type ClaimOutcome = { kind: 'claimed'; row: GenerationRow } | { kind: 'ended' } | { kind: 'refused' };

export interface RunStore {
  /**
   * Starts a run for queue attempt `queueAttempt` (pg-boss's retry count of the job as fetched):
   * queued or processing → processing, attempts + 1, queue_attempt recorded — only while no
   * attempt as new as this one has claimed the job or been taken back (0017).
   */
  claim(id: string, now: Date, queueAttempt: number): Promise<ClaimOutcome>;
  /** Heartbeat of a run, with its progress when given; false when the run is no longer current. */
  tick(id: string, attempt: number, now: Date, progress: { stage: GenerationStage; percent: number } | null): Promise<boolean>;
  /**
   * Records the results a run is storing (the asset rows their files are put for), or clears them
   * (null), while that run is current. False when it is no longer current.
   */
  stage(id: string, attempt: number, staged: Json[] | null): Promise<boolean>;
  /**
   * In one transaction: processing → completed with its results, `attach` (which inserts the
   * result assets), and the credit commit; the staged results are cleared; `plan`, when the engine
   * reported what it did, replaces the plan of the submit. False, with nothing written, when the
   * run is no longer current.
   */
  complete(
    id: string,
    attempt: number,
    resultAssetIds: string[],
    now: Date,
    attach?: (trx: Transaction<Tables>) => Promise<void>,
    plan?: EnginePlan,
  ): Promise<boolean>;
  /**
   * queued or processing → failed, and the refund. With `attempt`, only while that run is current
   * (a worker); without, whatever run holds it (the sweeper, which fences with `attempt` too).
   */
  fail(id: string, failure: Failure, now: Date, fence: { attempt: number; statuses: GenerationStatus[] }): Promise<boolean>;
  /** processing → queued (a retry is coming), while that run is current. */
  requeue(id: string, attempt: number): Promise<boolean>;
  /** Forgets the queue attempts of a queued job whose queue job is gone (a new one starts at 0). */
  forgetQueueAttempt(id: string): Promise<void>;

  /** Failed or cancelled jobs that still hold staged results (their files are to be removed). */
  endedWithStaged(): Promise<Array<Pick<GenerationRow, 'id' | 'status' | 'staged_results'>>>;
  /** Clears the staged results of an ended job (not completed: its results are attached). False when it has not ended. */
  clearStaged(id: string): Promise<boolean>;

  /** Processing jobs whose heartbeat is older than `before` (or missing). */
  staleProcessing(before: Date): Promise<Array<Pick<GenerationRow, 'id' | 'attempts'>>>;
  /** Queued jobs created before `before`. */
  queuedBefore(before: Date): Promise<Array<Pick<GenerationRow, 'id' | 'attempts' | 'feature'>>>;
}

export function createRunStore(db: Kysely<Tables>): RunStore {
  return {
    async claim(id, now, queueAttempt) {
      const row = await db
        .updateTable('generations')
        .set((eb) => ({
          status: 'processing',
          attempts: eb('attempts', '+', 1),
          started_at: eb.fn.coalesce('started_at', eb.val(now)),
          heartbeat_at: now,
          stage: 'queued',
          progress: 0,
          queue_attempt: queueAttempt,
        }))
        .where('id', '=', id)
        .where('status', 'in', PENDING)
        .where((eb) => eb.or([eb('queue_attempt', 'is', null), eb('queue_attempt', '<', queueAttempt)]))
        .returningAll()
        .executeTakeFirst();
      if (row) return { kind: 'claimed', row };
      const current = await db.selectFrom('generations').select('status').where('id', '=', id).executeTakeFirst();
      return current && PENDING.includes(current.status) ? { kind: 'refused' } : { kind: 'ended' };
    },

    async tick(id, attempt, now, progress) {
      const result = await db
        .updateTable('generations')
        .set((eb) =>
          progress
            ? { heartbeat_at: now, stage: progress.stage, progress: sql<number>`greatest(${eb.ref('progress')}, ${progress.percent})` }
            : { heartbeat_at: now },
        )
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('attempts', '=', attempt)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async stage(id, attempt, staged) {
      const result = await db
        .updateTable('generations')
        .set({ staged_results: staged === null ? null : JSON.stringify(staged) })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('attempts', '=', attempt)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    complete: (id, attempt, resultAssetIds, now, attach, plan) =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('generations')
          .set({
            status: 'completed',
            stage: null,
            progress: 100,
            result_asset_ids: JSON.stringify(resultAssetIds),
            staged_results: null,
            finished_at: now,
            heartbeat_at: now,
            ...(plan ? { plan: JSON.stringify(plan) } : {}),
          })
          .where('id', '=', id)
          .where('status', '=', 'processing')
          .where('attempts', '=', attempt)
          .returning(['id', 'user_id', 'cost', 'feature'])
          .executeTakeFirst();
        if (!row) return false;
        // The results become assets with the job's completion and its charge, or not at all.
        await attach?.(trx);
        // The reservation stands: the commit row (0) records that it was consumed.
        await creditLedger(trx).commit({ userId: row.user_id, key: ledgerKey(row.id, 'commit'), reason: `${row.feature} completed`, at: now });
        return true;
      }),

    fail: (id, failure, now, fence) =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('generations')
          .set({ status: 'failed', stage: null, error_code: failure.code, error_message: failure.message, finished_at: now })
          .where('id', '=', id)
          .where('status', 'in', fence.statuses)
          .where('attempts', '=', fence.attempt)
          .returning(['id', 'user_id', 'cost', 'feature'])
          .executeTakeFirst();
        if (!row) return false;
        await refundIn(trx, row, now, `failed (${failure.code})`);
        return true;
      }),

    async requeue(id, attempt) {
      const result = await db
        .updateTable('generations')
        .set({ status: 'queued', stage: 'queued', progress: 0 })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('attempts', '=', attempt)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async forgetQueueAttempt(id) {
      await db.updateTable('generations').set({ queue_attempt: null }).where('id', '=', id).where('status', '=', 'queued').execute();
    },

    endedWithStaged: () =>
      db
        .selectFrom('generations')
        .select(['id', 'status', 'staged_results'])
        .where('staged_results', 'is not', null)
        .where('status', 'in', ['failed', 'cancelled'])
        .limit(RECOVERY_BATCH)
        .execute(),

    async clearStaged(id) {
      const result = await db
        .updateTable('generations')
        .set({ staged_results: null })
        .where('id', '=', id)
        .where('status', 'in', ['failed', 'cancelled'])
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    staleProcessing: (before) =>
      db
        .selectFrom('generations')
        .select(['id', 'attempts'])
        .where('status', '=', 'processing')
        .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', before)]))
        .limit(RECOVERY_BATCH)
        .execute(),

    queuedBefore: (before) =>
      db
        .selectFrom('generations')
        .select(['id', 'attempts', 'feature'])
        .where('status', '=', 'queued')
        .where('created_at', '<', before)
        .limit(RECOVERY_BATCH)
        .execute(),
  };
}
