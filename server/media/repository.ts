/**
 * The media area's SQL: the `assets` table. Every read and delete is scoped to its owner.
 *
 * The library pages with keyset cursors, one per order, each served by an index that starts with
 * user_id (0004 and 0005): newest and oldest by (created_at, id), name by (lower(name), id),
 * largest by (bytes, id). The filters narrow what the index walk returns; no page sorts rows.
 */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { WORKING_ROLES, type AssetKind, type AssetRole, type UploadPurpose } from '../../src/contract/media.ts';
import type { AssetSort, AssetTool } from '../../src/contract/media.schema.ts';
import type { Database } from '../db/connection.ts';
import type { AssetsTable, Tables } from '../db/schema.ts';
import { stagedKeys } from './staged.ts';
import type { AssetRow } from './types.ts';

export type NewAsset = Insertable<AssetsTable>;

export interface AssetFilters {
  kind?: AssetKind | undefined;
  /** Assets that can be picked as this role; without it, every asset but working files (WORKING_ROLES). */
  role?: AssetRole | undefined;
  /** A piece of the name, matched case-insensitively. */
  q?: string | undefined;
  /** The tool of the generation that made it, or 'upload'. */
  tool?: AssetTool | undefined;
  /** Created at or after this instant. */
  from?: Date | undefined;
  /** Created strictly before this instant. */
  before?: Date | undefined;
}

/** Where a page starts: strictly after this row in the page's order. */
export type AssetCursor =
  | { sort: 'newest' | 'oldest'; createdAt: Date; id: string }
  | { sort: 'name'; name: string; id: string }
  | { sort: 'largest'; bytes: number; id: string };

/** A row's place in each order (what its cursor records). */
export function cursorOf(sort: AssetSort, row: AssetRow): AssetCursor {
  switch (sort) {
    case 'newest':
    case 'oldest':
      return { sort, createdAt: row.created_at, id: row.id };
    case 'name':
      return { sort, name: row.name, id: row.id };
    case 'largest':
      return { sort, bytes: Number(row.bytes), id: row.id };
  }
}

/**
 * What makes two uploads of one account the same asset (docs/product-rules.md#upload-dedupe):
 * the SHA-256 of their bytes and their use, the `purpose` (a studio input is fitted to 2048 px, an
 * upscaler input is not) and whether it is a mask. The unique index assets_user_content_idx (0021)
 * holds these very expressions.
 */
export interface ContentKey {
  sha256: string;
  purpose: UploadPurpose;
  mask: boolean;
}

/** A person's storage as the quota counts it, in bytes. */
export interface StorageUse {
  /** Every stored byte of the account's assets (assets.stored_bytes). */
  storedBytes: number;
  /** Space uploads in progress have reserved and not yet turned into assets. */
  reservedBytes: number;
  plan: string;
}

/** What asking for quota space gave: a reservation, or the use that leaves no room. */
export type Reservation = { ok: true; id: string } | { ok: false; usedBytes: number; limitBytes: number };

