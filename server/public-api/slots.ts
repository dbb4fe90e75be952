/**
 * Admissions a process holds for a token (docs/product-rules.md#api-rate-limit): slices of the
 * token's GCRA schedule reserved in the database (./repository.ts `lookup`) and spent here, in
 * memory, by later requests of the same token.
 *
 * A reservation of n admissions at instant `at` moves the shared tat (theoretical arrival time)
 * from max(tat, at) = base to base + n·T, exactly as n requests admitted at `at` would: slot i
 * (1-based) stands for the admission that left the tat at s_i = base + i·T. Spending a slot later
 * than `at` is a delayed admission, and a delay can only make the schedule stricter, with one
 * limit: a slot may be spent at instant t only while s_i − T ≥ t, i.e. while the tat it
 * continues from has not been reached. Past that instant the slot has lapsed: spending it would
 * admit a request the schedule already let time pay back (with its quota regained by others
 * meanwhile). Under that rule every stream of admissions, whichever process made each, conforms
 * to GCRA(T, window): for any two admissions i ≤ j, (j − i + 1)·T ≤ t_j − t_i + window — never
 * more than the limit, across processes, whatever the interleaving. (The earliest of them in the
 * database's order left the tat at ≥ t_i + T; each later one adds T; the last one's is ≤ its
 * instant + window ≤ t_j + window.)
 *
 * Lapsed slots are not given back: the tat already counts them, and a give-back could not tell
 * whether another process's admission was computed from them. They are the only quota a process
 * can waste: ./admission.ts reserves at most SPARE_MAX_FRACTION of a token's limit beyond what its
 * waiting requests need — the stretch of the schedule that the next 3 s cover — and a request
 * spends the slot that lapses first, so a token used below its rate spends one slot per request
 * and lets the ones between lapse, as the instants of a single limiter pass unused.
 *
 * Times are whole microseconds since the epoch (the database's resolution).
 */

/**
 * The most admissions a process reserves beyond what its waiting requests need, as a fraction of
 * the token's limit: limit/20 slots of T = 60 s / limit cover 3 s of the token's schedule.
 */
export const SPARE_MAX_FRACTION = 1 / 20;

/**
 * The same on the embedded database, where one process holds every token's schedule: limit/4
 * slots cover 15 s, so a token in use reserves about once per 15 s (each reservation is a write
 * on the connection every request shares; measured: `npm run bench -- --only=public-api`).
 */
export const PGLITE_SPARE_MAX_FRACTION = 1 / 4;

/** Slots of one reservation: `count` slots whose first leaves the tat at `firstUs`, T = `intervalUs` apart. */
interface Run {
  firstUs: number;
  count: number;
  intervalUs: number;
}

export class TokenSlots {
  private runs: Run[] = [];

  /** Adds `count` slots after `baseUs` (the reservation's base): the first leaves the tat at baseUs + T. */
  add(baseUs: number, count: number, intervalUs: number): void {
    if (count > 0) this.runs.push({ firstUs: baseUs + intervalUs, count, intervalUs });
  }

  /** Index of the first slot of `run` still usable at `atUs` (s − T ≥ at). */
  private static firstUsable(run: Run, atUs: number): number {
    return Math.max(0, Math.ceil((atUs + run.intervalUs - run.firstUs) / run.intervalUs));
  }

  /** Slots usable at `atUs`; lapsed ones are dropped. */
  usable(atUs: number): number {
    this.runs = this.runs.filter((run) => TokenSlots.firstUsable(run, atUs) < run.count);
    return this.runs.reduce((sum, run) => sum + run.count - TokenSlots.firstUsable(run, atUs), 0);
  }

  /**
   * Spends the usable slot that lapses first at `atUs` and answers the tat it stands for (µs), or
   * null when none is left.
   */
  take(atUs: number): number | null {
    while (this.runs.length > 0) {
      const run = this.runs[0]!;
      const index = TokenSlots.firstUsable(run, atUs);
      if (index >= run.count) {
        this.runs.shift();
        continue;
      }
      const tat = run.firstUs + index * run.intervalUs;
      run.firstUs = tat + run.intervalUs;
      run.count -= index + 1;
      if (run.count === 0) this.runs.shift();
      return tat;
    }
    return null;
  }

  get empty(): boolean {
    return this.runs.length === 0;
  }
}

/** The most spare admissions a token with `limit` requests per window may be reserved ahead (`fraction` of its limit). */
export function spareMax(limit: number, fraction = SPARE_MAX_FRACTION): number {
  return Math.floor(limit * fraction);
}
