/**
 * /v1 generations, behind the API token guard (`c.get('apiToken')`, server/public-api/types.ts):
 * - POST /generations              V1GenerationRequest, optional Idempotency-Key (kept 24 h) →
 *                                  202 + Location, or 200 with the first job of the key
 * - GET  /generations              ?feature&status&cursor&limit → GenerationPage
 * - GET  /generations/{id}         → Generation
 * - POST /generations/{id}/cancel  → Generation
 * The rules are in ./generations-service.ts; answers carry the account's data: never cached.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { GenerationListQuerySchema } from '../../src/contract/generations.schema.ts';
import { V1_PREFIX } from '../../src/contract/public-api.ts';
import { V1GenerationRequestSchema } from '../../src/contract/public-api.schema.ts';
import { parseInput, readJsonBody } from '../http/errors.ts';
import { readIdempotencyKey } from '../http/idempotency-key.ts';
import { recordIdParam } from '../http/params.ts';
import { generationError } from '../generations/errors.ts';
import { createV1Generations, v1Generation, type V1GenerationsDeps } from './generations-service.ts';
import { originOf } from '../http/origin.ts';
import type { ApiTokenEnv } from './types.ts';

/** Longest Idempotency-Key accepted, in characters: the studios' limit (a UUID is 36; room for the client's own scheme). */
const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** The `:id` param: one that is no job id answers like an unknown job (404 notFound). */
const jobId = (c: Context<ApiTokenEnv>): string => recordIdParam(c, 'id', () => generationError(404, 'notFound'));

const noStore: MiddlewareHandler<ApiTokenEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

export function v1GenerationRoutes(deps: V1GenerationsDeps): Hono<ApiTokenEnv> {
  const service = createV1Generations(deps);
  /** The origin asset links are made absolute on: the one the caller reached us at. */
  const origin = (c: Context<ApiTokenEnv>) => originOf(c) ?? deps.publicUrl;
  // Each route carries its middleware: a router-wide `use` would reach every /v1 path once mounted.
  const app = new Hono<ApiTokenEnv>();

  app.post('/generations', noStore, async (c) => {
    const key = readIdempotencyKey(c, MAX_IDEMPOTENCY_KEY_LENGTH);
    const request = await readJsonBody(c, V1GenerationRequestSchema);
    const { generation, created } = await service.submit(c.get('apiToken'), request, key);
    if (!created) return c.json(v1Generation(generation, origin(c)), 200);
    c.header('Location', `${V1_PREFIX}/generations/${generation.id}`);
    return c.json(v1Generation(generation, origin(c)), 202);
  });
  app.get('/generations', noStore, async (c) => {
    const page = await service.list(c.get('apiToken'), parseInput(GenerationListQuerySchema, c.req.query()));
    const base = origin(c);
    return c.json({ ...page, items: page.items.map((generation) => v1Generation(generation, base)) });
  });
  app.get('/generations/:id', noStore, async (c) => c.json(v1Generation(await service.get(c.get('apiToken'), jobId(c)), origin(c))));
  app.post('/generations/:id/cancel', noStore, async (c) => c.json(v1Generation(await service.cancel(c.get('apiToken'), jobId(c)), origin(c))));
  return app;
}
