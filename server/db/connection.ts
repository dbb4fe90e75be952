/**
 * The database connection: Kysely over the embedded PGlite (default) or over a Postgres pool
 * (when DATABASE_URL is set). One schema and one SQL dialect for both.
 *
 * PGlite is a single connection. Kysely guards it with a connection mutex (a transaction holds
 * it from BEGIN to COMMIT), so anything else that talks to the same PGlite instance, such as the
 * job queue, must go through `exclusive()` to queue behind that mutex instead of slipping its
 * statements into somebody else's transaction.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import type { DatabaseDriver } from '../../src/contract/health.schema.ts';
import type { Logger } from '../logger.ts';
import type { Tables } from './schema.ts';

/** PGlite's data directory value for a throw-away in-memory database (tests). */
export const MEMORY_DATA_DIR = 'memory://';

/** Raw SQL access inside one transaction (migrations run whole `.sql` files through it). */
export interface RawSql {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<R[]>;
  /** Runs a script of one or more statements without parameters. */
  exec(script: string): Promise<void>;
}

interface DatabaseBase {
  readonly driver: DatabaseDriver;
  readonly kysely: Kysely<Tables>;
  /** Runs `fn` inside one transaction: committed when it resolves, rolled back when it throws. */
  rawTransaction<T>(fn: (tx: RawSql) => Promise<T>): Promise<T>;
  /** Closes the connection (pool or PGlite instance). Safe to call twice. */
  close(): Promise<void>;
}

export interface PgliteDatabase extends DatabaseBase {
  readonly driver: 'pglite';
  /**
   * Runs `fn` with the PGlite instance while holding Kysely's connection lock, so no Kysely
   * query or transaction runs in between. `fn` must not wait on Kysely itself (it would deadlock).
   */
  exclusive<T>(fn: (pglite: PGlite) => Promise<T>): Promise<T>;
}

export interface PostgresDatabase extends DatabaseBase {
  readonly driver: 'postgres';
  readonly connectionString: string;
}

export type Database = PgliteDatabase | PostgresDatabase;

export interface OpenDatabaseOptions {
  /** Postgres connection string; null or undefined selects PGlite. */
  databaseUrl?: string | null;
  /** PGlite data directory (created if missing), or `memory://` for an in-memory database. */
  pgliteDataDir: string;
  /**
   * A PGlite data directory dumped by `dumpDataDir` to start from instead of an empty cluster (the
   * tests' migrated template: loading one takes a fraction of PGlite's first start). PGlite only.
   */
  pgliteStartFrom?: Blob;
  /** Where connection problems that no query is waiting for are reported. */
  logger?: Logger;
}

/** How long a new Postgres connection may take before the attempt fails, in milliseconds. */
const PG_CONNECT_TIMEOUT_MS = 5_000;
/** Postgres pool size: enough for the API's concurrent requests on one instance. */
const PG_POOL_MAX = 10;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.logger) : openPglite(options.pgliteDataDir, options.pgliteStartFrom);
}

async function openPglite(dataDir: string, startFrom: Blob | undefined): Promise<PgliteDatabase> {
  if (dataDir !== MEMORY_DATA_DIR) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, ...(startFrom ? { loadDataDir: startFrom } : {}) });
  const kysely = new Kysely<Tables>({ dialect: new PGliteDialect({ pglite }) });

  const exclusive = <T>(fn: (instance: PGlite) => Promise<T>): Promise<T> => kysely.connection().execute(() => fn(pglite));

  let closing: Promise<void> | undefined;
  return {
    driver: 'pglite',
    kysely,
    exclusive,
    rawTransaction: (fn) =>
      exclusive((instance) =>
        instance.transaction((tx) =>
          fn({
            query: async <R>(text: string, params?: readonly unknown[]) => (await tx.query<R>(text, params ? [...params] : undefined)).rows,
            exec: async (script: string) => {
              await tx.exec(script);
            },
          }),
        ),
      ),
    // Kysely's destroy() also closes the PGlite instance; PGlite is closed directly when Kysely
    // never touched it (destroy() is then a no-op).
    close: () =>
      (closing ??= (async () => {
        await kysely.destroy();
        if (!pglite.closed) await pglite.close();
      })()),
  };
}

async function openPostgres(connectionString: string, logger: Logger | undefined): Promise<PostgresDatabase> {
  const pool = new Pool({
    connectionString,
    max: PG_POOL_MAX,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    application_name: 'atelier',
  });
  // An idle pooled connection that dies (server restart, admin kill) is reported here; without a
  // listener the 'error' event would crash the process. The pool replaces it on next use.
  pool.on('error', (error) => logger?.warn({ err: error }, 'idle database connection lost'));
  const kysely = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });

  let closing: Promise<void> | undefined;
  return {
    driver: 'postgres',
    kysely,
    connectionString,
    rawTransaction: (fn) =>
      kysely.transaction().execute((trx) =>
        fn({
          query: async <R>(text: string, params?: readonly unknown[]) => (await trx.executeQuery<R>(CompiledQuery.raw(text, params ? [...params] : []))).rows,
          // No parameters: node-postgres then uses the simple query protocol, which accepts
          // several statements in one string.
          exec: async (script: string) => {
            await trx.executeQuery(CompiledQuery.raw(script, []));
          },
        }),
      ),
    // Kysely's destroy() ends the pool only if Kysely ever used it.
    close: () =>
      (closing ??= (async () => {
        await kysely.destroy();
        if (!pool.ended) await pool.end();
      })()),
  };
}
