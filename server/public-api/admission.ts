/**
 * Token lookup and rate-limit admission for the /v1 guard (docs/product-rules.md#api-auth,
 * #api-rate-limit), per process:
 *
 * - Requests wait in one queue; whenever no lookup is running, ONE statement
 *   (./repository.ts `lookup`) reads the tokens of every request waiting and reserves the
 *   admissions they need. A request never joins a statement already sent: the statement that
 *   reads its token starts after it arrived, so a token revoked, deactivated or regenerated
 *   before a request arrives refuses that request.
 * - Only where told to (`keepTokens`: PGlite, whose change announcements reach `tokensChanged`
 *   before the writing statement returns), a token read is kept with its state and answers later
 *   requests while its usable slots cover them, with no statement at all; every change heard
 *   forgets all kept tokens, and a read that was out when a change was heard is used once and
 *   not kept (it may predate the change).
 * - Admissions are spent from slots this process reserved (./slots.ts): a token with enough
 *   usable slots is only read; one without reserves what its waiting requests need, plus, once
 *   this process has served it before, spares: a fraction of its limit (`spareFraction`; a
 *   twentieth by default: the stretch of the token's schedule its next 3 s hold, T = 60 s /
 *   limit, limit/20 × T = 3 s), so a token in use below or above its rate reserves about once per
 *   3 s, and its other reads are plain reads (or, kept, no read).
 *   The limit is exact across processes: slots are taken from the shared tat in the database and
 *   lapse as ./slots.ts says; the price is that spare slots a process does not use count as used.
 */
import { emissionIntervalUs } from './rate-limit.ts';
import type { LookupRequest, LookupRow, PublicApiRepository } from './repository.ts';
import { SPARE_MAX_FRACTION, spareMax, TokenSlots } from './slots.ts';

export interface Admission {
  /** The token the hash names (whatever its state); undefined: none. */
  token: LookupRow | undefined;
  /** The instant the request was decided at, ms since the epoch. */
  atMs: number;
  /** Admitted under the rate limit (only ever true for an admissible token). */
  admitted: boolean;
  /** How far the token's tat is ahead of `atMs` for this answer's headers, in µs (≤ 0: at rest). */
  aheadUs: number;
}

export interface Admissions {
  /** Finds the token whose secret hashes to `hash` and admits the request if it may pass. @throws the lookup's database error */
  admit(hash: string): Promise<Admission>;
  /**
   * From now on, keeps the tokens it reads in memory and answers from them while their reserved
   * admissions last. Only for a database where every change of what the guard reads of a token
   * calls `tokensChanged` before the write that made it resolves (PGlite, 0020_api_token_changes).
   */
  keepTokens(): void;
  /** Something the guard reads of some token changed: forget every token kept in memory. */
  tokensChanged(): void;
}

export interface AdmissionsDeps {
  repository: PublicApiRepository;
  /** ms since the epoch. */
  now: () => number;
  /** The plans whose tokens may call the API (the statement reserves only for them). */
  apiPlans: readonly string[];
  /** Whether a found token may be admitted at `atMs` (active, unexpired, plan with API access). */
  admissible: (row: LookupRow, atMs: number) => boolean;
  /**
   * The most admissions reserved beyond what the waiting requests need, as a fraction of a
   * token's limit (./slots.ts SPARE_MAX_FRACTION unless given).
   */
  spareFraction?: number;
}

interface Waiting {
  hash: string;
  resolve: (admission: Admission) => void;
  reject: (error: unknown) => void;
}

/** What this process keeps per token (by the hash of its secret). */
interface TokenState {
  slots: TokenSlots;
  limit: number;
  lastSeenMs: number;
  /** The token as last read, while kept (keepTokens) and unchanged since; nothing reserved in it. */
  kept?: LookupRow;
}

/** A token idle this long with no usable slot is forgotten (memory stays bounded), in ms. */
const IDLE_MS = 60_000;

