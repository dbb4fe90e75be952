/**
 * The newsletter area (docs/product-rules.md#newsletter): `/api/newsletter` (the sign-up) and
 * `/newsletter` (the confirm and unsubscribe pages the mails link to). Its `service.recipients()`
 * is what a sender of issues reads: confirmed addresses only, each with its unsubscribe headers.
 */
import type { Config } from '../config.ts';
import type { BackgroundTasks } from '../platform/background.ts';
import { createRateLimiter } from '../platform/rate-limit.ts';
import { createAuthRepository } from '../auth/repository.ts';
import { createSecretHasher } from '../platform/secrets.ts';
import type { Database } from '../db/connection.ts';
import { mountAt, type Area } from '../http/area.ts';
import type { Logger } from '../logger.ts';
import { createMailer, createTransportFromConfig } from '../mail/mailer.ts';
import type { MailTransport } from '../mail/transport.ts';
import { createNewsletterRepository } from './repository.ts';
import { newsletterApiRoutes, newsletterPageRoutes } from './routes.ts';
import { createNewsletterService, newsletterError, type NewsletterService } from './service.ts';

export interface NewsletterDeps {
  config: Pick<Config, 'publicUrl' | 'mailFrom' | 'smtpUrl' | 'dataDir' | 'trustProxy'>;
  database: Database;
  logger: Logger;
  signingKey: string;
  tasks: BackgroundTasks;
  now: () => number;
  /** Replaces the transport SMTP_URL selects (tests). */
  mailTransport?: MailTransport;
}

export interface Newsletter {
  service: NewsletterService;
  routes(): Area;
}

export function createNewsletter(deps: NewsletterDeps): Newsletter {
  const { config, now } = deps;
  const service = createNewsletterService({
    repository: createNewsletterRepository(deps.database),
    // The shared limits' counters (rate_limit_events), under the newsletter's own buckets and refusal.
    limiter: createRateLimiter({ repository: createAuthRepository(deps.database), now, refuse: newsletterError }),
    mailer: createMailer({ transport: deps.mailTransport ?? createTransportFromConfig(config), logger: deps.logger, now }),
    hashSecret: createSecretHasher(deps.signingKey),
    signingKey: deps.signingKey,
    tasks: deps.tasks,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    logger: deps.logger,
    now,
  });
  return {
    service,
    routes: () => [mountAt('/api/newsletter', newsletterApiRoutes(service, config.trustProxy)), mountAt('/newsletter', newsletterPageRoutes(service))],
  };
}
