/**
 * What the server has stored, as a digest to take before and after a request: a hash of the full
 * content of every application table (each row as JSON, in a fixed order) and the list of files,
 * with their sizes, under the media storage directory. Equal digests mean the request wrote
 * nothing that anyone could later read back (tests/server/hostile-input.test.ts).
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../../../server/db/connection.ts';

/**
 * Tables left out: they record refused attempts on purpose. `rate_limit_events` counts every
 * wrong password, code and reset token, and every mail or upload asked for, refused or not: that
 * is how the limits work (server/auth/rate-limit.ts). `api_token_usage` (requests and errors per
 * token and day) and `api_requests` (the token's request log) count every /v1 request that got
 * past the token check, whatever its answer: a client reads its refused calls there
 * (docs/product-rules.md#api-usage, server/public-api/usage.ts). pg-boss's own schema is not in
 * `public`, so it is out too: its maintenance writes on its own clock.
 */
export const BOOKKEEPING_TABLES: readonly string[] = ['rate_limit_events', 'api_token_usage', 'api_requests'];

/**
 * Columns left out, for the same reason: a wrong code is counted against that very code, and
 * refused with a 400 (`email_otps.failed_attempts`, the bound on guessing it); the guard stamps a
 * session's use, at most every 5 minutes, before the route decides anything
 * (`sessions.last_used_at`, server/auth/middleware.ts). The /v1 guard admits a request under the
 * token's rate limit before the route reads its input, moving the limiter's clock
 * (`api_tokens.rl_tat`, docs/product-rules.md#api-rate-limit), and the usage count stamps the
 * token's last use to the minute (`api_tokens.last_used_at`, #api-usage). The rest of the token
 * (`credits_used` above all: what its cap holds) is checked.
 */
export const BOOKKEEPING_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  email_otps: ['failed_attempts'],
  sessions: ['last_used_at'],
  api_tokens: ['rl_tat', 'last_used_at'],
};

export interface WriteDigest {
  /** Per table, the md5 of its rows. */
  tables: Record<string, string>;
  /** `path size` of each file under the media directory, sorted. */
  files: string[];
}

/** A function that takes the digest of `database` and `mediaDir` (the tables are listed once, now). */
export async function writeDigester(database: Database, mediaDir: string): Promise<() => Promise<WriteDigest>> {
  const db = database.kysely;
  const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(db);
  const names = tables.rows.map((row) => row.name).filter((name) => !BOOKKEEPING_TABLES.includes(name));
  // One statement for every table: the digest is taken around each of thousands of requests.
  const parts = names.map((name) => {
    const dropped = BOOKKEEPING_COLUMNS[name] ?? [];
    const row = dropped.length > 0 ? `(row_to_json(t)::jsonb - array[${dropped.map((column) => `'${column}'`).join(', ')}])::text` : 'row_to_json(t)::text';
    return `'${name}', (select md5(coalesce(string_agg(r, E'\\n' order by r), '')) from (select ${row} as r from "${name}" t) rows)`;
  });
  const query = `select json_build_object(${parts.join(', ')})::text as digest`;

  return async () => {
    const result = await sql.raw<{ digest: string }>(query).execute(db);
    return { tables: JSON.parse(result.rows[0]?.digest ?? '{}') as Record<string, string>, files: await filesUnder(mediaDir) };
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const { size } = await stat(full);
    files.push(`${path.relative(dir, full)} ${size}`);
  }
  return files.toSorted();
}

/** What differs between two digests, one line per table or file, for a failure message. */
export function digestChanges(before: WriteDigest, after: WriteDigest): string[] {
  const tables = Object.keys({ ...before.tables, ...after.tables }).filter((name) => before.tables[name] !== after.tables[name]);
  const added = after.files.filter((file) => !before.files.includes(file)).map((file) => `file added: ${file}`);
  const removed = before.files.filter((file) => !after.files.includes(file)).map((file) => `file removed: ${file}`);
  return [...tables.map((name) => `table ${name} changed`), ...added, ...removed];
}
