/**
 * Webhook deliveries of the public API (docs/product-rules.md#api-webhooks): the relay that hands
 * the messages the database writes to the job queue (./relay.ts), and the worker that signs and
 * POSTs each attempt, retrying with backoff for more than 24 h (./worker.ts, ./schedule.ts).
 *
 * `start()` creates the queue, registers the worker (none when WORKERS=0: another process runs
 * them) and starts the relay, which runs in every process; `stop()` stops the relay and this
 * process's workers (an attempt in flight finishes).
 */
import type { Database } from '../../db/connection.ts';
import type { Logger } from '../../logger.ts';
import type { Queue } from '../../queue/index.ts';
import type { WebhookUrlPolicy } from '../../tokens/webhook-url.ts';
import { createWebhookQueue, WEBHOOK_QUEUE, webhookJobOptions, type DeliveryJobData } from './jobs.ts';
import { RELAY_BATCH, relayOnce } from './relay.ts';
import { BASE_DELAY_MS, MAX_DELAY_MS } from './schedule.ts';
import { runAttempt, type GenerationView } from './worker.ts';

export { WEBHOOK_QUEUE } from './jobs.ts';
export type { GenerationView } from './worker.ts';

/** How often the relay looks for due messages, in milliseconds. */
export const RELAY_INTERVAL_MS = 1_000;
/**
 * How often a relay pass also looks for lost jobs, in milliseconds: that query is not served by
 * the due-rows index, so it runs every few minutes rather than every second.
 */
export const STALE_SWEEP_INTERVAL_MS = 5 * 60 * 1000;

export interface WebhooksTuning {
  /** The first retry's wait, in milliseconds (default 5 s). */
  baseDelayMs?: number;
  /** The longest wait between attempts, in milliseconds (default 10 h). */
  maxDelayMs?: number;
  /** How often the relay runs, in milliseconds (default 1 s). */
  relayIntervalMs?: number;
  /** How long one POST may take, in milliseconds (default 10 s). */
  timeoutMs?: number;
  /** The first wait before pg-boss retries an attempt whose worker crashed, in seconds (default 30). */
  crashRetryDelaySeconds?: number;
}

export interface WebhooksDeps {
  database: Database;
  queue: Queue;
  logger: Logger;
  policy: WebhookUrlPolicy;
  view: GenerationView;
  /** The clock, in epoch milliseconds (tests pin it). */
  now?: () => number;
  tuning?: WebhooksTuning;
}

export interface Webhooks {
  /** Registers the worker and starts the relay. */
  start(): Promise<void>;
  /** Stops the relay and this process's workers, waiting for an attempt in flight. */
  stop(): Promise<void>;
  /** One relay pass (what each tick runs): answers how many messages it queued. */
  relayOnce(): Promise<number>;
}

export function createWebhooks(deps: WebhooksDeps): Webhooks {
  const { database, queue } = deps;
  const logger = deps.logger.child({ area: 'webhooks' });
  const now = deps.now ?? Date.now;
  const tuning = deps.tuning ?? {};
  const interval = tuning.relayIntervalMs ?? RELAY_INTERVAL_MS;
  const jobOptions = webhookJobOptions(tuning.crashRetryDelaySeconds);
  const attemptDeps = {
    database,
    queue,
    logger,
    policy: deps.policy,
    view: deps.view,
    now,
    backoff: { baseDelayMs: tuning.baseDelayMs ?? BASE_DELAY_MS, maxDelayMs: tuning.maxDelayMs ?? MAX_DELAY_MS },
    jobOptions,
    ...(tuning.timeoutMs === undefined ? {} : { timeoutMs: tuning.timeoutMs }),
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  // The first pass of a process sweeps: a restart is when lost jobs are likeliest.
  let lastSweep = Number.NEGATIVE_INFINITY;
  const relay = () => {
    const sweepStale = now() - lastSweep >= STALE_SWEEP_INTERVAL_MS;
    if (sweepStale) lastSweep = now();
    return relayOnce({ database, queue, now, jobOptions }, { sweepStale });
  };
  const tick = () => {
    // One pass at a time in this process: a slow pass is not piled on by the next tick.
    if (running || stopped) return;
    const pass = async () => {
      try {
        // A full batch: more are waiting, take them now rather than a tick later.
        if ((await relay()) >= RELAY_BATCH) setImmediate(tick);
      } catch (error) {
        logger.error({ err: error }, 'webhook relay pass failed');
      } finally {
        running = null;
      }
    };
    running = pass();
  };

  return {
    async start() {
      stopped = false;
      await createWebhookQueue(queue.boss, jobOptions);
      await queue.registerWorker<DeliveryJobData>(
        WEBHOOK_QUEUE,
        async (jobs) => {
          for (const job of jobs) await runAttempt(attemptDeps, job.data);
        },
        { queue: jobOptions },
      );
      timer = setInterval(tick, interval);
      // The relay alone must not keep a process alive that is otherwise done.
      timer.unref();
      logger.info({ relayIntervalMs: interval }, 'webhook relay started');
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await running;
      await queue.boss.offWork(WEBHOOK_QUEUE, { wait: true }).catch((error: unknown) => logger.warn({ err: error }, 'webhook workers did not stop cleanly'));
    },
    relayOnce: relay,
  };
}
