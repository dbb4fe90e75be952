/**
 * The generations' SQL over pg-boss's job table (the queue's own `pgboss.<table>`, read where
 * pg-boss's API has no such question) and the take-back's mark on a job row (./jobs.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Tables } from '../db/schema.ts';
import { QUEUE_SCHEMA } from '../queue/index.ts';

/** pg-boss job states, as its table stores them. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** The state and attempt of each job of queue `name` among `ids`, in pg-boss's `table`. */
export async function queueJobStates(
  db: Kysely<Tables>,
  table: string,
  name: string,
  ids: readonly string[],
): Promise<Array<{ id: string; state: JobState; retry_count: number }>> {
  const rows = await sql<{ id: string; state: JobState; retry_count: number }>`
    select id::text as id, state::text as state, retry_count from ${sql.table(`${QUEUE_SCHEMA}.${table}`)}
    where name = ${name} and id = any(${[...ids]}::uuid[])
  `.execute(db);
  return rows.rows;
}

/**
 * Jobs of queue `name` active for more than `leaseMs` (by the database's clock) whose row is still
 * queued with no claim or take-back of that attempt; at most `limit`.
 */
export async function unclaimedQueueJobs(
  db: Kysely<Tables>,
  table: string,
  name: string,
  leaseMs: number,
  limit: number,
): Promise<Array<{ id: string; retry_count: number }>> {
  const rows = await sql<{ id: string; retry_count: number }>`
    select j.id::text as id, j.retry_count from ${sql.table(`${QUEUE_SCHEMA}.${table}`)} j
    join generations g on g.id = j.id::text
    where j.name = ${name} and j.state = 'active'
      and j.started_on < now() - make_interval(secs => ${leaseMs / 1_000}::double precision)
      and g.status = 'queued' and (g.queue_attempt is null or g.queue_attempt < j.retry_count)
    limit ${limit}
  `.execute(db);
  return rows.rows;
}

/** Records attempt `retryCount` as taken back on the queued job's row; false when the row is not queued or a newer attempt is recorded. */
export async function markTakenBack(trx: Transaction<Tables>, id: string, retryCount: number): Promise<boolean> {
  const taken = await trx
    .updateTable('generations')
    .set({ queue_attempt: retryCount })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('queue_attempt', 'is', null), eb('queue_attempt', '<', retryCount)]))
    .executeTakeFirst();
  return taken.numUpdatedRows !== 0n;
}
