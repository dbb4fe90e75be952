/** The media area's SQL: the `assets` table. Every read and delete is scoped to its owner. */
import { sql, type Insertable } from 'kysely';
import type { AssetKind, AssetRole } from '../../src/contract/media.ts';
import type { Database } from '../db/connection.ts';
import type { AssetsTable } from '../db/schema.ts';
import type { AssetRow } from './types.ts';

export type NewAsset = Insertable<AssetsTable>;

export interface AssetFilters {
  kind?: AssetKind | undefined;
  role?: AssetRole | undefined;
  /** A piece of the name, matched case-insensitively. */
  q?: string | undefined;
}

/** Where a page starts: strictly older than this (created_at, id). */
export interface AssetCursor {
  createdAt: Date;
  id: string;
}

export interface MediaRepository {
  insert(asset: NewAsset): Promise<AssetRow>;
  /** Any owner's asset (capability URLs carry their own authorisation). */
  findById(id: string): Promise<AssetRow | undefined>;
  findOwned(userId: string, ids: readonly string[]): Promise<AssetRow[]>;
  /** Newest first, `limit` rows from `cursor` on. */
  list(userId: string, filters: AssetFilters, cursor: AssetCursor | null, limit: number): Promise<AssetRow[]>;
  /** Deletes the owner's assets among `ids`, answering the deleted rows. */
  deleteOwned(userId: string, ids: readonly string[]): Promise<AssetRow[]>;
  /** Every stored file key of the person's assets (originals, thumbnails, posters). */
  storageKeysOf(userId: string): Promise<string[]>;
}

/** `%`, `_` and the escape character itself are literal in a search. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function createMediaRepository(database: Database): MediaRepository {
  const db = database.kysely;
  return {
    async insert(asset) {
      return db.insertInto('assets').values(asset).returningAll().executeTakeFirstOrThrow();
    },
    async findById(id) {
      return db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async findOwned(userId, ids) {
      if (ids.length === 0) return [];
      return db.selectFrom('assets').selectAll().where('user_id', '=', userId).where('id', 'in', [...new Set(ids)]).execute();
    },
    async list(userId, filters, cursor, limit) {
      let query = db.selectFrom('assets').selectAll().where('user_id', '=', userId);
      if (filters.kind) query = query.where('kind', '=', filters.kind);
      if (filters.role) query = query.where(sql<boolean>`roles @> ${JSON.stringify([filters.role])}::jsonb`);
      if (filters.q) query = query.where(sql<boolean>`name ILIKE ${likePattern(filters.q)} ESCAPE '\\'`);
      if (cursor) query = query.where(sql<boolean>`(created_at, id) < (${cursor.createdAt}, ${cursor.id})`);
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
    async deleteOwned(userId, ids) {
      if (ids.length === 0) return [];
      return db.deleteFrom('assets').where('user_id', '=', userId).where('id', 'in', [...new Set(ids)]).returningAll().execute();
    },
    async storageKeysOf(userId) {
      const rows = await db.selectFrom('assets').select(['storage_key', 'thumbnail_key', 'poster_key']).where('user_id', '=', userId).execute();
      return rows.flatMap((row) => [row.storage_key, row.thumbnail_key, ...(row.poster_key ? [row.poster_key] : [])]);
    },
  };
}
