/**
 * The webhook queue on pg-boss: one job per attempt of a delivery, `{ deliveryId, attempt }`.
 *
 * The queue's policy is `short` with the delivery id as singleton key: pg-boss keeps at most one
 * waiting job per delivery (a unique index), and `upsert` moves that job rather than adding a
 * second one — so a resend of a delivery whose retry is hours away brings the retry forward
 * instead of sending the message twice.
 *
 * Why our own schedule rather than pg-boss's retry backoff: its retryDelay is whole seconds and
 * its backoff doubles (the schedule here quadruples from 5 s, tuned in milliseconds for tests);
 * its retries only follow a thrown handler, whereas a refused delivery is a normal outcome that is
 * recorded (attempt row, next_attempt_at shown on the token's detail) in the same transaction that
 * sends the next job; and a resend needs a fresh job anyway. pg-boss's own retries are kept for
 * what they are good at: a worker that crashed or a database error in the middle of an attempt.
 */
import { fromKysely, type PgBoss } from 'pg-boss';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/schema.ts';

export const WEBHOOK_QUEUE = 'webhook-deliver';

export interface DeliveryJobData {
  deliveryId: string;
  /**
   * The delivery's `attempts` when the job was sent: a job whose delivery has moved on (another
   * attempt counted, delivered, failed) does nothing.
   */
  attempt: number;
}

/** pg-boss retries of a job whose worker crashed or hit a database error, not of a refused POST. */
const CRASH_RETRY_LIMIT = 3;
/** First wait before such a retry, in seconds (doubled each time by pg-boss). */
const CRASH_RETRY_DELAY_SECONDS = 30;
/** How long an attempt's job may stay active before pg-boss takes it back, in seconds (a POST takes ≤ 10 s). */
const JOB_EXPIRE_SECONDS = 120;

export interface WebhookJobOptions {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
}

/** The jobs' pg-boss options; tests shorten the wait before a crashed attempt is retried. */
export function webhookJobOptions(crashRetryDelaySeconds = CRASH_RETRY_DELAY_SECONDS): WebhookJobOptions {
  return { retryLimit: CRASH_RETRY_LIMIT, retryDelay: crashRetryDelaySeconds, retryBackoff: true, expireInSeconds: JOB_EXPIRE_SECONDS };
}

/** Creates the queue with its policy (a later start leaves an existing queue's policy alone). */
export async function createWebhookQueue(boss: PgBoss, options: WebhookJobOptions): Promise<void> {
  await boss.createQueue(WEBHOOK_QUEUE, { policy: 'short', ...options });
}

/**
 * Sends (or moves forward) the job of the delivery's next attempt, inside `trx`: it exists if and
 * only if the transaction that decided it commits.
 */
export async function sendDeliveryJob(boss: PgBoss, trx: Kysely<Tables>, data: DeliveryJobData, startAfter: Date, options: WebhookJobOptions): Promise<void> {
  await boss.upsert(WEBHOOK_QUEUE, { ...data }, { singletonKey: data.deliveryId, startAfter, ...options, db: fromKysely(trx) });
}
