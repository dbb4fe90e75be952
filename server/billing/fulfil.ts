/**
 * What an order's outcome does, exactly once (docs/product-rules.md#payments):
 * - paid: the order is completed (a receipt number), and its money is settled in the same
 *   transaction against what is in force now, not when it was quoted
 *   (docs/product-rules.md#plan-settlement): the money, the unused part of the cycles its
 *   placement ends now and the account's balance pay the list price (./pricing.ts settledValue),
 *   and what it bought is delivered — a pack's credits (a bucket lasting PACK_VALIDITY_MONTHS), or
 *   a plan cycle, which starts now (a new plan, an upgrade ending the cycles it replaces) or when
 *   the last paid cycle ends (a renewal, a downgrade) — with what is left in the balance; or, when
 *   they fall short or a newer checkout replaced the order, only its money goes to the balance. A
 *   paid order that was marked failed before (an out-of-order cancel, an expiry) is settled all
 *   the same: money received is never left unaccounted for.
 * - cancelled, failed, expired: a pending order is failed with the reason; a completed one stays.
 *
 * The account's lock, taken first, serialises the settlements of one account (two orders' money
 * arriving at once see each other's cycles and balance), then the order's row lock its outcomes;
 * ledger keys (`order:<id>`, `cycle:<id>`) make every grant happen once.
 */
import { PACK_VALIDITY_MONTHS } from '../../src/contract/packs.ts';
import { PERIOD_MONTHS, PLANS, type PlanId } from '../../src/contract/plans.ts';
import { creditLedger } from '../credits/ledger.ts';
import { bucketOfOrigin, claimCycleStart, cycleOwner, cyclesEndingAfter, endCycleAt, insertCycle, planInForce } from './cycles-repository.ts';
import { receiptNumber } from './orders.ts';
import { accountBoughtCycle, moneyBalance, orderById, setUserPlan, updateOrder, type Db, type OrderRow } from './repository.ts';
import { addMonths, freedValue, placement, settledValue, type CycleFacts, type SettledValue } from './pricing.ts';
import type { ProviderPaymentState } from './providers/types.ts';

export interface Settlement {
  state: ProviderPaymentState;
  /** What the provider says was paid; null when its answer does not say (then its state is trusted). */
  amountVnd: number | null;
  providerRef: string | null;
  subscriptionRef?: string | null;
}

export type SettleResult = 'completed' | 'failed' | 'unchanged' | 'amount-mismatch' | 'unknown-order';

const FAILURE: Record<Exclude<ProviderPaymentState, 'paid' | 'pending'>, OrderRow['failure_reason']> = {
  cancelled: 'cancelled',
  failed: 'declined',
  expired: 'expired',
};

const cycleKey = (cycleId: string) => `cycle:${cycleId}`;
export const orderKey = (orderId: string) => `order:${orderId}`;

/** Applies an outcome to order `orderId`; call inside a transaction. */
export async function settle(trx: Db, orderId: string, outcome: Settlement, at: Date): Promise<SettleResult> {
  const seen = await orderById(trx, orderId);
  if (!seen) return 'unknown-order';
  if (outcome.state === 'pending') return 'unchanged';
  if (seen.user_id !== null) await creditLedger(trx).lockAccount(seen.user_id);
  const order = (await orderById(trx, orderId, true))!;
  if (outcome.state !== 'paid') {
    if (order.status !== 'pending') return 'unchanged';
    await updateOrder(trx, order.id, {
      status: 'failed',
      failure_reason: FAILURE[outcome.state],
      updated_at: at,
      provider_ref: outcome.providerRef ?? order.provider_ref,
    });
    return 'failed';
  }
  if (order.status === 'completed') return 'unchanged';
  if (outcome.amountVnd !== null && outcome.amountVnd !== order.amount_vnd) return 'amount-mismatch';
  const subscriptionRef = outcome.subscriptionRef ?? order.subscription_ref;
  // An order of an account deleted since: nothing to deliver to; its money stays on record.
  const settled = order.user_id === null ? onlyBalance(order) : await deliver(trx, { ...order, subscription_ref: subscriptionRef }, order.user_id, at);
  await updateOrder(trx, order.id, {
    status: 'completed',
    // Kept on a replaced order that bought only balance: it says why.
    failure_reason: !settled.deliver && order.failure_reason === 'superseded' ? 'superseded' : null,
    paid_at: at,
    updated_at: at,
    receipt_number: receiptNumber(Number(order.code), at),
    provider_ref: outcome.providerRef ?? order.provider_ref,
    subscription_ref: subscriptionRef,
    outcome: settled.deliver ? 'delivered' : 'balance',
    change: settled.change ?? order.change,
    settled_credit_vnd: settled.creditVnd,
    balance_used_vnd: settled.balanceUsedVnd,
    balance_added_vnd: settled.balanceAddedVnd,
  });
  return 'completed';
}

type Delivery = SettledValue & { change: OrderRow['change'] };

const onlyBalance = (order: OrderRow): Delivery => ({ deliver: false, creditVnd: 0, balanceUsedVnd: 0, balanceAddedVnd: order.amount_vnd, change: null });

