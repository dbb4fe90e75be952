/**
 * What a checkout costs and when it takes effect (docs/product-rules.md#plan-changes). Pure
 * functions of the catalogue (src/contract/plans.ts), the account's paid cycles and the clock.
 *
 * - No plan in force: the plan starts now ('new').
 * - A higher plan, or the same plan annual instead of monthly: an 'upgrade', starting now. The
 *   unused part of what is in force is taken off the price: for the current cycle, what it cost
 *   times the smaller of the share of its time left and the share of its plan credits left (a
 *   cycle whose credits are spent has nothing left to give back, however early it is); cycles
 *   already paid for later count in full. They all end when the upgrade starts. A quote values
 *   that part as it will be when the payment can last arrive; the settlement values it when the
 *   money does arrive (`settledValue`, docs/product-rules.md#plan-settlement).
 * - The same plan and period: a 'renewal'; anything lower: a 'downgrade'. Both start when the
 *   last paid cycle ends, at full price.
 * - A pack: its credits now, lasting PACK_VALIDITY_MONTHS.
 * - The account's money balance is taken off what is left to pay.
 */
import { PACK_VALIDITY_MONTHS, PACKS } from '../../src/contract/packs.ts';
import { PERIOD_MONTHS, PLANS, planCycleCredits, planPrice, type BillingPeriod, type PlanId } from '../../src/contract/plans.ts';
import { isPackId, type CheckoutItem, type PlanChange } from '../../src/contract/billing.schema.ts';

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
  /** Taken from the account's money balance. */
  balanceAppliedVnd: number;
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

/** Where a plan bought now goes: what it is, when it starts, and the cycles it ends (an upgrade). */
export interface Placement {
  change: PlanChange;
  startsAt: Date;
  replaces: CycleFacts[];
}

/**
 * The one placement rule, for the quote and for the settlement (./fulfil.ts), each at its own time:
 * nothing in force, 'new' now; above what is in force, an 'upgrade' now ending the current cycle
 * and those paid for after it; the same plan and period, a 'renewal', anything lower, a
 * 'downgrade', both after the last paid cycle.
 */
export function placement(target: { plan: PlanId; period: BillingPeriod }, cycles: { current: CycleFacts | null; later: CycleFacts[] }, now: Date): Placement {
  const { current, later } = cycles;
  if (current === null) return { change: 'new', startsAt: now, replaces: [] };
  if (isUpgrade(current, target)) return { change: 'upgrade', startsAt: now, replaces: [current, ...later] };
  const last = later.at(-1) ?? current;
  const same = [current, ...later].every((cycle) => cycle.plan === target.plan && cycle.period === target.period);
  return { change: same ? 'renewal' : 'downgrade', startsAt: last.endsAt, replaces: [] };
}

/** What the settlement frees: the unused value of the cycles an upgrade ends at `at`, VND. */
export const freedValue = (replaces: readonly CycleFacts[], at: Date): number => replaces.reduce((sum, cycle) => sum + unusedValue(cycle, at), 0);

/**
 * The credit a quote takes off: each replaced cycle's unused value as it will be at `creditAt` (the
 * end of the time a payment may take to reach us), taken as started with its credits if it has
 * not started yet, and never more than now. The settlement frees at least this much when the money
 * arrives by `creditAt` and no plan credit was spent meanwhile.
 */
const quotedCredit = (replaces: readonly CycleFacts[], now: Date, creditAt: Date): number =>
  replaces.reduce(
    (sum, cycle) => sum + Math.min(unusedValue(cycle, now), unusedValue({ ...cycle, creditsLeft: cycle.creditsLeft ?? cycle.credits }, creditAt)),
    0,
  );

/** The account's money the quote can count on. */
export interface QuoteMoney {
  /** The account's money balance, VND. */
  balanceVnd: number;
  /** When the replaced cycles' unused part is valued (docs/product-rules.md#plan-settlement). */
  creditAt: Date;
}

/**
 * The quote for `item` given the account's cycles that have not ended (`current` is the one in
 * force, `later` those paid for after it, in order) and its money balance.
 * @throws QuoteRefused
 */
export function quote(
  item: CheckoutItem,
  period: BillingPeriod | undefined,
  cycles: { current: CycleFacts | null; later: CycleFacts[] },
  now: Date,
  money: QuoteMoney,
): PriceQuote {
  const fromBalance = (due: number) => Math.min(Math.max(0, money.balanceVnd), due);
  if (isPackId(item)) {
    const pack = PACKS[item];
    const applied = fromBalance(pack.priceVnd);
    return {
      item,
      kind: 'pack',
      period: null,
      change: null,
      priceVnd: pack.priceVnd,
      prorationCreditVnd: 0,
      balanceAppliedVnd: applied,
      amountVnd: pack.priceVnd - applied,
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
  const place = placement({ plan: plan.id, period: chosen }, cycles, now);
  const credit = quotedCredit(place.replaces, now, money.creditAt);
  // An annual plan's unused part can exceed a month of a higher plan: such an upgrade has to be annual too.
  if (credit > price) throw new QuoteRefused('upgradeNeedsAnnual');
  const applied = fromBalance(price - credit);
  return {
    item,
    kind: 'plan',
    period: chosen,
    change: place.change,
    priceVnd: price,
    prorationCreditVnd: credit,
    balanceAppliedVnd: applied,
    amountVnd: price - credit - applied,
    credits,
    startsAt: place.startsAt,
    endsAt: addMonths(place.startsAt, PERIOD_MONTHS[chosen]),
    replaces: place.replaces.map((cycle) => cycle.id),
  };
}

/** What a paid order's money does at settlement. */
export interface SettledValue {
  /** The item is delivered (else the money only goes to the balance). */
  deliver: boolean;
  /** The unused part of the replaced cycles taken off the price. */
  creditVnd: number;
  balanceUsedVnd: number;
  balanceAddedVnd: number;
}

/**
 * docs/product-rules.md#plan-settlement: the money paid, the unused part of what the placement
 * ends and the account's balance together pay the list price, and what is left stays in the
 * balance; when they fall short, nothing is delivered or ended and the money paid goes to the
 * balance. Either way value delivered + balance = money received + value freed.
 */
export function settledValue(priceVnd: number, paidVnd: number, freedVnd: number, balanceVnd: number): SettledValue {
  if (paidVnd + freedVnd + balanceVnd < priceVnd) return { deliver: false, creditVnd: 0, balanceUsedVnd: 0, balanceAddedVnd: paidVnd };
  return {
    deliver: true,
    creditVnd: freedVnd,
    balanceUsedVnd: Math.max(0, priceVnd - paidVnd - freedVnd),
    balanceAddedVnd: Math.max(0, paidVnd + freedVnd - priceVnd),
  };
}