export function createAdmissions(deps: AdmissionsDeps): Admissions {
  const states = new Map<string, TokenState>();
  const spareFraction = deps.spareFraction ?? SPARE_MAX_FRACTION;
  let queue: Waiting[] = [];
  let running = false;
  let sweptAt = 0;
  let keeping = false;
  /** Counts the changes heard: a row read before the latest one is not kept. */
  let changes = 0;

  /** Admissions to reserve for `hash`'s `count` waiting requests at `atUs` (0: its usable slots cover them). */
  function wanted(hash: string, count: number, atMs: number): number {
    const state = states.get(hash);
    const need = count - (state ? state.slots.usable(atMs * 1000) : 0);
    if (need <= 0) return 0;
    // Spares only for a token this process has already served: a one-off request reserves no more than it needs.
    return need + (state ? spareMax(state.limit, spareFraction) : 0);
  }

  /** `hash`'s token as kept in memory, when its usable slots cover `count` requests at `atMs`. */
  function keptFor(hash: string, count: number, atMs: number): LookupRow | undefined {
    const state = states.get(hash);
    return state?.kept && wanted(hash, count, atMs) === 0 ? state.kept : undefined;
  }

  function decide(row: LookupRow | undefined, waiting: readonly Waiting[], atMs: number, readAt: number): void {
    const atUs = atMs * 1000;
    if (!row) {
      for (const one of waiting) one.resolve({ token: undefined, atMs, admitted: false, aheadUs: 0 });
      return;
    }
    let state = states.get(row.hash);
    // Slots reserved under another limit are dropped: spent after a lowered limit, they would
    // admit at the old pace (they count as used, as lapsed ones do).
    if (state && state.limit !== row.rate_limit) state.slots = new TokenSlots();
    if (row.granted > 0 && row.base_us !== null) {
      state ??= { slots: new TokenSlots(), limit: row.rate_limit, lastSeenMs: atMs };
      states.set(row.hash, state);
      state.slots.add(row.base_us, row.granted, emissionIntervalUs(row.rate_limit));
    }
    if (state) {
      state.limit = row.rate_limit;
      state.lastSeenMs = atMs;
      // Kept only when no change was heard since the statement that read it was sent.
      if (keeping && readAt === changes && row !== state.kept) state.kept = { ...row, granted: 0, base_us: null, tat_us: null };
    }
    const sharedAheadUs = row.tat_us === null ? 0 : row.tat_us - atUs;
    const admissible = deps.admissible(row, atMs);
    for (const one of waiting) {
      const tat = admissible && state ? state.slots.take(atUs) : null;
      if (tat === null) {
        one.resolve({ token: row, atMs, admitted: false, aheadUs: sharedAheadUs });
        continue;
      }
      one.resolve({ token: row, atMs, admitted: true, aheadUs: tat - atUs });
    }
  }

  function sweep(atMs: number): void {
    if (atMs - sweptAt < IDLE_MS) return;
    sweptAt = atMs;
    for (const [hash, state] of states) {
      if (atMs - state.lastSeenMs >= IDLE_MS && state.slots.usable(atMs * 1000) === 0) states.delete(hash);
    }
  }

  async function settle(batch: readonly Waiting[]): Promise<void> {
    const atMs = deps.now();
    const byHash = new Map<string, Waiting[]>();
    for (const one of batch) {
      const same = byHash.get(one.hash);
      if (same) same.push(one);
      else byHash.set(one.hash, [one]);
    }
    const requests: LookupRequest[] = [];
    for (const [hash, waiting] of byHash) {
      const kept = keptFor(hash, waiting.length, atMs);
      if (kept) {
        decide(kept, waiting, atMs, changes);
        byHash.delete(hash);
      } else {
        requests.push({ hash, want: wanted(hash, waiting.length, atMs) });
      }
    }
    if (requests.length > 0) {
      const readAt = changes;
      let rows: LookupRow[];
      try {
        rows = await deps.repository.lookup(requests, new Date(atMs), deps.apiPlans);
      } catch (error) {
        for (const waiting of byHash.values()) for (const one of waiting) one.reject(error);
        return;
      }
      const found = new Map(rows.map((row) => [row.hash, row]));
      for (const [hash, waiting] of byHash) decide(found.get(hash), waiting, atMs, readAt);
    }
    sweep(atMs);
  }

  async function drain(): Promise<void> {
    running = true;
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        // Whatever fails, every request of the batch gets an answer (a settled promise ignores the second).
        await settle(batch).catch((error: unknown) => {
          for (const one of batch) one.reject(error);
        });
      }
    } finally {
      running = false;
    }
  }

  return {
    keepTokens() {
      keeping = true;
    },
    tokensChanged() {
      changes += 1;
      for (const state of states.values()) state.kept = undefined;
    },
    admit(hash) {
      return new Promise<Admission>((resolve, reject) => {
        queue.push({ hash, resolve, reject });
        if (!running) void drain();
      });
    },
  };
}
