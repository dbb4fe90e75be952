import * as v from 'valibot';
import { SHARE_FAILURE_REASONS } from '../../contract/share-target.ts';

/** Longest id a `?id=` or `?assets=` entry may carry (ours are UUIDs; the bound keeps junk out). */
const ID_MAX = 100;
/** At most this many uploaded photos in `?assets=` (a share keeps at most 10). */
const ASSETS_MAX = 10;

/**
 * /share's search: `?id=<share entry>` while the photos upload, `?assets=<id>,<id>` once they all
 * are (a reload shows them again), `?reason=` when the share could not be kept. Bad values are
 * dropped, so an edited link still opens the page.
 */
export const shareSearchSchema = v.object({
  id: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(ID_MAX))), undefined),
  assets: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[^,]{1,100}(,[^,]{1,100}){0,9}$/))), undefined),
  reason: v.fallback(v.optional(v.picklist(SHARE_FAILURE_REASONS)), undefined),
});

export type ShareSearch = v.InferOutput<typeof shareSearchSchema>;

/** The asset ids of `?assets=`. */
export function assetIdsOf(assets: string | undefined): string[] {
  return (assets ?? '').split(',').filter(Boolean).slice(0, ASSETS_MAX);
}

export function assetsParam(assetIds: readonly string[]): string {
  return assetIds.slice(0, ASSETS_MAX).join(',');
}

export { ID_MAX as SHARE_ID_MAX };