export interface MediaRepository {
  /** Inserts the asset; with `reservationId`, that reservation is removed in the same transaction. */
  insert(asset: NewAsset, reservationId?: string | null): Promise<AssetRow>;
  /**
   * Inserts a job's result rows in `db` (the transaction completing the job); a row already there
   * (the same id) is left as it is.
   */
  insertStaged(db: Kysely<Tables> | Transaction<Tables>, assets: readonly NewAsset[]): Promise<void>;
  /** The account's storage now (reservations expired at `at` no longer count). */
  storageOf(userId: string, at: Date): Promise<StorageUse>;
  /**
   * Reserves `bytes` of the account's quota (`limitFor` its plan) until `expiresAt`, unless
   * stored plus reserved plus `bytes` would pass it. Holds the account row's lock while it
   * counts, so parallel uploads of one account are counted one after the other, whatever
   * process serves them.
   */
  reserveStorage(userId: string, bytes: number, limitFor: (plan: string) => number, at: Date, expiresAt: Date): Promise<Reservation>;
  releaseReservation(id: string): Promise<void>;
  /** The account's plan (users.plan; 'free' for an account that is gone). */
  planOf(userId: string): Promise<string>;
  /** Any owner's asset (capability URLs carry their own authorisation). */
  findById(id: string): Promise<AssetRow | undefined>;
  findOwned(userId: string, ids: readonly string[]): Promise<AssetRow[]>;
  findByUploadKey(userId: string, key: string): Promise<AssetRow | undefined>;
  /** The account's own upload of identical bytes for the same use, if it still exists (never another account's). */
  findByContent(userId: string, content: ContentKey): Promise<AssetRow | undefined>;
  /** `limit` rows in the `sort` order, from just after `cursor` (of the same sort) on. */
  list(userId: string, filters: AssetFilters, sort: AssetSort, cursor: AssetCursor | null, limit: number): Promise<AssetRow[]>;
  /** Deletes the owner's assets among `ids`, answering the deleted rows. */
  deleteOwned(userId: string, ids: readonly string[]): Promise<AssetRow[]>;
  /** Every stored file key of the person's assets (originals, watermarked copies, thumbnails, posters), and of their jobs' staged results. */
  storageKeysOf(userId: string): Promise<string[]>;
}

