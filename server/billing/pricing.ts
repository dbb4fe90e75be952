/**
 * What a checkout costs and when it takes effect (docs/product-rules.md#plan-changes). Pure
 * functions of the catalogue (src/contract/plans.ts), the account's paid cycles and the clock.
 *
 * - No plan in force: the plan starts now ('new').
 * - A higher plan, or the same plan annual instead of monthly: an 'upgrade', starting now. The
 *   unused part of what is in force is taken off the price: for the current cycle, what it cost
 *   times the smaller of the share of its time left and the share of its plan credits left (a
 *   cycle whose credits are spent has nothing left to give back, however early it is); cycles
 *   already paid for later count in full. They all end when the upgrade starts.
 * - The same plan and period: a 'renewal'; anything lower: a 'downgrade'. Both start when the
 *   last paid cycle ends, at full price.
 * - A pack: its credits now, lasting PACK_VALIDITY_MONTHS.
 */
import {
  PACK_VALIDITY_MONTHS,
  PACKS,
  PERIOD_MONTHS,
  PLANS,
  isPackId,
  planCycleCredits,
  planPrice,
  type BillingPeriod,
  type CheckoutItem,
  type PlanChange,
  type PlanId,
} from '../../src/contract/billing.ts';

/** A paid plan period as the pricing sees it. */
export interface CycleFacts {
  id: string;
  plan: PlanId;
  period: BillingPeriod;
  startsAt: Date;
  /** When it ends (early, for a cycle an upgrade cut). */
  endsAt: Date;
  /** What was paid for it, VND. */
  paidVnd: number;
  credits: number;
  /** Plan credits still in its bucket (null before it started). */
  creditsLeft: number | null;
}

export interface PriceQuote {
  item: CheckoutItem;
  kind: 'plan' | 'pack';
  period: BillingPeriod | null;
  change: PlanChange | null;
  priceVnd: number;
  prorationCreditVnd: number;
  amountVnd: number;
  credits: number;
  startsAt: Date;
  endsAt: Date;
  /** Cycles an upgrade ends (the current one, and any paid for later). */
  replaces: string[];
}

/** `date` plus `months` calendar months (UTC), the day clamped to the month's length (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** Why a quote cannot be made. */
export type QuoteRefusal = 'notPurchasable' | 'upgradeNeedsAnnual';

export class QuoteRefused extends Error {
  readonly reason: QuoteRefusal;
  constructor(reason: QuoteRefusal) {
    super(reason);
    this.name = 'QuoteRefused';
    this.reason = reason;
  }
}

/** Is `to` (plan, period) above `from`: a higher plan, or the same plan paid for a longer period. */
export function isUpgrade(from: { plan: PlanId; period: BillingPeriod }, to: { plan: PlanId; period: BillingPeriod }): boolean {
  const [a, b] = [PLANS[from.plan].rank, PLANS[to.plan].rank];
  if (b !== a) return b > a;
  return PERIOD_MONTHS[to.period] > PERIOD_MONTHS[from.period];
}

/**
 * The unused value of a cycle at `now`, VND (rounded down: the customer is never credited more
 * than the unused part).
 */
export function unusedValue(cycle: CycleFacts, now: Date): number {
  if (now >= cycle.endsAt) return 0;
  if (now < cycle.startsAt || cycle.creditsLeft === null) return cycle.paidVnd;
  const total = cycle.endsAt.getTime() - cycle.startsAt.getTime();
  const timeShare = (cycle.endsAt.getTime() - now.getTime()) / total;
  const creditShare = cycle.credits > 0 ? cycle.creditsLeft / cycle.credits : timeShare;
  return Math.floor(cycle.paidVnd * Math.max(0, Math.min(timeShare, creditShare, 1)));
}

/**
 * The quote for `item` given the account's cycles that have not ended (`current` is the one in
 * force, `later` those paid for after it, in order).
 * @throws QuoteRefused
 */
export function quote(item: CheckoutItem, period: BillingPeriod | undefined, cycles: { current: CycleFacts | null; later: CycleFacts[] }, now: Date): PriceQuote {
  if (isPackId(item)) {
    const pack = PACKS[item];
    return {
      item,
      kind: 'pack',
      period: null,
      change: null,
      priceVnd: pack.priceVnd,
      prorationCreditVnd: 0,
      amountVnd: pack.priceVnd,
      credits: pack.credits,
      startsAt: now,
      endsAt: addMonths(now, PACK_VALIDITY_MONTHS),
      replaces: [],
    };
  }
  const plan = PLANS[item];
  const chosen: BillingPeriod = period ?? 'monthly';
  const price = planPrice(plan, chosen);
  const credits = planCycleCredits(plan, chosen);
  if (price === null || credits === null || price === 0) throw new QuoteRefused('notPurchasable');
  const months = PERIOD_MONTHS[chosen];
  const { current, later } = cycles;
  const base = { item, kind: 'plan' as const, period: chosen, priceVnd: price, credits };

  if (current === null) {
    return { ...base, change: 'new', prorationCreditVnd: 0, amountVnd: price, startsAt: now, endsAt: addMonths(now, months), replaces: [] };
  }
  const target = { plan: plan.id, period: chosen };
  if (isUpgrade(current, target)) {
    const credit = unusedValue(current, now) + later.reduce((sum, cycle) => sum + cycle.paidVnd, 0);
    // An annual plan's unused part can exceed a month of a higher plan: the excess would be lost,
    // so such an upgrade has to be annual too.
    if (credit > price) throw new QuoteRefused('upgradeNeedsAnnual');
    return {
      ...base,
      change: 'upgrade',
      prorationCreditVnd: credit,
      amountVnd: price - credit,
      startsAt: now,
      endsAt: addMonths(now, months),
      replaces: [current.id, ...later.map((cycle) => cycle.id)],
    };
  }
  const last = later.at(-1) ?? current;
  const change: PlanChange = current.plan === plan.id && current.period === chosen && later.every((c) => c.plan === plan.id && c.period === chosen) ? 'renewal' : 'downgrade';
  return { ...base, change, prorationCreditVnd: 0, amountVnd: price, startsAt: last.endsAt, endsAt: addMonths(last.endsAt, months), replaces: [] };
}
