/**
 * A clean database per test file: an in-memory PGlite by default, or — when DATABASE_URL is set —
 * a fresh Postgres database created next to the one DATABASE_URL names and dropped afterwards,
 * so runs never see each other's tables or pg-boss schema.
 *
 * A migrated one (`{ migrated: true }`) starts from a template made once per set of migrations and
 * kept between runs: on PGlite a dump of a migrated cluster in the system's temp directory (loading
 * it takes a fraction of PGlite's first start, which runs initdb), on Postgres a template database
 * (`CREATE DATABASE … TEMPLATE`, a file copy instead of running every migration). The key is the
 * migrations' names and checksums and PGlite's version, so a changed migration makes a new one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from 'pg';
import { MEMORY_DATA_DIR, openDatabase, type Database } from '../../../server/db/connection.ts';
import { migrate, readMigrations } from '../../../server/db/migrate.ts';

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

/**
 * Creates a Postgres database on the DATABASE_URL server (requires CREATEDB), named
 * `<prefix>_<pid>_<random>`: empty, or a copy of `template`.
 */
export async function createScratchPostgres(prefix = 'atelier_test', template?: string): Promise<ScratchPostgres> {
  if (!POSTGRES_URL) throw new Error('createScratchPostgres needs DATABASE_URL');
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`));
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

let templateKeyRead: Promise<string> | undefined;

/** What a template is made of: the migrations (names and checksums) and PGlite's version; read once per test file. */
function templateKey(): Promise<string> {
  templateKeyRead ??= readTemplateKey();
  return templateKeyRead;
}

async function readTemplateKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await readMigrations()) hash.update(`${file.fileName} ${file.checksum}\n`);
  const pglite = fileURLToPath(new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url));
  hash.update((JSON.parse(await readFile(pglite, 'utf8')) as { version: string }).version);
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_DIR = path.join(tmpdir(), 'atelier-test-templates');
/** A template dump older than this, of another key, is another checkout's or a past one's: removed. */
const STALE_TEMPLATE_MS = 86_400_000;

let pgliteTemplate: Promise<Blob> | undefined;

/** The migrated PGlite cluster every migrated test database starts from, made by the first caller. */
function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const key = await templateKey();
    const file = path.join(TEMPLATE_DIR, `pglite-${key}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const database = await openDatabase({ pgliteDataDir: MEMORY_DATA_DIR });
    let dump: Blob;
    try {
      await migrate(database);
      if (database.driver !== 'pglite') throw new Error('a PGlite template needs a PGlite database');
      dump = await database.exclusive((pglite) => pglite.dumpDataDir('none'));
    } finally {
      await database.close();
    }
    await mkdir(TEMPLATE_DIR, { recursive: true });
    // Written aside, then renamed: a file of that name is always whole, whoever wrote it first.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file);
    for (const name of await readdir(TEMPLATE_DIR)) {
      const other = path.join(TEMPLATE_DIR, name);
      if (other !== file && Date.now() - (await stat(other)).mtimeMs > STALE_TEMPLATE_MS) await rm(other, { force: true });
    }
    return dump;
  })();
  return pgliteTemplate;
}

/** Serialises the making of a Postgres template across processes (an advisory lock's key). */
const TEMPLATE_LOCK_KEY = 4_270_915_385_614n;

/** The migrated Postgres template database, made once per key on the DATABASE_URL server. */
async function migratedPostgresTemplate(): Promise<string> {
  const name = `atelier_template_${await templateKey()}`;
  await withAdmin(async (client) => {
    const exists = async () => ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
    if (await exists()) return;
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY.toString()]);
    try {
      if (await exists()) return;
      // Made under another name and renamed once migrated: the template's name only ever names a whole one.
      const building = await createScratchPostgres('atelier_template_building');
      const database = await openDatabase({ databaseUrl: building.url, pgliteDataDir: MEMORY_DATA_DIR });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      const buildingName = new URL(building.url).pathname.slice(1);
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [buildingName]);
      await client.query(`ALTER DATABASE "${buildingName}" RENAME TO "${name}"`);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY.toString()]);
    }
  });
  return name;
}

export interface TestDatabaseOptions {
  /** Every migration applied (from a template made once), as the server's start-up leaves it. */
  migrated?: boolean;
}

export async function createTestDatabase({ migrated = false }: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (!POSTGRES_URL) {
    const database = await openDatabase({
      pgliteDataDir: MEMORY_DATA_DIR,
      ...(migrated ? { pgliteStartFrom: await migratedPgliteTemplate() } : {}),
    });
    return { database, url: null, dispose: () => database.close() };
  }
  const scratch = await createScratchPostgres('atelier_test', migrated ? await migratedPostgresTemplate() : undefined);
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
