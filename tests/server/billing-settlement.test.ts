/**
 * A plan change is settled against what is in force when its money arrives
 * (docs/product-rules.md#plan-settlement). On Basic monthly, two Pro monthly checkouts opened one
 * after the other were each quoted the Basic cycle's unused part; paying both completed both, the
 * second as a following Pro month worth 499.000 ₫ for 300.001 ₫. Here, whatever the order of the
 * two payments, duplicated, at once or a month late: one Pro cycle, the other order's money in the
 * account's balance, and value delivered equal to the money received less that balance.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKS } from '../../src/contract/packs.ts';
import { PLANS, planPrice } from '../../src/contract/plans.ts';
import { createAccountsHarness, DAY_MS, MINUTE_MS, type AccountsHarness } from './helpers/accounts.ts';
import { buy, checkout, ledgerRows, makeBuyer, type Buyer } from './helpers/billing.ts';
import { expectMoneyKept } from './helpers/billing-value.ts';
import { DRIVER } from './helpers/database.ts';
import { creditLedger } from '../../server/credits/ledger.ts';
import { startCycle } from '../../server/billing/fulfil.ts';

let h: AccountsHarness;

beforeAll(async () => {
  h = await createAccountsHarness();
}, 120_000);

afterAll(async () => {
  await h?.dispose();
});

const PRO = planPrice(PLANS.pro, 'monthly')!;
const PACK_150 = PACKS.pack_150.priceVnd;

interface Order {
  id: string;
  order_code: number;
  amount_vnd: number;
  proration_credit_vnd: number;
}

/** The sandbox's signed "paid" notification of `order` (one transaction: the same event each time it is sent). */
function paidNotification(order: Order, transaction = `T${order.order_code}`) {
  return h.billing.sandbox!.signNotification({
    event_id: `${transaction}:paid`,
    order_code: order.order_code,
    state: 'paid',
    amount_vnd: order.amount_vnd,
    transaction_id: transaction,
  });
}

async function pay(order: Order, times = 1): Promise<void> {
  const { body, headers } = paidNotification(order);
  for (let i = 0; i < times; i++) {
    const response = await h.app.request('/api/billing/webhooks/sandbox', { method: 'POST', body, headers });
    expect(response.status, await response.text()).toBe(200);
  }
}

/** Basic monthly bought, then two Pro monthly checkouts a minute apart, both quoted as upgrades. */
async function twoProCheckouts(): Promise<{ buyer: Buyer; first: Order; second: Order; firstUrl: string }> {
  const buyer = await makeBuyer(h);
  await buy(h, buyer, 'basic', 'monthly');
  h.clock.advance(3 * DAY_MS);
  const first = await checkout(buyer, 'pro', 'sandbox', { period: 'monthly' });
  h.clock.advance(MINUTE_MS);
  const second = await checkout(buyer, 'pro', 'sandbox', { period: 'monthly' });
  for (const created of [first, second]) {
    expect(created.body.payment).toMatchObject({ change: 'upgrade', status: 'pending' });
    expect(created.body.payment.proration_credit_vnd).toBeGreaterThan(0);
    expect(created.body.payment.amount_vnd).toBe(PRO - created.body.payment.proration_credit_vnd);
  }
  return { buyer, first: first.body.payment, second: second.body.payment, firstUrl: first.body.redirect_url };
}

const proCycles = async (buyer: Buyer) =>
  (await h.database.kysely.selectFrom('plan_cycles').select(['plan', 'ended_early_at']).where('user_id', '=', buyer.id).orderBy('starts_at').execute()).map(
    (cycle) => `${cycle.plan}${cycle.ended_early_at ? ' (ended early)' : ''}`,
  );

