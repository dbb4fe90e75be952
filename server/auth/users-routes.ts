/**
 * `/api/me`: the signed-in account (GET), editing it (PUT), deleting it (DELETE), and its
 * dashboard figures (GET /api/me/stats, when the app provides them).
 */
import { Hono } from 'hono';
import { AUTH_SUCCESS_MESSAGES, DeleteMeRequestSchema, UpdateMeRequestSchema } from '../../src/contract/auth.schema.ts';
import type { UsageStats } from '../../src/contract/dashboard.schema.ts';
import { clientAddress } from '../http/client-address.ts';
import { readAuthBody } from './errors.ts';
import type { Guards, UserEnv } from './middleware.ts';
import type { UserWithCredits } from './users-repository.ts';
import type { UsersService } from './users-service.ts';

export interface MeRoutesDeps {
  service: UsersService;
  guards: Guards;
  /** TRUST_PROXY: where the client address comes from (the limits on password guesses). */
  trustProxy: boolean;
  /** The dashboard's stats of the signed-in account; without it, /stats does not exist. */
  usageStats?: (user: UserWithCredits) => Promise<UsageStats>;
}

export function meRoutes({ service, guards, trustProxy, usageStats }: MeRoutesDeps): Hono<UserEnv> {
  const app = new Hono<UserEnv>();
  app.use(guards.requireUser, async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.get('/', (c) => c.json(service.toApiUser(c.get('user'))));
  if (usageStats) app.get('/stats', async (c) => c.json(await usageStats(c.get('user'))));
  app.put('/', async (c) => c.json(await service.update(c.get('user'), await readAuthBody(c, UpdateMeRequestSchema))));
  /**
   * The password is asked again. Accounts that only sign in with Google have none: they confirm
   * with the one-time password of a sign-in less than an hour old (traditional_login.credentials).
   */
  app.delete('/', async (c) => {
    const { password } = await readAuthBody(c, DeleteMeRequestSchema);
    await service.delete(c.get('user'), password, { address: clientAddress(c, trustProxy) });
    return c.json({ status: 'success', message: AUTH_SUCCESS_MESSAGES.accountDeleted });
  });
  return app;
}
