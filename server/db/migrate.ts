/**
 * SQL migrations: `server/db/migrations/NNNN_name.sql`, applied in version order at start-up,
 * each in its own transaction together with its row in `schema_migrations`.
 *
 * - Idempotent: an applied migration is skipped, so a second run changes nothing.
 * - Tamper-evident: the checksum of an applied file must not change; if it does, start-up stops
 *   (write a new migration instead of editing an applied one).
 * - Safe with several instances starting at once on Postgres: every transaction first takes the
 *   same transaction-scoped advisory lock, then re-reads what is applied. PGlite runs the same SQL.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, RawSql } from './connection.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Key of the advisory lock that serialises migration runs (an arbitrary int8, fixed forever so
 * every version of the server agrees on it).
 */
const MIGRATION_LOCK_KEY = 4_270_915_385_613n;

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export interface MigrationFile {
  version: number;
  name: string;
  fileName: string;
  checksum: string;
  sql: string;
}

export interface MigrationResult {
  /** File names applied by this run, in order. */
  applied: string[];
  /** File names that were already applied. */
  skipped: string[];
  /** Versions recorded in the database that no file here knows (the database is newer). */
  unknownVersions: number[];
}

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/** sha256 of the file text with line endings normalised, so a CRLF checkout is not a "change". */
export function checksumOf(sqlText: string): string {
  return createHash('sha256').update(sqlText.replace(/\r\n/g, '\n')).digest('hex');
}

/** Reads and orders the migration files; rejects misnamed `.sql` files and duplicate versions. */
export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const files: MigrationFile[] = [];
  for (const fileName of (await readdir(dir)).toSorted()) {
    if (!fileName.endsWith('.sql')) continue;
    const match = FILE_NAME.exec(fileName);
    if (!match) {
      throw new MigrationError(`Migration file ${fileName} must be named NNNN_name.sql (four digits, lower-case name).`);
    }
    const version = Number(match[1]);
    const duplicate = files.find((file) => file.version === version);
    if (duplicate) {
      throw new MigrationError(`Migrations ${duplicate.fileName} and ${fileName} share version ${version}.`);
    }
    const sqlText = await readFile(path.join(dir, fileName), 'utf8');
    files.push({ version, name: match[2] ?? '', fileName, checksum: checksumOf(sqlText), sql: sqlText });
  }
  return files;
}

async function lock(tx: RawSql): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
}

/** Applies every pending migration of `dir` to the database. */
export async function migrate(database: Database, dir: string = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = await readMigrations(dir);

  await database.rawTransaction(async (tx) => {
    await lock(tx);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
  });

  const result: MigrationResult = { applied: [], skipped: [], unknownVersions: [] };
  for (const file of files) {
    const outcome = await database.rawTransaction(async (tx) => {
      await lock(tx);
      // Re-read under the lock: another instance may have applied it while this one waited.
      const [row] = await tx.query<{ checksum: string }>('select checksum from schema_migrations where version = $1', [file.version]);
      if (row) {
        if (row.checksum !== file.checksum) {
          throw new MigrationError(
            `Migration ${file.fileName} was changed after it was applied (checksum ${row.checksum.slice(0, 12)}… in the database, ` +
              `${file.checksum.slice(0, 12)}… on disk). Restore the original file and put the change in a new migration.`,
          );
        }
        return 'skipped' as const;
      }
      try {
        await tx.exec(file.sql);
      } catch (error) {
        throw new MigrationError(`Migration ${file.fileName} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [file.version, file.name, file.checksum]);
      return 'applied' as const;
    });
    result[outcome].push(file.fileName);
  }

  const known = new Set(files.map((file) => file.version));
  const recorded = await database.rawTransaction((tx) => tx.query<{ version: number }>('select version from schema_migrations order by version'));
  result.unknownVersions = recorded.map((row) => row.version).filter((version) => !known.has(version));
  return result;
}
