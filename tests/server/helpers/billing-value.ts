/**
 * The money of one account, counted from what billing stored, independently of how the settlement
 * counted it (docs/product-rules.md#plan-settlement):
 * - received: every VND of its completed orders;
 * - listed: the list price of everything delivered — each plan cycle (its catalogue price for the
 *   plan and period) and each pack whose credits were granted (the catalogue's pack price);
 * - returned: the unused part of every cycle an upgrade ended early, valued at that moment as the
 *   pricing values it (its price × the smaller of the time left and the plan credits left, the
 *   credits read from the `expire` row written when it ended; in full when it had not started);
 * - balance: the account's money balance, as the overview tells it.
 *
 * Value delivered is `listed − returned`; it never exceeds `received`, and nothing received is
 * lost: `received − (listed − returned)` is exactly the balance.
 */
import { expect } from 'vitest';
import { isPackId } from '../../../src/contract/billing.schema.ts';
import { PACKS } from '../../../src/contract/packs.ts';
import { PLANS, planPrice, type BillingPeriod, type PlanId } from '../../../src/contract/plans.ts';
import type { AccountsHarness } from './accounts.ts';
import type { Buyer } from './billing.ts';

export interface MoneyCount {
  received: number;
  listed: number;
  returned: number;
  balance: number;
}

/** The unused value of a cycle that ended at `endedAt` with `creditsLeft` plan credits (null: it never started). */
function unusedAt(cycle: { starts_at: Date; ends_at: Date; paid_vnd: number; credits: number }, endedAt: Date, creditsLeft: number | null): number {
  if (endedAt >= cycle.ends_at) return 0;
  if (creditsLeft === null) return cycle.paid_vnd;
  const timeShare = (cycle.ends_at.getTime() - endedAt.getTime()) / (cycle.ends_at.getTime() - cycle.starts_at.getTime());
  const creditShare = cycle.credits > 0 ? creditsLeft / cycle.credits : timeShare;
  return Math.floor(cycle.paid_vnd * Math.max(0, Math.min(timeShare, creditShare, 1)));
}

export async function countMoney(h: AccountsHarness, buyer: Buyer): Promise<MoneyCount> {
  const db = h.database.kysely;
  const orders = await db.selectFrom('payment_orders').selectAll().where('user_id', '=', buyer.id).execute();
  const completed = orders.filter((order) => order.status === 'completed');
  const received = completed.reduce((sum, order) => sum + order.amount_vnd, 0);

  const cycles = await db.selectFrom('plan_cycles').selectAll().where('user_id', '=', buyer.id).execute();
  let listed = 0;
  let returned = 0;
  for (const cycle of cycles) {
    const price = planPrice(PLANS[cycle.plan as PlanId], cycle.period as BillingPeriod);
    // A cycle is worth its plan's list price, whatever the order that bought it paid.
    expect(cycle.paid_vnd, `cycle ${cycle.id} is valued at the list price`).toBe(price);
    listed += cycle.paid_vnd;
    if (cycle.ended_early_at === null) continue;
    // Its credits' bucket exists when it started before it ended (a cycle ended before its start
    // gave nothing, and is given back whole).
    const bucket = await db
      .selectFrom('credit_buckets')
      .select('id')
      .where('user_id', '=', buyer.id)
      .where('origin', '=', `cycle:${cycle.id}`)
      .executeTakeFirst();
    let creditsLeft: number | null = null;
    if (bucket) {
      const expired = await db
        .selectFrom('credit_ledger')
        .select(['amount', 'created_at'])
        .where('user_id', '=', buyer.id)
        .where('idempotency_key', '=', `expire:${bucket.id}`)
        .executeTakeFirst();
      // The plan credits it still held when it ended left with an `expire` row dated then; none: it held none.
      creditsLeft = expired && expired.created_at.getTime() === cycle.ended_early_at.getTime() ? -expired.amount : 0;
    }
    returned += unusedAt(cycle, cycle.ended_early_at, creditsLeft);
  }
  for (const order of completed) {
    if (order.kind !== 'pack' || !isPackId(order.item)) continue;
    const grant = await db
      .selectFrom('credit_ledger')
      .select('amount')
      .where('user_id', '=', buyer.id)
      .where('idempotency_key', '=', `order:${order.id}`)
      .executeTakeFirst();
    if (grant) listed += PACKS[order.item].priceVnd;
  }
  const overview = await buyer.call('GET', '/api/billing/overview');
  expect(overview.status).toBe(200);
  const balance = (overview.body.balance_vnd as number | undefined) ?? 0;
  return { received, listed, returned, balance };
}

/** Asserts the money invariant for `buyer`: value delivered ≤ money received, and the rest is exactly the balance. */
export async function expectMoneyKept(h: AccountsHarness, buyer: Buyer, context = ''): Promise<MoneyCount> {
  const count = await countMoney(h, buyer);
  const delivered = count.listed - count.returned;
  const detail = `${context} ${JSON.stringify(count)}`;
  expect(delivered, `value delivered exceeds money received: ${detail}`).toBeLessThanOrEqual(count.received);
  expect(count.received - delivered, `money received is not all accounted for: ${detail}`).toBe(count.balance);
  return count;
}
