/**
 * Brute-force limits, counted in the database so every server process shares them.
 *
 * An attempt is recorded *before* the guarded work runs and then counted, so a burst of parallel
 * requests cannot slip past the limit while the password hash is being checked. Limits that count
 * only failures (login, code verification) take the attempt back when it succeeds; limits on mail
 * sending keep every attempt. A refused attempt is taken back too, so hammering does not extend
 * the wait.
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

/** The longest window of any rule: older attempts are of no use and get pruned. */
const LONGEST_WINDOW_MS = RATE_WINDOW_MS;

export interface Attempt {
  /** Takes the attempt back (it succeeded, and only failures count). */
  release(): Promise<void>;
}

export interface RateLimiter {
  /**
   * Records one attempt under every (rule, key) pair.
   * @throws CodedError 429 `tooManyAttempts` (with the seconds to wait) when any limit is exceeded.
   */
  attempt(checks: ReadonlyArray<readonly [RateLimitRule, string]>): Promise<Attempt>;
  /** Like `attempt`, but answers false instead of throwing when a limit is reached. */
  tryAttempt(checks: ReadonlyArray<readonly [RateLimitRule, string]>): Promise<boolean>;
}

export function createRateLimiter(deps: { repository: AuthRepository; now: () => number }): RateLimiter {
  const { repository } = deps;

  async function record(checks: ReadonlyArray<readonly [RateLimitRule, string]>): Promise<{ ids: string[]; waitMs: number }> {
    const nowMs = deps.now();
    const at = new Date(nowMs);
    await repository.pruneAttempts(new Date(nowMs - LONGEST_WINDOW_MS));
    const ids: string[] = [];
    let waitMs = 0;
    for (const [rule, key] of checks) {
      const { id, times } = await repository.recordAttempt(rule.bucket, key, at, new Date(nowMs - rule.windowMs));
      ids.push(id);
      if (times.length > rule.limit) {
        // Without this attempt, `times.length - 1` remain; the next one is allowed once all but
        // `limit - 1` of them have left the window, i.e. when the (length - limit)th oldest does.
        const others = times.length - 1;
        const gate = times[others - rule.limit];
        const until = gate ? gate.getTime() + rule.windowMs : nowMs + rule.windowMs;
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
        throw tooManyAttempts(waitMs / 1_000);
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
