/**
 * The billing area (docs/product-rules.md#billing): the payment providers chosen by configuration,
 * the service, its routes (the API, the webhooks, the sandbox's hosted page) and its scheduled
 * work. Built by boot (server and worker processes) or by the app when not given (tests).
 */
import { createHmac } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Guards } from '../auth/middleware.ts';
import type { Database } from '../db/connection.ts';
import { mountAt, type Area } from '../http/area.ts';
import type { Logger } from '../logger.ts';
import { createMailer, createTransportFromConfig, type Mailer } from '../mail/mailer.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { Queue } from '../queue/index.ts';
import { receiptMail, describeOrder } from './mails.ts';
import { buildProviders } from './providers/index.ts';
import { createSandboxProvider, type SandboxProvider } from './providers/sandbox.ts';
import { runBillingWork, startBillingJobs } from './jobs.ts';
import { billingRoutes } from './routes.ts';
import { sandboxPageRoutes } from './sandbox-page.ts';
import { createBillingService, type BillingService } from './service.ts';

export interface Billing {
  service: BillingService;
  sandbox: SandboxProvider | null;
  /** The API's, the webhooks' and the sandbox page's routes; `dispatch` hands a request to the app. */
  routes(guards: Guards, dispatch: (request: Request) => Promise<Response>): Area;
  /** Registers the minute's scheduled work on the queue (its workers run it unless WORKERS=0). */
  startJobs(queue: Queue): Promise<void>;
  /** One run of the scheduled work now (tests, benchmarks). */
  runOnce(): Promise<void>;
}

/** What billing reads of the configuration. */
export type BillingAreaConfig = Pick<Config, 'billing' | 'publicUrl' | 'trustProxy' | 'smtpUrl' | 'mailFrom' | 'dataDir'>;

export interface BillingAreaDeps {
  config: BillingAreaConfig;
  database: Database;
  logger: Logger;
  /** The server's secret: the sandbox's signing key is derived from it. */
  signingKey: string;
  now?: () => Date;
  mailTransport?: MailTransport;
}

export function createBilling(deps: BillingAreaDeps): Billing {
  const { config, database, logger } = deps;
  const db = database.kysely;
  const now = deps.now ?? (() => new Date());
  const mailer: Mailer = createMailer({ transport: deps.mailTransport ?? createTransportFromConfig(config), logger, now: () => now().getTime() });
  const sandbox = config.billing.sandbox
    ? createSandboxProvider({ secret: createHmac('sha256', deps.signingKey).update('atelier/billing-sandbox').digest('hex') }, db, now)
    : null;
  const providers = buildProviders(config.billing, sandbox);
  const service = createBillingService({
    db,
    providers,
    publicUrl: config.publicUrl,
    seller: config.billing.seller,
    logger,
    now,
    async onCompleted(order) {
      if (order.receipt_number === null || order.amount_vnd === 0) return;
      // Where the seller checked out from (server/http/origin.ts), else PUBLIC_URL.
      const link = `${order.return_origin ?? config.publicUrl}/receipts/${order.id}`;
      await mailer.send(
        { email: order.buyer_email, name: order.buyer_name, language: order.language },
        receiptMail({
          language: order.language,
          name: order.buyer_name,
          receiptNumber: order.receipt_number,
          what: describeOrder(order.language, order.item, order.period),
          amountVnd: order.amount_vnd,
          credits: order.credits,
          balanceAddedVnd: order.balance_added_vnd,
          onlyBalance: order.outcome !== 'balance' ? null : order.failure_reason === 'superseded' ? 'superseded' : 'changed',
          link,
        }),
        `receipt ${order.receipt_number} ${link}`,
      );
    },
  });
  const jobDeps = { db, service, mailer, publicUrl: config.publicUrl, logger, now };
  return {
    service,
    sandbox,
    routes(guards, dispatch) {
      const area: Area = [mountAt('/api/billing', billingRoutes({ service, guards, trustProxy: config.trustProxy }))];
      if (!sandbox) return area;
      return [...area, mountAt('/billing/sandbox', sandboxPageRoutes({ db, provider: sandbox, dispatch, publicUrl: config.publicUrl, logger, now }))];
    },
    startJobs: (queue) => startBillingJobs(queue, jobDeps),
    runOnce: () => runBillingWork(jobDeps),
  };
}
