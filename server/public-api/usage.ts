/**
 * Usage of API tokens (docs/product-rules.md#api-usage): every request that passed the token
 * check is counted in its token's day (Vietnam's calendar) and logged, whatever its answer.
 *
 * Requests are buffered in memory, per process, and written in one statement
 * (./usage-repository.ts) at most USAGE_FLUSH_MS after the first of them arrived, or as soon as
 * USAGE_FLUSH_ROWS are waiting, and on shutdown (`close`). A read of the figures in this process (GET /v1/usage, the token
 * management screen) flushes first, so it sees every request this process answered; another
 * process's requests show within USAGE_FLUSH_MS (and the time to write them). A crash (or a kill
 * without shutdown) loses what was not written yet: the batch being written and the one filling,
 * normally the last second's requests of that process.
 *
 * The last use (to the minute) is coalesced: a token's row is written at most once per minute
 * per process, in the same statement. The log is pruned for a token each time this process has
 * logged PRUNE_EVERY more rows of it, so a token's log holds at most
 * REQUEST_LOG_SIZE + PRUNE_EVERY − 1 rows per process writing it; readers take the newest
 * REQUEST_LOG_SIZE.
 */
import { performance } from 'node:perf_hooks';
import type { Context } from 'hono';
import { usageDay } from '../../src/contract/tokens.schema.ts';
import type { Logger } from '../logger.ts';
import type { UsageEntry, UsageRepository } from './usage-repository.ts';

/** How long a request may wait in the buffer before it is written, in ms. */
export const USAGE_FLUSH_MS = 1_000;
/** Buffered requests that trigger a write at once (one statement of that many rows). */
export const USAGE_FLUSH_ROWS = 1_000;
/** A token's log is pruned once this process has logged this many of its rows since the last prune. */
export const PRUNE_EVERY = 16;
/** Longest path kept in the request log, in characters (a path is at most a few hundred in practice). */
const LOGGED_PATH_MAX_CHARS = 300;
const MINUTE_MS = 60_000;
/** A last use written longer ago than this is forgotten (the SQL's condition still keeps the stored minute from going back), in ms. */
const TOUCH_MEMORY_MS = 2 * MINUTE_MS;

export interface UsageRecorder {
  /**
   * Counts and logs the request `c` of token `tokenId`, answered with `status`, started at
   * `started` (performance.now()): buffered, never throws (a failure to write is logged, and the
   * answer the client is owed stands).
   */
  record(c: Context, tokenId: string, status: number, started: number): void;
  /** Writes what is buffered now; resolves once it is written (or its failure logged). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left (shutdown). Later records are written at once. */
  close(): Promise<void>;
}

export interface UsageRecorderDeps {
  repository: UsageRepository;
  logger: Logger;
  /** ms since the epoch. */
  now: () => number;
  /** USAGE_FLUSH_MS unless given (tests). */
  flushMs?: number;
  /** USAGE_FLUSH_ROWS unless given (tests). */
  flushRows?: number;
}

export function createUsageRecorder(deps: UsageRecorderDeps): UsageRecorder {
  const flushRows = deps.flushRows ?? USAGE_FLUSH_ROWS;
  let buffer: UsageEntry[] = [];
  let writing: Promise<void> | null = null;
  let closed = false;
  /** The minute last written per token by this process. */
  const touched = new Map<string, number>();
  /** Rows logged per token since this process last pruned its log. */
  const sincePrune = new Map<string, number>();

  async function write(entries: UsageEntry[]): Promise<void> {
    const latest = new Map<string, number>();
    for (const entry of entries) latest.set(entry.tokenId, Math.max(latest.get(entry.tokenId) ?? 0, Math.floor(entry.atMs / MINUTE_MS) * MINUTE_MS));
    const touches = [...latest]
      .filter(([tokenId, minuteMs]) => minuteMs > (touched.get(tokenId) ?? -Infinity))
      .map(([tokenId, minuteMs]) => ({ tokenId, minuteMs }));
    const counts = new Map<string, number>();
    for (const entry of entries) counts.set(entry.tokenId, (counts.get(entry.tokenId) ?? 0) + 1);
    const prune = new Set([...counts].filter(([tokenId, count]) => (sincePrune.get(tokenId) ?? 0) + count >= PRUNE_EVERY).map(([tokenId]) => tokenId));
    let skipped: string[];
    try {
      skipped = await deps.repository.write({ entries, touches, prune: [...prune] });
    } catch (first) {
      // A token deleted between the statement's check and its insert fails the whole batch:
      // once more, the check then sees it gone. Any other failure is logged with what it lost.
      try {
        skipped = await deps.repository.write({ entries, touches, prune: [...prune] });
      } catch (error) {
        deps.logger.warn({ err: error, first, requests: entries.length }, 'API token usage not recorded');
        return;
      }
    }
    for (const { tokenId, minuteMs } of touches) touched.set(tokenId, minuteMs);
    for (const [tokenId, count] of counts) sincePrune.set(tokenId, prune.has(tokenId) ? 0 : (sincePrune.get(tokenId) ?? 0) + count);
    for (const tokenId of skipped) {
      // E.g. the token was deleted while its request ran (its rows went with it).
      deps.logger.warn({ tokenId, requests: counts.get(tokenId) }, 'API token usage not recorded');
      touched.delete(tokenId);
      sincePrune.delete(tokenId);
    }
    const forgetBefore = deps.now() - TOUCH_MEMORY_MS;
    for (const [tokenId, minuteMs] of touched) if (minuteMs < forgetBefore) touched.delete(tokenId);
  }

  async function flush(): Promise<void> {
    // One write at a time; a flush asked during one waits for it, then writes what came since
    // (several may be waiting: each checks again, and only one starts the next write).
    for (let running = writing; running; running = writing) await running;
    if (buffer.length === 0) return;
    const entries = buffer;
    buffer = [];
    writing = write(entries).finally(() => {
      writing = null;
    });
    await writing;
  }

  /** Set while something waits in the buffer: it is written within flushMs of arriving, and no timer runs while idle. */
  let timer: NodeJS.Timeout | undefined;
  const schedule = (): void => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, deps.flushMs ?? USAGE_FLUSH_MS);
    // The buffer never keeps the process alive: shutdown writes it (close).
    timer.unref();
  };

  return {
    record(c, tokenId, status, started) {
      const atMs = deps.now();
      const requestId: unknown = c.get('requestId');
      buffer.push({
        tokenId,
        atMs,
        day: usageDay(atMs),
        method: c.req.method,
        // The raw path, still percent-encoded: what the client sent, and never a NUL byte.
        path: new URL(c.req.url).pathname.slice(0, LOGGED_PATH_MAX_CHARS),
        status,
        durationMs: Math.round(performance.now() - started),
        requestId: typeof requestId === 'string' ? requestId : null,
      });
      if (closed || buffer.length >= flushRows) void flush();
      else schedule();
    },
    flush,
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}
