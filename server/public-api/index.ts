/**
 * The public API assembled (docs/product-rules.md#public-api), mounted at `/v1`:
 * - `openRouters`: what needs no token (the OpenAPI document, llms.txt), matched first;
 * - then every other path behind the token guard (./auth.ts: token, plan, rate limit, usage):
 *   the `extraRouters` (generations, media), the account routes, and a JSON 404 for the rest —
 *   an unknown path answers 404 to a valid token (and is counted in its usage: a client calling
 *   a wrong path sees it in its log) and 401 without one.
 * What it keeps in memory per process (reserved admissions, buffered usage: ./admission.ts,
 * ./usage.ts) is written by `flushUsage` and, at shutdown, by `close`.
 */
import { Hono } from 'hono';
import { V1_PREFIX } from '../../src/contract/public-api.ts';
import { creditLedger } from '../credits/ledger.ts';
import type { Database } from '../db/connection.ts';
import { mountAt, type Area } from '../http/area.ts';
import { errorResponse, NOT_FOUND_TEXT } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import type { Logger } from '../logger.ts';
import { v1AccountRoutes } from './account-routes.ts';
import { createAdmissions } from './admission.ts';
import { API_PLANS, isAdmissible, tokenGuard } from './auth.ts';
import { createPublicApiRepository } from './repository.ts';
import { createAccountService } from './service.ts';
import type { ApiTokenEnv } from './types.ts';
import { createUsageRepository } from './usage-repository.ts';
import { createUsageRecorder, type UsageRecorderDeps } from './usage.ts';

export interface PublicApiDeps {
  database: Database;
  logger: Logger;
  /** ms since the epoch; tests move it. */
  now: () => number;
  /** Token routes of other modules (e.g. v1GenerationRoutes, v1MediaRoutes), relative to /v1. */
  extraRouters?: ReadonlyArray<Hono<ApiTokenEnv>>;
  /** Routes that need no token (e.g. /openapi.json, /llms.txt), relative to /v1. */
  openRouters?: ReadonlyArray<Hono<AppEnv>>;
  /** How often (ms) and at how many rows the usage buffer is written (./usage.ts's defaults; tests change them). */
  usageFlush?: Pick<UsageRecorderDeps, 'flushMs' | 'flushRows'>;
}

export interface PublicApi {
  /** The mounts of `/v1`, for the app's table of areas. */
  routes(): Area;
  /** Writes the usage this process has buffered (before reading the figures, and in tests). */
  flushUsage(): Promise<void>;
  /** Shutdown: stops the usage timer and writes what is buffered. */
  close(): Promise<void>;
}

export function createPublicApi(deps: PublicApiDeps): PublicApi {
  const repository = createPublicApiRepository(deps.database.kysely, deps.database.driver);
  const usage = createUsageRecorder({ repository: createUsageRepository(deps.database.kysely, deps.database.driver), logger: deps.logger, now: deps.now, ...deps.usageFlush });
  const admissions = createAdmissions({ repository, now: deps.now, apiPlans: API_PLANS, admissible: isAdmissible });
  const accounts = createAccountService({ repository, ledger: creditLedger(deps.database.kysely), now: deps.now, flushUsage: usage.flush });

  return {
    flushUsage: usage.flush,
    close: usage.close,
    routes() {
      const tokenRoutes = new Hono<ApiTokenEnv>();
      tokenRoutes.use('*', tokenGuard({ admissions, usage }));
      for (const router of deps.extraRouters ?? []) tokenRoutes.route('/', router);
      tokenRoutes.route('/', v1AccountRoutes(accounts));
      tokenRoutes.all('*', (c) => errorResponse(c, 404, NOT_FOUND_TEXT));
      return [...(deps.openRouters ?? []).map((router) => mountAt(V1_PREFIX, router)), mountAt(V1_PREFIX, tokenRoutes)];
    },
  };
}
