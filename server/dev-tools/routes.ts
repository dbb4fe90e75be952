/**
 * `/api/dev-tools`: the mail outbox, credits and engine delays, for the /dev-tools page, the e2e
 * suite and local trials (contract: src/contract/dev-tools.schema.ts). No sign-in, so every route
 * answers only requests made on the server's own machine (server/http/local-only.ts); others get
 * a 403. What is mounted (see server/app.ts): the outbox whenever mails go to it (no SMTP_URL) or
 * DEV_TOOLS is on, so a newcomer can read their code; credits and delays only with DEV_TOOLS.
 * Otherwise the API's JSON 404 answers.
 *
 * - GET  /outbox        the mails the default transport wrote, newest first
 * - POST /credits       {email, amount}: a 'grant' ledger row; answers the balance (DEV_TOOLS)
 * - POST /plan          {email, plan}: sets the account's plan directly, no cycle (DEV_TOOLS)
 * - POST /engine-delay  {email, ms}: every process's runs of that account wait ms first
 *                       (DEV_TOOLS, with the generations area; see server/generations/engine-delays.ts)
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import {
  DEV_TOOLS_MESSAGES,
  EngineDelayRequestSchema,
  GrantCreditsRequestSchema,
  SetPlanRequestSchema,
  type OutboxResponse,
} from '../../src/contract/dev-tools.schema.ts';
import type { PlanId } from '../../src/contract/plans.ts';
import type { CreditLedger } from '../credits/ledger.ts';
import type { EngineDelays } from '../generations/engine-delays-repository.ts';
import { codedErrors, readJsonBody } from '../http/errors.ts';
import { localOnly } from '../http/local-only.ts';
import type { AppEnv } from '../http/types.ts';
import { listOutbox } from '../mail/transport.ts';
import type { UsersRepository } from '../auth/users-repository.ts';
import { normalizeEmail } from '../auth/users-service.ts';

export interface DevToolsDeps {
  outboxDir: string;
  /** DEV_TOOLS is on: the credit grants and engine delays exist too, not only the outbox. */
  tools: boolean;
  users: UsersRepository;
  /** Where the grants go. */
  credits: CreditLedger;
  /** Writes an account's plan (users.plan; the assets' owner_plan follows by trigger). */
  setPlan: (userId: string, plan: PlanId) => Promise<void>;
  /** The generations area's delays; without it, /engine-delay does not exist. */
  engineDelays?: EngineDelays;
  /** ms since the epoch. */
  now: () => number;
}

/** Reason of a dev-tools grant in the ledger (what admin and history views show). */
const GRANT_REASON = 'dev-tools grant';

const devToolsError = codedErrors(DEV_TOOLS_MESSAGES);
const unknownEmail = () => devToolsError(404, 'unknownEmail');

export function devToolsRoutes(deps: DevToolsDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use(localOnly());

  app.get('/outbox', async (c) => {
    const body: OutboxResponse = { mails: await listOutbox(deps.outboxDir) };
    return c.json(body);
  });

  if (!deps.tools) return app;

  app.post('/credits', async (c) => {
    const { email, amount } = await readJsonBody(c, GrantCreditsRequestSchema);
    const user = await deps.users.findByEmail(normalizeEmail(email));
    if (!user) throw unknownEmail();
    // Every grant is its own row: a random key, so two grants of the same amount both count.
    const { balance } = await deps.credits.grant({ userId: user.id, amount, reason: GRANT_REASON, key: `dev-grant:${randomUUID()}`, at: new Date(deps.now()) });
    return c.json({ balance });
  });

  app.post('/plan', async (c) => {
    const { email, plan } = await readJsonBody(c, SetPlanRequestSchema);
    const user = await deps.users.findByEmail(normalizeEmail(email));
    if (!user) throw unknownEmail();
    await deps.setPlan(user.id, plan);
    return c.json({ plan });
  });

  const delays = deps.engineDelays;
  if (delays) {
    app.post('/engine-delay', async (c) => {
      const { email, ms } = await readJsonBody(c, EngineDelayRequestSchema);
      const user = await deps.users.findByEmail(normalizeEmail(email));
      if (!user) throw unknownEmail();
      await delays.set(user.id, ms);
      return c.json({ ms: await delays.get(user.id) });
    });
  }
  return app;
}
