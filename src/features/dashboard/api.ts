import { queryOptions, type InfiniteData } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  COMMUNITY_PAGE_DEFAULT,
  CommunityPageSchema,
  UsageStatsSchema,
  type CommunityItem,
  type CommunityPage,
  type UsageStats,
} from '../../contract/dashboard.schema.ts';
import type { Generation, GenerationPage } from '../../contract/generations.schema.ts';
import type { Asset } from '../../contract/media.schema.ts';
import { api } from '../../lib/api.ts';
import { staleTimeFor } from '../media/api.ts';
import type { GenerationListFilter } from '../generations/api.ts';
import { generationsInfiniteQueryOptions, generationsOf } from '../generations/cache.ts';
import { dashboardKeys } from '../generations/dashboard-keys.ts';

/**
 * The dashboard's query module (docs/product-rules.md#dashboard; src/contract/dashboard.schema.ts): the signed-in
 * user's figures, the public community feed, and the user's body models. The body models and the
 * recent generations are lists of the studios' generation module (`['generations', 'list', …]`),
 * so every job that starts, ends, is shared or deleted updates them too.
 *
 * Key roots: `['me', 'stats']` and `['community']` (src/features/generations/dashboard-keys.ts).
 */

export { dashboardKeys } from '../generations/dashboard-keys.ts';

// ── Stats ─────────────────────────────────────────────────────────────────────────────

export async function fetchUsageStats(signal?: AbortSignal): Promise<UsageStats> {
  return v.parse(UsageStatsSchema, await api.get('/api/me/stats', { signal }));
}

/**
 * GET /api/me/stats. Every job started or ended elsewhere moves these numbers, and the answer is a
 * few counts: the dashboard reads them again each time it opens (the last known ones show meanwhile).
 */
export const usageStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: ({ signal }) => fetchUsageStats(signal),
    staleTime: 0,
  });

// ── Community ─────────────────────────────────────────────────────────────────────────

export function communityPath(limit: number): string {
  return `/api/community?limit=${limit}`;
}

export async function fetchCommunity(limit: number, signal?: AbortSignal): Promise<CommunityPage> {
  return v.parse(CommunityPageSchema, await api.get(communityPath(limit), { signal }));
}

/**
 * When a community item's links expire (ISO 8601), read from its thumbnail URL's `exp` (unix
 * seconds; the feed carries no `urls_expire_at`); "now" when the URL has none, so it is refetched.
 */
export function communityLinksExpireAt(item: Pick<CommunityItem, 'thumbnail_url'>, now = Date.now()): string {
  const exp = Number(new URL(item.thumbnail_url, 'http://x').searchParams.get('exp'));
  return new Date(Number.isFinite(exp) && exp > 0 ? exp * 1000 : now).toISOString();
}

/** GET /api/community?limit: public, the same for guests and members; refetched before its links expire. */
export const communityQueryOptions = (limit: number = COMMUNITY_PAGE_DEFAULT) =>
  queryOptions({
    queryKey: dashboardKeys.community.list(limit),
    queryFn: ({ signal }) => fetchCommunity(limit, signal),
    staleTime: (query) =>
      staleTimeFor(
        (query.state.data?.items ?? []).map((item) => ({ urls_expire_at: communityLinksExpireAt(item) })),
        query.state.dataUpdatedAt,
      ),
  });

// ── Body models ───────────────────────────────────────────────────────────────────────

/** Body models shown on the dashboard: the newest ones (the body generator's history has them all). */
export const BODY_MODELS_LIMIT = 12;

export const BODY_MODELS_FILTER = { feature: 'body-generator', status: 'completed', limit: BODY_MODELS_LIMIT } as const satisfies GenerationListFilter;

/** The user's completed body-generator jobs, newest first (GET /api/generations?feature=body-generator&status=completed). */
export const bodyModelsQueryOptions = () => generationsInfiniteQueryOptions(BODY_MODELS_FILTER);

export interface BodyModel {
  /** The generation that made it. */
  job: Generation;
  /** Its (first) result: the body image, usable as a try-on model. */
  asset: Asset;
}

/** The body images of loaded body-generator jobs (a job without a result has none to show). */
export function bodyModelsOf(data: InfiniteData<GenerationPage> | undefined): BodyModel[] {
  return generationsOf(data).flatMap((job) => {
    const asset = job.results.find((result) => result.media_type === 'image');
    return job.status === 'completed' && asset ? [{ job, asset }] : [];
  });
}
