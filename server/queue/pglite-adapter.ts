/**
 * pg-boss on the embedded PGlite: an `IDatabase` (pg-boss's `db` option) that runs each pg-boss
 * statement on the PGlite instance Kysely also uses.
 *
 * Why not pg-boss's own `fromPglite`: PGlite is ONE connection shared with Kysely, so every
 * statement has to wait for Kysely's connection lock (a Kysely transaction holds it from BEGIN
 * to COMMIT) — otherwise a pg-boss statement could land inside a request's transaction and be
 * rolled back with it, or a request's query could land inside a pg-boss `BEGIN … COMMIT` block.
 * Recovering from a failed block (ROLLBACK) must also happen before the lock is released.
 */
import type { Db } from 'pg-boss';
import type { PgliteDatabase } from '../db/connection.ts';

export function pgliteBossDb(database: PgliteDatabase): Db {
  return {
    executeSql: (text, values) =>
      database.exclusive(async (pglite) => {
        try {
          if (values?.length) return { rows: (await pglite.query(text, values)).rows };
          // No parameters: pg-boss may send several statements in one string (schema creation,
          // `BEGIN; …; COMMIT` blocks), which only the simple protocol (`exec`) accepts. exec()
          // answers one result per statement; a RETURNING in the middle must not be lost behind
          // a trailing COMMIT, so the rows are flattened (as node-postgres results are by pg-boss).
          const results = await pglite.exec(text);
          return { rows: results.flatMap((result) => result.rows) };
        } catch (error) {
          // A statement that failed inside a BEGIN block leaves the single connection in an
          // aborted transaction that would poison the next query, whoever sends it.
          if (!pglite.closed && pglite.isInTransaction()) await pglite.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
  };
}
