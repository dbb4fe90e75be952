/**
 * The money invariant over random sequences (docs/product-rules.md#plan-settlement): checkouts of
 * any plan, period or pack; payments of any order the account ever made, in any order,
 * duplicated, two at once, or found by reconciliation when the provider's notification was lost,
 * late after its window or after cycles ended; cancels and failures; credits spent; the clock
 * moved minutes, days or to the end of the cycle with the minute's work run. After every step:
 * value delivered (plan cycles at their list price less the unused part given back when an
 * upgrade ended them, packs at theirs) never exceeds the money received, and the difference is
 * exactly the account's balance — no VND lost (./helpers/billing-value.ts). Each order completes
 * at most once, a delivered plan order has one cycle, one that bought only balance has none.
 *
 * Each run is a new account on one harness (the clock only moves forward). It prints its seed, run
 * count and sequence length; replay with BILLING_PROPERTY_SEED=<seed> (and BILLING_PROPERTY_PATH=<path>
 * for the failing run alone; BILLING_PROPERTY_RUNS changes the count).
 */
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_IDS } from '../../src/contract/packs.ts';
import { PURCHASABLE_PLAN_IDS } from '../../src/contract/plans.ts';
import type { CheckoutItem } from '../../src/contract/billing.schema.ts';
import { createAccountsHarness, DAY_MS, MINUTE_MS, type AccountsHarness } from './helpers/accounts.ts';
import { balanceOf, makeBuyer, spend, type Buyer } from './helpers/billing.ts';
import { expectMoneyKept } from './helpers/billing-value.ts';
import { DRIVER } from './helpers/database.ts';

const SEED = process.env.BILLING_PROPERTY_SEED ? Number(process.env.BILLING_PROPERTY_SEED) : Date.now() % 2 ** 31;
/** Random sequences tried (each a new account). */
const RUNS = process.env.BILLING_PROPERTY_RUNS ? Number(process.env.BILLING_PROPERTY_RUNS) : 100;
/** Steps in a sequence, at most. */
const MAX_STEPS = 20;

let h: AccountsHarness;

beforeAll(async () => {
  h = await createAccountsHarness();
}, 120_000);

afterAll(async () => {
  await h?.dispose();
});

type Action =
  /** A checkout; `paid`: paid at once, as most are. */
  | { kind: 'checkout'; item: CheckoutItem; period: 'monthly' | 'annual'; paid: boolean }
  /** A hurried seller's two tabs: two checkouts one after the other, neither paid yet. */
  | { kind: 'twoTabs'; items: [CheckoutItem, CheckoutItem]; periods: ['monthly' | 'annual', 'monthly' | 'annual'] }
  /** The provider notifies a payment of the picked order (`times` copies of the same event). */
  | { kind: 'pay'; pick: number; times: number }
  /** Two orders' payments notified at the same moment. */
  | { kind: 'payAtOnce'; picks: [number, number] }
  /** The provider took the money but its notification was lost: the success page's refresh or reconciliation finds it. */
  | { kind: 'paidSilently'; pick: number; found: 'refresh' | 'reconciliation' }
  | { kind: 'abandon'; pick: number; state: 'cancelled' | 'failed' }
  | { kind: 'spend'; credits: number }
  | { kind: 'wait'; minutes: number }
  | { kind: 'cycleEnd' };

/** An order by its index among the account's orders that went through the provider: half the time among the last three. */
const pick = fc.oneof(fc.nat({ max: 1_000 }), fc.integer({ min: -3, max: -1 }));
const anyPeriod = fc.constantFrom('monthly' as const, 'annual' as const);
const anyItem = fc.constantFrom<CheckoutItem>(...PURCHASABLE_PLAN_IDS, ...PACK_IDS);
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('checkout' as const), item: anyItem, period: anyPeriod, paid: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('twoTabs' as const),
      items: fc.tuple(fc.constantFrom<CheckoutItem>(...PURCHASABLE_PLAN_IDS), anyItem),
      periods: fc.tuple(anyPeriod, anyPeriod),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick, times: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('payAtOnce' as const), picks: fc.tuple(pick, pick) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('paidSilently' as const), pick, found: fc.constantFrom('refresh' as const, 'reconciliation' as const) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('abandon' as const), pick, state: fc.constantFrom('cancelled' as const, 'failed' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('spend' as const), credits: fc.integer({ min: 1, max: 400 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      // Within a payment window, past it, or days to weeks.
      minutes: fc.oneof(fc.integer({ min: 1, max: 29 }), fc.integer({ min: 30, max: 24 * 60 }), fc.integer({ min: 24 * 60, max: 40 * 24 * 60 })),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'cycleEnd' as const }) },
);

