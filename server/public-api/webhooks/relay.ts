/**
 * The relay (docs/product-rules.md#api-webhooks): the trigger that ends a /v1 job writes its
 * webhook message as a `pending` row; every tick, the relay hands the due rows to the job queue.
 * It claims them with FOR UPDATE SKIP LOCKED and marks them queued in the same transaction as the
 * jobs' send, so each row is sent once per attempt however many processes run a relay: a row
 * another relay holds is skipped, and once committed it is no longer `NOT queued`.
 * A resend (the tokens API) puts a row back to pending and not queued: the relay sends it again.
 *
 * Now and then (`sweepStale`) it also re-sends rows that were queued but are still pending long
 * after their attempt was due: their job was lost. That cannot double a message: the queue holds
 * at most one waiting job per delivery (./jobs.ts), and a job whose attempt was already counted
 * does nothing.
 */
import type { Database } from '../../db/connection.ts';
import type { Queue } from '../../queue/index.ts';
import { sendDeliveryJob, WEBHOOK_QUEUE, type WebhookJobOptions } from './jobs.ts';
import { claimDue, claimStale, markQueued, type DueDelivery } from './repository.ts';

/** Rows handed over per transaction; a backlog drains batch after batch. */
export const RELAY_BATCH = 50;
/**
 * How long past its due time a queued delivery may stay pending before its job counts as lost, in
 * milliseconds: far beyond a job's pg-boss retries (3, from 30 s, doubling) and a busy queue.
 */
export const STALE_AFTER_MS = 60 * 60 * 1000;

export interface RelayDeps {
  database: Database;
  queue: Queue;
  now: () => number;
  jobOptions: WebhookJobOptions;
}

/** Hands the due deliveries (and, with `sweepStale`, the lost ones) to the queue; answers how many. */
export async function relayOnce({ database, queue, now, jobOptions }: RelayDeps, options: { sweepStale?: boolean } = {}): Promise<number> {
  const at = new Date(now());
  const count = await database.kysely.transaction().execute(async (trx) => {
    const due: DueDelivery[] = await claimDue(trx, at, RELAY_BATCH);
    if (options.sweepStale && due.length < RELAY_BATCH) due.push(...(await claimStale(trx, new Date(at.getTime() - STALE_AFTER_MS), RELAY_BATCH - due.length)));
    for (const delivery of due) await sendDeliveryJob(queue.boss, trx, { deliveryId: delivery.id, attempt: delivery.attempts }, at, jobOptions);
    await markQueued(
      trx,
      due.map((delivery) => delivery.id),
      at,
    );
    return due.length;
  });
  // This process's idle workers start at once instead of at their next poll.
  if (count > 0) queue.wake(WEBHOOK_QUEUE);
  return count;
}
