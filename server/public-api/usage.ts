/**
 * Usage of API tokens (docs/product-rules.md#api-usage): every request that passed the token
 * check is counted in its token's day (Vietnam's calendar) and logged, whatever its answer,
 * before the answer is sent — so the stats, the chart and the log never scan anything and a
 * client that has its answer finds its request counted.
 */
import { performance } from 'node:perf_hooks';
import type { Context } from 'hono';
import { usageDay } from '../../src/contract/tokens.ts';
import type { Logger } from '../logger.ts';
import type { PublicApiRepository } from './repository.ts';

/** Longest path kept in the request log, in characters (a path is at most a few hundred in practice). */
const LOGGED_PATH_MAX_CHARS = 300;
const MINUTE_MS = 60_000;

export interface UsageRecorder {
  /**
   * Counts and logs the request `c` of token `tokenId`, answered with `status`, started at
   * `started` (performance.now()). Never throws: a failure to count is logged, and the answer
   * the client is owed stands (a job was created: failing its answer would make it retry).
   */
  record(c: Context, tokenId: string, status: number, started: number): Promise<void>;
}

export function createUsageRecorder(deps: { repository: PublicApiRepository; logger: Logger; now: () => number }): UsageRecorder {
  return {
    async record(c, tokenId, status, started) {
      const at = deps.now();
      // The raw path, still percent-encoded: what the client sent, and never a NUL byte.
      const path = new URL(c.req.url).pathname.slice(0, LOGGED_PATH_MAX_CHARS);
      const requestId: unknown = c.get('requestId');
      try {
        await deps.repository.recordUsage({
          tokenId,
          at: new Date(at),
          day: usageDay(at),
          minute: new Date(Math.floor(at / MINUTE_MS) * MINUTE_MS),
          method: c.req.method,
          path,
          status,
          durationMs: Math.round(performance.now() - started),
          requestId: typeof requestId === 'string' ? requestId : null,
        });
      } catch (error) {
        // E.g. the token was deleted while its request ran (its rows went with it).
        deps.logger.warn({ err: error, tokenId, path }, 'API token usage not recorded');
      }
    },
  };
}
