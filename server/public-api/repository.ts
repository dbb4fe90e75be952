/**
 * The SQL of the /v1 core: finding a token and admitting its request (one statement), counting
 * and logging a request (one statement), and the calling token's usage.
 *
 * Clock: every statement takes the instant from the caller (the app's injected `now`), never the
 * database's `now()`, so expiry, the rate limiter, the usage day and the log agree with the rest
 * of the server (and tests can move time). Processes on several hosts share the limiter through
 * the row, so their clocks must agree (NTP): a skew of d ms between two hosts shifts what one of
 * them admits by at most d / T requests (T = 60 s / limit).
 */
import { sql, type Kysely } from 'kysely';
import { REQUEST_LOG_SIZE } from '../../src/contract/tokens.ts';
import type { Tables } from '../db/schema.ts';
import { WINDOW_US } from './rate-limit.ts';

/** The token a bearer's hash names, with its owner's plan, and whether this request was admitted. */
export interface AdmissionRow {
  id: string;
  user_id: string;
  plan: string;
  name: string;
  token_prefix: string;
  permissions: string[];
  rate_limit: number;
  credit_cap: number | null;
  webhook_url: string | null;
  expires_at: Date | null;
  active: boolean;
  /** How far the token's tat is ahead of now (after this request when admitted), in µs; ≤ 0 at rest. */
  ahead_us: number;
  /** Whether the request was admitted (and the tat moved). */
  admitted: boolean;
}

/** The token columns of an admission (`t`: api_tokens, `u`: users). */
/** The request log is pruned on one insert in this many (see recordUsage). */
export const PRUNE_EVERY = 16;

const columns = sql`t.id, t.user_id, u.plan, t.name, t.token_prefix, t.permissions, t.rate_limit, t.credit_cap, t.webhook_url, t.expires_at, t.active`;

/** How far `t.rl_tat` is ahead of `at`, in whole µs (0 for a token never used). */
function aheadOf(at: Date) {
  return sql<number>`COALESCE(round(extract(epoch FROM t.rl_tat - ${at}::timestamptz) * 1000000)::float8, 0)`;
}

/** One request to count and log. */
export interface UsageEntry {
  tokenId: string;
  at: Date;
  /** YYYY-MM-DD, Vietnam's calendar (usageDay). */
  day: string;
  /** `at` rounded down to its minute (last_used_at is kept to the minute). */
  minute: Date;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string | null;
}

export interface UsageDayRow {
  day: string;
  requests: number;
  errors: number;
}

export interface PublicApiRepository {
  /**
   * Admits a request of the token whose hash is `hash` when the token is active, unexpired, its
   * owner's plan is one of `apiPlans` and its rate limit allows: one statement on this (the
   * usual) path. Otherwise a second one reads the token as it is, to tell why. Undefined: no
   * token has this hash.
   */
  admit(hash: string, at: Date, apiPlans: readonly string[]): Promise<AdmissionRow | undefined>;
  /** Counts the request in its day, logs it, prunes the log to REQUEST_LOG_SIZE and touches last_used_at: one statement. */
  recordUsage(entry: UsageEntry): Promise<void>;
  /** The token's credits held against its cap and its usage rows from `firstDay` on; undefined: the token is gone. */
  usage(tokenId: string, firstDay: string): Promise<{ creditsUsed: number; days: UsageDayRow[] } | undefined>;
}

