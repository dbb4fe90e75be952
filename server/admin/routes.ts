/**
 * `/api/admin/*` (docs/product-rules.md#admin-api). The admin guard is mounted on the whole prefix in app.ts, so
 * every admin route, present and future, answers 401 without a valid token and 403 'Access
 * Denied' to non-admins before anything else runs.
 */
import { Hono } from 'hono';
import type { UserEnv } from '../auth/middleware.ts';
import type { AdminService } from './service.ts';

export function adminRoutes(service: AdminService): Hono<UserEnv> {
  const app = new Hono<UserEnv>();
  app.get('/statistics/users', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await service.userStatistics());
  });
  return app;
}
