/**
 * Abuse limits, counted in the database so every server process shares them: each area declares
 * its rules (server/areas.ts) and checks them with a limiter of its own, whose refusal is the
 * area's coded error.
 *
 * An attempt is recorded *before* the guarded work runs and then counted, so a burst of parallel
 * requests cannot slip past the limit. A rule either refuses beyond its limit or, marked `slow`,
 * delays each further attempt (SLOWDOWN_BASE_MS doubling, up to SLOWDOWN_MAX_MS): the accounts'
 * rules explain when each fits (server/auth/rate-limit.ts).
 *
 * An attempt can weigh more than 1 (the media area's hourly upload bytes limits weigh each upload
 * by its size): a rule then limits the sum of the weights within its window. Other areas bring
 * their own rules and refusal error; each rule prunes only its own bucket, by its own window.
 */

export interface RateLimitRule {
  /** Name of the counter, e.g. `login:pair`. */
  readonly bucket: string;
  /** Attempts allowed within the window. */
  readonly limit: number;
  readonly windowMs: number;
  /** true: beyond the limit, attempts are delayed (a growing wait), not refused. */
  readonly slow?: boolean;
}

/** The first delay of a slowed rule, in ms; it doubles with each further attempt. */
export const SLOWDOWN_BASE_MS = 1_000;
/** The longest delay of a slowed rule, in ms: what the owner waits at worst during an attack. */
export const SLOWDOWN_MAX_MS = 8_000;

/** The key of a per-(account, address) counter; `|` appears in neither an email nor an address. */
export const pairKey = (account: string, address: string): string => `${account}|${address}`;

/** One limit to check: the rule, the key it counts under, and optionally the attempt's weight (1). */
export type RateLimitCheck = readonly [rule: RateLimitRule, key: string, weight?: number];

export interface Attempt {
  /** Takes the attempt back (it succeeded, and only failures count). */
  release(): Promise<void>;
}

export interface RateLimiter {
  /**
   * Records one attempt under every (rule, key) pair; waits first when a slowed rule is over its limit.
   * @throws the deps' `refuse` error (e.g. CodedError 429 `tooManyAttempts`), with the
   *   seconds to wait, when any limit is exceeded.
   */
  attempt(checks: readonly RateLimitCheck[]): Promise<Attempt>;
  /** Like `attempt` (a slowed rule waits too), but answers false instead of throwing when a limit is reached. */
  tryAttempt(checks: readonly RateLimitCheck[]): Promise<boolean>;
}

/** Where attempts are counted (the accounts' repository keeps them in the database: server/auth/repository.ts). */
export interface AttemptStore {
  recordAttempt(bucket: string, key: string, at: Date, since: Date, weight?: number): Promise<{ id: string; events: Array<{ at: Date; weight: number }> }>;
  deleteAttempts(ids: readonly string[]): Promise<void>;
  pruneAttempts(bucket: string, before: Date): Promise<void>;
}

export interface RateLimiterDeps {
  repository: AttemptStore;
  now: () => number;
  /** Waits `ms` milliseconds (a slowed rule's delay; tests record it instead). Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** The error a refused attempt throws, given the seconds until a retry can pass (each area has its coded error). */
  refuse: (retryAfterSeconds: number) => Error;
}

export function createRateLimiter(deps: RateLimiterDeps): RateLimiter {
  const { repository } = deps;
  const { refuse } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function record(checks: readonly RateLimitCheck[]): Promise<{ ids: string[]; waitMs: number; delayMs: number }> {
    const nowMs = deps.now();
    const at = new Date(nowMs);
    const ids: string[] = [];
    let waitMs = 0;
    let delayMs = 0;
    for (const [rule, key, weight = 1] of checks) {
      // Older attempts of this bucket are of no use to it any more.
      await repository.pruneAttempts(rule.bucket, new Date(nowMs - rule.windowMs));
      const { id, events } = await repository.recordAttempt(rule.bucket, key, at, new Date(nowMs - rule.windowMs), weight);
      ids.push(id);
      let excess = events.reduce((sum, event) => sum + event.weight, 0) - rule.limit;
      if (excess <= 0) continue;
      if (rule.slow) {
        // Counted in attempts over the limit (slowed rules weigh each attempt 1).
        delayMs = Math.max(delayMs, Math.min(SLOWDOWN_BASE_MS * 2 ** (excess - 1), SLOWDOWN_MAX_MS));
        continue;
      }
      // The next attempt like this one passes once enough of the oldest have left the window to
      // bring the sum down to the limit: when the last of those leaves. (With weight 1: once all
      // but `limit - 1` of the others have left.) An attempt heavier than the limit itself waits
      // a whole window.
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
    return { ids, waitMs, delayMs };
  }

  return {
    async attempt(checks) {
      const { ids, waitMs, delayMs } = await record(checks);
      if (waitMs > 0) {
        await repository.deleteAttempts(ids);
        throw refuse(waitMs / 1_000);
      }
      // Slowed, not refused: the guess is checked after the wait (see the trade-off above).
      if (delayMs > 0) await sleep(delayMs);
      return { release: () => repository.deleteAttempts(ids) };
    },
    async tryAttempt(checks) {
      const { ids, waitMs, delayMs } = await record(checks);
      if (waitMs > 0) {
        await repository.deleteAttempts(ids);
        return false;
      }
      if (delayMs > 0) await sleep(delayMs);
      return true;
    },
  };
}