interface OrderRow {
  id: string;
  code: number;
  amount_vnd: number;
  status: string;
}

const ordersOf = async (buyer: Buyer): Promise<OrderRow[]> =>
  (
    await h.database.kysely
      .selectFrom('payment_orders')
      .select(['id', 'code', 'amount_vnd', 'status'])
      .where('user_id', '=', buyer.id)
      .orderBy('code')
      .execute()
  ).map((row) => ({
    ...row,
    code: Number(row.code),
  }));

/** The picked order that went through the provider (an order the balance paid whole never did). */
async function picked(buyer: Buyer, index: number): Promise<OrderRow | null> {
  const orders = (await ordersOf(buyer)).filter((order) => order.amount_vnd > 0);
  if (orders.length === 0) return null;
  return index < 0 ? orders[Math.max(0, orders.length + index)]! : orders[index % orders.length]!;
}

/** The sandbox's signed notification of the one payment of `order` (the same event each time). */
async function notify(order: OrderRow, state: 'paid' | 'cancelled' | 'failed'): Promise<void> {
  const transaction = `T${order.code}`;
  const { body, headers } = h.billing.sandbox!.signNotification({
    event_id: `${transaction}:${state}`,
    order_code: order.code,
    state,
    amount_vnd: order.amount_vnd,
    transaction_id: transaction,
  });
  const response = await h.app.request('/api/billing/webhooks/sandbox', { method: 'POST', body, headers });
  expect(response.status, await response.text()).toBe(200);
}

/** A checkout through the sandbox; null when refused (409: an annual plan's unused part above a monthly price refuses a monthly upgrade). */
async function checkoutOf(
  buyer: Buyer,
  item: CheckoutItem,
  period: 'monthly' | 'annual',
): Promise<{ id: string; order_code: number; amount_vnd: number; status: string } | null> {
  const body = { item, method: 'sandbox', accept_terms: true, ...(item.startsWith('pack_') ? {} : { period }) };
  const answer = await buyer.call('POST', '/api/billing/checkout', { body, headers: { 'Idempotency-Key': `k${h.clock.now()}-${Math.random()}` } });
  expect([201, 409], JSON.stringify(answer.body)).toContain(answer.status);
  return answer.status === 201 ? answer.body.payment : null;
}

async function moveClock(ms: number): Promise<void> {
  h.clock.advance(ms);
  await h.billing.runOnce();
}

