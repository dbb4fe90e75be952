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
import { notFoundResponse } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import type { Logger } from '../logger.ts';
import { v1AccountRoutes } from './account-routes.ts';
import { createAdmissions, type Admissions } from './admission.ts';
import { API_PLANS, isAdmissible, tokenGuard } from './auth.ts';
import { createPublicApiRepository } from './repository.ts';
import { PGLITE_SPARE_MAX_FRACTION, SPARE_MAX_FRACTION } from './slots.ts';
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

/**
 * How much of a token's schedule a process reserves ahead (./slots.ts): 3 s where several
 * processes share the limit (Postgres), 15 s on PGlite, where this process is the only one and a
 * reservation is a write on the one connection every request shares. What it costs: after a
 * crash or restart the slots reserved and not spent count as used, so a token may find up to a
 * quarter of its limit missing from its burst, back within 15 s.
 */
export function spareFractionOf(driver: Database['driver']): number {
  return driver === 'pglite' ? PGLITE_SPARE_MAX_FRACTION : SPARE_MAX_FRACTION;
}

/** Where the database announces changes of what the guard reads of a token (0020_api_token_changes.sql). */
export const TOKEN_CHANGES_CHANNEL = 'api_token_changes';

/**
 * On PGlite, lets the guard keep tokens in memory (./admission.ts `keepTokens`) once it hears
 * their changes: PGlite runs in this process and calls a listener before the statement whose
 * commit notified resolves, so no request can be answered from a token changed before it
 * arrived. On Postgres a change committed by another process is heard later than that: every
 * request reads its token. Returns the unlisten (shutdown).
 */
function keepTokensOnPglite(database: Database, admissions: Admissions, logger: Logger): () => Promise<void> {
  if (database.driver !== 'pglite') return async () => {};
  const listening = database
    .exclusive((pglite) => pglite.listen(TOKEN_CHANGES_CHANNEL, admissions.tokensChanged))
    .then((unlisten) => {
      admissions.keepTokens();
      return unlisten;
    })
    .catch((error: unknown) => {
      // The guard then reads every token, as on Postgres: slower, never wrong.
      logger.warn({ err: error, area: 'public-api' }, 'token changes are not heard: every /v1 request reads its token');
      return undefined;
    });
  return async () => {
    const unlisten = await listening;
    admissions.tokensChanged();
    // Closing: the database may already be closed, and nothing is to be heard any more.
    if (unlisten) await database.exclusive(() => unlisten()).catch(() => {});
  };
}

export function createPublicApi(deps: PublicApiDeps): PublicApi {
  const repository = createPublicApiRepository(deps.database.kysely, deps.database.driver);
  const usage = createUsageRecorder({
    repository: createUsageRepository(deps.database.kysely, deps.database.driver),
    logger: deps.logger,
    now: deps.now,
    ...deps.usageFlush,
  });
  const admissions = createAdmissions({
    repository,
    now: deps.now,
    apiPlans: API_PLANS,
    admissible: isAdmissible,
    spareFraction: spareFractionOf(deps.database.driver),
  });
  const stopHearing = keepTokensOnPglite(deps.database, admissions, deps.logger);
  const accounts = createAccountService({ repository, ledger: creditLedger(deps.database.kysely), now: deps.now, flushUsage: usage.flush });

  return {
    flushUsage: usage.flush,
    async close() {
      await stopHearing();
      await usage.close();
    },
    routes() {
      const tokenRoutes = new Hono<ApiTokenEnv>();
      tokenRoutes.use('*', tokenGuard({ admissions, usage }));
      for (const router of deps.extraRouters ?? []) tokenRoutes.route('/', router);
      tokenRoutes.route('/', v1AccountRoutes(accounts));
      tokenRoutes.all('*', (c) => notFoundResponse(c));
      return [...(deps.openRouters ?? []).map((router) => mountAt(V1_PREFIX, router)), mountAt(V1_PREFIX, tokenRoutes)];
    },
  };
}
