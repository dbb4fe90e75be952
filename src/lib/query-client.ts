import { QueryClient, type QueryPersister } from '@tanstack/react-query';

/** docs/product-rules.md#query-defaults: data fetches retry up to 3 times with exponential delay capped at 30 s. */
export const QUERY_RETRIES = 3;
export const RETRY_DELAY_CAP_MS = 30_000;
/** docs/product-rules.md#query-defaults: unused data is kept 5 minutes. */
export const UNUSED_DATA_KEPT_MS = 5 * 60_000;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, RETRY_DELAY_CAP_MS);
}

export interface QueryClientOptions {
  /** Stores and restores query data (src/lib/offline/persister.ts); none in tests and pre-rendering. */
  persister?: QueryPersister;
}

export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Offline, a query still runs its function once: the persister then restores the last
        // data from IndexedDB (a fetch that cannot start would never reach it), and only the
        // network retries wait for the connection, resuming when it returns.
        networkMode: 'offlineFirst',
        ...(options.persister ? { persister: options.persister } : {}),
        retry: (failureCount, error) => {
          // A 4xx answer will not change on retry (except 408 timeout and 429 rate limit).
          const status = (error as { status?: number } | null)?.status;
          if (status && status >= 400 && status < 500 && status !== 408 && status !== 429) return false;
          return failureCount < QUERY_RETRIES;
        },
        retryDelay,
        gcTime: UNUSED_DATA_KEPT_MS,
        staleTime: 30_000,
      },
    },
  });
}
