/** The HTTP app around a test database, a fixture build and a real (or stubbed) queue. */
import { randomBytes } from 'node:crypto';
import type { Billing } from '../../../server/billing/index.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp, type AppDeps } from '../../../server/app.ts';
import { createBackgroundTasks, type BackgroundTasks } from '../../../server/platform/background.ts';
import type { Accounts } from '../../../server/auth/index.ts';
import type { ContactOptions } from '../../../server/contact/index.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/connection.ts';
import type { Generations } from '../../../server/generations/index.ts';
import type { AppEnv } from '../../../server/http/types.ts';
import type { Logger } from '../../../server/logger.ts';
import type { MailTransport } from '../../../server/mail/transport.ts';
import type { Media } from '../../../server/media/index.ts';
import type { StaticBuild } from '../../../server/static/build.ts';
import { silentLogger } from './logs.ts';

/** The signing key of test apps (fixed, so tokens can be made and checked independently). */
import type { WebhookUrlPolicy } from '../../../server/tokens/webhook-url.ts';

export const TEST_SIGNING_KEY = 'test-signing-key-of-at-least-32-characters';

/**
 * Bindings for `app.request(url, init, FROM_LOOPBACK)`: a request whose socket peer is this
 * machine, as the outbox and the dev tools require (server/http/local-only.ts). Without them an
 * in-process request has no socket and counts as remote.
 */
export const FROM_LOOPBACK = { incoming: { socket: { remoteAddress: '127.0.0.1' } } } as unknown as HttpBindings;

export interface TestAppOptions {
  database: Database;
  staticBuild?: StaticBuild | null;
  queue?: { ready(): Promise<boolean> };
  corsOrigins?: string[];
  trustProxy?: boolean;
  logger?: Logger;
  extraRoutes?: (app: Hono<AppEnv>) => void;
  /**
   * Server variables (ADMIN_EMAILS, FIREBASE_AUTH_EMULATOR_HOST, …) on top of NODE_ENV=test and
   * a DATA_DIR under the system's temp directory (created only if something is written there).
   */
  env?: Record<string, string>;
  now?: () => number;
  /** How the sign-in limits wait when they slow guesses down (AppDeps.sleep). */
  sleep?: (ms: number) => Promise<void>;
  tasks?: BackgroundTasks;
  mailTransport?: MailTransport;
  onAccounts?: (accounts: Accounts) => void;
  /** Receives the billing area the app built. */
  onBilling?: (billing: Billing) => void;
  /** Receives the public API the app built (its usage buffer is flushed through it). */
  onPublicApi?: AppDeps['onPublicApi'];
  /** How often the public API writes its usage buffer (AppDeps.usageFlush). */
  usageFlush?: AppDeps['usageFlush'];
  /** The media area to use (built by the app when not given). */
  media?: Media;
  /** The generations area, built and started around a real queue (tests/server/helpers/generations.ts). */
  generations?: Generations;
  /** Where webhooks may go (AppDeps.webhookPolicy); NODE_ENV=test's policy when not given. */
  webhookPolicy?: WebhookUrlPolicy;
  /** The contact form's proof of work and limits (AppDeps.contact). */
  contact?: ContactOptions;
}

export function createTestApp(options: TestAppOptions): Hono<AppEnv> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(tmpdir(), `atelier-test-${process.pid}-${randomBytes(4).toString('hex')}`),
    ...options.env,
  });
  const logger = options.logger ?? silentLogger();
  const deps: AppDeps = {
    config: { ...config, corsOrigins: options.corsOrigins ?? config.corsOrigins, trustProxy: options.trustProxy ?? config.trustProxy },
    logger,
    database: options.database,
    queue: options.queue ?? { ready: async () => true },
    staticBuild: options.staticBuild ?? null,
    version: '0.0.0-test',
    signingKey: TEST_SIGNING_KEY,
    tasks: options.tasks ?? createBackgroundTasks(logger),
  };
  if (options.extraRoutes) deps.extraRoutes = options.extraRoutes;
  if (options.now) deps.now = options.now;
  if (options.sleep) deps.sleep = options.sleep;
  if (options.mailTransport) deps.mailTransport = options.mailTransport;
  if (options.onAccounts) deps.onAccounts = options.onAccounts;
  if (options.onBilling) deps.onBilling = options.onBilling;
  if (options.onPublicApi) deps.onPublicApi = options.onPublicApi;
  if (options.usageFlush) deps.usageFlush = options.usageFlush;
  if (options.media) deps.media = options.media;
  if (options.generations) deps.generations = options.generations;
  if (options.webhookPolicy) deps.webhookPolicy = options.webhookPolicy;
  if (options.contact) deps.contact = options.contact;
  return createApp(deps);
}
