import * as v from 'valibot';
import { ASSET_SORTS, ASSET_TOOLS, type AssetSort, type AssetTool } from '../../../contract/media.schema.ts';
import type { AssetListFilters } from '../../media/api.ts';

/**
 * The /your-assets address: `?tab=&q=&sort=&tool=&from=&to=` (docs/product-rules.md#library: tabs all,
 * images, videos, upscaled; search by name, tool and date; sort). The defaults stay out of the
 * address bar; a missing or unknown value means the default, so an old or edited link still opens.
 */

/**
 * `masks`: the working files (the hairstyle changer's brush masks), which the other tabs leave
 * out (docs/product-rules.md#working-files); its tab shows only while there are some, or it is open.
 */
export const LIBRARY_TABS = ['all', 'images', 'videos', 'upscaled', 'masks'] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];

/** The tabs every library shows; `masks` joins them when the person has masks. */
export const MAIN_LIBRARY_TABS = ['all', 'images', 'videos', 'upscaled'] as const satisfies readonly LibraryTab[];

/** The tabs to show: the main ones, and the masks' when there are masks or it is the one open. */
export function visibleLibraryTabs(active: LibraryTab, hasMasks: boolean): readonly LibraryTab[] {
  return hasMasks || active === 'masks' ? LIBRARY_TABS : MAIN_LIBRARY_TABS;
}

/** The one-item list that tells whether the person has any mask (the masks tab's presence). */
export const MASKS_PROBE: AssetListFilters = { role: 'mask', limit: 1 };

/** Page size of the library's list: the server's largest, so 10,000 assets are 100 requests. */
export const LIBRARY_PAGE_SIZE = 100;

const TAB_FILTERS: Readonly<Record<LibraryTab, Pick<AssetListFilters, 'kind' | 'role'>>> = {
  all: {},
  images: { kind: 'image' },
  videos: { kind: 'video' },
  upscaled: { kind: 'upscaled' },
  masks: { role: 'mask' },
};

export const LIBRARY_SEARCH_DEFAULTS = { tab: 'all', q: '', sort: 'newest' } as const satisfies { tab: LibraryTab; q: string; sort: AssetSort };

/** A day as the server takes it (YYYY-MM-DD); anything else is dropped. */
const day = v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined);

export const librarySearchSchema = v.object({
  tab: v.fallback(v.optional(v.picklist(LIBRARY_TABS), 'all'), 'all'),
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200)), ''), ''),
  sort: v.fallback(v.optional(v.picklist(ASSET_SORTS), 'newest'), 'newest'),
  tool: v.fallback(v.optional(v.picklist(ASSET_TOOLS)), undefined),
  from: day,
  to: day,
});

export type LibrarySearch = v.InferOutput<typeof librarySearchSchema>;

/** The list the screen shows for an address. */
export function filtersOf(search: LibrarySearch): AssetListFilters {
  const { tab, q, sort, tool } = search;
  // A range given backwards (to before from) is read the way it was meant.
  const [from, to] = search.from && search.to && search.to < search.from ? [search.to, search.from] : [search.from, search.to];
  return { ...TAB_FILTERS[tab], q: q.trim(), sort, tool, from, to, limit: LIBRARY_PAGE_SIZE };
}

/** Whether any filter narrows the list (the empty state then says "no match", not "nothing yet"). */
export function isFiltered(search: LibrarySearch): boolean {
  return search.tab !== 'all' || search.q.trim() !== '' || search.tool !== undefined || search.from !== undefined || search.to !== undefined;
}

/** The tools in the filter's order: the seven, then the person's own uploads. */
export const TOOL_OPTIONS: readonly AssetTool[] = ASSET_TOOLS;
