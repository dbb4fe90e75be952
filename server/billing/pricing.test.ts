import { describe, expect, it } from 'vitest';
import { quote, settledValue, type CycleFacts } from './pricing.ts';

const DAY_MS = 86_400_000;
const start = new Date('2026-03-01T00:00:00.000Z');
const basic: CycleFacts = {
  id: 'c1',
  plan: 'basic',
  period: 'monthly',
  startsAt: start,
  endsAt: new Date('2026-03-31T00:00:00.000Z'),
  paidVnd: 199_000,
  credits: 100,
  creditsLeft: 100,
};

describe('settledValue (docs/product-rules.md#plan-settlement)', () => {
  it('delivers when the money, the freed value and the balance cover the price, leaving the rest in the balance', () => {
    expect(settledValue(499_000, 300_001, 198_999, 0)).toEqual({ deliver: true, creditVnd: 198_999, balanceUsedVnd: 0, balanceAddedVnd: 0 });
    expect(settledValue(499_000, 300_001, 199_100, 0)).toEqual({ deliver: true, creditVnd: 199_100, balanceUsedVnd: 0, balanceAddedVnd: 101 });
    expect(settledValue(499_000, 300_001, 198_000, 5_000)).toEqual({ deliver: true, creditVnd: 198_000, balanceUsedVnd: 999, balanceAddedVnd: 0 });
  });

  it('puts the money paid, and only it, into the balance when they fall short: the second Pro order on one Basic cycle', () => {
    // The Pro cycle the first order delivered is not an upgrade's basis: nothing is freed.
    expect(settledValue(499_000, 300_001, 0, 0)).toEqual({ deliver: false, creditVnd: 0, balanceUsedVnd: 0, balanceAddedVnd: 300_001 });
    expect(settledValue(499_000, 300_001, 0, 198_998)).toMatchObject({ deliver: false, balanceAddedVnd: 300_001 });
  });
});

const money = (balanceVnd: number, creditAt: Date) => ({ balanceVnd, creditAt });

describe('quote', () => {
  it('values the unused part when the payment can last arrive, never more than now', () => {
    const now = new Date(start.getTime() + 10 * DAY_MS);
    const later = new Date(now.getTime() + 40 * 60_000);
    const q = quote('pro', 'monthly', { current: basic, later: [] }, now, money(0, later));
    expect(q.prorationCreditVnd).toBe(Math.floor(199_000 * ((basic.endsAt.getTime() - later.getTime()) / (30 * DAY_MS))));
    expect(q).toMatchObject({ change: 'upgrade', balanceAppliedVnd: 0, amountVnd: 499_000 - q.prorationCreditVnd });
    // A cycle paid ahead that has not started counts whole, or as started when it would have by then.
    const ahead: CycleFacts = { ...basic, id: 'c2', startsAt: basic.endsAt, endsAt: new Date('2026-04-30T00:00:00.000Z'), creditsLeft: null };
    expect(quote('pro', 'monthly', { current: basic, later: [ahead] }, now, money(0, later)).prorationCreditVnd).toBe(q.prorationCreditVnd + 199_000);
  });

  it('takes the balance off what is left to pay, never below zero', () => {
    const now = start;
    expect(quote('pack_150', undefined, { current: null, later: [] }, now, money(100_000, now))).toMatchObject({
      balanceAppliedVnd: 100_000,
      amountVnd: 249_000,
    });
    expect(quote('basic', 'monthly', { current: null, later: [] }, now, money(500_000, now))).toMatchObject({
      change: 'new',
      balanceAppliedVnd: 199_000,
      amountVnd: 0,
    });
  });
});