/** `%`, `_` and the escape character itself are literal in a search. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function createMediaRepository(database: Database): MediaRepository {
  const db = database.kysely;
  return {
    async insert(asset, reservationId = null) {
      if (reservationId === null) return db.insertInto('assets').values(asset).returningAll().executeTakeFirstOrThrow();
      return db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('assets').values(asset).returningAll().executeTakeFirstOrThrow();
        await trx.deleteFrom('storage_reservations').where('id', '=', reservationId).execute();
        return row;
      });
    },
    async storageOf(userId, at) {
      const row = await sql<{ plan: string | null; stored: string | number; reserved: string | number }>`
        select
          (select plan from users where id = ${userId}) as plan,
          (select coalesce(sum(stored_bytes), 0) from assets where user_id = ${userId}) as stored,
          (select coalesce(sum(bytes), 0) from storage_reservations where user_id = ${userId} and expires_at > ${at}) as reserved
      `.execute(db);
      const use = row.rows[0];
      return { storedBytes: Number(use?.stored ?? 0), reservedBytes: Number(use?.reserved ?? 0), plan: use?.plan ?? 'free' };
    },
    async reserveStorage(userId, bytes, limitFor, at, expiresAt) {
      return db.transaction().execute(async (trx): Promise<Reservation> => {
        const account = await trx.selectFrom('users').select('plan').where('id', '=', userId).forUpdate().executeTakeFirst();
        if (!account) throw new Error('reserving storage for an account that does not exist');
        await trx.deleteFrom('storage_reservations').where('user_id', '=', userId).where('expires_at', '<=', at).execute();
        const counted = await sql<{ used: string | number }>`
          select
            (select coalesce(sum(stored_bytes), 0) from assets where user_id = ${userId})
            + (select coalesce(sum(bytes), 0) from storage_reservations where user_id = ${userId}) as used
        `.execute(trx);
        const usedBytes = Number(counted.rows[0]?.used ?? 0);
        const limitBytes = limitFor(account.plan);
        if (usedBytes + bytes > limitBytes) return { ok: false, usedBytes, limitBytes };
        const reservation = await trx
          .insertInto('storage_reservations')
          .values({ user_id: userId, bytes, expires_at: expiresAt })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { ok: true, id: String(reservation.id) };
      });
    },
    async releaseReservation(id) {
      await db.deleteFrom('storage_reservations').where('id', '=', id).execute();
    },
    async insertStaged(target, assets) {
      if (assets.length === 0) return;
      await target
        .insertInto('assets')
        .values([...assets])
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    async planOf(userId) {
      const row = await db.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirst();
      return row?.plan ?? 'free';
    },
    async findById(id) {
      return db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async findOwned(userId, ids) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('assets')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', 'in', [...new Set(ids)])
        .execute();
    },
    async findByUploadKey(userId, key) {
      return db.selectFrom('assets').selectAll().where('user_id', '=', userId).where('upload_key', '=', key).executeTakeFirst();
    },
    async findByContent(userId, content) {
      return db
        .selectFrom('assets')
        .selectAll()
        .where('user_id', '=', userId)
        .where('content_sha256', '=', content.sha256)
        .where(sql<boolean>`metadata->>'purpose' = ${content.purpose}`)
        .where(sql<boolean>`(roles @> '["mask"]'::jsonb) = ${content.mask}`)
        .executeTakeFirst();
    },
    async list(userId, filters, sort, cursor, limit) {
      if (cursor && cursor.sort !== sort) throw new Error(`a ${cursor.sort} cursor used for the ${sort} order`);
      let query = db.selectFrom('assets').selectAll().where('user_id', '=', userId);
      if (filters.kind) query = query.where('kind', '=', filters.kind);
      if (filters.role) query = query.where(sql<boolean>`roles @> ${JSON.stringify([filters.role])}::jsonb`);
      // Working files (masks) only where their role is asked for: not in the library's views, nor in another role's picker.
      else for (const role of WORKING_ROLES) query = query.where(sql<boolean>`not (roles @> ${JSON.stringify([role])}::jsonb)`);
      if (filters.q) query = query.where(sql<boolean>`name ILIKE ${likePattern(filters.q)} ESCAPE '\\'`);
      if (filters.tool === 'upload') query = query.where('source', '=', 'upload');
      else if (filters.tool) query = query.where('feature', '=', filters.tool);
      if (filters.from) query = query.where('created_at', '>=', filters.from);
      if (filters.before) query = query.where('created_at', '<', filters.before);

      // Row comparisons in the index's own terms, so the walk starts right at the cursor.
      switch (sort) {
        case 'newest':
        case 'oldest': {
          const descending = sort === 'newest';
          if (cursor?.sort === sort)
            query = query.where(
              descending
                ? sql<boolean>`(created_at, id) < (${cursor.createdAt}, ${cursor.id})`
                : sql<boolean>`(created_at, id) > (${cursor.createdAt}, ${cursor.id})`,
            );
          const direction = descending ? 'desc' : 'asc';
          return query.orderBy('created_at', direction).orderBy('id', direction).limit(limit).execute();
        }
        case 'name':
          if (cursor?.sort === 'name') query = query.where(sql<boolean>`(lower(name), id) > (lower(${cursor.name}), ${cursor.id})`);
          return query
            .orderBy(sql`lower(name)`)
            .orderBy('id')
            .limit(limit)
            .execute();
        case 'largest':
          if (cursor?.sort === 'largest') query = query.where(sql<boolean>`(bytes, id) < (${cursor.bytes}::bigint, ${cursor.id})`);
          return query.orderBy('bytes', 'desc').orderBy('id', 'desc').limit(limit).execute();
      }
    },
    async deleteOwned(userId, ids) {
      if (ids.length === 0) return [];
      return db
        .deleteFrom('assets')
        .where('user_id', '=', userId)
        .where('id', 'in', [...new Set(ids)])
        .returningAll()
        .execute();
    },
    async storageKeysOf(userId) {
      const rows = await db
        .selectFrom('assets')
        .select(['storage_key', 'thumbnail_key', 'poster_key', 'watermarked_key'])
        .where('user_id', '=', userId)
        .execute();
      // Results of running jobs already stored but not yet assets (generations.staged_results).
      const staged = await sql<{ storage_key: string; thumbnail_key: string; poster_key: string | null; watermarked_key: string | null }>`
        select element->>'storage_key' as storage_key, element->>'thumbnail_key' as thumbnail_key, element->>'poster_key' as poster_key,
          element->>'watermarked_key' as watermarked_key
        from generations g, jsonb_array_elements(g.staged_results) as element
        where g.user_id = ${userId} and g.staged_results is not null
      `.execute(db);
      return [...rows, ...staged.rows].flatMap(stagedKeys);
    },
  };
}
