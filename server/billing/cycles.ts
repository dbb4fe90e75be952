/**
 * The billing cycle's scheduled work (docs/product-rules.md#plan-cycles), run every minute by a
 * pg-boss schedule (./jobs.ts) and safe to run in any number of workers at once:
 * 1. cycles whose start has come start: their credits granted, the account's plan set
 *    (fulfil.ts startCycle: an `UPDATE … WHERE started_at IS NULL` claims each cycle once, and the
 *    grant's ledger key `cycle:<id>` could not be written twice anyway);
 * 2. buckets whose expiry has come leave the balance ('expire' rows, keyed per bucket);
 * 3. accounts whose last cycle ended go back to the free plan;
 * 4. renewal reminders 7 days and 1 day before the end of a cycle nothing renews (no card
 *    renewing it, no later cycle paid, no "do not renew" chosen), each claimed once per cycle.
 */
import type { Kysely } from 'kysely';
import { PLANS, type BillingPeriod, type PlanId } from '../../src/contract/plans.ts';
import { dueBuckets } from '../credits/buckets.ts';
import { creditLedger } from '../credits/ledger.ts';
import type { Tables } from '../db/schema.ts';
import { claimReminders, dueCycles, lapsedAccounts } from './cycles-repository.ts';
import { refreshPlan, startCycle } from './fulfil.ts';
import { billingAccount, userContact } from './repository.ts';

/** Most rows each step handles per run (the next run takes the rest a minute later). */
const BATCH = 200;
const DAY_MS = 86_400_000;
/** docs/product-rules.md#plan-cycles: reminders this many days before the end. */
export const REMINDER_DAYS = [7, 1] as const;

export interface Reminder {
  userId: string;
  email: string;
  name: string;
  language: 'vi' | 'en';
  plan: PlanId;
  period: BillingPeriod;
  endsAt: Date;
  daysLeft: (typeof REMINDER_DAYS)[number];
}

export interface CycleRunResult {
  started: number;
  expiredBuckets: number;
  lapsed: number;
  reminders: Reminder[];
}

export async function runCycleWork(db: Kysely<Tables>, at: Date): Promise<CycleRunResult> {
  const result: CycleRunResult = { started: 0, expiredBuckets: 0, lapsed: 0, reminders: [] };

  for (const cycleId of await dueCycles(db, at, BATCH)) {
    if (await db.transaction().execute((trx) => startCycle(trx, cycleId, at))) result.started += 1;
  }

  for (const bucket of await dueBuckets(db, at, BATCH)) {
    const taken = await db.transaction().execute(async (trx) => {
      const ledger = creditLedger(trx);
      await ledger.lockAccount(bucket.user_id);
      return ledger.expire(bucket.id, at);
    });
    if (taken > 0) result.expiredBuckets += 1;
  }

  // Accounts on a paid plan with no cycle in force any more (only those whose plan came from a cycle).
  for (const userId of await lapsedAccounts(db, at, BATCH)) {
    const plan = await db.transaction().execute(async (trx) => {
      await creditLedger(trx).lockAccount(userId);
      return refreshPlan(trx, userId, at);
    });
    if (plan === 'free') result.lapsed += 1;
  }

  for (const days of REMINDER_DAYS) {
    const column = days === 7 ? 'reminded_7_at' : 'reminded_1_at';
    const claimed = await claimReminders(db, column, at, new Date(at.getTime() + days * DAY_MS), BATCH);
    for (const row of claimed) {
      const user = await userContact(db, row.user_id);
      const account = await billingAccount(db, row.user_id);
      if (!user) continue;
      // A downgrade chosen for the end of the cycle is what the renewal link offers.
      const plan = (account?.scheduled_plan && account.scheduled_plan in PLANS ? account.scheduled_plan : row.plan) as PlanId;
      result.reminders.push({
        userId: row.user_id,
        email: user.email,
        name: user.name,
        language: user.language,
        plan,
        period: account?.scheduled_plan ? (account.scheduled_period ?? row.period) : row.period,
        endsAt: new Date(row.ends_at),
        daysLeft: days,
      });
    }
  }
  return result;
}