/** The end state every ordering reaches: Pro now, bought once; the replaced order's money in the balance. */
async function expectOneUpgrade(buyer: Buyer, first: Order, context: string): Promise<void> {
  expect(await proCycles(buyer), context).toEqual(['basic (ended early)', 'pro']);
  const count = await expectMoneyKept(h, buyer, context);
  const overview = (await buyer.call('GET', '/api/billing/overview')).body;
  expect(overview.plan).toBe('pro');
  // The first order's money, whole, plus the part of the Basic cycle the upgrade's quote left over.
  expect(overview.balance_vnd).toBe(count.balance);
  expect(count.balance).toBeGreaterThanOrEqual(first.amount_vnd);
  expect(count.balance - first.amount_vnd).toBeLessThan(first.proration_credit_vnd / 100);
  const replaced = (await buyer.call('GET', `/api/billing/payments/${first.id}`)).body;
  expect(replaced).toMatchObject({ status: 'completed', outcome: 'balance', balance_credit_vnd: first.amount_vnd, credits: 0, proration_credit_vnd: 0 });
}

describe(`two plan checkouts from one quote basis (${DRIVER})`, () => {
  it('the newer paid first, then the older: the older’s money goes to the balance, not into a second Pro month', async () => {
    const { buyer, first, second } = await twoProCheckouts();
    await pay(second);
    await pay(first);
    await expectOneUpgrade(buyer, first, 'second, first');
    const upgrade = (await buyer.call('GET', `/api/billing/payments/${second.id}`)).body;
    expect(upgrade).toMatchObject({ status: 'completed', outcome: 'delivered', change: 'upgrade', amount_vnd: second.amount_vnd });
  });

  it('the older paid first: it buys nothing but balance (a newer checkout replaced it); the newer then upgrades', async () => {
    const { buyer, first, second } = await twoProCheckouts();
    await pay(first);
    expect(await proCycles(buyer)).toEqual(['basic']);
    await expectMoneyKept(h, buyer, 'first only');
    await pay(second);
    await expectOneUpgrade(buyer, first, 'first, second');
  });

  it('each notification three times, and both orders’ at once: still one upgrade', async () => {
    const { buyer, first, second } = await twoProCheckouts();
    await Promise.all([pay(first, 3), pay(second, 3)]);
    await Promise.all([pay(second), pay(first)]);
    await expectOneUpgrade(buyer, first, 'duplicated, concurrent');
    const rows = await h.database.kysely
      .selectFrom('payment_orders')
      .select(['id', 'status', 'outcome'])
      .where('user_id', '=', buyer.id)
      .where('item', '=', 'pro')
      .execute();
    expect(rows.map((row) => row.outcome).toSorted()).toEqual(['balance', 'delivered']);
  });

  it('the older one paid a month late, after the Pro cycle ended: its money still goes to the balance', async () => {
    const { buyer, first, second } = await twoProCheckouts();
    await pay(second);
    h.clock.advance(40 * DAY_MS);
    await h.billing.runOnce();
    expect((await buyer.call('GET', '/api/billing/overview')).body.plan).toBe('free');
    await pay(first);
    expect(await proCycles(buyer)).toEqual(['basic (ended early)', 'pro']);
    const count = await expectMoneyKept(h, buyer, 'late');
    expect(count.balance).toBeGreaterThanOrEqual(first.amount_vnd);
    expect((await buyer.call('GET', '/api/billing/overview')).body).toMatchObject({ plan: 'free', balance_vnd: count.balance });
  });

  it('a stale upgrade paid after the cycle it was priced against ended: its money is not a plan, it is balance', async () => {
    const buyer = await makeBuyer(h);
    await buy(h, buyer, 'basic', 'monthly');
    h.clock.advance(20 * DAY_MS);
    const order: Order = (await checkout(buyer, 'pro', 'sandbox', { period: 'monthly' })).body.payment;
    expect(order.proration_credit_vnd).toBeGreaterThan(0);
    h.clock.advance(15 * DAY_MS);
    await h.billing.runOnce();
    await pay(order);
    expect(await proCycles(buyer)).toEqual(['basic']);
    const count = await expectMoneyKept(h, buyer, 'stale upgrade');
    expect(count.balance).toBe(order.amount_vnd);
    expect((await buyer.call('GET', `/api/billing/payments/${order.id}`)).body).toMatchObject({
      status: 'completed',
      outcome: 'balance',
      balance_credit_vnd: order.amount_vnd,
    });
  });

  it('the balance is honoured: a checkout takes it off, and two checkouts counting on it are settled against it once', async () => {
    const { buyer, first, second } = await twoProCheckouts();
    await pay(second);
    await pay(first);
    const balance = (await buyer.call('GET', '/api/billing/overview')).body.balance_vnd as number;
    expect(balance).toBeLessThan(PACK_150);
    const quote = (await buyer.call('GET', '/api/billing/quote?item=pack_150')).body;
    expect(quote).toMatchObject({ price_vnd: PACK_150, balance_applied_vnd: balance, amount_vnd: PACK_150 - balance });
    // Two tabs again, two packs, each counting on the whole balance: it pays for one of them.
    const packs: Order[] = [(await checkout(buyer, 'pack_150', 'sandbox')).body.payment, (await checkout(buyer, 'pack_150', 'sandbox')).body.payment];
    for (const pack of packs) expect(pack).toMatchObject({ status: 'pending', amount_vnd: PACK_150 - balance, balance_applied_vnd: balance });
    await Promise.all(packs.map((pack) => pay(pack)));
    const settled = await Promise.all(packs.map(async (pack) => (await buyer.call('GET', `/api/billing/payments/${pack.id}`)).body));
    expect(settled.map((row) => row.outcome).toSorted()).toEqual(['balance', 'delivered']);
    expect(await ledgerRows(h, buyer.id)).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'purchase', amount: 150 })]));
    expect((await ledgerRows(h, buyer.id)).filter((row) => row.amount === 150)).toHaveLength(1);
    const count = await expectMoneyKept(h, buyer, 'packs from the balance');
    expect(count.balance).toBe(PACK_150 - balance);
  });

  it.skipIf(DRIVER !== 'postgres')('a cycle starting while a settlement ends it: the minute’s work waits for the account, no deadlock', async () => {
    const buyer = await makeBuyer(h);
    await buy(h, buyer, 'basic', 'monthly');
    await buy(h, buyer, 'basic', 'monthly');
    const db = h.database.kysely;
    const ahead = await db.selectFrom('plan_cycles').selectAll().where('user_id', '=', buyer.id).orderBy('starts_at', 'desc').executeTakeFirstOrThrow();
    const at = new Date(ahead.starts_at.getTime() + MINUTE_MS);
    // A settlement holds the account's lock, then ends the cycle paid ahead (as an upgrade does);
    // meanwhile the minute's work starts that cycle, its start having come.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const settlement = db.transaction().execute(async (trx) => {
      await creditLedger(trx).lockAccount(buyer.id);
      locked();
      await released;
      await trx.updateTable('plan_cycles').set({ ended_early_at: at }).where('id', '=', ahead.id).execute();
    });
    await holding;
    const starting = db.transaction().execute((trx) => startCycle(trx, ahead.id, at));
    for (let tries = 0; tries < 500; tries++) {
      const waiting = await sql<{
        count: number;
      }>`select count(*)::int as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
      if ((waiting.rows[0]?.count ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    release();
    const outcomes = await Promise.allSettled([settlement, starting]);
    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : outcome.status))).toEqual(['fulfilled', 'fulfilled']);
    // Ended before it gave anything: no credits granted for it.
    expect(await ledgerRows(h, buyer.id, `cycle:${ahead.id}`)).toEqual([]);
  });

  it('the replaced checkout shows as replaced: in the history and on the provider’s page, which no longer takes payment', async () => {
    const { buyer, first, firstUrl } = await twoProCheckouts();
    const row = (await buyer.call('GET', `/api/billing/payments/${first.id}`)).body;
    expect(row).toMatchObject({ status: 'failed', failure_reason: 'superseded', checkout_url: null });
    const page = await h.app.request(new URL(firstUrl).pathname + new URL(firstUrl).search);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('đã được thay bằng một đơn hàng mới hơn');
    expect(html).not.toContain('data-action="pay"');
    // A stale tab's form, posted anyway: the sandbox takes no money for it.
    const action = await h.app.request(`${new URL(firstUrl).pathname}/pay${new URL(firstUrl).search}`, { method: 'POST' });
    expect(action.status).toBe(303);
    expect((await h.database.kysely.selectFrom('sandbox_payments').select('state').where('order_id', '=', first.id).executeTakeFirstOrThrow()).state).toBe(
      'cancelled',
    );
  });
});
