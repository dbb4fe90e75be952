import { describe, expect, it } from 'vitest';
import { createQueryClient, retryDelay, RETRY_DELAY_CAP_MS, UNUSED_DATA_KEPT_MS } from './query-client.ts';

describe('query client defaults', () => {
  it('grows the retry delay exponentially and caps it at 30 s', () => {
    expect(retryDelay(0)).toBe(1000);
    expect(retryDelay(1)).toBe(2000);
    expect(retryDelay(3)).toBe(8000);
    expect(retryDelay(10)).toBe(RETRY_DELAY_CAP_MS);
  });

  it('retries up to 3 times, but not a client error', () => {
    const client = createQueryClient();
    const retry = client.getDefaultOptions().queries?.retry as (count: number, error: unknown) => boolean;
    expect(retry(0, new Error('network'))).toBe(true);
    expect(retry(2, new Error('network'))).toBe(true);
    expect(retry(3, new Error('network'))).toBe(false);
    expect(retry(0, { status: 404 })).toBe(false);
    expect(retry(0, { status: 429 })).toBe(true);
    expect(retry(0, { status: 503 })).toBe(true);
  });

  it('keeps unused data 5 minutes', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(UNUSED_DATA_KEPT_MS);
    expect(UNUSED_DATA_KEPT_MS).toBe(300_000);
  });
});