/** Settles a paid order's money for `userId` (holding the account's lock) and delivers what it pays for. */
async function deliver(trx: Db, order: OrderRow, userId: string, at: Date): Promise<Delivery> {
  // A newer checkout replaced it: the seller was told so; its money is balance, whatever it was for.
  if (order.failure_reason === 'superseded') return onlyBalance(order);
  const balance = await moneyBalance(trx, userId);
  if (order.kind === 'pack') {
    const value = settledValue(order.price_vnd, order.amount_vnd, 0, balance);
    if (value.deliver) {
      await creditLedger(trx).record(
        userId,
        {
          kind: 'purchase',
          amount: order.credits,
          reason: `pack ${order.item}`,
          idempotencyKey: orderKey(order.id),
          bucket: { source: 'pack', item: order.item, expiresAt: addMonths(at, PACK_VALIDITY_MONTHS) },
        },
        at,
      );
    }
    return { ...value, change: null };
  }
  const target = { plan: order.item as PlanId, period: order.period ?? 'monthly' };
  const place = placement(target, await cyclesInForce(trx, userId, at), at);
  const value = settledValue(order.price_vnd, order.amount_vnd, freedValue(place.replaces, at), balance);
  if (!value.deliver) return { ...value, change: null };
  for (const cycle of place.replaces) await endCycleEarly(trx, cycle.id, userId, at);
  await placeCycle(trx, order, userId, place.startsAt, at);
  return { ...value, change: place.change };
}

/**
 * The account's cycles that have not ended at `at`: the one in force and those paid for after it.
 * A cycle an upgrade ended is out, including one paid for later and ended before it started
 * (its `ended_early_at` is its start, still ahead): counting it would credit its price twice.
 */
export async function cyclesInForce(db: Db, userId: string, at: Date): Promise<{ current: CycleFacts | null; later: CycleFacts[] }> {
  const rows = await cyclesEndingAfter(db, userId, at);
  const facts = rows.map((row): CycleFacts & { started: boolean } => ({
    id: row.id,
    plan: row.plan as PlanId,
    period: row.period,
    startsAt: row.starts_at,
    endsAt: row.ended_early_at ?? row.ends_at,
    paidVnd: row.paid_vnd,
    credits: row.credits,
    creditsLeft: row.started_at === null ? null : (row.remaining ?? 0),
    started: row.started_at !== null,
  }));
  const currentIndex = facts.findIndex((cycle) => cycle.startsAt <= at);
  const current = currentIndex === -1 ? null : facts[currentIndex]!;
  return { current, later: facts.filter((_, index) => index !== currentIndex) };
}

/** A cycle of what `order` bought, from `startsAt`; started at once when that is now. */
async function placeCycle(trx: Db, order: OrderRow, userId: string, startsAt: Date, at: Date): Promise<void> {
  const plan = order.item as PlanId;
  const period = order.period ?? 'monthly';
  const id = await insertCycle(trx, {
    user_id: userId,
    order_id: order.id,
    plan,
    period,
    starts_at: startsAt,
    ends_at: addMonths(startsAt, PERIOD_MONTHS[period]),
    credits: order.credits,
    // What the cycle is worth when a later upgrade credits its unused part: its list price
    // (the part paid with an earlier cycle's credit was paid all the same).
    paid_vnd: order.price_vnd,
    created_at: at,
  });
  await accountBoughtCycle(trx, order, userId, at);
  if (startsAt <= at) await startCycle(trx, id, at);
}

/** Ends a cycle now (an upgrade replaced it): its plan credits leave with it. */
async function endCycleEarly(trx: Db, cycleId: string, userId: string, at: Date): Promise<void> {
  await endCycleAt(trx, cycleId, at);
  const bucket = await bucketOfOrigin(trx, userId, cycleKey(cycleId));
  if (bucket) await creditLedger(trx).expire(bucket, at, true);
}

/**
 * Starts cycle `cycleId` once: its credits (a bucket expiring with the cycle) and the account's
 * plan. False when it had started already (another worker did it). The account's lock comes
 * first, as in a settlement, which may be ending this very cycle: taking them the other way round
 * deadlocks with it.
 */
export async function startCycle(trx: Db, cycleId: string, at: Date): Promise<boolean> {
  const owner = await cycleOwner(trx, cycleId);
  if (owner === undefined) return false;
  const ledger = creditLedger(trx);
  await ledger.lockAccount(owner);
  const cycle = await claimCycleStart(trx, cycleId, at);
  if (!cycle) return false;
  const end = cycle.ended_early_at ?? cycle.ends_at;
  if (end > at) {
    await ledger.record(
      cycle.user_id,
      {
        kind: 'purchase',
        amount: cycle.credits,
        reason: `plan ${cycle.plan} ${cycle.period}`,
        idempotencyKey: cycleKey(cycle.id),
        bucket: { source: 'plan', item: cycle.plan, expiresAt: end },
      },
      at,
    );
  }
  await refreshPlan(trx, cycle.user_id, at);
  return true;
}

/** Sets `users.plan` to the plan of the cycle in force at `at`, or free when none is. */
export async function refreshPlan(trx: Db, userId: string, at: Date): Promise<PlanId> {
  const plan = ((await planInForce(trx, userId, at)) ?? 'free') as PlanId;
  await setUserPlan(trx, userId, plan);
  return PLANS[plan] ? plan : 'free';
}
