/**
 * The plan cycles' SQL (plan_cycles, 0009_billing.sql and 0015_plan_settlement.sql): placing,
 * starting and ending cycles, the cycles in force, and the scheduled work's claims
 * (docs/product-rules.md#plan-cycles). Every function takes the handle or the transaction to run on.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { BillingPeriod } from '../../src/contract/plans.ts';
import type { PlanCyclesTable } from '../db/schema-billing.ts';
import type { Db } from './repository.ts';

export type CycleRow = Selectable<PlanCyclesTable>;

/** A cycle not ended early whose end is after `at`, with what is left of its credits' bucket. */
export interface CycleInForceRow {
  id: string;
  plan: string;
  period: BillingPeriod;
  starts_at: Date;
  ends_at: Date;
  ended_early_at: Date | null;
  paid_vnd: number;
  credits: number;
  started_at: Date | null;
  remaining: number | null;
}

/** The account's cycles not ended early and ending after `at`, earliest first. */
export async function cyclesEndingAfter(db: Db, userId: string, at: Date): Promise<CycleInForceRow[]> {
  return db
    .selectFrom('plan_cycles')
    .leftJoin('credit_buckets', (join) =>
      join.onRef('credit_buckets.user_id', '=', 'plan_cycles.user_id').on('credit_buckets.origin', '=', sql<string>`'cycle:' || plan_cycles.id`),
    )
    .select(['plan_cycles.id', 'plan', 'period', 'starts_at', 'ends_at', 'ended_early_at', 'paid_vnd', 'credits', 'started_at', 'credit_buckets.remaining'])
    .where('plan_cycles.user_id', '=', userId)
    .where('ended_early_at', 'is', null)
    .where('ends_at', '>', at)
    .orderBy('starts_at')
    .execute();
}

/** Inserts a cycle and answers its id. */
export async function insertCycle(db: Db, cycle: Omit<Insertable<PlanCyclesTable>, 'id'>): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('plan_cycles')
    .values({ id, ...cycle })
    .execute();
  return id;
}

/** Ends a cycle at `at` (at its start when that is still ahead). */
export async function endCycleAt(db: Db, cycleId: string, at: Date): Promise<void> {
  await db
    .updateTable('plan_cycles')
    .set({ ended_early_at: sql`greatest(starts_at, ${at}::timestamptz)` })
    .where('id', '=', cycleId)
    .execute();
}

/** The id of the account's credit bucket of `origin` (a cycle's `cycle:<id>`), if it has one. */
export async function bucketOfOrigin(db: Db, userId: string, origin: string): Promise<string | undefined> {
  return (await db.selectFrom('credit_buckets').select('id').where('user_id', '=', userId).where('origin', '=', origin).executeTakeFirst())?.id;
}

/** The owner of a cycle, if it exists. */
export async function cycleOwner(db: Db, cycleId: string): Promise<string | undefined> {
  return (await db.selectFrom('plan_cycles').select('user_id').where('id', '=', cycleId).executeTakeFirst())?.user_id;
}

/** Marks a cycle started at `at` and answers it; undefined when it had started already. */
export async function claimCycleStart(db: Db, cycleId: string, at: Date): Promise<CycleRow | undefined> {
  return db.updateTable('plan_cycles').set({ started_at: at }).where('id', '=', cycleId).where('started_at', 'is', null).returningAll().executeTakeFirst();
}

/** The plan of the account's started cycle in force at `at`, if one is. */
export async function planInForce(db: Db, userId: string, at: Date): Promise<string | undefined> {
  const cycle = await db
    .selectFrom('plan_cycles')
    .select('plan')
    .where('user_id', '=', userId)
    .where('started_at', 'is not', null)
    .where('starts_at', '<=', at)
    .where(sql<boolean>`coalesce(ended_early_at, ends_at) > ${at}`)
    .orderBy('starts_at', 'desc')
    .executeTakeFirst();
  return cycle?.plan;
}

/** The payment method of the order that bought a cycle. */
export async function cycleMethod(db: Db, cycleId: string): Promise<string | undefined> {
  const order = await db
    .selectFrom('plan_cycles')
    .innerJoin('payment_orders', 'payment_orders.id', 'plan_cycles.order_id')
    .select('payment_orders.method')
    .where('plan_cycles.id', '=', cycleId)
    .executeTakeFirst();
  return order?.method;
}

/** Cycles whose start has come and that have not started, earliest first. */
export async function dueCycles(db: Db, at: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('plan_cycles')
    .select('id')
    .where('started_at', 'is', null)
    .where('starts_at', '<=', at)
    .orderBy('starts_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Accounts on a paid plan with no cycle in force any more (only those whose plan came from a cycle). */
export async function lapsedAccounts(db: Db, at: Date, limit: number): Promise<string[]> {
  const rows = await db
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
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims, once per cycle, the reminder `column` of the cycles that end in (`at`, `until`] and that
 * nothing renews: no card renewing it, no "do not renew" to free chosen, no later cycle paid.
 */
export async function claimReminders(
  db: Db,
  column: 'reminded_7_at' | 'reminded_1_at',
  at: Date,
  until: Date,
  limit: number,
): Promise<Array<{ user_id: string; plan: string; period: BillingPeriod; ends_at: Date }>> {
  const claimed = await sql<{ user_id: string; plan: string; period: BillingPeriod; ends_at: Date }>`
    update plan_cycles c set ${sql.ref(column)} = ${at}
    where c.id in (
      select c2.id from plan_cycles c2
      left join billing_accounts b on b.user_id = c2.user_id
      where c2.started_at is not null and c2.ended_early_at is null
        and c2.ends_at > ${at} and c2.ends_at <= ${until}
        and ${sql.ref(`c2.${column}`)} is null
        and coalesce(b.auto_renew, false) = false
        and coalesce(b.scheduled_plan, '') <> 'free'
        and not exists (select 1 from plan_cycles n where n.user_id = c2.user_id and n.starts_at >= c2.ends_at and n.ended_early_at is null)
      limit ${limit}
    ) and ${sql.ref(`c.${column}`)} is null
    returning c.user_id, c.plan, c.period, c.ends_at
  `.execute(db);
  return claimed.rows;
}
