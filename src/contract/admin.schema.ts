/**
 * The admin API, `/api/admin/*` (docs/product-rules.md#admin-api): what the admin screens read and
 * send. One guard on the whole prefix (the admin row of server/areas.ts) answers 401 to no session
 * and 403 to anyone but an admin before any route runs, so every schema here is an admin's.
 *
 * An area's own administration stays with the area, behind that guard: its service and repository
 * answer it, and its schemas live in its contract module (the comment moderation under
 * `/api/admin/blog` in blog-comments.schema.ts). What belongs to no single area — the figures
 * across accounts — is the admin area's, here and in server/admin/.
 */
import * as v from 'valibot';

/** GET /api/admin/statistics/users */
export const UserStatisticsSchema = v.object({
  total_users: v.number(),
  verified_users: v.number(),
  new_users_7d: v.number(),
  new_users_30d: v.number(),
  by_plan: v.record(v.string(), v.number()),
});
export type UserStatistics = v.InferOutput<typeof UserStatisticsSchema>;
