/** The HTTP app around a test database, a fixture build and a real (or stubbed) queue. */
import type { Hono } from 'hono';
import { createApp, type AppDeps } from '../../../server/app.ts';
import type { Database } from '../../../server/db/connection.ts';
import type { AppEnv } from '../../../server/http/types.ts';
import type { Logger } from '../../../server/logger.ts';
import type { StaticBuild } from '../../../server/static/build.ts';
import { silentLogger } from './logs.ts';

export interface TestAppOptions {
  database: Database;
  staticBuild?: StaticBuild | null;
  queue?: { ready(): Promise<boolean> };
  corsOrigins?: string[];
  trustProxy?: boolean;
  logger?: Logger;
  extraRoutes?: (app: Hono<AppEnv>) => void;
}

export function createTestApp(options: TestAppOptions): Hono<AppEnv> {
  const deps: AppDeps = {
    config: { corsOrigins: options.corsOrigins ?? [], trustProxy: options.trustProxy ?? false },
    logger: options.logger ?? silentLogger(),
    database: options.database,
    queue: options.queue ?? { ready: async () => true },
    staticBuild: options.staticBuild ?? null,
    version: '0.0.0-test',
  };
  if (options.extraRoutes) deps.extraRoutes = options.extraRoutes;
  return createApp(deps);
}
