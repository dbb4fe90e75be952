/**
 * When a failed webhook delivery is tried again (docs/product-rules.md#api-webhooks): exponential
 * backoff, 5 s × 4^n capped at 10 h, ±10 % jitter, 10 attempts in all — the nine waits add up to
 * ≈ 27.6 h (≥ 24.8 h even with the jitter at its lowest), so a receiver that is down for a day
 * still gets the message.
 */

/** Attempts of one delivery before it ends `failed` (the first one and nine retries). */
export const MAX_ATTEMPTS = 10;
/** The first retry's wait, in milliseconds. */
export const BASE_DELAY_MS = 5_000;
/** Each wait is this many times the previous one. */
export const BACKOFF_FACTOR = 4;
/** No wait is longer than this, in milliseconds (10 h). */
export const MAX_DELAY_MS = 10 * 60 * 60 * 1000;
/**
 * Each wait moves by up to this fraction either way, so receivers that failed together (an outage)
 * are not all retried in the same second.
 */
export const JITTER_FRACTION = 0.1;

export interface BackoffTuning {
  /** The first retry's wait, in milliseconds. */
  baseDelayMs: number;
  /** The longest wait, in milliseconds. */
  maxDelayMs: number;
}

export const PRODUCTION_BACKOFF: BackoffTuning = { baseDelayMs: BASE_DELAY_MS, maxDelayMs: MAX_DELAY_MS };

/**
 * The wait before the next attempt after `attempts` attempts failed (1 after the first), in ms;
 * null when none is left. `random` is in [0, 1) (Math.random by default; tests pin it).
 */
export function retryDelayMs(attempts: number, tuning: BackoffTuning = PRODUCTION_BACKOFF, random: () => number = Math.random): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const exponent = Math.max(attempts - 1, 0);
  const nominal = Math.min(tuning.baseDelayMs * BACKOFF_FACTOR ** exponent, tuning.maxDelayMs);
  const jitter = 1 + JITTER_FRACTION * (2 * random() - 1);
  return Math.round(nominal * jitter);
}
