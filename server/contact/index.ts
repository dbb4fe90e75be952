/**
 * The contact area assembled (docs/product-rules.md#contact): `/api/contact`, its proof of work,
 * its limits (the auth area's limiter, on its table), the media storage for the files and the
 * mailer for the two mails.
 */
import path from 'node:path';
import { createAuthRepository } from '../auth/repository.ts';
import { createRateLimiter } from '../platform/rate-limit.ts';
import type { BackgroundTasks } from '../platform/background.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import { mountAt, type Area } from '../http/area.ts';
import type { Logger } from '../logger.ts';
import { createMailer, createTransportFromConfig } from '../mail/mailer.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { MediaStorage } from '../media/storage.ts';
import { tooManyMessages } from './errors.ts';
import { createProofOfWork, POW_DIFFICULTY_BITS } from './pow.ts';
import { createContactRepository } from './repository.ts';
import { contactRoutes } from './routes.ts';
import { CONTACT_LIMITS, createContactService, type ContactLimits } from './service.ts';

export type ContactConfig = Pick<Config, 'dataDir' | 'trustProxy' | 'smtpUrl' | 'mailFrom' | 'supportEmail'>;

/** What tests may change: an easier proof of work (fewer bits), smaller limits. */
export interface ContactOptions {
  powDifficulty?: number;
  limits?: ContactLimits;
}

export interface ContactDeps extends ContactOptions {
  config: ContactConfig;
  database: Database;
  logger: Logger;
  /** The server's signing key; the challenges are signed with a key derived from it. */
  signingKey: string;
  /** Where the files go: the media area's storage. */
  storage: MediaStorage;
  tasks: BackgroundTasks;
  now: () => number;
  /** Replaces the transport the config selects (tests). */
  mailTransport?: MailTransport;
}

/** Scratch space of files in flight, under DATA_DIR: the media area's, whose start-up sweep removes what a crash left (`upload-…`). */
const TEMP_DIR = 'tmp';

export function createContact(deps: ContactDeps): { routes(): Area } {
  const logger = deps.logger.child({ area: 'contact' });
  const pow = createProofOfWork(deps.signingKey, deps.powDifficulty ?? POW_DIFFICULTY_BITS);
  const service = createContactService({
    repository: createContactRepository(deps.database),
    storage: deps.storage,
    pow,
    limiter: createRateLimiter({ repository: createAuthRepository(deps.database), now: deps.now, refuse: tooManyMessages }),
    limits: deps.limits ?? CONTACT_LIMITS,
    mailer: createMailer({ transport: deps.mailTransport ?? createTransportFromConfig(deps.config), logger, now: deps.now }),
    supportEmail: deps.config.supportEmail,
    tasks: deps.tasks,
    logger,
    now: deps.now,
  });
  const tempDir = path.join(deps.config.dataDir, TEMP_DIR);
  return {
    routes: () => [mountAt('/api/contact', contactRoutes({ service, pow, tempDir, trustProxy: deps.config.trustProxy, now: deps.now }))],
  };
}
