/**
 * `GET /v1/credits` and `GET /v1/usage`: the calling token's account balance and the token's own
 * usage. Behind the token guard (./auth.ts), like every token route.
 */
import { Hono } from 'hono';
import type { AccountService } from './service.ts';
import type { ApiTokenEnv } from './types.ts';

export function v1AccountRoutes(service: AccountService): Hono<ApiTokenEnv> {
  return new Hono<ApiTokenEnv>()
    .get('/credits', async (c) => c.json(await service.credits(c.get('apiToken'))))
    .get('/usage', async (c) => c.json(await service.usage(c.get('apiToken'))));
}
