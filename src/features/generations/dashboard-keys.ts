/**
 * Query keys of the dashboard's own answers (src/contract/dashboard.schema.ts), apart from the query
 * module so the studios' data layer can invalidate them without importing the dashboard.
 *
 * - `['me', 'stats']`: the signed-in user's figures (per user; wiped with the rest on logout);
 * - `['community', …]`: the public feed (the same for everyone, guests included).
 */
export const dashboardKeys = {
  stats: () => ['me', 'stats'] as const,
  community: {
    all: ['community'] as const,
    list: (limit: number) => [...dashboardKeys.community.all, { limit }] as const,
  },
};
