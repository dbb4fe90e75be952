/**
 * Retries of the identity-provider calls (docs/product-rules.md#identity-retries): email/password operations 2 retries,
 * 1000 ms apart growing 1.5x; Google popup 1 retry; token fetch 2 retries at 500 ms.
 */
export interface RetryPolicy {
  /** Attempts after the first one. */
  retries: number;
  /** Wait before the first retry, in ms. */
  delayMs: number;
  /** Each further wait is the previous one times this. */
  factor: number;
}

export const EMAIL_PASSWORD_RETRY: RetryPolicy = { retries: 2, delayMs: 1000, factor: 1.5 };
/** Immediately: a later popup would lose the click's user activation and be blocked. */
export const POPUP_RETRY: RetryPolicy = { retries: 1, delayMs: 0, factor: 1 };
export const TOKEN_RETRY: RetryPolicy = { retries: 2, delayMs: 500, factor: 1 };

/** The waits between attempts, in ms: [1000, 1500] for the email/password policy. */
export function retryDelays(policy: RetryPolicy): number[] {
  return Array.from({ length: policy.retries }, (_, index) => Math.round(policy.delayMs * policy.factor ** index));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it succeeds, the policy is spent, or `shouldRetry` says the error will
 * not go away (a cancelled popup, a wrong password). The last error is rethrown.
 */
export async function withRetry<T>(
  attempt: (index: number) => Promise<T>,
  policy: RetryPolicy,
  shouldRetry: (error: unknown) => boolean = () => true,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  const delays = retryDelays(policy);
  for (let index = 0; ; index += 1) {
    try {
      return await attempt(index);
    } catch (error) {
      const delay = delays[index];
      if (delay === undefined || !shouldRetry(error)) throw error;
      if (delay > 0) await wait(delay);
    }
  }
}
