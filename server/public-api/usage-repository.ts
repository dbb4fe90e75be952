/**
 * The SQL of API token usage (docs/product-rules.md#api-usage): a batch of requests buffered by
 * ./usage.ts written in ONE statement — the per-day counts, the request log (pruned to the newest
 * REQUEST_LOG_SIZE of the tokens it is asked to prune) and the tokens' last use.
 *
 * Locks (Postgres): the counts are upserted in (token, day) order and the tokens' rows locked in
 * id order (as the admission's lookup does, ./repository.ts), and a token's log is pruned by one
 * process at a time (a transaction-scoped advisory lock, tried, never waited for: a token whose
 * lock is taken is pruned by a later batch), so two processes' batches never wait on each other
 * in a cycle.
 */
import { sql, type Kysely } from 'kysely';
import { REQUEST_LOG_SIZE } from '../../src/contract/tokens.ts';
import type { DatabaseDriver } from '../../src/contract/health.schema.ts';
import type { Tables } from '../db/schema.ts';

/** One request to count and log. */
export interface UsageEntry {
  tokenId: string;
  /** ms since the epoch: when it was answered. */
  atMs: number;
  /** YYYY-MM-DD, Vietnam's calendar (usageDay). */
  day: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string | null;
}

export interface UsageBatch {
  /** In the order they were answered (the log's order). */
  entries: readonly UsageEntry[];
  /** Tokens whose last use to write: the minute (ms since the epoch), kept only when later than the stored one. */
  touches: ReadonlyArray<{ tokenId: string; minuteMs: number }>;
  /** Tokens whose log to prune to its newest REQUEST_LOG_SIZE rows (the new ones included). */
  prune: readonly string[];
}

export interface UsageRepository {
  /** Writes the batch in one statement; answers the tokens it skipped because they no longer exist. */
  write(batch: UsageBatch): Promise<string[]>;
}

/** The first key of the advisory locks that let one process at a time prune a token's log (ASCII "alog"). */
const PRUNE_LOCK_CLASS = 0x616c6f67;

export function createUsageRepository(db: Kysely<Tables>, driver: DatabaseDriver): UsageRepository {
  // PGlite is one connection: no other statement runs meanwhile, so there is nothing to order or skip.
  const postgres = driver === 'postgres';
  const touchLocking = postgres ? sql`ORDER BY s.id FOR NO KEY UPDATE OF s` : sql``;
  const pruneTurn = postgres ? sql`HAVING pg_try_advisory_xact_lock(${sql.lit(PRUNE_LOCK_CLASS)}, hashtext(token_id))` : sql``;
  return {
    async write({ entries, touches, prune }) {
      const column = <T>(pick: (entry: UsageEntry) => T): T[] => entries.map(pick);
      // Only the newest REQUEST_LOG_SIZE of a token's new rows are logged (the rest would be
      // pruned at once); the prune, which sees the log as it was before this statement, keeps
      // the newest REQUEST_LOG_SIZE − (rows logged now) of the older ones.
      const skipped = await sql<{ token_id: string }>`
        WITH entries AS (
          SELECT * FROM unnest(
            ${column((entry) => entry.tokenId)}::text[], ${column((entry) => entry.atMs)}::float8[], ${column((entry) => entry.day)}::text[],
            ${column((entry) => entry.method)}::text[], ${column((entry) => entry.path)}::text[], ${column((entry) => entry.status)}::int[],
            ${column((entry) => entry.durationMs)}::int[], ${column((entry) => entry.requestId)}::text[]
          ) WITH ORDINALITY AS e(token_id, at_ms, day, method, path, status, duration_ms, request_id, ord)
        ),
        live AS (
          SELECT e.* FROM entries e WHERE EXISTS (SELECT 1 FROM api_tokens t WHERE t.id = e.token_id)
        ),
        counted AS (
          INSERT INTO api_token_usage AS u (token_id, day, requests, errors)
          SELECT token_id, day, count(*)::int, (count(*) FILTER (WHERE status >= 400))::int
          FROM live GROUP BY token_id, day ORDER BY token_id, day
          ON CONFLICT (token_id, day) DO UPDATE SET requests = u.requests + excluded.requests, errors = u.errors + excluded.errors
        ),
        kept AS (
          SELECT * FROM (SELECT l.*, row_number() OVER (PARTITION BY l.token_id ORDER BY l.ord DESC) AS newest FROM live l) ranked
          WHERE newest <= ${sql.lit(REQUEST_LOG_SIZE)}
        ),
        logged AS (
          INSERT INTO api_requests (token_id, at, method, path, status, duration_ms, request_id)
          SELECT token_id, 'epoch'::timestamptz + at_ms * interval '1 millisecond', method, path, status, duration_ms, request_id
          FROM kept ORDER BY ord
        ),
        pruned AS (
          -- The rows past each token's newest ones, collected token by token through the
          -- (token_id, id) index, then deleted by primary key.
          DELETE FROM api_requests WHERE id = ANY(ARRAY(
            SELECT old.id
            FROM (SELECT token_id, count(*) AS fresh FROM kept WHERE token_id = ANY(${[...prune]}::text[]) GROUP BY token_id ${pruneTurn}) k
              CROSS JOIN LATERAL (SELECT r.id FROM api_requests r WHERE r.token_id = k.token_id
                                  ORDER BY r.id DESC OFFSET ${sql.lit(REQUEST_LOG_SIZE)} - k.fresh) old))
        ),
        touched AS (
          UPDATE api_tokens t SET last_used_at = 'epoch'::timestamptz + x.minute_ms * interval '1 millisecond'
          FROM (
            SELECT s.id, v.minute_ms FROM unnest(${touches.map((touch) => touch.tokenId)}::text[], ${touches.map((touch) => touch.minuteMs)}::float8[]) AS v(id, minute_ms)
            JOIN api_tokens s ON s.id = v.id ${touchLocking}
          ) x
          WHERE t.id = x.id AND (t.last_used_at IS NULL OR t.last_used_at < 'epoch'::timestamptz + x.minute_ms * interval '1 millisecond')
        )
        SELECT DISTINCT token_id FROM entries WHERE token_id NOT IN (SELECT token_id FROM live)`.execute(db);
      return skipped.rows.map((row) => row.token_id);
    },
  };
}
