/**
 * Plans bought through the sandbox, and what the clock does to them
 * (docs/product-rules.md#plan-changes): a new plan starts now with its credits and `users.plan`;
 * an upgrade credits the unused part of the cycle in force (its price × the smaller of the time
 * left and the credits left, the time as it will be when a payment can last arrive), ends that
 * cycle's credits and starts at once; a downgrade is queued
 * at the end of what is paid and switches exactly once however many workers run the minute's
 * job; the last cycle's end brings the free plan back; the change chosen for the end of the cycle
 * (`PUT /api/billing/subscription`) takes a lower plan or 'free' only; an annual plan's unused
 * part bigger than a month of the new plan makes a monthly upgrade refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, planCycleCredits, planPrice } from '../../src/contract/plans.ts';
import { runCycleWork } from '../../server/billing/cycles.ts';
import { addMonths } from '../../server/billing/pricing.ts';
import { QUOTE_CREDIT_HORIZON_MINUTES } from '../../server/billing/service.ts';
import { createAccountsHarness, DAY_MS, MINUTE_MS, type AccountsHarness } from './helpers/accounts.ts';
import { balanceOf, buy, checkout, ledgerRows, makeBuyer, sandboxPays, spend, type Buyer } from './helpers/billing.ts';
import { expectMoneyKept } from './helpers/billing-value.ts';
import { DRIVER } from './helpers/database.ts';

let h: AccountsHarness;

beforeAll(async () => {
  h = await createAccountsHarness();
}, 120_000);

afterAll(async () => {
  await h?.dispose();
});

const BASIC = planPrice(PLANS.basic, 'monthly')!;
const PRO = planPrice(PLANS.pro, 'monthly')!;
const BASIC_CREDITS = planCycleCredits(PLANS.basic, 'monthly')!;
const PRO_CREDITS = planCycleCredits(PLANS.pro, 'monthly')!;

const overview = async (buyer: Buyer) => (await buyer.call('GET', '/api/billing/overview')).body;
const userPlan = async (buyer: Buyer) => (await h.database.kysely.selectFrom('users').select('plan').where('id', '=', buyer.id).executeTakeFirstOrThrow()).plan;
/** Moves the clock to `at` (forward only). */
const moveTo = (at: Date) => {
  const by = at.getTime() - h.clock.now();
  expect(by).toBeGreaterThan(0);
  h.clock.advance(by);
};

