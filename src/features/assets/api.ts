import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { AssetPageSchema, AssetSchema, type Asset, type AssetKind, type AssetPage, type AssetRole } from '../../contract/media.ts';
import { api } from '../../lib/api.ts';

/**
 * The assets library's query module (GET/DELETE /api/assets, src/contract/media.ts): the key
 * root, the infinite list the picker and /your-assets page through, one asset, and delete.
 */

/** Filters of the list; an empty search is the same list as no search. */
export interface AssetListFilters {
  kind?: AssetKind;
  role?: AssetRole;
  q?: string;
  /** Page size (1 to ASSET_PAGE_MAX; the server's default when absent). */
  limit?: number;
}

/** The filters as they go into a query key: no empty or undefined fields, so equal lists share a cache entry. */
export function normalizeFilters(filters: AssetListFilters): AssetListFilters {
  const normalized: AssetListFilters = {};
  if (filters.kind) normalized.kind = filters.kind;
  if (filters.role) normalized.role = filters.role;
  const q = filters.q?.trim();
  if (q) normalized.q = q;
  if (filters.limit) normalized.limit = filters.limit;
  return normalized;
}

export const assetKeys = {
  all: ['assets'] as const,
  lists: () => [...assetKeys.all, 'list'] as const,
  list: (filters: AssetListFilters) => [...assetKeys.lists(), normalizeFilters(filters)] as const,
  details: () => [...assetKeys.all, 'detail'] as const,
  detail: (id: string) => [...assetKeys.details(), id] as const,
};

export function assetListPath(filters: AssetListFilters, cursor: string | null): string {
  const { kind, role, q, limit } = normalizeFilters(filters);
  const params = new URLSearchParams();
  if (kind) params.set('kind', kind);
  if (role) params.set('role', role);
  if (q) params.set('q', q);
  if (limit) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/api/assets?${query}` : '/api/assets';
}

export async function fetchAssetPage(filters: AssetListFilters, cursor: string | null, signal?: AbortSignal): Promise<AssetPage> {
  return v.parse(AssetPageSchema, await api.get(assetListPath(filters, cursor), { signal }));
}

export async function fetchAsset(id: string, signal?: AbortSignal): Promise<Asset> {
  return v.parse(AssetSchema, await api.get(`/api/assets/${encodeURIComponent(id)}`, { signal }));
}

/**
 * Media URLs are signed and expire (`urls_expire_at`); data whose links die within this margin
 * is stale, so a screen opened later fetches fresh links instead of showing broken thumbnails.
 */
export const URL_EXPIRY_MARGIN_MS = 5 * 60_000;
/** Otherwise the list stays fresh this long (same as the app's default). */
const LIST_STALE_MS = 30_000;

/** Milliseconds until the earliest link among `assets` is within the margin of expiring (0: already). */
export function msUntilLinksStale(assets: Iterable<Pick<Asset, 'urls_expire_at'>>, now = Date.now()): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (const asset of assets) {
    const expires = Date.parse(asset.urls_expire_at);
    if (Number.isFinite(expires)) earliest = Math.min(earliest, expires);
  }
  return Math.max(0, earliest - URL_EXPIRY_MARGIN_MS - now);
}

/** Whether an asset's links are expired or about to be (see URL_EXPIRY_MARGIN_MS). */
export function linksExpiring(asset: Pick<Asset, 'urls_expire_at'>, now = Date.now()): boolean {
  return msUntilLinksStale([asset], now) === 0;
}

/**
 * How long data fetched at `updatedAt` stays fresh: LIST_STALE_MS, or less when links expire
 * sooner. TanStack measures staleTime from dataUpdatedAt, hence the data's age is added back.
 */
export function staleTimeFor(assets: Iterable<Pick<Asset, 'urls_expire_at'>>, updatedAt: number, now = Date.now()): number {
  return Math.min(LIST_STALE_MS, now - updatedAt + msUntilLinksStale(assets, now));
}

/** GET /api/assets, newest first, page after page (cursor pages). */
export const assetsInfiniteQueryOptions = (filters: AssetListFilters) =>
  infiniteQueryOptions({
    queryKey: assetKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchAssetPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: (query) => staleTimeFor(query.state.data?.pages.flatMap((page) => page.items) ?? [], query.state.dataUpdatedAt),
  });

/** GET /api/assets/{id}: one asset, with fresh links. */
export const assetQueryOptions = (id: string) =>
  queryOptions({
    queryKey: assetKeys.detail(id),
    queryFn: ({ signal }) => fetchAsset(id, signal),
    staleTime: (query) => staleTimeFor(query.state.data ? [query.state.data] : [], query.state.dataUpdatedAt),
  });

export async function deleteAsset(id: string): Promise<void> {
  await api.delete(`/api/assets/${encodeURIComponent(id)}`);
}

/** DELETE /api/assets/{id}; the lists are refetched and the asset's own entry dropped. */
export function useDeleteAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAsset,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: assetKeys.detail(id) });
    },
    // Also after a failure: a 404 means it was already gone, and the lists should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.lists() }),
  });
}
