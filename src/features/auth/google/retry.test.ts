import { describe, expect, it, vi } from 'vitest';
import { EMAIL_PASSWORD_RETRY, POPUP_RETRY, TOKEN_RETRY, retryDelays, withRetry } from './retry.ts';

describe('retry policies', () => {
  it('email/password: 2 retries, 1000 ms growing 1.5x; popup: 1 retry; token: 2 retries at 500 ms', () => {
    expect(retryDelays(EMAIL_PASSWORD_RETRY)).toEqual([1000, 1500]);
    expect(retryDelays(POPUP_RETRY)).toHaveLength(1);
    expect(retryDelays(TOKEN_RETRY)).toEqual([500, 500]);
  });

  it('retries until success and waits the policy delays', async () => {
    const waits: number[] = [];
    const attempt = vi.fn<(index: number) => Promise<string>>(async (index) => {
      if (index < 2) throw new Error(`fail ${index}`);
      return 'ok';
    });
    await expect(withRetry(attempt, EMAIL_PASSWORD_RETRY, undefined, async (ms) => void waits.push(ms))).resolves.toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 1500]);
  });

  it('gives up after the last retry with the last error', async () => {
    const attempt = vi.fn<(index: number) => Promise<string>>(async (index) => {
      throw new Error(`fail ${index}`);
    });
    await expect(withRetry(attempt, TOKEN_RETRY, undefined, async () => undefined)).rejects.toThrow('fail 2');
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('does not retry what will not go away', async () => {
    const attempt = vi.fn<() => Promise<string>>(async () => {
      throw new Error('cancelled');
    });
    await expect(withRetry(attempt, POPUP_RETRY, () => false)).rejects.toThrow('cancelled');
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
