/**
 * `GET /api/community?limit` (public: no sign-in): recent results their owners chose to share.
 * (`GET /api/me/stats` is served with the rest of /api/me, by server/auth/users-routes.ts.)
 */
import { Hono } from 'hono';
import { COMMUNITY_PAGE_DEFAULT, CommunityQuerySchema, type CommunityPage } from '../../src/contract/dashboard.schema.ts';
import { parseInput } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import type { DashboardService } from './service.ts';

/**
 * How long browsers and shared caches may reuse a feed answer, in seconds: the same for everyone,
 * and short, both so a new share shows up soon and so the signed URLs it carries (valid for at
 * least MEDIA_URL_TTL, at least a minute) are still good when a cached copy is read.
 */
export const COMMUNITY_MAX_AGE_SECONDS = 30;

export function communityRoutes({ service }: { service: DashboardService }): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { limit } = parseInput(CommunityQuerySchema, c.req.query());
    const body: CommunityPage = { items: await service.community(limit ?? COMMUNITY_PAGE_DEFAULT) };
    c.header('Cache-Control', `public, max-age=${COMMUNITY_MAX_AGE_SECONDS}`);
    return c.json(body);
  });
}
