/**
 * `/api/generations`: submit, read, list, cancel, delete, regenerate, share, and the catalogue
 * (see the endpoint list in src/contract/generations.schema.ts). Every route needs a signed-in caller;
 * other people's jobs answer 404 exactly like unknown ones.
 *
 * Submit and regenerate answer 202 with the queued job and its `Location`, or 200 with the first
 * job when the `Idempotency-Key` was used before for the same request.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { GenerationListQuerySchema, GenerationRequestSchema, ShareGenerationRequestSchema } from '../../src/contract/generations.schema.ts';
import { RecordIdSchema } from '../../src/contract/input.schema.ts';
import type { ClaimsEnv, Guards, UserEnv } from '../auth/middleware.ts';
import type { AppEnv } from '../http/types.ts';
import { parseInput, readJsonBody } from '../http/errors.ts';
import { readIdempotencyKey } from '../http/idempotency-key.ts';
import { recordIdParam } from '../http/params.ts';
import { generationError } from './errors.ts';
import type { GenerationEvents } from './events.ts';
import type { GenerationsService, Submitted } from './service.ts';

/** Longest Idempotency-Key accepted, in characters (a UUID is 36; room for the client's own scheme). */
const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

const idempotencyKey = (c: Context<UserEnv>): string | null => readIdempotencyKey(c, MAX_IDEMPOTENCY_KEY_LENGTH);
/** The `:id` param: one that is no job id answers like an unknown job (404 notFound). */
const jobId = (c: Context<UserEnv>): string => recordIdParam(c, 'id', () => generationError(404, 'notFound'));

/** Job answers are the caller's own and change as the job runs: never kept by a cache. */
const noStore: MiddlewareHandler<UserEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

function submitted(c: Context<UserEnv>, result: Submitted): Response {
  if (!result.created) return c.json(result.generation, 200);
  c.header('Location', `/api/generations/${result.generation.id}`);
  return c.json(result.generation, 202);
}

export function generationRoutes({ service, guards, events }: { service: GenerationsService; guards: Guards; events: GenerationEvents }): Hono<AppEnv> {
  // An outer router of the app's own environment; the routes, behind their guard, have the
  // signed-in user's (or the verified token's).
  const outer = new Hono<AppEnv>();

  // The fixed GET paths first, each behind the full guard: the status route below takes every
  // other single segment, and a route registered later never runs once one has answered.
  const fixed = new Hono<UserEnv>();
  fixed.get('/catalog', guards.requireUser, noStore, (c) => c.json(service.catalog()));
  fixed.get('/expected-durations', guards.requireUser, noStore, async (c) => c.json(await service.expectedDurations()));
  fixed.get('/events', guards.requireUser, noStore, (c) => events.stream(c));
  fixed.get('/pending', guards.requireUser, noStore, async (c) => c.json(await service.pending(c.get('user'))));
  outer.route('/', fixed);

  // GET /{id}, the status every open tab and the service worker poll, is ONE database read: its
  // guard only verifies the token, and the read checks the account together with the job
  // (service.status). It is the one route that reads a job by id, so an owner's job, an unknown
  // id and a malformed one (which names no job, and is not put in the query) meet the same check.
  const status = new Hono<ClaimsEnv>();
  status.get('/:id', guards.requireToken, async (c) => {
    const id = c.req.param('id');
    const generation = await service.status(c.get('claims'), v.is(RecordIdSchema, id) ? id : null);
    c.header('Cache-Control', 'no-store');
    return c.json(generation);
  });
  outer.route('/', status);

  const app = new Hono<UserEnv>();
  app.use(guards.requireUser, noStore);
  app.get('/', async (c) => c.json(await service.list(c.get('user'), parseInput(GenerationListQuerySchema, c.req.query()))));
  app.post('/', async (c) => {
    const key = idempotencyKey(c);
    const request = await readJsonBody(c, GenerationRequestSchema);
    return submitted(c, await service.submit(c.get('user'), request, key));
  });
  app.delete('/:id', async (c) => {
    await service.delete(c.get('user'), jobId(c));
    return c.body(null, 204);
  });
  app.put('/:id/share', async (c) => {
    const { shared } = await readJsonBody(c, ShareGenerationRequestSchema);
    return c.json(await service.share(c.get('user'), jobId(c), shared));
  });
  app.post('/:id/cancel', async (c) => c.json(await service.cancel(c.get('user'), jobId(c))));
  app.post('/:id/regenerate', async (c) => submitted(c, await service.regenerate(c.get('user'), jobId(c), idempotencyKey(c))));
  return outer.route('/', app);
}
