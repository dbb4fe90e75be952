/** `GET /api/health` (contract: src/contract/health.schema.ts). */
import { Hono } from 'hono';
import type { AppEnv } from '../http/types.ts';
import type { HealthService } from './service.ts';

export function healthRoutes(service: HealthService): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/', async (c) => {
    const health = await service.check();
    // A probe must see the live state, never a cached one.
    c.header('Cache-Control', 'no-store');
    return c.json(health, health.status === 'ok' ? 200 : 503);
  });
}
