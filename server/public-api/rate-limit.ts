/**
 * The rate limit of an API token (docs/product-rules.md#api-rate-limit): GCRA, the generic cell
 * rate algorithm, over one timestamp per token (`api_tokens.rl_tat`, the "theoretical arrival
 * time"). A token allowed N requests per minute has an emission interval T = 60 s / N and a
 * burst of N: a request is admitted when, after adding T to max(tat, now), the tat is at most
 * 60 s ahead of now. So a fresh token can send N requests at once, then one every T, and there
 * is no window edge where a second burst fits (the state is one instant, not a counter that
 * resets).
 *
 * Admissions are reserved in SQL (./repository.ts: one conditional UPDATE of the locked rows,
 * exact across processes) and spent in memory by the process that reserved them (./slots.ts says
 * until when); this module holds the arithmetic both sides share and the headers (IETF
 * draft-ietf-httpapi-ratelimit-headers, structured fields):
 *   RateLimit-Policy: "token";q=<N>;w=60
 *   RateLimit: "token";r=<requests left now>;t=<seconds until the quota is full again>
 * and a refused request's Retry-After (whole seconds until one request is admitted).
 *
 * Times are in whole microseconds, the database's resolution: T is rounded down to a whole
 * microsecond so N × T never exceeds the window (a rounded-up T would refuse the N-th request of
 * a burst by a few microseconds) while (N + 1) × T always does for N ≤ 1000.
 */
import { RATE_LIMIT_POLICY_NAME } from '../../src/contract/public-api.ts';
import { RATE_LIMIT_WINDOW_SECONDS } from '../../src/contract/token-terms.ts';

const MICROSECONDS_PER_SECOND = 1_000_000;
/** The rate limit's window, in microseconds. */
export const WINDOW_US = RATE_LIMIT_WINDOW_SECONDS * MICROSECONDS_PER_SECOND;

/** T of a token allowed `limit` requests per window, in whole microseconds (rounded down). */
export function emissionIntervalUs(limit: number): number {
  return Math.floor(WINDOW_US / limit);
}

/** Requests a token can send right now, when its tat is `aheadUs` microseconds ahead of now (≤ 0: at rest). */
export function remaining(limit: number, aheadUs: number): number {
  const left = Math.floor((WINDOW_US - Math.max(0, aheadUs)) / emissionIntervalUs(limit));
  return Math.min(limit, Math.max(0, left));
}

/** Whole seconds until the quota is full again (the tat is reached). */
export function secondsUntilFull(aheadUs: number): number {
  return Math.max(0, Math.ceil(aheadUs / MICROSECONDS_PER_SECOND));
}

/**
 * Whole seconds a refused request should wait: until tat + T − window is reached, never less
 * than 1 (a refused request told to retry at once would just be refused again).
 */
export function retryAfterSeconds(limit: number, aheadUs: number): number {
  const waitUs = aheadUs + emissionIntervalUs(limit) - WINDOW_US;
  return Math.max(1, Math.ceil(waitUs / MICROSECONDS_PER_SECOND));
}

/** The two headers of every answer to a token, for its state after this request. */
export function rateLimitHeaders(limit: number, aheadUs: number): { policy: string; state: string } {
  const name = `"${RATE_LIMIT_POLICY_NAME}"`;
  return {
    policy: `${name};q=${limit};w=${RATE_LIMIT_WINDOW_SECONDS}`,
    state: `${name};r=${remaining(limit, aheadUs)};t=${secondsUntilFull(aheadUs)}`,
  };
}
