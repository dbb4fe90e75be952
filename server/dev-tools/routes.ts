/**
 * `/api/dev-tools`: the mail outbox, for the /dev-tools page and the e2e suite (contract:
 * src/contract/dev-tools.ts). No sign-in. Mounted only when DEV_TOOLS allows it (never in
 * production unless DEV_TOOLS=1); otherwise the API's JSON 404 answers.
 */
import { Hono } from 'hono';
import type { OutboxResponse } from '../../src/contract/dev-tools.ts';
import type { AppEnv } from '../http/types.ts';
import { listOutbox } from '../mail/transport.ts';

export function devToolsRoutes(options: { outboxDir: string }): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/outbox', async (c) => {
    const body: OutboxResponse = { mails: await listOutbox(options.outboxDir) };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });
}
