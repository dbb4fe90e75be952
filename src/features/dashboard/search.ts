import * as v from 'valibot';
import { TOOL_FILTERS, type ToolFilter } from '../generations/filters.ts';

/** The recent-generations filters: the tool filters of /history, in product order (docs/product-rules.md#dashboard). */
export const RECENT_FILTERS = TOOL_FILTERS;
export type RecentFilter = ToolFilter;

export const DASHBOARD_SEARCH_DEFAULTS = { filter: 'all' } as const satisfies { filter: RecentFilter };

/** `?filter=`: a missing or unknown value means 'all', so an old or edited link still opens. */
export const dashboardSearchSchema = v.object({
  filter: v.fallback(v.optional(v.picklist(RECENT_FILTERS), 'all'), 'all'),
});

export type DashboardSearch = v.InferOutput<typeof dashboardSearchSchema>;
