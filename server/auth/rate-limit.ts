/**
 * Brute-force limits, counted in the database so every server process shares them.
 *
 * An attempt is recorded *before* the guarded work runs and then counted, so a burst of parallel
 * requests cannot slip past the limit while the password hash is being checked. Limits that count
 * only failures (login, code verification) take the attempt back when it succeeds; limits on mail
 * sending keep every attempt. A refused attempt is taken back too, so hammering does not extend
 * the wait.
 *
 * An attempt can weigh more than 1 (the media area's hourly upload bytes limits weigh each upload
 * by its size): a rule then limits the sum of the weights within its window. Other areas bring
 * their own rules and refusal error; each rule prunes only its own bucket, by its own window.
 */
import type { AuthRepository } from './repository.ts';
import { tooManyAttempts } from './errors.ts';

export interface RateLimitRule {
  /** Name of the counter, e.g. `login:account`. */
  readonly bucket: string;
  /** Attempts allowed within the window. */
  readonly limit: number;
  readonly windowMs: number;
}

const MINUTE_MS = 60_000;
/** The window of every limit below, in milliseconds (15 minutes). */
export const RATE_WINDOW_MS = 15 * MINUTE_MS;

/** Failed logins per account (email) per 15 minutes. */
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimitRule = { bucket: 'login:account', limit: 10, windowMs: RATE_WINDOW_MS };
/** Failed logins per client address per 15 minutes (several accounts from one place). */
export const LOGIN_FAILURES_PER_ADDRESS: RateLimitRule = { bucket: 'login:address', limit: 30, windowMs: RATE_WINDOW_MS };
/** Wrong verification codes per account per 15 minutes (on top of the 5 tries each code gets). */
export const OTP_FAILURES_PER_ACCOUNT: RateLimitRule = { bucket: 'otp:account', limit: 10, windowMs: RATE_WINDOW_MS };
/** Wrong verification codes per client address per 15 minutes. */
export const OTP_FAILURES_PER_ADDRESS: RateLimitRule = { bucket: 'otp:address', limit: 30, windowMs: RATE_WINDOW_MS };
/** Mails (codes, reset links) asked for one address per 15 minutes: nobody's inbox gets flooded. */
export const MAILS_PER_ACCOUNT: RateLimitRule = { bucket: 'mail:account', limit: 5, windowMs: RATE_WINDOW_MS };
/** Mails asked for from one client address per 15 minutes. */
export const MAILS_PER_ADDRESS: RateLimitRule = { bucket: 'mail:address', limit: 50, windowMs: RATE_WINDOW_MS };

/** One limit to check: the rule, the key it counts under, and optionally the attempt's weight (1). */
export type RateLimitCheck = readonly [rule: RateLimitRule, key: string, weight?: number];

export interface Attempt {
  /** Takes the attempt back (it succeeded, and only failures count). */
  release(): Promise<void>;
}

export interface RateLimiter {
  /**
   * Records one attempt under every (rule, key) pair.
   * @throws the deps' `refuse` error (by default CodedError 429 `tooManyAttempts`), with the
   *   seconds to wait, when any limit is exceeded.
   */
  attempt(checks: readonly RateLimitCheck[]): Promise<Attempt>;
  /** Like `attempt`, but answers false instead of throwing when a limit is reached. */
  tryAttempt(checks: readonly RateLimitCheck[]): Promise<boolean>;
}

export interface RateLimiterDeps {
  repository: Pick<AuthRepository, 'recordAttempt' | 'deleteAttempts' | 'pruneAttempts'>;
  now: () => number;
  /** The error a refused attempt throws, given the seconds until a retry can pass. */
  refuse?: (retryAfterSeconds: number) => Error;
}

export function createRateLimiter(deps: RateLimiterDeps): RateLimiter {
  const { repository } = deps;
  const refuse = deps.refuse ?? tooManyAttempts;

  async function record(checks: readonly RateLimitCheck[]): Promise<{ ids: string[]; waitMs: number }> {
    const nowMs = deps.now();
    const at = new Date(nowMs);
    const ids: string[] = [];
    let waitMs = 0;
    for (const [rule, key, weight = 1] of checks) {
      // Older attempts of this bucket are of no use to it any more.
      await repository.pruneAttempts(rule.bucket, new Date(nowMs - rule.windowMs));
      const { id, events } = await repository.recordAttempt(rule.bucket, key, at, new Date(nowMs - rule.windowMs), weight);
      ids.push(id);
      let excess = events.reduce((sum, event) => sum + event.weight, 0) - rule.limit;
      if (excess > 0) {
        // The next attempt like this one passes once enough of the oldest have left the window to
        // bring the sum down to the limit: when the last of those leaves. (With weight 1: once all
        // but `limit - 1` of the others have left.) An attempt heavier than the limit itself
        // waits a whole window.
        let until = nowMs + rule.windowMs;
        for (const event of events) {
          excess -= event.weight;
          if (excess <= 0) {
            until = event.at.getTime() + rule.windowMs;
            break;
          }
        }
        waitMs = Math.max(waitMs, until - nowMs);
      }
    }
    return { ids, waitMs };
  }

  return {
    async attempt(checks) {
      const { ids, waitMs } = await record(checks);
      if (waitMs > 0) {
        await repository.deleteAttempts(ids);
        throw refuse(waitMs / 1_000);
      }
      return { release: () => repository.deleteAttempts(ids) };
    },
    async tryAttempt(checks) {
      const { ids, waitMs } = await record(checks);
      if (waitMs > 0) await repository.deleteAttempts(ids);
      return waitMs === 0;
    },
  };
}
