/**
 * What the web server's areas (server/areas.ts) are built from: `AreaDeps`, which server/app.ts
 * receives, and the context each row is given, which builds what several areas share (media,
 * the dashboard, the accounts and their guards, the public API, the blog) once, on first use.
 */
import type { Hono } from 'hono';
import { createAccounts, type Accounts, type AccountsConfig } from './auth/index.ts';
import type { BackgroundTasks } from './platform/background.ts';
import type { Billing, BillingAreaConfig } from './billing/index.ts';
import { createBlog, type Blog } from './blog/index.ts';
import type { BlogBundle } from './blog/pages.ts';
import type { Config } from './config.ts';
import type { ContactConfig, ContactOptions } from './contact/index.ts';
import { createDashboardRepository } from './dashboard/repository.ts';
import { createDashboardService, type DashboardService } from './dashboard/service.ts';
import type { Database } from './db/connection.ts';
import type { Generations } from './generations/index.ts';
import type { AppEnv } from './http/types.ts';
import type { Logger } from './logger.ts';
import type { MailTransport } from './mail/transport.ts';
import { createMedia, type Media, type MediaConfig } from './media/index.ts';
import { v1DocumentRoutes } from './public-api/document-routes.ts';
import { v1GenerationRoutes } from './public-api/generation-routes.ts';
import { createPublicApi, type PublicApi, type PublicApiDeps } from './public-api/index.ts';
import { v1MediaRoutes } from './public-api/media-routes.ts';
import type { WebhookUrlPolicy } from './tokens/webhook-url.ts';

/** What the areas of the web server are built from. Everything arrives here, so tests can build them around an in-memory database. */
export interface AreaDeps {
  config: Pick<Config, 'corsOrigins' | 'trustProxy' | 'nodeEnv' | 'publicUrlSet' | 'host' | 'port'> &
    AccountsConfig &
    MediaConfig &
    BillingAreaConfig &
    ContactConfig;
  logger: Logger;
  database: Database;
  queue: { ready(): Promise<boolean> };
  version: string;
  /** When the server started, in ms since the epoch (for uptime). */
  startedAt?: number;
  /** The key access tokens are signed with (JWT_SECRET, or generated into $DATA_DIR/jwt-secret). */
  signingKey: string;
  /** Work that outlives its request (mails); shutdown waits for it. */
  tasks: BackgroundTasks;
  /** Clock of the accounts rules, in ms since the epoch; tests move it. Defaults to Date.now. */
  now?: () => number;
  /** How the sign-in limits wait when they slow guesses down; tests record instead. Defaults to a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Replaces the mail transport SMTP_URL selects (tests only). */
  mailTransport?: MailTransport;
  /** The media area; built here when not given (lifecycle builds it, the generations share it). */
  media?: Media;
  /**
   * The generations area (started by the caller: it needs the real queue), mounted after accounts
   * and media. Without it /api/generations does not exist (tests of other areas).
   */
  generations?: Generations;
  /** The billing area; built here when not given (boot builds it and runs its scheduled work). */
  billing?: Billing;
  /** Receives the billing area (tests run its scheduled work and reach its service). */
  onBilling?: (billing: Billing) => void;
  /** The contact form's proof of work and limits, when not the product's (tests make them cheaper). */
  contact?: ContactOptions;
  /**
   * Where webhooks may go (docs/product-rules.md#api-webhooks). Defaults to NODE_ENV's policy
   * (local receivers allowed outside production); tests of production's policy pass it.
   */
  webhookPolicy?: WebhookUrlPolicy;
  /**
   * The blog pages' renderer from the build (server/blog/pages.ts), or null when the build has
   * none (its pages answer 503 like the static handler's). Absent: the static handler answers them.
   */
  blogBundle?: BlogBundle | null;
  /** Receives the blog area (its service: the pre-rendered pages' cache hooks its onChange). */
  onBlog?: (blog: Blog) => void;
  /** Receives the assembled accounts area (its guards for other areas, and close() for shutdown). */
  onAccounts?: (accounts: Accounts) => void;
  /** Receives the public API (its close() writes the usage it buffers, at shutdown; tests flush it). */
  onPublicApi?: (publicApi: PublicApi) => void;
  /** How often the public API writes the usage it buffers (PublicApiDeps.usageFlush; tests only). */
  usageFlush?: PublicApiDeps['usageFlush'];
}

/** What a row of `SERVER_AREAS` is given: the deps, and what several areas share, built once on first use. */
export interface ServerContext {
  readonly deps: AreaDeps;
  readonly now: () => number;
  /** What most areas are built from: configuration, database, logger, signing key, background tasks, clock, and the mail transport tests give. */
  readonly common: CommonDeps;
  /** The app the areas are mounted on (the billing sandbox's page sends its notifications through it). */
  readonly app: Hono<AppEnv>;
  /** Where webhooks may go: local receivers while developing, never in production (docs/product-rules.md#api-webhooks). */
  readonly webhookPolicy: WebhookUrlPolicy;
  media(): Media;
  dashboard(): DashboardService;
  accounts(): Accounts;
  publicApi(): PublicApi;
  blog(): Blog;
}

export interface CommonDeps extends Pick<AreaDeps, 'config' | 'database' | 'logger' | 'signingKey' | 'tasks'> {
  now: () => number;
  mailTransport?: MailTransport;
}

function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

export function createServerContext(deps: AreaDeps, app: Hono<AppEnv>): ServerContext {
  const now = deps.now ?? Date.now;
  const webhookPolicy = deps.webhookPolicy ?? { allowLocal: deps.config.nodeEnv !== 'production' };
  const media = once(() => deps.media ?? createMedia({ config: deps.config, database: deps.database, logger: deps.logger, signingKey: deps.signingKey, now }));
  const dashboard = once(() =>
    createDashboardService({ repository: createDashboardRepository(deps.database), media: media().service, sharedUrls: media().sharedUrls, now }),
  );
  const common: CommonDeps = {
    config: deps.config,
    database: deps.database,
    logger: deps.logger,
    signingKey: deps.signingKey,
    tasks: deps.tasks,
    now,
    ...(deps.mailTransport ? { mailTransport: deps.mailTransport } : {}),
  };
  const accounts = once(() => {
    const built = createAccounts({
      ...common,
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
      // A deleted account's media files go with it (its rows go by ON DELETE CASCADE).
      beforeAccountDelete: (userId) => media().area.prepareErasure(userId),
      usageStats: (user) => dashboard().stats(user),
    });
    deps.onAccounts?.(built);
    return built;
  });
  const publicApi = once(() => {
    const built = createPublicApi({
      database: deps.database,
      logger: deps.logger,
      now,
      openRouters: [v1DocumentRoutes(deps.config.publicUrl)],
      // The generation and upload routes need the job engine: without it (tests of other areas) /v1 has the account routes only.
      extraRouters: deps.generations
        ? [
            v1GenerationRoutes({ database: deps.database, generations: deps.generations.service, publicUrl: deps.config.publicUrl, webhookPolicy, now }),
            v1MediaRoutes({ upload: media().upload, publicUrl: deps.config.publicUrl }),
          ]
        : [],
      ...(deps.usageFlush ? { usageFlush: deps.usageFlush } : {}),
    });
    deps.onPublicApi?.(built);
    return built;
  });
  const blog = once(() => {
    const built = createBlog({ database: deps.database, logger: deps.logger, now, publicUrl: deps.config.publicUrl });
    deps.onBlog?.(built);
    return built;
  });
  return { deps, now, common, app, webhookPolicy, media, dashboard, accounts, publicApi, blog };
}
