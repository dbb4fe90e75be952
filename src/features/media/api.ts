import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { AssetPageSchema, AssetSchema, type Asset, type AssetPage, type AssetSort, type AssetTool } from '../../contract/media.schema.ts';
import type { AssetKind, AssetRole } from '../../contract/media.ts';
import { api, ApiError } from '../../lib/api.ts';
import { cursorPaging } from '../../lib/cursor-paging.ts';

/**
 * The assets library's query module (GET/DELETE /api/assets, src/contract/media.ts): the key
 * root, the infinite list the picker and /your-assets page through, one asset, and delete.
 */

/** Filters of the list; an empty search is the same list as no search. */
export interface AssetListFilters {
  kind?: AssetKind;
  role?: AssetRole;
  q?: string;
  /** Order of the list; 'newest' (the server's default) when absent. */
  sort?: AssetSort;
  /** The tool that made the asset, or 'upload' for the person's own files. */
  tool?: AssetTool;
  /** Created on or after this day, YYYY-MM-DD (UTC). */
  from?: string;
  /** Created on or before this day, YYYY-MM-DD (UTC, the whole day). */
  to?: string;
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
  // Newest first is what the server answers without `sort`: one cache entry for both.
  if (filters.sort && filters.sort !== 'newest') normalized.sort = filters.sort;
  if (filters.tool) normalized.tool = filters.tool;
  if (filters.from) normalized.from = filters.from;
  if (filters.to) normalized.to = filters.to;
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
  const { kind, role, q, sort, tool, from, to, limit } = normalizeFilters(filters);
  const params = new URLSearchParams();
  if (kind) params.set('kind', kind);
  if (role) params.set('role', role);
  if (q) params.set('q', q);
  if (sort) params.set('sort', sort);
  if (tool) params.set('tool', tool);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
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

/**
 * The earliest link expiry of a page, in ms since the epoch, computed once per page object: the
 * staleTime below is asked on every observer update, and a library of 10,000 assets would
 * otherwise parse 10,000 dates each time.
 */
const pageExpiry = new WeakMap<AssetPage, number>();

function earliestExpiryOf(page: AssetPage): number {
  let earliest = pageExpiry.get(page);
  if (earliest === undefined) {
    earliest = Number.POSITIVE_INFINITY;
    for (const asset of page.items) {
      const expires = Date.parse(asset.urls_expire_at);
      if (Number.isFinite(expires)) earliest = Math.min(earliest, expires);
    }
    pageExpiry.set(page, earliest);
  }
  return earliest;
}

/** staleTimeFor over pages: the same answer, one cached figure per page. */
export function staleTimeForPages(pages: readonly AssetPage[], updatedAt: number, now = Date.now()): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (const page of pages) earliest = Math.min(earliest, earliestExpiryOf(page));
  const linksStaleIn = Math.max(0, earliest - URL_EXPIRY_MARGIN_MS - now);
  return Math.min(LIST_STALE_MS, now - updatedAt + linksStaleIn);
}

/** GET /api/assets in the filters' order (newest first by default), page after page (cursor pages). */
export const assetsInfiniteQueryOptions = (filters: AssetListFilters) =>
  infiniteQueryOptions({
    queryKey: assetKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchAssetPage(filters, pageParam, signal),
    ...cursorPaging,
    staleTime: (query) => staleTimeForPages(query.state.data?.pages ?? [], query.state.dataUpdatedAt),
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

/** Deletes at once, at most (a bulk delete is one DELETE per asset: the server has no bulk call). */
export const BULK_DELETE_CONCURRENCY = 4;

export interface BulkDeleteResult {
  /** Gone from the library, in the order asked (a 404 counts: it was already gone). */
  deleted: string[];
  failed: { id: string; error: unknown }[];
}

/** DELETE /api/assets/{id} for each id, `concurrency` at a time; never rejects. */
export async function deleteAssets(ids: readonly string[], { concurrency = BULK_DELETE_CONCURRENCY, remove = deleteAsset } = {}): Promise<BulkDeleteResult> {
  const outcome = new Map<string, unknown>();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        await remove(id);
        outcome.set(id, null);
      } catch (error) {
        outcome.set(id, error instanceof ApiError && error.status === 404 ? null : (error ?? new Error('delete failed')));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, ids.length)) }, worker));
  const result: BulkDeleteResult = { deleted: [], failed: [] };
  for (const id of ids) {
    const error = outcome.get(id);
    if (error) result.failed.push({ id, error });
    else result.deleted.push(id);
  }
  return result;
}

/**
 * Drops `ids` from every cached list at once (pages keep their cursors: the server's cursors
 * are positions in the order, not offsets, so the next page is still the next page). Returns
 * what to put back if the deletion fails.
 */
export function removeFromLists(client: QueryClient, ids: ReadonlySet<string>): () => void {
  const snapshots = client.getQueriesData<InfiniteData<AssetPage, string | null>>({ queryKey: assetKeys.lists() });
  client.setQueriesData<InfiniteData<AssetPage, string | null>>({ queryKey: assetKeys.lists() }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const items = page.items.filter((asset) => !ids.has(asset.id));
      if (items.length === page.items.length) return page;
      changed = true;
      return { ...page, items };
    });
    return changed ? { ...data, pages } : data;
  });
  return () => {
    for (const [key, data] of snapshots) client.setQueryData(key, data);
  };
}

/**
 * Deletes several assets (the library's selection): they leave every list at once, then one
 * DELETE each, a few at a time. Those that fail come back into the lists (refetched), the
 * deleted ones' own entries are dropped. Lists are not refetched after a clean run: they are
 * already right, and the library's list can be a hundred pages.
 */
export function useDeleteAssets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => deleteAssets(ids),
    onMutate: (ids) => {
      removeFromLists(queryClient, new Set(ids));
    },
    onSuccess: (result) => {
      for (const id of result.deleted) queryClient.removeQueries({ queryKey: assetKeys.detail(id) });
      // Other views count or show assets (stats, pickers): they refetch when next shown.
      void queryClient.invalidateQueries({ queryKey: assetKeys.lists(), refetchType: result.failed.length > 0 ? 'active' : 'none' });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: assetKeys.lists() }),
  });
}
