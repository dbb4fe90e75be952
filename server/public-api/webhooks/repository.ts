/**
 * The SQL of webhook deliveries (tables webhook_deliveries and webhook_attempts, 0011_api_tokens.sql).
 * Functions take the Kysely instance or the transaction they run in: the relay and the worker
 * send their queue jobs inside the same transactions.
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/schema.ts';
import type { DeliveryStatusColumn } from '../../db/schema-api.ts';

type Db = Kysely<Tables>;

export interface DueDelivery {
  id: string;
  attempts: number;
}

/** Locks up to `limit` pending deliveries with `queued` as given, due by `by`, oldest due first. */
async function claimPending(trx: Db, queued: boolean, by: Date, limit: number): Promise<DueDelivery[]> {
  const rows = await trx
    .selectFrom('webhook_deliveries')
    .select(['id', 'attempts'])
    .where('status', '=', 'pending')
    .where('queued', '=', queued)
    .where('next_attempt_at', '<=', by)
    .orderBy('next_attempt_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map((row) => ({ id: row.id, attempts: Number(row.attempts) }));
}

/**
 * Locks up to `limit` deliveries that are due and not yet handed to the queue, oldest due first.
 * SKIP LOCKED: a relay in another process takes the next ones instead of waiting, and never the
 * same ones (the lock lasts until the caller's transaction marks them queued and commits).
 */
export function claimDue(trx: Db, now: Date, limit: number): Promise<DueDelivery[]> {
  return claimPending(trx, false, now, limit);
}

/**
 * Locks up to `limit` deliveries that were handed to the queue but are still pending long after
 * they were due (`before`): their job was lost (a database failure outlasting pg-boss's retries).
 */
export function claimStale(trx: Db, before: Date, limit: number): Promise<DueDelivery[]> {
  return claimPending(trx, true, before, limit);
}

/** Marks deliveries handed to the queue at `at` (their attempt is due then). */
export async function markQueued(trx: Db, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('webhook_deliveries')
    .set({ queued: true, next_attempt_at: at })
    .where('id', 'in', [...ids])
    .execute();
}

export interface DeliveryToSend {
  id: string;
  user_id: string;
  generation_id: string;
  event: string;
  url: string;
  status: DeliveryStatusColumn;
  attempts: number;
  created_at: Date;
  /** The token's `whsec_…` signing secret. */
  webhook_secret: string;
}

/** A delivery with its token's signing secret; null when it (or its token) is gone. */
export async function loadDelivery(db: Db, id: string): Promise<DeliveryToSend | null> {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('api_tokens as t', 't.id', 'd.token_id')
    .select(['d.id', 'd.user_id', 'd.generation_id', 'd.event', 'd.url', 'd.status', 'd.attempts', 'd.created_at', 't.webhook_secret'])
    .where('d.id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, attempts: Number(row.attempts) } : null;
}

/** Locks a delivery for recording an attempt; null when it was deleted meanwhile. */
export async function lockDelivery(trx: Db, id: string): Promise<{ status: DeliveryStatusColumn; attempts: number } | null> {
  const row = await trx.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? { status: row.status, attempts: Number(row.attempts) } : null;
}

export interface AttemptRow {
  deliveryId: string;
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export async function insertAttempt(trx: Db, attempt: AttemptRow): Promise<void> {
  await trx
    .insertInto('webhook_attempts')
    .values({ delivery_id: attempt.deliveryId, at: attempt.at, status_code: attempt.statusCode, error: attempt.error, duration_ms: attempt.durationMs })
    .execute();
}

/** What an attempt leaves on its delivery. */
export type DeliveryUpdate =
  | { kind: 'delivered'; at: Date; statusCode: number }
  | { kind: 'retry'; statusCode: number | null; error: string | null; nextAttemptAt: Date }
  | { kind: 'failed'; statusCode: number | null; error: string | null };

export async function updateAfterAttempt(trx: Db, id: string, attempts: number, update: DeliveryUpdate): Promise<void> {
  const common = { attempts, last_status_code: update.statusCode };
  const query = trx.updateTable('webhook_deliveries').where('id', '=', id);
  if (update.kind === 'delivered') {
    await query.set({ ...common, status: 'delivered', delivered_at: update.at, last_error: null, queued: false, next_attempt_at: null }).execute();
  } else if (update.kind === 'retry') {
    // queued stays true: the next attempt's job is sent in the same transaction.
    await query.set({ ...common, last_error: update.error, queued: true, next_attempt_at: update.nextAttemptAt }).execute();
  } else {
    await query.set({ ...common, status: 'failed', last_error: update.error, queued: false, next_attempt_at: null }).execute();
  }
}