describe(`plans and their changes (${DRIVER})`, () => {
  it('a new plan starts now: its credits in a bucket ending with the cycle, and users.plan', async () => {
    const buyer = await makeBuyer(h);
    const now = new Date(h.clock.now());
    const quote = await buyer.call('GET', '/api/billing/quote?item=basic&period=monthly');
    expect(quote.body).toMatchObject({
      change: 'new',
      price_vnd: BASIC,
      proration_credit_vnd: 0,
      amount_vnd: BASIC,
      credits: BASIC_CREDITS,
      starts_at: now.toISOString(),
      ends_at: addMonths(now, 1).toISOString(),
    });
    const order = await buy(h, buyer, 'basic', 'monthly');
    expect(order).toMatchObject({ change: 'new', amount_vnd: BASIC, credits: BASIC_CREDITS });
    expect(await userPlan(buyer)).toBe('basic');
    const view = await overview(buyer);
    expect(view).toMatchObject({
      plan: 'basic',
      balance: 5 + BASIC_CREDITS,
      subscription: {
        plan: 'basic',
        period: 'monthly',
        started_at: now.toISOString(),
        ends_at: addMonths(now, 1).toISOString(),
        next: null,
        scheduled: null,
        auto_renew: false,
        method: 'sandbox',
      },
    });
    expect(view.buckets).toMatchObject([
      { source: 'plan', item: 'basic', granted: BASIC_CREDITS, remaining: BASIC_CREDITS, expires_at: addMonths(now, 1).toISOString() },
      { source: 'signup', remaining: 5, expires_at: null },
    ]);
  });

  it('an upgrade credits price × min(time left, credits left), ends the old plan’s credits and starts now', async () => {
    const buyer = await makeBuyer(h);
    await buy(h, buyer, 'basic', 'monthly');
    const { started_at: startedAt, ends_at: endsAt } = (await overview(buyer)).subscription;
    const [start, end] = [new Date(startedAt).getTime(), new Date(endsAt).getTime()];
    h.clock.advance(10 * DAY_MS);
    // Valued as it will be when the payment can last arrive (docs/product-rules.md#plan-settlement).
    const timeShare = (end - h.clock.now() - QUOTE_CREDIT_HORIZON_MINUTES * MINUTE_MS) / (end - start);

    // All credits left: the time left decides.
    const early = (await buyer.call('GET', '/api/billing/quote?item=pro&period=monthly')).body;
    expect(early).toMatchObject({ change: 'upgrade', price_vnd: PRO, proration_credit_vnd: Math.floor(BASIC * Math.min(timeShare, 1)) });

    // Half the credits spent (more than the time gone): the credits left decide.
    await spend(h, buyer.id, BASIC_CREDITS / 2);
    const credit = Math.floor(BASIC * Math.min(timeShare, 0.5));
    expect(credit).toBe(BASIC / 2);
    const quote = (await buyer.call('GET', '/api/billing/quote?item=pro&period=monthly')).body;
    expect(quote).toMatchObject({
      change: 'upgrade',
      price_vnd: PRO,
      proration_credit_vnd: credit,
      amount_vnd: PRO - credit,
      credits: PRO_CREDITS,
      starts_at: new Date(h.clock.now()).toISOString(),
    });

    const created = await checkout(buyer, 'pro', 'sandbox', { period: 'monthly' });
    expect(created.body.payment).toMatchObject({ change: 'upgrade', amount_vnd: PRO - credit, proration_credit_vnd: credit });
    await sandboxPays(h, created.body.payment);

    const now = new Date(h.clock.now());
    const expiry = (await ledgerRows(h, buyer.id)).filter((row) => row.kind === 'expire');
    expect(expiry).toMatchObject([{ amount: -(BASIC_CREDITS / 2) }]);
    expect(expiry[0]!.created_at.getTime()).toBe(now.getTime());
    expect(await userPlan(buyer)).toBe('pro');
    const view = await overview(buyer);
    // The credits left decided the credit, and settling now frees the same: nothing left over for the money balance.
    expect(view).toMatchObject({
      plan: 'pro',
      balance: 5 + PRO_CREDITS,
      balance_vnd: 0,
      subscription: { plan: 'pro', started_at: now.toISOString(), ends_at: addMonths(now, 1).toISOString(), next: null },
    });
    expect(view.buckets.map((bucket: { source: string; item: string | null }) => `${bucket.source}:${bucket.item}`)).toEqual(['plan:pro', 'signup:null']);
  });

  it('a cycle paid ahead and ended by an upgrade before it started is not credited again by the next upgrade', async () => {
    const buyer = await makeBuyer(h);
    await buy(h, buyer, 'basic', 'monthly');
    expect((await buy(h, buyer, 'basic', 'monthly')).change).toBe('renewal');
    h.clock.advance(2 * DAY_MS);
    // The upgrade ends the Basic cycle in force and the one paid ahead: both are credited, once.
    const pro = await buy(h, buyer, 'pro', 'monthly');
    expect(pro).toMatchObject({ change: 'upgrade' });
    expect((await buyer.call('GET', '/api/billing/overview')).body.subscription).toMatchObject({ plan: 'pro', next: null });
    h.clock.advance(DAY_MS);
    const quote = (await buyer.call('GET', '/api/billing/quote?item=premium&period=monthly')).body;
    // Only the Pro cycle's unused part: the Basic month paid ahead was credited to the Pro upgrade already.
    expect(quote.proration_credit_vnd).toBeLessThanOrEqual(PRO);
    await buy(h, buyer, 'premium', 'monthly');
    await expectMoneyKept(h, buyer, 'paid ahead, upgraded twice');
  });

  it('a downgrade waits for the end of the paid cycle, then switches exactly once with two workers; after the last cycle, the free plan', async () => {
    const buyer = await makeBuyer(h);
    await buy(h, buyer, 'pro', 'monthly');
    const proEnd = new Date((await overview(buyer)).subscription.ends_at);

    const quote = (await buyer.call('GET', '/api/billing/quote?item=basic&period=monthly')).body;
    expect(quote).toMatchObject({
      change: 'downgrade',
      amount_vnd: BASIC,
      proration_credit_vnd: 0,
      starts_at: proEnd.toISOString(),
      ends_at: addMonths(proEnd, 1).toISOString(),
    });
    const order = await buy(h, buyer, 'basic', 'monthly');
    expect(order).toMatchObject({ change: 'downgrade', amount_vnd: BASIC });
    expect(await userPlan(buyer)).toBe('pro');
    expect(await overview(buyer)).toMatchObject({
      plan: 'pro',
      balance: 5 + PRO_CREDITS,
      subscription: { plan: 'pro', next: { plan: 'basic', period: 'monthly', starts_at: proEnd.toISOString() } },
    });

    // A minute before the end: still pro.
    moveTo(new Date(proEnd.getTime() - MINUTE_MS));
    await h.billing.runOnce();
    expect(await userPlan(buyer)).toBe('pro');

    moveTo(new Date(proEnd.getTime() + MINUTE_MS));
    const at = new Date(h.clock.now());
    const runs = await Promise.all([runCycleWork(h.database.kysely, at), runCycleWork(h.database.kysely, at)]);
    expect(runs.map((run) => run.started).reduce((a, b) => a + b, 0)).toBe(1);
    const cycles = await h.database.kysely.selectFrom('plan_cycles').selectAll().where('user_id', '=', buyer.id).orderBy('starts_at').execute();
    expect(cycles.map((cycle) => cycle.plan)).toEqual(['pro', 'basic']);
    expect(await ledgerRows(h, buyer.id, `cycle:${cycles[1]!.id}`)).toHaveLength(1);
    expect(await ledgerRows(h, buyer.id, `cycle:${cycles[0]!.id}`)).toHaveLength(1);
    // The pro credits left when its cycle ended, dated at that end.
    const expired = (await ledgerRows(h, buyer.id)).filter((row) => row.kind === 'expire');
    expect(expired).toMatchObject([{ amount: -PRO_CREDITS }]);
    expect(expired[0]!.created_at.getTime()).toBe(proEnd.getTime());
    expect(await userPlan(buyer)).toBe('basic');
    // A second app's minute job, and the first one's, change nothing more.
    let second: AccountsHarness['billing'] | undefined;
    h.another({ onBilling: (built) => (second = built) });
    await Promise.all([h.billing.runOnce(), second!.runOnce()]);
    expect(await ledgerRows(h, buyer.id, `cycle:${cycles[1]!.id}`)).toHaveLength(1);
    expect(await overview(buyer)).toMatchObject({
      plan: 'basic',
      balance: 5 + BASIC_CREDITS,
      subscription: { plan: 'basic', started_at: proEnd.toISOString(), next: null },
    });

    moveTo(new Date(addMonths(proEnd, 1).getTime() + MINUTE_MS));
    await h.billing.runOnce();
    expect(await userPlan(buyer)).toBe('free');
    expect(await overview(buyer)).toMatchObject({ plan: 'free', subscription: null, balance: 5 });
  });

  it('PUT /api/billing/subscription schedules a lower plan or "free" and undoes it; an upgrade or the same plan is refused', async () => {
    const none = await makeBuyer(h);
    const refused = await none.call('PUT', '/api/billing/subscription', { body: { scheduled: { plan: 'free', period: 'monthly' } } });
    expect(refused).toMatchObject({ status: 409, body: { code: 'noSubscription' } });

    const buyer = await makeBuyer(h);
    await buy(h, buyer, 'pro', 'monthly');
    const put = (body: unknown) => buyer.call('PUT', '/api/billing/subscription', { body });
    const lower = await put({ scheduled: { plan: 'basic', period: 'monthly' } });
    expect(lower.status).toBe(200);
    expect(lower.body.subscription.scheduled).toEqual({ plan: 'basic', period: 'monthly' });
    expect((await overview(buyer)).subscription.scheduled).toEqual({ plan: 'basic', period: 'monthly' });
    expect((await put({ scheduled: null })).body.subscription.scheduled).toBeNull();
    expect((await put({ scheduled: { plan: 'free', period: 'monthly' } })).body.subscription.scheduled).toEqual({ plan: 'free', period: 'monthly' });
    for (const scheduled of [
      { plan: 'premium', period: 'monthly' },
      { plan: 'pro', period: 'annual' },
      { plan: 'pro', period: 'monthly' },
      { plan: 'enterprise', period: 'monthly' },
    ]) {
      const answer = await put({ scheduled });
      expect(answer, JSON.stringify(scheduled)).toMatchObject({ status: 400, body: { code: 'scheduleInvalid' } });
    }
    // The refusals changed nothing.
    expect((await overview(buyer)).subscription.scheduled).toEqual({ plan: 'free', period: 'monthly' });
    expect(await userPlan(buyer)).toBe('pro');
  });

  it('refuses a monthly upgrade from an annual plan whose unused part exceeds its price (409 upgradeNeedsAnnual); annual is quoted', async () => {
    const buyer = await makeBuyer(h);
    const annual = planPrice(PLANS.basic, 'annual')!;
    await buy(h, buyer, 'basic', 'annual');
    h.clock.advance(DAY_MS);
    const monthly = await buyer.call('GET', '/api/billing/quote?item=pro&period=monthly');
    expect(monthly).toMatchObject({ status: 409, body: { code: 'upgradeNeedsAnnual' } });
    await checkout(buyer, 'pro', 'sandbox', { period: 'monthly', expectStatus: 409 });
    expect((await buyer.call('GET', '/api/billing/payments')).body.items).toHaveLength(1);

    const { started_at: startedAt, ends_at: endsAt } = (await overview(buyer)).subscription;
    const [start, end] = [new Date(startedAt).getTime(), new Date(endsAt).getTime()];
    const credit = Math.floor(annual * ((end - h.clock.now() - QUOTE_CREDIT_HORIZON_MINUTES * MINUTE_MS) / (end - start)));
    const yearly = await buyer.call('GET', '/api/billing/quote?item=pro&period=annual');
    expect(yearly).toMatchObject({
      status: 200,
      body: { change: 'upgrade', proration_credit_vnd: credit, amount_vnd: planPrice(PLANS.pro, 'annual')! - credit },
    });
    expect(credit).toBeGreaterThan(PRO);
    expect(await balanceOf(buyer)).toBe(5 + planCycleCredits(PLANS.basic, 'annual')!);
  });
});
