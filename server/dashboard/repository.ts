/** The dashboard's SQL: one person's figures, and the public community feed. */
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { AssetRow } from '../media/types.ts';

export interface UsageCounts {
  /** Jobs created at or after the month start, whatever their status. */
  month: number;
  completed: number;
  failed: number;
  assets: number;
}

/** A shared job with its first result that still exists, and its owner's name. */
export interface SharedResult {
  generationId: string;
  feature: string;
  sharedAt: Date;
  ownerName: string;
  asset: AssetRow;
}

export interface DashboardRepository {
  /** The person's job and asset counts, in one query. */
  usage(userId: string, monthStart: Date): Promise<UsageCounts>;
  /** Completed, shared jobs whose result still exists: newest share first. */
  shared(limit: number): Promise<SharedResult[]>;
  /** Whether the job is completed and shared, and `assetId` one of its results, still its owner's. */
  isShared(generationId: string, assetId: string): Promise<boolean>;
}

type SharedRow = AssetRow & { job_id: string; job_feature: string; job_shared_at: Date; owner_name: string };

export function createDashboardRepository(database: Database): DashboardRepository {
  const db = database.kysely;
  return {
    async usage(userId, monthStart) {
      const result = await sql<UsageCounts>`
        select
          count(*) filter (where created_at >= ${monthStart})::int as month,
          count(*) filter (where status = 'completed')::int as completed,
          count(*) filter (where status = 'failed')::int as failed,
          (select count(*) from assets where user_id = ${userId})::int as assets
        from generations
        where user_id = ${userId}
      `.execute(db);
      const row = result.rows[0];
      if (!row) throw new Error('an aggregate query answered no row');
      return row;
    },

    async shared(limit) {
      // The first result that still exists (a result can be deleted from the library on its own):
      // found through the job's ordered result ids, and only among the owner's assets.
      const result = await sql<SharedRow>`
        select result.*, g.id as job_id, g.feature as job_feature, g.shared_at as job_shared_at, u.name as owner_name
        from generations g
        join users u on u.id = g.user_id
        join lateral (
          select a.*
          from jsonb_array_elements_text(g.result_asset_ids) with ordinality as listed(asset_id, position)
          join assets a on a.id = listed.asset_id and a.user_id = g.user_id
          order by listed.position
          limit 1
        ) result on true
        where g.shared_at is not null and g.status = 'completed'
        order by g.shared_at desc, g.id desc
        limit ${limit}
      `.execute(db);
      return result.rows.map(({ job_id, job_feature, job_shared_at, owner_name, ...asset }) => ({
        generationId: job_id,
        feature: job_feature,
        sharedAt: job_shared_at,
        ownerName: owner_name,
        asset,
      }));
    },

    async isShared(generationId, assetId) {
      const result = await sql<{ shared: number }>`
        select 1 as shared
        from generations g
        join assets a on a.id = ${assetId} and a.user_id = g.user_id
        where g.id = ${generationId} and g.shared_at is not null and g.status = 'completed'
          and g.result_asset_ids @> jsonb_build_array(${assetId}::text)
      `.execute(db);
      return result.rows.length > 0;
    },
  };
}
