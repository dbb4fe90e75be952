/**
 * Brute-force and abuse limits, counted in the database so every server process shares them.
 *
 * An attempt is recorded *before* the guarded work runs and then counted, so a burst of parallel
 * requests cannot slip past the limit while the password hash is being checked. Limits that count
 * only failures (login, code verification, reset, account deletion) take the attempt back when it
 * succeeds; limits on mail sending and registration keep every attempt. A refused attempt is
 * taken back too, so hammering does not extend the wait.
 *
 * Lockout trade-off (OWASP ASVS 2.2.1: slow the attacker, never lock the owner out). A password
 * guess is counted three ways:
 * - per (account, address) pair and per address: hard limits (429). They stop one place from
 *   guessing, and cost the owner nothing unless the owner is the one guessing from there;
 * - per account across every address: a *slowdown*, never a refusal. Beyond its limit each
 *   further guess waits a growing delay before it is checked (SLOWDOWN_BASE_MS doubling, up to
 *   SLOWDOWN_MAX_MS). A refusal here would let anyone lock a seller out by failing ten times
 *   from anywhere; the delay keeps the right password from the owner's own address working.
 * The price: an attacker holding many addresses gets (10 guesses per address per 15 minutes),
 * each held back by the delay, instead of 10 guesses in total. Addresses are the scarce resource
 * (TRUST_PROXY only believes what the trusted proxy appended), and passwords are at least 8
 * characters and argon2id-hashed, so that is the side we chose to err on.
 */
import { tooManyAttempts } from './errors.ts';
import type { AuthRepository } from './repository.ts';

