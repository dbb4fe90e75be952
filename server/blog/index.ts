/**
 * The blog area (docs/product-rules.md#blog): the read API under /api/blog, the feeds and the
 * site files for crawlers, the posts' link-preview images (./preview-images.ts), and the service
 * the seed loader, the admin editor and the pre-rendered pages use (./service.ts documents its API).
 */
import type { Database } from '../db/connection.ts';
import { mountAt, type Area } from '../http/area.ts';
import type { Logger } from '../logger.ts';
import { createSiteFiles } from './feeds.ts';
import { previewImageRoutes } from './preview-images.ts';
import { createBlogRepository } from './repository.ts';
import { blogApiRoutes, siteFileRoutes } from './routes.ts';
import { seedBlog, type SeedReport } from './seed.ts';
import { createBlogService, type BlogService } from './service.ts';
import { createBlogWriteRepository } from './write-repository.ts';

export interface BlogDeps {
  database: Database;
  logger: Logger;
  /** ms since the epoch (tests move it). */
  now: () => number;
  /** config.publicUrl: feeds, sitemap and llms.txt give absolute URLs. */
  publicUrl: string;
}

export interface Blog {
  service: BlogService;
  routes(): Area;
}

export function createBlog(deps: BlogDeps): Blog {
  const service = createBlogService({
    repository: createBlogRepository(deps.database),
    writes: createBlogWriteRepository(deps.database),
    logger: deps.logger,
    now: deps.now,
    siteOrigin: new URL(deps.publicUrl).origin,
  });
  const files = createSiteFiles({ blog: service, publicUrl: deps.publicUrl });
  return {
    service,
    routes: () => [mountAt('/api/blog', blogApiRoutes(service)), mountAt('/', siteFileRoutes(files)), mountAt('/', previewImageRoutes({ service }))],
  };
}

/**
 * Loads content/blog into the database (./seed.ts): run once at start-up, after the migrations and
 * before the app answers, so everything built from the database afterwards sees the content.
 */
export function loadBlogContent(deps: BlogDeps & { contentDir?: string }): Promise<SeedReport> {
  const writes = createBlogWriteRepository(deps.database);
  const service = createBlogService({
    repository: createBlogRepository(deps.database),
    writes,
    logger: deps.logger,
    now: deps.now,
    siteOrigin: new URL(deps.publicUrl).origin,
  });
  return seedBlog({ service, writes, logger: deps.logger, now: deps.now, ...(deps.contentDir ? { contentDir: deps.contentDir } : {}) });
}
