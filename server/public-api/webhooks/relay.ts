/**
 * The relay (docs/product-rules.md#api-webhooks): the trigger that ends a /v1 job writes its
 * webhook message as a `pending` row; every tick, the relay hands the due rows to the job queue.
 * It claims them with FOR UPDATE SKIP LOCKED and marks them queued in the same transaction as the
 * jobs' send, so each row is sent once per attempt however many processes run a relay: a row
 * another relay holds is skipped, and once committed it is no longer `NOT queued`.
 * A resend (the tokens API) puts a row back to pending and not queued: the relay sends it again.
 */
import type { Database } from '../../db/connection.ts';
import type { Queue } from '../../queue/index.ts';
import { sendDeliveryJob, WEBHOOK_QUEUE } from './jobs.ts';
import { claimDue, markQueued } from './repository.ts';

/** Rows handed over per transaction; a backlog drains over several ticks. */
export const RELAY_BATCH = 50;

export interface RelayDeps {
  database: Database;
  queue: Queue;
  now: () => number;
}

/** Hands the due deliveries to the queue; answers how many. */
export async function relayOnce({ database, queue, now }: RelayDeps): Promise<number> {
  const at = new Date(now());
  const count = await database.kysely.transaction().execute(async (trx) => {
    const due = await claimDue(trx, at, RELAY_BATCH);
    for (const delivery of due) await sendDeliveryJob(queue.boss, trx, { deliveryId: delivery.id, attempt: delivery.attempts }, at);
    await markQueued(
      trx,
      due.map((delivery) => delivery.id),
    );
    return due.length;
  });
  // This process's idle workers start at once instead of at their next poll.
  if (count > 0) queue.wake(WEBHOOK_QUEUE);
  return count;
}