async function run(buyer: Buyer, step: Action): Promise<void> {
  switch (step.kind) {
    case 'checkout': {
      const payment = await checkoutOf(buyer, step.item, step.period);
      if (step.paid && payment?.status === 'pending')
        await notify({ id: payment.id, code: payment.order_code, amount_vnd: payment.amount_vnd, status: payment.status }, 'paid');
      return;
    }
    case 'twoTabs':
      await checkoutOf(buyer, step.items[0], step.periods[0]);
      h.clock.advance(MINUTE_MS);
      await checkoutOf(buyer, step.items[1], step.periods[1]);
      return;
    case 'pay': {
      const order = await picked(buyer, step.pick);
      if (!order) return;
      for (let i = 0; i < step.times; i++) await notify(order, 'paid');
      return;
    }
    case 'payAtOnce': {
      const [a, b] = await Promise.all(step.picks.map((index) => picked(buyer, index)));
      if (a && b) await Promise.all([notify(a, 'paid'), notify(b, 'paid')]);
      return;
    }
    case 'paidSilently': {
      const order = await picked(buyer, step.pick);
      if (!order) return;
      await h.database.kysely
        .updateTable('sandbox_payments')
        .set({ state: 'paid', transaction_id: `T${order.code}` })
        .where('order_id', '=', order.id)
        .execute();
      if (step.found === 'reconciliation') return moveClock(20 * MINUTE_MS);
      const refreshed = await buyer.call('POST', `/api/billing/payments/${order.id}/refresh`);
      if (refreshed.status !== 200) throw new Error(`refresh answered ${refreshed.status}: ${JSON.stringify(refreshed.body)}`);
      return;
    }
    case 'abandon': {
      const order = await picked(buyer, step.pick);
      if (order) await notify(order, step.state);
      return;
    }
    case 'spend': {
      const credits = Math.min(step.credits, await balanceOf(buyer));
      if (credits > 0) await spend(h, buyer.id, credits);
      return;
    }
    case 'wait':
      return moveClock(step.minutes * MINUTE_MS);
    case 'cycleEnd': {
      const sub = (await buyer.call('GET', '/api/billing/overview')).body.subscription;
      return moveClock(sub ? new Date(sub.ends_at).getTime() - h.clock.now() + MINUTE_MS : DAY_MS);
    }
  }
}

/** What every order's settlement left behind agrees with what it says it bought. */
async function expectOrdersConsistent(buyer: Buyer): Promise<void> {
  const db = h.database.kysely;
  const orders = await db.selectFrom('payment_orders').select(['id', 'kind', 'status', 'outcome', 'receipt_number']).where('user_id', '=', buyer.id).execute();
  const cycles = await db.selectFrom('plan_cycles').select('order_id').where('user_id', '=', buyer.id).execute();
  for (const order of orders) {
    const cycleCount = cycles.filter((cycle) => cycle.order_id === order.id).length;
    const delivered = order.status === 'completed' && order.outcome === 'delivered';
    expect(order.outcome === null, `order ${order.id}: an outcome exactly when completed`).toBe(order.status !== 'completed');
    expect(order.receipt_number === null).toBe(order.status !== 'completed');
    expect(cycleCount, `${order.kind} order ${order.id} (${order.status}, ${order.outcome})`).toBe(order.kind === 'plan' && delivered ? 1 : 0);
  }
}

describe(`the money invariant over random billing sequences (${DRIVER})`, () => {
  it('value delivered never exceeds money received, and every VND received is delivered or in the balance', async () => {
    let runs = 0;
    let steps = 0;
    /** How the runs' orders ended, to show what the sequences reached. */
    const seen = new Map<string, number>();
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: MAX_STEPS }), async (actions) => {
        runs += 1;
        const buyer = await makeBuyer(h);
        for (const [index, step] of actions.entries()) {
          await run(buyer, step);
          steps += 1;
          const context = `after step ${index + 1} ${JSON.stringify(step)} of ${JSON.stringify(actions)}`;
          await expectMoneyKept(h, buyer, context);
          await expectOrdersConsistent(buyer);
        }
        const ends = await h.database.kysely
          .selectFrom('payment_orders')
          .select(['kind', 'status', 'outcome', 'failure_reason', 'change'])
          .where('user_id', '=', buyer.id)
          .execute();
        for (const end of ends) {
          const key = [end.kind, end.status, end.outcome, end.failure_reason, end.change].filter(Boolean).join(' ');
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true, ...(process.env.BILLING_PROPERTY_PATH ? { path: process.env.BILLING_PROPERTY_PATH } : {}) },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`billing money property (${DRIVER}): ${runs} runs, ${steps} steps (≤ ${MAX_STEPS} a run), seed ${SEED}, ${seconds} s`);
    expect(steps).toBeGreaterThanOrEqual(runs);
    console.info(
      `orders by end state: ${[...seen]
        .toSorted()
        .map(([key, count]) => `${key}: ${count}`)
        .join('; ')}`,
    );
  }, 900_000);
});
