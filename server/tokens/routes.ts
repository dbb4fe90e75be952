/**
 * `/api/tokens` (src/contract/tokens.ts lists every endpoint), behind the sign-in guard. Answers
 * are never cached: the create and regenerate answers carry a secret, the others a webhook
 * secret or live figures. The body limit is TOKENS_BODY_MAX_BYTES (server/app.ts).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { CreateTokenRequestSchema, UpdateTokenRequestSchema } from '../../src/contract/tokens.schema.ts';
import type { Guards, UserEnv } from '../auth/middleware.ts';
import { readJson } from '../http/errors.ts';
import { recordIdParam } from '../http/params.ts';
import { parseTokenInput, tokenError } from './errors.ts';
import type { TokensService } from './service.ts';

/**
 * A delivery id as the server writes them (`msg_` and 32 hex digits, the `webhook-id`), with room
 * for other word-character ids up to 100 characters; anything else names nothing (404).
 */
const DeliveryIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/));

const noStore: MiddlewareHandler<UserEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

/** Whichever part of a resend path names nothing, the answer is the same: that delivery is not found. */
const deliveryNotFound = () => tokenError(404, 'deliveryNotFound');

const tokenId = (c: Context<UserEnv>): string => recordIdParam(c, 'id', () => tokenError(404, 'notFound'));

export function tokenRoutes(service: TokensService, guards: Guards): Hono<UserEnv> {
  const app = new Hono<UserEnv>();
  app.use(guards.requireUser, noStore);

  app.get('/', async (c) => c.json(await service.list(c.get('user'))));
  app.post('/', async (c) => {
    const request = parseTokenInput(CreateTokenRequestSchema, await readJson(c));
    return c.json(await service.create(c.get('user'), request), 201);
  });
  app.get('/:id', async (c) => c.json(await service.detail(c.get('user'), tokenId(c))));
  app.patch('/:id', async (c) => {
    const id = tokenId(c);
    const request = parseTokenInput(UpdateTokenRequestSchema, await readJson(c));
    return c.json(await service.update(c.get('user'), id, request));
  });
  app.post('/:id/regenerate', async (c) => c.json(await service.regenerate(c.get('user'), tokenId(c))));
  app.delete('/:id', async (c) => {
    await service.remove(c.get('user'), tokenId(c));
    return c.body(null, 204);
  });
  app.post('/:id/deliveries/:deliveryId/resend', async (c) => {
    const id = recordIdParam(c, 'id', deliveryNotFound);
    const deliveryId = c.req.param('deliveryId');
    if (!v.is(DeliveryIdSchema, deliveryId)) throw deliveryNotFound();
    return c.json(await service.resend(c.get('user'), id, deliveryId), 202);
  });
  return app;
}
