/**
 * A clean database per test file: an in-memory PGlite by default, or — when DATABASE_URL is set —
 * a fresh Postgres database created next to the one DATABASE_URL names and dropped afterwards,
 * so runs never see each other's tables or pg-boss schema.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { MEMORY_DATA_DIR, openDatabase, type Database } from '../../../server/db/connection.ts';

/** The Postgres server to test against, or null for PGlite. */
export const POSTGRES_URL: string | null = process.env.DATABASE_URL || null;
export const DRIVER = POSTGRES_URL ? 'postgres' : 'pglite';

export interface ScratchPostgres {
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: POSTGRES_URL ?? undefined });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty Postgres database on the DATABASE_URL server (requires CREATEDB), named `<prefix>_<pid>_<random>`. */
export async function createScratchPostgres(prefix = 'atelier_test'): Promise<ScratchPostgres> {
  if (!POSTGRES_URL) throw new Error('createScratchPostgres needs DATABASE_URL');
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(async (client) => void (await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))),
  };
}

export interface TestDatabase {
  database: Database;
  /** Connection string of the scratch Postgres database; null on PGlite. */
  url: string | null;
  /** Closes the connection and drops the scratch database. */
  dispose(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!POSTGRES_URL) {
    const database = await openDatabase({ pgliteDataDir: MEMORY_DATA_DIR });
    return { database, url: null, dispose: () => database.close() };
  }
  const scratch = await createScratchPostgres();
  const database = await openDatabase({ databaseUrl: scratch.url, pgliteDataDir: MEMORY_DATA_DIR });
  return {
    database,
    url: scratch.url,
    dispose: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
