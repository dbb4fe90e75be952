/**
 * The billing API (src/contract/billing.schema.ts lists every endpoint):
 * - `/api/billing/plans` (public), the account's routes behind the sign-in guard;
 * - `/api/billing/webhooks/:provider`: no session, the provider's signature instead (the adapter
 *   verifies it over the untouched body); VNPay's IPN arrives as a GET with its query.
 * Bodies are capped in server/app.ts (BILLING_BODY_MAX_BYTES, WEBHOOK_BODY_MAX_BYTES).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import {
  CheckoutRequestSchema,
  PAYMENTS_PAGE_DEFAULT,
  PageQuerySchema,
  QuoteQuerySchema,
  SubscriptionUpdateSchema,
  type BillingPlans,
} from '../../src/contract/billing.schema.ts';
import { PACK_IDS, PAYMENT_METHODS, type PaymentMethod } from '../../src/contract/packs.ts';
import { PLAN_IDS } from '../../src/contract/plans.ts';
import type { Guards, UserEnv } from '../auth/middleware.ts';
import { clientAddress } from '../http/client-address.ts';
import { originOf } from '../http/origin.ts';
import { parseInput, readJsonBody } from '../http/errors.ts';
import { readIdempotencyKey } from '../http/idempotency-key.ts';
import { recordIdParam } from '../http/params.ts';
import type { AppEnv } from '../http/types.ts';
import { billingError, type BillingService } from './service.ts';

/** Longest Idempotency-Key accepted, in characters (a UUID is 36). */
const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

const noStore: MiddlewareHandler<UserEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

const paymentId = (c: Context<UserEnv>): string => recordIdParam(c, 'id', () => billingError(404, 'paymentNotFound'));

export interface BillingRoutesDeps {
  service: BillingService;
  guards: Guards;
  trustProxy: boolean;
}

export function billingRoutes({ service, guards, trustProxy }: BillingRoutesDeps): Hono<AppEnv> {
  const outer = new Hono<AppEnv>();

  outer.get('/plans', (c) => {
    const body: BillingPlans = { plans: PLAN_IDS.map((id) => ({ id })), packs: PACK_IDS.map((id) => ({ id })), methods: service.methods() };
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(body);
  });

  // Webhooks: the raw body as received (signatures cover its exact bytes).
  const webhook = async (c: Context<AppEnv>) => {
    const provider = c.req.param('provider');
    if (!v.is(v.picklist(PAYMENT_METHODS), provider)) throw billingError(404, 'unknownProvider');
    const rawBody = c.req.method === 'GET' ? '' : await c.req.text();
    const answer = await service.notify(provider as PaymentMethod, {
      method: c.req.method,
      rawBody,
      headers: c.req.raw.headers,
      query: new URL(c.req.url).searchParams,
    });
    c.header('Cache-Control', 'no-store');
    if (answer.body === null) return c.body(null, answer.status as 204);
    return c.json(answer.body, answer.status as ContentfulStatusCode);
  };
  outer.post('/webhooks/:provider', webhook);
  outer.get('/webhooks/:provider', webhook);

  const app = new Hono<UserEnv>();
  app.use(guards.requireUser, noStore);
  app.get('/overview', async (c) => c.json(await service.overview(c.get('user').id)));
  app.get('/quote', async (c) => c.json(await service.quote(c.get('user').id, parseInput(QuoteQuerySchema, c.req.query()))));
  app.post('/checkout', async (c) => {
    const key = readIdempotencyKey(c, MAX_IDEMPOTENCY_KEY_LENGTH);
    const request = await readJsonBody(c, CheckoutRequestSchema);
    const user = c.get('user');
    const result = await service.checkout(
      { id: user.id, email: user.email, name: user.name, language: user.language },
      request,
      key,
      clientAddress(c, trustProxy),
      originOf(c),
    );
    return c.json(result, 201);
  });
  app.get('/payments', async (c) => {
    const query = parseInput(PageQuerySchema, c.req.query());
    return c.json(await service.payments(c.get('user').id, query.cursor, query.limit ?? PAYMENTS_PAGE_DEFAULT));
  });
  app.get('/payments/:id', async (c) => c.json(await service.payment(c.get('user').id, paymentId(c))));
  app.post('/payments/:id/refresh', async (c) => c.json(await service.refresh(c.get('user').id, paymentId(c))));
  app.get('/payments/:id/receipt', async (c) => c.json(await service.receipt(c.get('user').id, paymentId(c))));
  app.get('/activity', async (c) => {
    const query = parseInput(PageQuerySchema, c.req.query());
    return c.json(await service.activity(c.get('user').id, query.cursor, query.limit ?? PAYMENTS_PAGE_DEFAULT));
  });
  app.put('/subscription', async (c) => {
    const update = await readJsonBody(c, SubscriptionUpdateSchema);
    await service.updateSubscription(c.get('user').id, update);
    return c.json(await service.overview(c.get('user').id));
  });
  return outer.route('/', app);
}
