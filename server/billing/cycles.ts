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
import { sql, type Kysely } from 'kysely';
import { PLANS, type BillingPeriod, type PlanId } from '../../src/contract/billing.ts';
import { dueBuckets } from '../credits/buckets.ts';
import { creditLedger } from '../credits/ledger.ts';
import type { Tables } from '../db/schema.ts';
import { refreshPlan, startCycle } from './fulfil.ts';

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

  const due = await db
    .selectFrom('plan_cycles')
    .select('id')
    .where('started_at', 'is', null)
    .where('starts_at', '<=', at)
    .orderBy('starts_at')
    .limit(BATCH)
    .execute();
  for (const cycle of due) {
    if (await db.transaction().execute((trx) => startCycle(trx, cycle.id, at))) result.started += 1;
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
  const lapsed = await db
    .selectFrom('users')
    .select('id')
    .where('plan', '<>', 'free')
    .where(({ exists, selectFrom }) => exists(selectFrom('plan_cycles').select('id').whereRef('plan_cycles.user_id', '=', 'users.id')))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('plan_cycles')
            .select('id')
            .whereRef('plan_cycles.user_id', '=', 'users.id')
            .where('started_at', 'is not', null)
            .where('starts_at', '<=', at)
            .where(sql<boolean>`coalesce(ended_early_at, ends_at) > ${at}`),
        ),
      ),
    )
    .limit(BATCH)
    .execute();
  for (const user of lapsed) {
    const plan = await db.transaction().execute(async (trx) => {
      await creditLedger(trx).lockAccount(user.id);
      return refreshPlan(trx, user.id, at);
    });
    if (plan === 'free') result.lapsed += 1;
  }

  for (const days of REMINDER_DAYS) {
    const column = days === 7 ? 'reminded_7_at' : 'reminded_1_at';
    const claimed = await sql<{ user_id: string; plan: string; period: BillingPeriod; ends_at: Date }>`
      update plan_cycles c set ${sql.ref(column)} = ${at}
      where c.id in (
        select c2.id from plan_cycles c2
        left join billing_accounts b on b.user_id = c2.user_id
        where c2.started_at is not null and c2.ended_early_at is null
          and c2.ends_at > ${at} and c2.ends_at <= ${new Date(at.getTime() + days * DAY_MS)}
          and ${sql.ref(`c2.${column}`)} is null
          and coalesce(b.auto_renew, false) = false
          and coalesce(b.scheduled_plan, '') <> 'free'
          and not exists (select 1 from plan_cycles n where n.user_id = c2.user_id and n.starts_at >= c2.ends_at and n.ended_early_at is null)
        limit ${BATCH}
      ) and ${sql.ref(`c.${column}`)} is null
      returning c.user_id, c.plan, c.period, c.ends_at
    `.execute(db);
    for (const row of claimed.rows) {
      const user = await db.selectFrom('users').select(['email', 'name', 'language']).where('id', '=', row.user_id).executeTakeFirst();
      const account = await db.selectFrom('billing_accounts').select(['scheduled_plan', 'scheduled_period']).where('user_id', '=', row.user_id).executeTakeFirst();
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
