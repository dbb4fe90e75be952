/**
 * The SQL of the /v1 core: finding the tokens of the requests waiting in this process and
 * reserving admissions under their rate limits (`lookup`: one statement for all of them in the
 * usual cases), the calling token's usage, and (./usage-repository.ts) writing a batch of usage.
 *
 * Clock: every statement takes the instant from the caller (the app's injected `now`), never the
 * database's `now()`, so expiry, the rate limiter, the usage day and the log agree with the rest
 * of the server (and tests can move time). Processes on several hosts share the limiter through
 * the row, so their clocks must agree (NTP): a skew of d ms between two hosts shifts what one of
 * them admits by at most d / T requests (T = 60 s / limit).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseDriver } from '../../src/contract/health.schema.ts';
import type { Tables } from '../db/schema.ts';
import { WINDOW_US } from './rate-limit.ts';

/** A token as the guard reads it, with its owner's plan. */
export interface TokenRow {
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
}

/** What one token of a lookup came back with. */
export interface LookupRow extends TokenRow {
  /** The bearer hash it was found by. */
  hash: string;
  /** Admissions reserved by this statement (0 when none was asked for, or none was left). */
  granted: number;
  /** The reservation's base, max(tat, at), in µs since the epoch (its first slot leaves the tat at base + T); null: nothing granted. */
  base_us: number | null;
  /** The token's tat after this statement, in µs since the epoch; null for a token never used. */
  tat_us: number | null;
}

/** A token to find by the hash of its secret, and how many admissions to reserve for it (0: none, just read it). */
export interface LookupRequest {
  hash: string;
  want: number;
}

export interface UsageDayRow {
  day: string;
  requests: number;
  errors: number;
}

export interface PublicApiRepository {
  /**
   * Finds the tokens of `requests` and, for those with `want` > 0 that are active, unexpired and
   * whose owner's plan is one of `apiPlans`, reserves up to `want` admissions at `at` under their
   * rate limit (fewer when fewer are left, none when none is). One statement when every token
   * wants admissions and gets some, or when none wants any (a plain read); a second one reads the
   * others. A hash no token has is absent from the answer.
   */
  lookup(requests: readonly LookupRequest[], at: Date, apiPlans: readonly string[]): Promise<LookupRow[]>;
  /** The token's credits held against its cap and its usage rows from `firstDay` on; undefined: the token is gone. */
  usage(tokenId: string, firstDay: string): Promise<{ creditsUsed: number; days: UsageDayRow[] } | undefined>;
}

/** A timestamptz as whole µs since the epoch (float8: exact up to year 2255). */
const microseconds = (value: RawBuilder<unknown>) => sql`round(extract(epoch FROM ${value}) * 1000000)::float8`;

/**
 * A token as ONE json value (`t`: api_tokens, `u`: users, `plan`: the owner's plan) with the
 * reservation's figures: the drivers parse one json column much faster than a dozen typed ones
 * (measured on PGlite, as the job-status read found: server/generations/repository.ts).
 */
const tokenJson = (
  plan: RawBuilder<unknown>,
  granted: RawBuilder<unknown>,
  baseUs: RawBuilder<unknown>,
  tatUs: RawBuilder<unknown>,
) => sql<LookupJson>`json_build_object(
  'hash', t.token_hash, 'id', t.id, 'user_id', t.user_id, 'plan', ${plan}, 'name', t.name, 'token_prefix', t.token_prefix,
  'permissions', t.permissions, 'rate_limit', t.rate_limit, 'credit_cap', t.credit_cap, 'webhook_url', t.webhook_url,
  'expires_at', t.expires_at, 'active', t.active, 'granted', ${granted}, 'base_us', ${baseUs}, 'tat_us', ${tatUs})`;

/** A LookupRow as json: its timestamp is ISO text. */
type LookupJson = Omit<LookupRow, 'expires_at'> & { expires_at: string | null };

const fromJson = ({ token }: { token: LookupJson }): LookupRow => ({ ...token, expires_at: token.expires_at === null ? null : new Date(token.expires_at) });

export function createPublicApiRepository(db: Kysely<Tables>, driver: DatabaseDriver): PublicApiRepository {
  /** A plain read of the tokens `hashes` name (nothing reserved). */
  async function read(hashes: readonly string[]): Promise<LookupRow[]> {
    const found = await sql<{ token: LookupJson }>`
      SELECT ${tokenJson(sql`u.plan`, sql`0`, sql`NULL`, microseconds(sql`t.rl_tat`))} AS token
      FROM api_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash IN (${sql.join(hashes.map((hash) => sql`${hash}`))})`.execute(db);
    return found.rows.map(fromJson);
  }

  return {
    async lookup(requests, at, apiPlans) {
      const wanted = requests.filter((request) => request.want > 0);
      const rows: LookupRow[] = [];
      if (wanted.length > 0) {
        const atUs = at.getTime() * 1000;
        const plans = apiPlans.length > 0 ? sql.join(apiPlans.map((plan) => sql`${plan}`)) : sql`NULL`;
        const values = sql.join(wanted.map((request) => sql`(${request.hash}::text, ${Math.floor(request.want)}::int)`));
        // On Postgres the rows are locked first, in id order, and read as committed (READ
        // COMMITTED hands a locked row's newest version to the query that waited for it): each
        // reservation starts from the tat every earlier one left, so the limit holds across
        // processes, and two processes' lookups never wait on each other in a cycle. PGlite is one
        // connection: every statement already sees the one before it, and nothing is to lock.
        const locking = driver === 'postgres' ? sql`ORDER BY t2.id FOR NO KEY UPDATE OF t2` : sql``;
        // T is whole microseconds, rounded down (./rate-limit.ts): integer division.
        const granted = await sql<{ token: LookupJson }>`
          UPDATE api_tokens t SET rl_tat = 'epoch'::timestamptz + (o.base_us + o.n * o.interval_us) * interval '1 microsecond'
          FROM (
            SELECT l.*, LEAST(l.want, GREATEST(0, floor((${atUs}::float8 + ${sql.lit(WINDOW_US)} - l.base_us) / l.interval_us)))::int AS n
            FROM (
              SELECT t2.id, w.want, u.plan, (${sql.lit(WINDOW_US)}::bigint / t2.rate_limit) AS interval_us,
                GREATEST(COALESCE(${microseconds(sql`t2.rl_tat`)}, ${atUs}::float8), ${atUs}::float8) AS base_us
              FROM (VALUES ${values}) AS w(hash, want)
                JOIN api_tokens t2 ON t2.token_hash = w.hash JOIN users u ON u.id = t2.user_id
              WHERE t2.active AND (t2.expires_at IS NULL OR t2.expires_at > ${at}::timestamptz) AND u.plan IN (${plans})
              ${locking}
            ) l
          ) o
          WHERE t.id = o.id AND o.n > 0
          RETURNING ${tokenJson(sql`o.plan`, sql`o.n`, sql`o.base_us`, sql`o.base_us + o.n * o.interval_us`)} AS token`.execute(db);
        rows.push(...granted.rows.map(fromJson));
      }
      // The rest (nothing wanted, or nothing left, or not admissible: the guard tells why) is read.
      const got = new Set(rows.map((row) => row.hash));
      const rest = requests.filter((request) => !got.has(request.hash)).map((request) => request.hash);
      if (rest.length > 0) rows.push(...(await read(rest)));
      return rows;
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
