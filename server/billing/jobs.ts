/**
 * The billing queue: one pg-boss job a minute (a cron schedule: pg-boss creates one job per
 * minute whatever the number of processes) running the cycle work (./cycles.ts), the renewal
 * reminders it claims, and the reconciliation of stale pending orders (./service.ts).
 */
import type { Logger } from '../logger.ts';
import type { Queue } from '../queue/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/schema.ts';
import { runCycleWork } from './cycles.ts';
import { renewalMail } from './mails.ts';
import type { BillingService } from './service.ts';

export const BILLING_QUEUE = 'billing-cycle';
/** Every minute: a cycle starts, a bucket expires and a pending order is checked within a minute of their time. */
export const BILLING_CRON = '* * * * *';

export interface BillingJobDeps {
  db: Kysely<Tables>;
  service: BillingService;
  mailer: Mailer | null;
  publicUrl: string;
  logger: Logger;
  now: () => Date;
}

/** One run: what the schedule's job does (also called directly by tests and the dev tools). */
export async function runBillingWork(deps: BillingJobDeps): Promise<void> {
  const log = deps.logger.child({ area: 'billing' });
  const result = await runCycleWork(deps.db, deps.now());
  for (const reminder of result.reminders) {
    const link = `${deps.publicUrl}/checkout?item=${reminder.plan}&period=${reminder.period}`;
    try {
      await deps.mailer?.send(reminder, renewalMail({ ...reminder, link }), `renewal reminder (${reminder.daysLeft} d) ${link}`);
    } catch (error) {
      log.warn({ err: error, userId: reminder.userId }, 'renewal reminder not sent');
    }
  }
  const reconciled = await deps.service.reconcile();
  if (result.started + result.expiredBuckets + result.lapsed + result.reminders.length + reconciled.settled > 0) {
    log.info(
      { started: result.started, expiredBuckets: result.expiredBuckets, lapsed: result.lapsed, reminders: result.reminders.length, ...reconciled },
      'billing cycle work',
    );
  }
}

export async function startBillingJobs(queue: Queue, deps: BillingJobDeps): Promise<void> {
  await queue.registerWorker(BILLING_QUEUE, async () => runBillingWork(deps), {
    // A missed minute is made up by the next one: no retries piling up behind it.
    queue: { retryLimit: 0, expireInSeconds: 600 },
  });
  await queue.boss.schedule(BILLING_QUEUE, BILLING_CRON);
}
