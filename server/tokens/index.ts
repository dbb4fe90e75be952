/**
 * The API tokens area (docs/product-rules.md#api-tokens): the management API `/api/tokens` the
 * /api-management screen uses. The tokens themselves are checked by the public API (/v1,
 * server/public-api/).
 */
import type { Guards } from '../auth/middleware.ts';
import type { Database } from '../db/connection.ts';
import { mountAt, type Area } from '../http/area.ts';
import type { Logger } from '../logger.ts';
import type { WebhookUrlPolicy } from './webhook-url.ts';
import { createTokensRepository } from './repository.ts';
import { tokenRoutes } from './routes.ts';
import { createTokensService, type TokensService } from './service.ts';

export interface TokensDeps {
  database: Database;
  logger: Logger;
  /** ms since the epoch (tests move it). */
  now: () => number;
  /** Where webhooks may go: `{ allowLocal: NODE_ENV !== 'production' }`. */
  webhookPolicy: WebhookUrlPolicy;
  /** Writes the /v1 usage this process has buffered (server/public-api/usage.ts), before the figures are read. */
  flushUsage?: () => Promise<void>;
}

export interface Tokens {
  service: TokensService;
  routes(guards: Guards): Area;
}

export function createTokens(deps: TokensDeps): Tokens {
  const service = createTokensService({
    repository: createTokensRepository(deps.database),
    logger: deps.logger,
    now: deps.now,
    webhookPolicy: deps.webhookPolicy,
    ...(deps.flushUsage ? { flushUsage: deps.flushUsage } : {}),
  });
  return {
    service,
    routes: (guards) => [mountAt('/api/tokens', tokenRoutes(service, guards))],
  };
}
