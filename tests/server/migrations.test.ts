/** Migrations on the database under test: idempotent, tamper-evident, serialised. */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, MEMORY_DATA_DIR } from '../../server/db/connection.ts';
import { checksumOf, migrate, MigrationError, MIGRATIONS_DIR, readMigrations } from '../../server/db/migrate.ts';
import { createTestDatabase, DRIVER, type TestDatabase } from './helpers/database.ts';

let test: TestDatabase;
let dir: string;
/** The repository's own migrations; the tests add theirs from version 901 on. */
const REAL = await readMigrations();
const REAL_FILES = REAL.map((file) => file.fileName);
const REAL_VERSIONS = REAL.map((file) => file.version);

beforeEach(async () => {
  test = await createTestDatabase();
  // A private copy of the real migrations, so a test can edit or add files.
  dir = await mkdtemp(path.join(tmpdir(), 'atelier-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
});

afterEach(async () => {
  await test.dispose();
  await rm(dir, { recursive: true, force: true });
});

const appliedRows = () => test.database.kysely.selectFrom('schema_migrations').selectAll().orderBy('version').execute();

describe(`migrate (${DRIVER})`, () => {
  it('applies the migrations: app_settings takes JSON values with a default timestamp', async () => {
    const result = await migrate(test.database);
    expect(result).toEqual({ applied: REAL_FILES, skipped: [], unknownVersions: [] });
    expect(REAL_FILES[0]).toBe('0001_app_settings.sql');

    await test.database.kysely
      .insertInto('app_settings')
      .values({ key: 'jwt_secret', value: JSON.stringify({ secret: 'abc', rotated: [1, 2] }) })
      .execute();
    const row = await test.database.kysely.selectFrom('app_settings').selectAll().executeTakeFirstOrThrow();
    expect(row.value).toEqual({ secret: 'abc', rotated: [1, 2] });
    expect(row.updated_at).toBeInstanceOf(Date);
  });

  it('is a no-op when run twice: nothing applied, same rows', async () => {
    await migrate(test.database, dir);
    const before = await appliedRows();
    expect(before.map((row) => row.version)).toEqual(REAL_VERSIONS);
    expect(before[0]?.checksum).toBe(checksumOf(await readFile(path.join(dir, '0001_app_settings.sql'), 'utf8')));

    const second = await migrate(test.database, dir);
    expect(second.applied).toEqual([]);
    expect(second.skipped).toEqual(REAL_FILES);
    expect(await appliedRows()).toEqual(before);
  });

  it('applies a new migration after the applied ones, in version order', async () => {
    await migrate(test.database, dir);
    await writeFile(path.join(dir, '0902_c.sql'), 'CREATE TABLE c_table (id int); INSERT INTO c_table VALUES (3);');
    await writeFile(path.join(dir, '0901_b.sql'), 'CREATE TABLE b_table (id int);\nINSERT INTO b_table VALUES (2);');
    const result = await migrate(test.database, dir);
    expect(result.applied).toEqual(['0901_b.sql', '0902_c.sql']);
    expect((await appliedRows()).map((row) => [row.version, row.name])).toEqual([...REAL.map((file) => [file.version, file.name]), [901, 'b'], [902, 'c']]);
  });

  it('refuses to start when an applied migration was changed', async () => {
    await migrate(test.database, dir);
    await writeFile(path.join(dir, '0001_app_settings.sql'), '-- edited\nCREATE TABLE app_settings (key text PRIMARY KEY);');
    await writeFile(path.join(dir, '0901_next.sql'), 'CREATE TABLE next_table (id int);');

    const failure = migrate(test.database, dir);
    await expect(failure).rejects.toBeInstanceOf(MigrationError);
    await expect(failure).rejects.toThrow(/0001_app_settings\.sql was changed after it was applied/);
    // Nothing after the tampered file ran.
    expect((await appliedRows()).map((row) => row.version)).toEqual(REAL_VERSIONS);
  });

  it('treats a CRLF checkout of the same file as unchanged', async () => {
    await migrate(test.database, dir);
    const file = path.join(dir, '0001_app_settings.sql');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/\n/g, '\r\n'));
    expect((await migrate(test.database, dir)).applied).toEqual([]);
  });

  it('rolls back a failing migration entirely and names it', async () => {
    await writeFile(path.join(dir, '0901_broken.sql'), 'CREATE TABLE half_done (id int);\nSELECT * FROM missing_table;');
    await expect(migrate(test.database, dir)).rejects.toThrow(/Migration 0901_broken\.sql failed: .*missing_table/);
    expect((await appliedRows()).map((row) => row.version)).toEqual(REAL_VERSIONS);
    const halfDone = await sql<{ name: string | null }>`select to_regclass('half_done')::text as name`.execute(test.database.kysely);
    expect(halfDone.rows[0]?.name).toBeNull();
  });

  it('reports versions the database has but the code does not know', async () => {
    await writeFile(path.join(dir, '0901_extra.sql'), 'SELECT 1;');
    await migrate(test.database, dir);
    await rm(path.join(dir, '0901_extra.sql'));
    expect((await migrate(test.database, dir)).unknownVersions).toEqual([901]);
  });

  it.runIf(DRIVER === 'postgres')('serialises concurrent runs from several instances (advisory lock)', async () => {
    // A deliberately slow migration widens the window two unsynchronised runs would race in.
    await writeFile(path.join(dir, '0901_slow.sql'), 'SELECT pg_sleep(0.3);\nCREATE TABLE slow_table (id int);');
    const instances = await Promise.all(Array.from({ length: 3 }, () => openDatabase({ databaseUrl: test.url, pgliteDataDir: MEMORY_DATA_DIR })));
    try {
      const results = await Promise.all(instances.map((instance) => migrate(instance, dir)));
      // Each file is applied by exactly one instance (which one may differ from file to file:
      // the lock is taken per migration), and every instance saw all of them done.
      const applied = results.flatMap((result) => result.applied);
      expect(applied.toSorted()).toEqual([...REAL_FILES, '0901_slow.sql'].toSorted());
      for (const result of results) expect(result.applied.length + result.skipped.length).toBe(REAL.length + 1);
      expect((await appliedRows()).map((row) => row.version)).toEqual([...REAL_VERSIONS, 901]);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});

describe('readMigrations', () => {
  it('rejects a misnamed file and duplicate versions', async () => {
    await writeFile(path.join(dir, '2_oops.sql'), 'SELECT 1;');
    await expect(readMigrations(dir)).rejects.toThrow(/2_oops\.sql must be named NNNN_name\.sql/);
    await rm(path.join(dir, '2_oops.sql'));
    await writeFile(path.join(dir, '0001_again.sql'), 'SELECT 1;');
    await expect(readMigrations(dir)).rejects.toThrow(/share version 1/);
  });
});

/** Removes the copied migrations from `version` on (the database as the one before left it). */
async function removeFrom(version: string): Promise<void> {
  for (const name of await readdir(dir)) if (name.endsWith('.sql') && name.slice(0, 4) >= version) await rm(path.join(dir, name));
}

describe(`0005_library_sharing (${DRIVER})`, () => {
  it('gives the results already stored the tool of their job, and uploads none', async () => {
    // The database as 0004 left it, with a result and an upload.
    await removeFrom('0005');
    await migrate(test.database, dir);
    const at = new Date('2025-01-01T00:00:00.000Z');
    await sql`insert into users (id, email, name, created_at) values ('u1', 'u1@example.com', 'U', ${at})`.execute(test.database.kysely);
    await sql`
      insert into generations (id, user_id, feature, status, inputs, params, cost, engine, created_at)
      values ('g1', 'u1', 'hairstyle-changer', 'completed', '{}', '{}', 1, 'local', ${at})
    `.execute(test.database.kysely);
    for (const [id, source, generation] of [
      ['a-result', 'generation', 'g1'],
      ['a-upload', 'upload', null],
    ] as const) {
      await sql`
        insert into assets (id, user_id, kind, media_type, mime, name, width, height, bytes, storage_key, thumbnail_key, source, generation_id, created_at)
        values (${id}, 'u1', 'image', 'image', 'image/png', 'x.png', 1, 1, 1, 'k', 't', ${source}, ${generation}, ${at})
      `.execute(test.database.kysely);
    }

    await cp(path.join(MIGRATIONS_DIR, '0005_library_sharing.sql'), path.join(dir, '0005_library_sharing.sql'));
    expect((await migrate(test.database, dir)).applied).toEqual(['0005_library_sharing.sql']);
    const assets = await test.database.kysely.selectFrom('assets').select(['id', 'feature', 'upload_key']).orderBy('id').execute();
    expect(assets).toEqual([
      { id: 'a-result', feature: 'hairstyle-changer', upload_key: null },
      { id: 'a-upload', feature: null, upload_key: null },
    ]);
    const job = await test.database.kysely.selectFrom('generations').select('shared_at').executeTakeFirstOrThrow();
    expect(job.shared_at).toBeNull();
  });
});

describe(`0008_storage_quota (${DRIVER})`, () => {
  it('gives the assets already stored their size as what they keep in storage, and past attempts weight 1', async () => {
    await removeFrom('0008');
    await migrate(test.database, dir);
    const at = new Date('2025-01-01T00:00:00.000Z');
    await sql`insert into users (id, email, name, created_at) values ('u1', 'u1@example.com', 'U', ${at})`.execute(test.database.kysely);
    await sql`
      insert into assets (id, user_id, kind, media_type, mime, name, width, height, bytes, storage_key, thumbnail_key, source, created_at)
      values ('a1', 'u1', 'image', 'image', 'image/png', 'x.png', 1, 1, 12345, 'k', 't', 'upload', ${at})
    `.execute(test.database.kysely);
    await sql`insert into rate_limit_events (bucket, key, at) values ('login:account', 'u1@example.com', ${at})`.execute(test.database.kysely);

    await cp(path.join(MIGRATIONS_DIR, '0008_storage_quota.sql'), path.join(dir, '0008_storage_quota.sql'));
    expect((await migrate(test.database, dir)).applied).toEqual(['0008_storage_quota.sql']);
    const asset = await test.database.kysely.selectFrom('assets').select(['bytes', 'stored_bytes']).executeTakeFirstOrThrow();
    expect(Number(asset.stored_bytes)).toBe(12345);
    const event = await test.database.kysely.selectFrom('rate_limit_events').select('weight').executeTakeFirstOrThrow();
    expect(Number(event.weight)).toBe(1);
  });
});

describe(`0021_asset_content_hash (${DRIVER})`, () => {
  it('turns the hairstyle masks already stored into masks, leaving photos and results alone', async () => {
    await removeFrom('0021');
    await migrate(test.database, dir);
    const db = test.database.kysely;
    const at = new Date('2025-01-01T00:00:00.000Z');
    const photoRoles = JSON.stringify(['hair', 'image', 'model', 'garment', 'face']);
    await sql`insert into users (id, email, name, created_at) values ('u1', 'u1@example.com', 'U', ${at})`.execute(db);
    const asset = async (id: string, name: string, roles: string, source = 'upload') => {
      await sql`
        insert into assets (id, user_id, kind, media_type, roles, mime, name, width, height, bytes, stored_bytes, storage_key, thumbnail_key, source, created_at)
        values (${id}, 'u1', 'image', 'image', ${roles}::jsonb, 'image/png', ${name}, 1, 1, 1, 1, 'k', 't', ${source}, ${at})
      `.execute(db);
    };
    // The studio's mask (its name), a mask sent through the API (named as a job's mask), a
    // portrait, a photo used as a mask and as a portrait, and a result.
    await asset('studio-mask', 'mat-na-toc.png', photoRoles);
    await asset('api-mask', 'brush.png', JSON.stringify(['image', 'model', 'garment', 'face', 'hair']));
    await asset('portrait', 'chan-dung.png', photoRoles);
    await asset('both', 'both.png', photoRoles);
    await asset('result', 'mat-na-toc.png', JSON.stringify(['image', 'hair']), 'generation');
    const job = async (id: string, inputs: Record<string, string>) => {
      await sql`
        insert into generations (id, user_id, feature, status, inputs, params, input_asset_ids, cost, engine, created_at)
        values (${id}, 'u1', 'hairstyle-changer', 'completed', ${JSON.stringify(inputs)}::jsonb, '{}', ${JSON.stringify(Object.values(inputs))}::jsonb, 1, 'local', ${at})
      `.execute(db);
    };
    await job('g1', { image: 'portrait', mask: 'api-mask' });
    await job('g2', { image: 'both', mask: 'both' });

    await cp(path.join(MIGRATIONS_DIR, '0021_asset_content_hash.sql'), path.join(dir, '0021_asset_content_hash.sql'));
    expect((await migrate(test.database, dir)).applied).toEqual(['0021_asset_content_hash.sql']);
    const rows = await db.selectFrom('assets').select(['id', 'roles', 'content_sha256']).orderBy('id').execute();
    expect(rows.map((row) => [row.id, row.roles])).toEqual([
      ['api-mask', ['mask']],
      ['both', JSON.parse(photoRoles)],
      ['portrait', JSON.parse(photoRoles)],
      ['result', ['image', 'hair']],
      ['studio-mask', ['mask']],
    ]);
    expect(rows.every((row) => row.content_sha256 === null)).toBe(true);
  });
});
