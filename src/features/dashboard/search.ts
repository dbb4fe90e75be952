import * as v from 'valibot';

/** The recent-generations filters, in the spec's order (§2 Dashboard). */
export const RECENT_FILTERS = [
  'all',
  'virtual-tryon',
  'hairstyle-changer',
  'body-generator',
  'image-to-video',
  'image-editing',
  'upscaler',
] as const;

export type RecentFilter = (typeof RECENT_FILTERS)[number];

export const DASHBOARD_SEARCH_DEFAULTS = { filter: 'all' } as const satisfies { filter: RecentFilter };

/** `?filter=`: a missing or unknown value means 'all', so an old or edited link still opens. */
export const dashboardSearchSchema = v.object({
  filter: v.fallback(v.optional(v.picklist(RECENT_FILTERS), 'all'), 'all'),
});

export type DashboardSearch = v.InferOutput<typeof dashboardSearchSchema>;