export interface RateLimitRule {
  /** Name of the counter, e.g. `login:pair`. */
  readonly bucket: string;
  /** Attempts allowed within the window. */
  readonly limit: number;
  readonly windowMs: number;
  /** true: beyond the limit, attempts are delayed (a growing wait), not refused. */
  readonly slow?: boolean;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The window of the guess and mail limits below, in milliseconds (15 minutes). */
export const RATE_WINDOW_MS = 15 * MINUTE_MS;

/** Failed logins per (account, address) pair per 15 minutes: refused beyond. */
export const LOGIN_FAILURES_PER_PAIR: RateLimitRule = { bucket: 'login:pair', limit: 10, windowMs: RATE_WINDOW_MS };
/** Failed logins per client address per 15 minutes (several accounts from one place): refused beyond. */
export const LOGIN_FAILURES_PER_ADDRESS: RateLimitRule = { bucket: 'login:address', limit: 30, windowMs: RATE_WINDOW_MS };
/** Failed logins per account from anywhere per 15 minutes: slowed beyond, never refused (see above). */
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimitRule = { bucket: 'login:account', limit: 10, windowMs: RATE_WINDOW_MS, slow: true };
/** Wrong verification codes per (account, address) pair per 15 minutes (on top of the 5 tries each code gets). */
export const OTP_FAILURES_PER_PAIR: RateLimitRule = { bucket: 'otp:pair', limit: 10, windowMs: RATE_WINDOW_MS };
/** Wrong verification codes per client address per 15 minutes. */
export const OTP_FAILURES_PER_ADDRESS: RateLimitRule = { bucket: 'otp:address', limit: 30, windowMs: RATE_WINDOW_MS };
/** Wrong verification codes per account from anywhere per 15 minutes: slowed beyond. */
export const OTP_FAILURES_PER_ACCOUNT: RateLimitRule = { bucket: 'otp:account', limit: 10, windowMs: RATE_WINDOW_MS, slow: true };
/** Wrong reset tokens per (account, address) pair per 15 minutes. */
export const RESET_FAILURES_PER_PAIR: RateLimitRule = { bucket: 'reset:pair', limit: 10, windowMs: RATE_WINDOW_MS };
/** Wrong reset tokens per client address per 15 minutes. */
export const RESET_FAILURES_PER_ADDRESS: RateLimitRule = { bucket: 'reset:address', limit: 30, windowMs: RATE_WINDOW_MS };
/** Wrong reset tokens per account from anywhere per 15 minutes: slowed beyond. */
export const RESET_FAILURES_PER_ACCOUNT: RateLimitRule = { bucket: 'reset:account', limit: 10, windowMs: RATE_WINDOW_MS, slow: true };
/**
 * Wrong passwords confirming DELETE /api/me, per account per 15 minutes: refused beyond. Only a
 * holder of a live session of the account can fail here, so an outsider cannot lock the owner
 * out of it; a thief with a stolen token cannot guess the password to delete the account.
 */
export const DELETE_FAILURES_PER_ACCOUNT: RateLimitRule = { bucket: 'delete:account', limit: 5, windowMs: RATE_WINDOW_MS };
/** Wrong passwords confirming DELETE /api/me per client address per 15 minutes. */
export const DELETE_FAILURES_PER_ADDRESS: RateLimitRule = { bucket: 'delete:address', limit: 20, windowMs: RATE_WINDOW_MS };
/** Mails (codes, reset links) asked for one account per 15 minutes: nobody's inbox gets flooded. */
export const MAILS_PER_ACCOUNT: RateLimitRule = { bucket: 'mail:account', limit: 5, windowMs: RATE_WINDOW_MS };
/** Mails asked for from one client address per 15 minutes. */
export const MAILS_PER_ADDRESS: RateLimitRule = { bucket: 'mail:address', limit: 20, windowMs: RATE_WINDOW_MS };
/**
 * Registrations from one client address per hour, and per day: each new account costs an argon2
 * hash and carries free credits, so one place cannot farm them. A household or an office behind
 * one address still gets a handful.
 */
export const REGISTRATIONS_PER_ADDRESS: RateLimitRule = { bucket: 'register:address', limit: 5, windowMs: HOUR_MS };
export const REGISTRATIONS_PER_ADDRESS_DAILY: RateLimitRule = { bucket: 'register:address-day', limit: 20, windowMs: DAY_MS };
/** Registration attempts for one email per hour (every attempt counts, a taken address too). */
export const REGISTRATIONS_PER_ACCOUNT: RateLimitRule = { bucket: 'register:account', limit: 5, windowMs: HOUR_MS };

/** The first delay of a slowed rule, in ms; it doubles with each further attempt. */
export const SLOWDOWN_BASE_MS = 1_000;
/** The longest delay of a slowed rule, in ms: what the owner waits at worst during an attack. */
export const SLOWDOWN_MAX_MS = 8_000;

/** The longest window of any rule: older attempts are of no use and get pruned. */
const LONGEST_WINDOW_MS = DAY_MS;

/** The key of a per-(account, address) counter; `|` appears in neither an email nor an address. */
export const pairKey = (account: string, address: string): string => `${account}|${address}`;

export interface Attempt {
  /** Takes the attempt back (it succeeded, and only failures count). */
  release(): Promise<void>;
}

export interface RateLimiter {
  /**
   * Records one attempt under every (rule, key) pair; waits first when a slowed rule is over its limit.
   * @throws CodedError 429 `tooManyAttempts` (with the seconds to wait) when any limit is exceeded.
   */
  attempt(checks: ReadonlyArray<readonly [RateLimitRule, string]>): Promise<Attempt>;
  /** Like `attempt`, but answers false instead of throwing when a limit is reached. */
  tryAttempt(checks: ReadonlyArray<readonly [RateLimitRule, string]>): Promise<boolean>;
}

export function createRateLimiter(deps: { repository: AuthRepository; now: () => number; sleep: (ms: number) => Promise<void> }): RateLimiter {
  const { repository } = deps;

  async function record(checks: ReadonlyArray<readonly [RateLimitRule, string]>): Promise<{ ids: string[]; waitMs: number; delayMs: number }> {
    const nowMs = deps.now();
    const at = new Date(nowMs);
    await repository.pruneAttempts(new Date(nowMs - LONGEST_WINDOW_MS));
    const ids: string[] = [];
    let waitMs = 0;
    let delayMs = 0;
    for (const [rule, key] of checks) {
      const { id, times } = await repository.recordAttempt(rule.bucket, key, at, new Date(nowMs - rule.windowMs));
      ids.push(id);
      if (rule.slow) {
        const over = times.length - rule.limit;
        if (over > 0) delayMs = Math.max(delayMs, Math.min(SLOWDOWN_BASE_MS * 2 ** (over - 1), SLOWDOWN_MAX_MS));
      } else if (times.length > rule.limit) {
        // Without this attempt, `times.length - 1` remain; the next one is allowed once all but
        // `limit - 1` of them have left the window, i.e. when the (length - limit)th oldest does.
        const others = times.length - 1;
        const gate = times[others - rule.limit];
        const until = gate ? gate.getTime() + rule.windowMs : nowMs + rule.windowMs;
        waitMs = Math.max(waitMs, until - nowMs);
      }
    }
    return { ids, waitMs, delayMs };
  }

  return {
    async attempt(checks) {
      const { ids, waitMs, delayMs } = await record(checks);
      if (waitMs > 0) {
        await repository.deleteAttempts(ids);
        throw tooManyAttempts(waitMs / 1_000);
      }
      // Slowed, not refused: the guess is checked after the wait (see the trade-off above).
      if (delayMs > 0) await deps.sleep(delayMs);
      return { release: () => repository.deleteAttempts(ids) };
    },
    async tryAttempt(checks) {
      const { ids, waitMs } = await record(checks);
      if (waitMs > 0) await repository.deleteAttempts(ids);
      return waitMs === 0;
    },
  };
}
