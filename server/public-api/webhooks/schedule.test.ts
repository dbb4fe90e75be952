import { describe, expect, it } from 'vitest';
import { BASE_DELAY_MS, JITTER_FRACTION, MAX_ATTEMPTS, MAX_DELAY_MS, retryDelayMs } from './schedule.ts';

const HOUR_MS = 3_600_000;
const lowest = () => 0;
const highest = () => 0.999_999;
const middle = () => 0.5;

/** Every wait of the production schedule, with the jitter pinned. */
function waits(random: () => number): number[] {
  const out: number[] = [];
  for (let attempts = 1; ; attempts += 1) {
    const delay = retryDelayMs(attempts, undefined, random);
    if (delay === null) return out;
    out.push(delay);
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('webhook retry schedule', () => {
  it('retries for at least 24 h in all, even with the jitter at its lowest', () => {
    expect(waits(lowest)).toHaveLength(MAX_ATTEMPTS - 1);
    expect(sum(waits(lowest))).toBeGreaterThanOrEqual(24 * HOUR_MS);
    expect(sum(waits(middle))).toBeGreaterThanOrEqual(27 * HOUR_MS);
  });

  it('starts at 5 s, multiplies by 4 and stops growing at 10 h', () => {
    expect(waits(middle)).toEqual([5_000, 20_000, 80_000, 320_000, 1_280_000, 5_120_000, 20_480_000, MAX_DELAY_MS, MAX_DELAY_MS]);
    expect(retryDelayMs(1, undefined, middle)).toBe(BASE_DELAY_MS);
  });

  it('moves each wait by at most the jitter fraction', () => {
    const nominal = waits(middle);
    waits(lowest).forEach((wait, index) => expect(wait).toBeGreaterThanOrEqual(Math.floor((nominal[index] ?? 0) * (1 - JITTER_FRACTION))));
    waits(highest).forEach((wait, index) => expect(wait).toBeLessThanOrEqual(Math.ceil((nominal[index] ?? 0) * (1 + JITTER_FRACTION))));
  });

  it('has no wait left after the last attempt, nor after a resend past it', () => {
    expect(retryDelayMs(MAX_ATTEMPTS, undefined, middle)).toBeNull();
    expect(retryDelayMs(MAX_ATTEMPTS + 1, undefined, middle)).toBeNull();
  });

  it('follows a tuning (tests run the schedule in milliseconds)', () => {
    expect(retryDelayMs(1, { baseDelayMs: 10, maxDelayMs: 100 }, middle)).toBe(10);
    expect(retryDelayMs(2, { baseDelayMs: 10, maxDelayMs: 100 }, middle)).toBe(40);
    expect(retryDelayMs(3, { baseDelayMs: 10, maxDelayMs: 100 }, middle)).toBe(100);
  });
});
