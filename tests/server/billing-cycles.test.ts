/**
 * Credit buckets and the minute's scheduled work (docs/product-rules.md#credit-expiry,
 * docs/product-rules.md#plan-cycles), on the harness's movable clock: credits are spent from the
 * bucket that expires first (those that never expire last); a plan bucket expires at the end of
 * its cycle through `runOnce` (an 'expire' ledger row dated at the expiry, the balance and the
 * activity's running balance follow); a refund after its bucket expired lands in a refund bucket;
 * renewal reminders go 7 days and 1 day before the end, once each, and never to an account whose
 * next cycle is paid or that chose not to renew; the job is scheduled on pg-boss.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKS } from '../../src/contract/packs.ts';
import { PLANS, planCycleCredits } from '../../src/contract/plans.ts';
import { REFUND_GRACE_DAYS } from '../../server/credits/buckets.ts';
import { creditLedger } from '../../server/credits/ledger.ts';
import { BILLING_CRON, BILLING_QUEUE } from '../../server/billing/jobs.ts';
import { loadConfig } from '../../server/config.ts';
import { startQueue } from '../../server/queue/index.ts';
import { createAccountsHarness, DAY_MS, MINUTE_MS, type AccountsHarness } from './helpers/accounts.ts';
import { balanceOf, buy, ledgerRows, makeBuyer, refundGeneration, spend, type Buyer } from './helpers/billing.ts';
import { DRIVER } from './helpers/database.ts';
import { silentLogger } from './helpers/logs.ts';

let h: AccountsHarness;
/** The cycle end every plan bought in beforeAll shares (the clock stands still until a test moves it). */
let cycleEnd: Date;
let spender: Buyer;
let expiring: Buyer;
let reminded: Buyer;
let renewed: Buyer;
let leaving: Buyer;

const BASIC_CREDITS = planCycleCredits(PLANS.basic, 'monthly')!;
const PACK = PACKS.pack_50;

beforeAll(async () => {
  h = await createAccountsHarness();
  spender = await makeBuyer(h);
  expiring = await makeBuyer(h);
  reminded = await makeBuyer(h);
  renewed = await makeBuyer(h);
  leaving = await makeBuyer(h);
  await buy(h, spender, 'pack_50');
  for (const buyer of [spender, expiring, reminded, renewed, leaving]) await buy(h, buyer, 'basic', 'monthly');
  // Paid for the next cycle already: nothing to remind.
  const renewal = await buy(h, renewed, 'basic', 'monthly');
  if (renewal.change !== 'renewal') throw new Error(`set-up: a second Basic month is a ${renewal.change}`);
  // Chose not to renew.
  const scheduled = await leaving.call('PUT', '/api/billing/subscription', { body: { scheduled: { plan: 'free', period: 'monthly' } } });
  if (scheduled.status !== 200) throw new Error(`set-up: scheduling 'free' answered ${scheduled.status}`);
  cycleEnd = new Date((await spender.call('GET', '/api/billing/overview')).body.subscription.ends_at);
}, 120_000);

afterAll(async () => {
  await h?.dispose();
});

const buckets = async (buyer: Buyer) =>
  ((await buyer.call('GET', '/api/billing/overview')).body.buckets as Array<{ source: string; remaining: number }>).map((b) => `${b.source} ${b.remaining}`);
const renewalMails = async (buyer: Buyer) => (await h.outbox()).filter((mail) => mail.to === buyer.email && mail.kind === 'renewal');
const moveTo = (at: number) => {
  expect(at).toBeGreaterThan(h.clock.now());
  h.clock.advance(at - h.clock.now());
};

