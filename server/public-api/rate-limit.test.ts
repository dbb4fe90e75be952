import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_MAX, RATE_LIMIT_MIN } from '../../src/contract/token-terms.ts';
import { emissionIntervalUs, rateLimitHeaders, remaining, retryAfterSeconds, secondsUntilFull, WINDOW_US } from './rate-limit.ts';

describe('GCRA arithmetic of the token rate limit', () => {
  it('fits exactly `limit` requests in a burst for every allowed limit, never one more', () => {
    for (let limit = RATE_LIMIT_MIN; limit <= RATE_LIMIT_MAX; limit++) {
      const interval = emissionIntervalUs(limit);
      expect(limit * interval, `limit ${limit}`).toBeLessThanOrEqual(WINDOW_US);
      expect((limit + 1) * interval, `limit ${limit}`).toBeGreaterThan(WINDOW_US);
    }
  });

  it('counts what is left from how far the tat is ahead', () => {
    // Limit 5: T = 12 s. At rest the whole quota is there; each admission takes one T.
    expect(remaining(5, 0)).toBe(5);
    expect(remaining(5, -30_000_000)).toBe(5);
    expect(remaining(5, 12_000_000)).toBe(4);
    expect(remaining(5, 12_000_001)).toBe(3);
    expect(remaining(5, 60_000_000)).toBe(0);
    expect(remaining(5, 70_000_000)).toBe(0);
  });

  it('rounds the seconds until full and the retry wait up to whole seconds', () => {
    expect(secondsUntilFull(0)).toBe(0);
    expect(secondsUntilFull(-5)).toBe(0);
    expect(secondsUntilFull(1)).toBe(1);
    expect(secondsUntilFull(60_000_000)).toBe(60);
    // Limit 50: T = 1.2 s; after a full burst the next request is allowed in 1.2 s → 2.
    expect(retryAfterSeconds(50, 60_000_000)).toBe(2);
    // Limit 5 after a full burst: one T, 12 s.
    expect(retryAfterSeconds(5, 60_000_000)).toBe(12);
    // Never 0, even when the wait has just ended.
    expect(retryAfterSeconds(5, 48_000_000)).toBe(1);
  });

  it('writes the IETF structured-field headers', () => {
    expect(rateLimitHeaders(60, 1_000_000)).toEqual({ policy: '"token";q=60;w=60', state: '"token";r=59;t=1' });
    expect(rateLimitHeaders(1_000, 0)).toEqual({ policy: '"token";q=1000;w=60', state: '"token";r=1000;t=0' });
  });
});
