/**
 * One attempt of a webhook delivery (docs/product-rules.md#api-webhooks): build the message from
 * the job as GET /v1/generations/{id} shows it, sign it (Standard Webhooks), POST it, and record
 * the outcome — the attempt row, the delivery's new state and, after a failure, the next attempt's
 * job — in one transaction.
 */
import type { Generation } from '../../../src/contract/generations.schema.ts';
import type { WebhookPayload } from '../../../src/contract/public-api.schema.ts';
import type { Database } from '../../db/connection.ts';
import type { Logger } from '../../logger.ts';
import type { Queue } from '../../queue/index.ts';
import type { WebhookUrlPolicy } from '../../tokens/webhook-url.ts';
import { deliver, DELIVERY_TIMEOUT_MS, type DeliveryOutcome } from './deliver.ts';
import { sendDeliveryJob, type DeliveryJobData, type WebhookJobOptions } from './jobs.ts';
import { insertAttempt, loadDelivery, lockDelivery, updateAfterAttempt, type DeliveryToSend, type DeliveryUpdate } from './repository.ts';
import { retryDelayMs, type BackoffTuning } from './schedule.ts';
import { signatureHeaders } from './sign.ts';

/** Names the sender to receivers (and their logs and firewalls). */
export const WEBHOOK_USER_AGENT = 'Atelier-Webhooks/1.0';

/** The job as GET /v1/generations/{id} answers it; null when it no longer exists. */
export type GenerationView = (userId: string, generationId: string) => Promise<Generation | null>;

export interface AttemptDeps {
  database: Database;
  queue: Queue;
  logger: Logger;
  policy: WebhookUrlPolicy;
  view: GenerationView;
  now: () => number;
  backoff: BackoffTuning;
  jobOptions: WebhookJobOptions;
  timeoutMs?: number;
}

/** The body of a delivery's message. */
export async function buildPayload(delivery: DeliveryToSend, view: GenerationView): Promise<WebhookPayload> {
  const generation = await view(delivery.user_id, delivery.generation_id);
  return {
    type: delivery.event as WebhookPayload['type'],
    // The delivery is written in the transaction that ended the job: its time is the event's.
    timestamp: delivery.created_at.toISOString(),
    // A job deleted before its message went out: the receiver still learns how it ended.
    data: { generation: generation ?? { id: delivery.generation_id, status: delivery.event.replace(/^generation\./, '') } },
  };
}

/** What the attempt leaves on the delivery after `attempts` attempts in all. */
function nextState(outcome: DeliveryOutcome, attempts: number, at: Date, backoff: BackoffTuning): DeliveryUpdate {
  if (outcome.delivered && outcome.statusCode !== null) return { kind: 'delivered', at, statusCode: outcome.statusCode };
  const delay = retryDelayMs(attempts, backoff);
  if (delay === null) return { kind: 'failed', statusCode: outcome.statusCode, error: outcome.error };
  return { kind: 'retry', statusCode: outcome.statusCode, error: outcome.error, nextAttemptAt: new Date(at.getTime() + delay) };
}

/** Runs the attempt a job stands for; a stale job (its delivery moved on) does nothing. */
export async function runAttempt(deps: AttemptDeps, job: DeliveryJobData): Promise<void> {
  const { database, logger } = deps;
  const delivery = await loadDelivery(database.kysely, job.deliveryId);
  if (!delivery || delivery.status !== 'pending' || delivery.attempts !== job.attempt) return;

  const body = JSON.stringify(await buildPayload(delivery, deps.view));
  const sentAt = deps.now();
  const headers = {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    ...signatureHeaders(delivery.webhook_secret, delivery.id, Math.floor(sentAt / 1000), body),
  };
  const started = performance.now();
  const outcome = await deliver({ url: delivery.url, headers, body, policy: deps.policy, timeoutMs: deps.timeoutMs ?? DELIVERY_TIMEOUT_MS });
  const durationMs = Math.round(performance.now() - started);
  const at = new Date(deps.now());

  const update = await database.kysely.transaction().execute(async (trx) => {
    const current = await lockDelivery(trx, delivery.id);
    if (!current) return null;
    await insertAttempt(trx, { deliveryId: delivery.id, at, statusCode: outcome.statusCode, error: outcome.error, durationMs });
    // Another attempt was counted meanwhile (a resend raced this one): the row is theirs to move.
    if (current.status !== 'pending' || current.attempts !== job.attempt) return null;
    const attempts = current.attempts + 1;
    const state = nextState(outcome, attempts, at, deps.backoff);
    await updateAfterAttempt(trx, delivery.id, attempts, state);
    if (state.kind === 'retry')
      await sendDeliveryJob(deps.queue.boss, trx, { deliveryId: delivery.id, attempt: attempts }, state.nextAttemptAt, deps.jobOptions);
    return state;
  });
  if (update) {
    const fields = { deliveryId: delivery.id, attempt: job.attempt + 1, statusCode: outcome.statusCode, durationMs };
    if (update.kind === 'delivered') logger.info(fields, 'webhook delivered');
    else if (update.kind === 'retry')
      logger.info({ ...fields, error: outcome.error, nextAttemptAt: update.nextAttemptAt }, 'webhook attempt failed, will retry');
    else logger.warn({ ...fields, error: outcome.error }, 'webhook delivery failed for good');
  }
}
