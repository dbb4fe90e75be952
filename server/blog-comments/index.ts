/**
 * The blog comments area (docs/product-rules.md#blog-comments): readers' comments under
 * `/api/blog/posts/:postId/comments`, their moderation under `/api/admin/blog` (mounted after the
 * admin guard of `/api/admin`, server/app.ts).
 */
import type { Guards } from '../auth/middleware.ts';
import { createRateLimiter } from '../platform/rate-limit.ts';
import { createAuthRepository } from '../auth/repository.ts';
import type { Database } from '../db/connection.ts';
import { mountAt, type Area } from '../http/area.ts';
import type { Logger } from '../logger.ts';
import { createBlogCommentsRepository } from './repository.ts';
import { commentRoutes, moderationRoutes } from './routes.ts';
import { createBlogCommentsService, tooManyComments, type BlogCommentsService } from './service.ts';

export interface BlogCommentsDeps {
  database: Database;
  logger: Logger;
  now: () => number;
}

export interface BlogComments {
  service: BlogCommentsService;
  routes(guards: Guards): Area;
}

export function createBlogComments(deps: BlogCommentsDeps): BlogComments {
  const service = createBlogCommentsService({
    repository: createBlogCommentsRepository(deps.database),
    // The shared limits' counters (rate_limit_events), under the comments' own buckets and refusal.
    limiter: createRateLimiter({ repository: createAuthRepository(deps.database), now: deps.now, refuse: tooManyComments }),
    logger: deps.logger,
    now: deps.now,
  });
  return {
    service,
    routes: (guards) => [mountAt('/api/blog/posts', commentRoutes(service, guards)), mountAt('/api/admin/blog', moderationRoutes(service))],
  };
}