describe(`credit buckets and the cycle job (${DRIVER})`, () => {
  it('spends the bucket that expires first first, and the credits that never expire last', async () => {
    expect(await buckets(spender)).toEqual([`plan ${BASIC_CREDITS}`, `pack ${PACK.credits}`, 'signup 5']);
    await spend(h, spender.id, BASIC_CREDITS + 20);
    expect(await buckets(spender)).toEqual([`pack ${PACK.credits - 20}`, 'signup 5']);
    await spend(h, spender.id, PACK.credits - 20 + 2);
    expect(await buckets(spender)).toEqual(['signup 3']);
    expect(await balanceOf(spender)).toBe(3);
    // No more than the balance.
    const short = await h.database.kysely.transaction().execute(async (trx) => {
      const ledger = creditLedger(trx);
      await ledger.lockAccount(spender.id);
      return ledger.reserve({ userId: spender.id, amount: 4, reason: 'image-editing', key: 'gen:short:reserve', at: new Date(h.clock.now()) });
    });
    expect(short).toEqual({ kind: 'insufficient', balance: 3 });
  });

  it('sends the renewal reminder 7 days and 1 day before the end, once each, only where nothing renews', async () => {
    moveTo(cycleEnd.getTime() - 7 * DAY_MS - MINUTE_MS);
    await h.billing.runOnce();
    expect(await renewalMails(reminded)).toHaveLength(0);

    moveTo(cycleEnd.getTime() - 7 * DAY_MS + MINUTE_MS);
    await h.billing.runOnce();
    h.clock.advance(MINUTE_MS);
    await h.billing.runOnce();
    const week = await renewalMails(reminded);
    expect(week).toHaveLength(1);
    expect(week[0]!.subject).toContain('7');
    expect(week[0]!.text).toContain('/checkout?item=basic&period=monthly');
    expect(await renewalMails(renewed)).toEqual([]);
    expect(await renewalMails(leaving)).toEqual([]);

    moveTo(cycleEnd.getTime() - DAY_MS + MINUTE_MS);
    await h.billing.runOnce();
    h.clock.advance(MINUTE_MS);
    await h.billing.runOnce();
    const day = await renewalMails(reminded);
    expect(day).toHaveLength(2);
    expect(day[0]!.subject).toContain('1');
    expect(day[0]!.text).toContain('/checkout?item=basic&period=monthly');
    expect(await renewalMails(renewed)).toEqual([]);
    expect(await renewalMails(leaving)).toEqual([]);
  });

  it('expires a plan bucket at the end of its cycle (an expire row dated then, the balance and activity follow); a later refund lands in a refund bucket', async () => {
    const generation = await spend(h, expiring.id, 60);
    expect(await balanceOf(expiring)).toBe(5 + BASIC_CREDITS - 60);

    moveTo(cycleEnd.getTime() + MINUTE_MS);
    await h.billing.runOnce();
    const expired = (await ledgerRows(h, expiring.id)).filter((row) => row.kind === 'expire');
    expect(expired).toMatchObject([{ amount: -(BASIC_CREDITS - 60) }]);
    expect(expired[0]!.created_at.getTime()).toBe(cycleEnd.getTime());
    expect(await balanceOf(expiring)).toBe(5);
    const activity = (await expiring.call('GET', '/api/billing/activity')).body.items;
    expect(activity[0]).toMatchObject({ kind: 'expiry', amount: -(BASIC_CREDITS - 60), balance_after: 5, at: cycleEnd.toISOString() });
    expect(activity[1]).toMatchObject({ kind: 'generation', amount: -60, balance_after: 5 + BASIC_CREDITS - 60 });
    // Its last cycle over: back to free. The one whose next cycle was paid goes on.
    expect((await expiring.call('GET', '/api/billing/overview')).body).toMatchObject({ plan: 'free', subscription: null });
    expect((await renewed.call('GET', '/api/billing/overview')).body).toMatchObject({
      plan: 'basic',
      balance: 5 + BASIC_CREDITS,
      subscription: { started_at: cycleEnd.toISOString() },
    });
    // Running again changes nothing.
    await h.billing.runOnce();
    expect(await ledgerRows(h, expiring.id)).toHaveLength(4);

    // The generation failed after its credits' bucket expired: they come back, usable for REFUND_GRACE_DAYS.
    await refundGeneration(h, expiring.id, generation, 60);
    const view = (await expiring.call('GET', '/api/billing/overview')).body;
    expect(view.balance).toBe(65);
    expect(view.buckets).toMatchObject([
      { source: 'refund', granted: 60, remaining: 60, expires_at: new Date(h.clock.now() + REFUND_GRACE_DAYS * DAY_MS).toISOString() },
      { source: 'signup', remaining: 5 },
    ]);
    expect((await expiring.call('GET', '/api/billing/activity')).body.items[0]).toMatchObject({ kind: 'refund', amount: 60, balance_after: 65 });
  });

  it('schedules the minute’s work on pg-boss', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: h.dataDir, WORKERS: '0' });
    const queue = await startQueue({ config, db: h.database, logger: silentLogger() });
    try {
      await h.billing.startJobs(queue);
      const schedules = await queue.boss.getSchedules();
      expect(schedules.filter((schedule) => schedule.name === BILLING_QUEUE)).toMatchObject([{ name: BILLING_QUEUE, cron: BILLING_CRON }]);
    } finally {
      await queue.stop({ timeoutMs: 1_000 });
    }
  }, 60_000);
});