export function createPublicApiRepository(db: Kysely<Tables>): PublicApiRepository {
  return {
    async admit(hash, at, apiPlans) {
      const plans = apiPlans.length > 0 ? sql.join(apiPlans.map((plan) => sql`${plan}`)) : sql`NULL`;
      // T in whole microseconds (integer division, rounded down: see ./rate-limit.ts).
      const interval = sql`((${sql.lit(WINDOW_US)} / t.rate_limit) * interval '1 microsecond')`;
      const next = sql`(GREATEST(COALESCE(t.rl_tat, ${at}::timestamptz), ${at}::timestamptz) + ${interval})`;
      // On Postgres the UPDATE locks the row; a concurrent admission of the same token waits,
      // then the WHERE is evaluated again on the row it committed (READ COMMITTED), so every
      // admission sees the one before it: the limit is exact across processes.
      const admitted = await sql<AdmissionRow>`
        UPDATE api_tokens t SET rl_tat = ${next}
        FROM users u
        WHERE t.token_hash = ${hash} AND u.id = t.user_id AND t.active
          AND (t.expires_at IS NULL OR t.expires_at > ${at}::timestamptz)
          AND u.plan IN (${plans})
          AND ${next} <= ${at}::timestamptz + ${sql.lit(WINDOW_US)} * interval '1 microsecond'
        RETURNING ${columns}, ${aheadOf(at)} AS ahead_us`.execute(db);
      if (admitted.rows[0]) return { ...admitted.rows[0], admitted: true };
      // Not admitted: read why, on a snapshot taken now (so the state is that of the admissions
      // that filled the quota, for the 429's headers).
      const found = await sql<AdmissionRow>`
        SELECT ${columns}, ${aheadOf(at)} AS ahead_us
        FROM api_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = ${hash}`.execute(db);
      return found.rows[0] ? { ...found.rows[0], admitted: false } : undefined;
    },

    async recordUsage(entry) {
      const error = entry.status >= 400 ? 1 : 0;
      // The log is pruned on every PRUNE_EVERY-th row only (by the new row's id, so across all
      // tokens and processes the work is spread evenly): pruning is a third of this statement's
      // cost, and between prunes a token's log holds at most REQUEST_LOG_SIZE + PRUNE_EVERY rows;
      // readers take the newest REQUEST_LOG_SIZE. When it runs, the prune sees the statement's
      // snapshot, which does not hold the new row: it keeps the newest REQUEST_LOG_SIZE − 1
      // earlier rows, so with the new one the log is REQUEST_LOG_SIZE. The condition on the new id
      // is a one-time filter: when false, the DELETE reads nothing.
      await sql`
        WITH counted AS (
          INSERT INTO api_token_usage AS u (token_id, day, requests, errors)
          VALUES (${entry.tokenId}, ${entry.day}, 1, ${error})
          ON CONFLICT (token_id, day) DO UPDATE SET requests = u.requests + 1, errors = u.errors + excluded.errors
        ),
        logged AS (
          INSERT INTO api_requests (token_id, at, method, path, status, duration_ms, request_id)
          VALUES (${entry.tokenId}, ${entry.at}::timestamptz, ${entry.method}, ${entry.path}, ${entry.status}, ${entry.durationMs}, ${entry.requestId})
          RETURNING id
        ),
        pruned AS (
          DELETE FROM api_requests WHERE (SELECT id FROM logged) % ${sql.lit(PRUNE_EVERY)} = 0 AND token_id = ${entry.tokenId} AND id <= (
            SELECT id FROM api_requests WHERE token_id = ${entry.tokenId}
            ORDER BY id DESC OFFSET ${sql.lit(REQUEST_LOG_SIZE - 1)} LIMIT 1)
        ),
        touched AS (
          UPDATE api_tokens SET last_used_at = ${entry.minute}::timestamptz
          WHERE id = ${entry.tokenId} AND (last_used_at IS NULL OR last_used_at < ${entry.minute}::timestamptz)
        )
        SELECT 1 AS done`.execute(db);
    },

    async usage(tokenId, firstDay) {
      const result = await sql<{ credits_used: number; days: UsageDayRow[] }>`
        SELECT t.credits_used,
          COALESCE((SELECT json_agg(json_build_object('day', u.day, 'requests', u.requests, 'errors', u.errors) ORDER BY u.day)
                    FROM api_token_usage u WHERE u.token_id = t.id AND u.day >= ${firstDay}), '[]'::json) AS days
        FROM api_tokens t WHERE t.id = ${tokenId}`.execute(db);
      const row = result.rows[0];
      return row ? { creditsUsed: row.credits_used, days: row.days } : undefined;
    },
  };
}
