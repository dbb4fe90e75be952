/**
 * The server's areas, declared once. server/app.ts mounts `SERVER_AREAS` in order and takes its
 * body limits from them; server/boot.ts starts the areas' background jobs (`startCoreAreas`) and
 * loads what the web server needs first (`prepareServerAreas`). Neither names an area: a new area
 * is one row here (server/http/area.ts says what a row holds), plus its jobs when it has some.
 *
 * The rows are in the order their routes are matched: guards before the routers they cover.
 * What several areas use (media, the accounts' guards, the dashboard, the public API's usage)
 * is built once, on first use, by the context the rows receive (server/area-context.ts).
 */
import { join } from 'node:path';
import type { EngineName } from '../src/contract/expected-durations.ts';
import { BILLING_BODY_MAX_BYTES, WEBHOOK_BODY_MAX_BYTES } from '../src/contract/billing.schema.ts';
import { BLOG_COMMENTS_BODY_MAX_BYTES } from '../src/contract/blog-comments.schema.ts';
import { HAIR_MASK_BODY_MAX_BYTES, HAIR_MASK_PATH } from '../src/contract/hair-mask.ts';
import { BLOG_BODY_MAX_BYTES } from '../src/contract/blog.ts';
import { NEWSLETTER_BODY_MAX_BYTES } from '../src/contract/newsletter.ts';
import { PROFILE_PICTURE_MAX_BYTES } from '../src/contract/profile-picture.schema.ts';
import { V1_JSON_BODY_MAX_BYTES } from '../src/contract/public-api.ts';
import { SHARE_TARGET_PATH } from '../src/contract/share-target.ts';
import { TOKENS_BODY_MAX_BYTES } from '../src/contract/tokens.ts';
import { adminRoutes } from './admin/routes.ts';
import { createAdminService } from './admin/service.ts';
import { AUTH_RATE_LIMITS } from './auth/rate-limit.ts';
import { createAuthRepository } from './auth/repository.ts';
import { createUsersRepository } from './auth/users-repository.ts';
import { createBilling, type Billing } from './billing/index.ts';
import { setUserPlan } from './billing/repository.ts';
import { createBlogComments } from './blog-comments/index.ts';
import { COMMENTS_PER_USER, COMMENTS_PER_USER_DAILY } from './blog-comments/service.ts';
import { loadBlogContent } from './blog/index.ts';
import { blogPageRoutes } from './blog/pages.ts';
import type { Config } from './config.ts';
import { createContact } from './contact/index.ts';
import { CONTACT_LIMITS } from './contact/service.ts';
import { creditLedger } from './credits/ledger.ts';
import { communityRoutes } from './dashboard/routes.ts';
import type { Database } from './db/connection.ts';
import type { Notifications } from './db/notifications.ts';
import { devToolsRoutes, type DevToolsDeps } from './dev-tools/routes.ts';
import type { ServerContext } from './area-context.ts';
import { createEngineRegistry } from './engines/index.ts';
import type { Engine } from './engines/types.ts';
import { createGenerations, type Generations, type GenerationsTuning } from './generations/index.ts';
import { createHealthRepository } from './health/repository.ts';
import { healthRoutes } from './health/routes.ts';
import { createHealthService } from './health/service.ts';
import { guard, mountAt, underPrefix, type AreaDefinition, type BackgroundJob } from './http/area.ts';
import { ROUTE_ENFORCED } from './http/body-limit.ts';
import type { Logger } from './logger.ts';
import { OUTBOX_DIR } from './mail/transport.ts';
import { hairMaskRoutes, HAIR_MASK_LIMIT, tooManyProposals } from './hairstyle/routes.ts';
import { createMedia, TEMP_DIR, type Media } from './media/index.ts';
import { createRateLimiter } from './platform/rate-limit.ts';
import { MAX_UPLOAD_BODY_BYTES } from './media/policy.ts';
import { UPLOAD_LIMITS } from './media/quota.ts';
import { createNewsletter } from './newsletter/index.ts';
import { CONFIRM_MAILS_PER_EMAIL, SIGNUPS_PER_ADDRESS } from './newsletter/service.ts';
import { v1Generation } from './public-api/generations-service.ts';
import { createWebhooks, type Webhooks } from './public-api/webhooks/index.ts';
import type { Queue } from './queue/index.ts';
import { createTokens } from './tokens/index.ts';

/** A post's comment thread (the rest of /api/blog has no request bodies). */
const BLOG_COMMENTS_PATH = /^\/api\/blog\/posts\/[^/]+\/comments\/?$/;

/**
 * The web server's areas, in the order their routes are matched (server/http/area.ts). Every
 * request gets the JSON body limit (JSON_BODY_MAX_BYTES, server/app.ts) except those a row's
 * `bodyLimits` name; a route whose handler streams its body under its own limit (and answers its
 * own coded 413) is ROUTE_ENFORCED.
 */
export const SERVER_AREAS: readonly AreaDefinition<ServerContext>[] = [
  {
    name: 'health',
    mounts: ({ deps }) => {
      const health = createHealthService({
        repository: createHealthRepository(deps.database),
        driver: deps.database.driver,
        queue: deps.queue,
        version: deps.version,
        startedAt: deps.startedAt ?? Date.now(),
        logger: deps.logger,
      });
      return [mountAt('/api/health', healthRoutes(health))];
    },
  },
  { name: 'accounts', mounts: (context) => context.accounts().routes(), rateLimits: AUTH_RATE_LIMITS },
  {
    // `/api/admin` (server/admin/routes.ts), for admins only.
    name: 'admin',
    mounts: ({ deps, now, accounts }) => [
      // One guard on the whole prefix: unknown admin paths are refused before they are "not found".
      guard('/api/admin', accounts().guards.requireAdmin),
      mountAt('/api/admin', adminRoutes(createAdminService({ users: createUsersRepository(deps.database), now }))),
    ],
  },
  {
    name: 'media',
    // Community feed links work only while their job is shared.
    mounts: ({ media, accounts, dashboard }) => media().routes(accounts().guards, dashboard().isShared),
    bodyLimits: [
      // POST /api/media and POST /v1/media stream the upload to disk under MAX_UPLOAD_BODY_BYTES
      // (server/media/routes.ts and upload.ts). Before the public API's row: /v1/media is under /v1.
      { method: 'POST', matches: (path) => /^\/(?:api|v1)\/media\/?$/.test(path), limit: ROUTE_ENFORCED },
      // A photo's bytes.
      { method: 'POST', matches: (path) => /^\/api\/profile-picture\/?$/.test(path), limit: PROFILE_PICTURE_MAX_BYTES },
      // The share target's fallback (server/static/share-target.ts, mounted by server/app.ts) never
      // reads its body (photos of a share): declared bodies up to the upload limit pass, larger ones are refused.
      { method: 'POST', matches: (path) => path === SHARE_TARGET_PATH, limit: MAX_UPLOAD_BODY_BYTES },
    ],
    rateLimits: Object.values(UPLOAD_LIMITS),
  },
  {
    name: 'generations',
    mounts: ({ deps, accounts }) => deps.generations?.routes(accounts().guards) ?? [],
    // The fal webhook takes up to 1 MiB (server/engines/fal/webhook.ts).
    bodyLimits: [{ matches: (path) => path.startsWith('/api/engines/fal/'), limit: ROUTE_ENFORCED }],
  },
  {
    // The proposed hair mask of the hairstyle studio (server/hairstyle/routes.ts): free, limited per account and hour.
    name: 'hairstyle',
    mounts: ({ deps, now, media, accounts }) => [
      mountAt(
        HAIR_MASK_PATH,
        hairMaskRoutes({
          service: media().area,
          guards: accounts().guards,
          limiter: createRateLimiter({ repository: createAuthRepository(deps.database), now, refuse: tooManyProposals }),
          tempDir: join(deps.config.dataDir, TEMP_DIR),
          logger: deps.logger,
        }),
      ),
    ],
    // One asset id.
    bodyLimits: [{ method: 'POST', matches: (path) => path === HAIR_MASK_PATH || path === `${HAIR_MASK_PATH}/`, limit: HAIR_MASK_BODY_MAX_BYTES }],
    rateLimits: [HAIR_MASK_LIMIT],
  },
  { name: 'community', mounts: ({ dashboard }) => [mountAt('/api/community', communityRoutes({ service: dashboard() }))] },
  {
    name: 'billing',
    mounts: ({ deps, now, app, accounts }) => {
      const billing =
        deps.billing ??
        createBilling({
          config: deps.config,
          database: deps.database,
          logger: deps.logger,
          signingKey: deps.signingKey,
          now: () => new Date(now()),
          ...(deps.mailTransport ? { mailTransport: deps.mailTransport } : {}),
        });
      deps.onBilling?.(billing);
      // The sandbox's page sends its notifications through the app itself, as a provider would over the network.
      return billing.routes(accounts().guards, (request) => Promise.resolve(app.fetch(request)));
    },
    // Its requests are small, the providers' notifications larger.
    bodyLimits: [
      { matches: (path) => path.startsWith('/api/billing/webhooks/'), limit: WEBHOOK_BODY_MAX_BYTES },
      { matches: (path) => path.startsWith('/api/billing/') || path.startsWith('/billing/'), limit: BILLING_BODY_MAX_BYTES },
    ],
  },
  {
    name: 'tokens',
    mounts: ({ deps, now, webhookPolicy, accounts, publicApi }) =>
      createTokens({ database: deps.database, logger: deps.logger, now, webhookPolicy, flushUsage: publicApi().flushUsage }).routes(accounts().guards),
    // A few short fields.
    bodyLimits: [{ matches: underPrefix('/api/tokens'), limit: TOKENS_BODY_MAX_BYTES }],
  },
  {
    name: 'newsletter',
    mounts: ({ common }) => createNewsletter(common).routes(),
    // An address and a locale, or no body at all.
    bodyLimits: [{ matches: (path) => path.startsWith('/api/newsletter/') || path.startsWith('/newsletter/'), limit: NEWSLETTER_BODY_MAX_BYTES }],
    rateLimits: [CONFIRM_MAILS_PER_EMAIL, SIGNUPS_PER_ADDRESS],
  },
  {
    // After the admin row: its guard on /api/admin covers the moderation routes.
    name: 'blog-comments',
    mounts: ({ deps, now, accounts }) => createBlogComments({ database: deps.database, logger: deps.logger, now }).routes(accounts().guards),
    // A comment of at most 2,000 characters, and its moderation. Before the blog's row: the threads are under /api/blog.
    bodyLimits: [{ matches: (path) => BLOG_COMMENTS_PATH.test(path) || path.startsWith('/api/admin/blog/'), limit: BLOG_COMMENTS_BODY_MAX_BYTES }],
    rateLimits: [COMMENTS_PER_USER, COMMENTS_PER_USER_DAILY],
  },
  {
    name: 'contact',
    // The contact form's options are the tests' (cheaper proof of work and limits).
    mounts: ({ deps, common, media }) => createContact({ ...common, storage: media().storage, ...deps.contact }).routes(),
    // Streams the form and its files under CONTACT_BODY_MAX_BYTES (server/contact/routes.ts).
    bodyLimits: [{ method: 'POST', matches: (path) => /^\/api\/contact\/?$/.test(path), limit: ROUTE_ENFORCED }],
    rateLimits: Object.values(CONTACT_LIMITS),
  },
  {
    /**
     * `/api/dev-tools` (server/dev-tools/routes.ts): the outbox is readable (from this machine only)
     * whenever mails go there, so a newcomer on the defaults reads their verification code on
     * /dev-tools without DEV_TOOLS; the credit grants and engine delays only with DEV_TOOLS.
     */
    name: 'dev-tools',
    mounts: ({ deps, now }) => {
      if (!deps.config.devTools && deps.config.smtpUrl !== null) return [];
      const devTools: DevToolsDeps = {
        outboxDir: join(deps.config.dataDir, OUTBOX_DIR),
        tools: deps.config.devTools,
        users: createUsersRepository(deps.database),
        credits: creditLedger(deps.database.kysely),
        setPlan: (userId, plan) => setUserPlan(deps.database.kysely, userId, plan),
        now,
      };
      if (deps.generations) devTools.engineDelays = deps.generations.engineDelays;
      return [mountAt('/api/dev-tools', devToolsRoutes(devTools))];
    },
  },
  {
    // The blog's API, its feeds and the site's sitemap, robots.txt and llms.txt (before the static build's files).
    name: 'blog',
    mounts: ({ blog }) => blog().routes(),
    // Its GETs have no body.
    bodyLimits: [{ matches: underPrefix('/api/blog'), limit: BLOG_BODY_MAX_BYTES }],
  },
  {
    // The blog's pages, rendered from the database (after the feeds, whose paths are under /blog too).
    name: 'blog-pages',
    mounts: ({ deps, now, blog }) =>
      deps.blogBundle === undefined
        ? []
        : [mountAt('/', blogPageRoutes({ service: blog().service, bundle: deps.blogBundle, publicUrl: deps.config.publicUrl, logger: deps.logger, now }).app)],
  },
  {
    name: 'public-api',
    mounts: ({ publicApi }) => publicApi().routes(),
    // Its own JSON limit.
    bodyLimits: [{ matches: underPrefix('/v1'), limit: V1_JSON_BODY_MAX_BYTES }],
  },
];

/** Options of the areas boot starts (tests only). */
export interface CoreAreaOptions {
  /** Test-only engines in place of the real ones (see EngineRegistryOptions.overrides). */
  engines?: Partial<Record<EngineName, Engine>>;
  /** Test-only limits of the generations area (see GenerationsTuning). */
  generationsTuning?: GenerationsTuning;
}

/** What the areas boot starts are built from. */
export interface CoreContext {
  readonly role: 'server' | 'worker';
  readonly config: Config;
  readonly logger: Logger;
  readonly signingKey: string;
  readonly database: Database;
  readonly notifications: Notifications | null;
  readonly queue: Queue;
  readonly options: CoreAreaOptions;
}

/** The areas both processes run work for, which the web server then mounts. */
export interface CoreAreas {
  readonly media: Media;
  readonly generations: Generations;
  /** Plans, credits and payments; its scheduled work runs on this process's workers. */
  readonly billing: Billing;
  /** The public API's webhook deliveries (relay and worker; docs/product-rules.md#api-webhooks). */
  readonly webhooks: Webhooks;
}

/**
 * Builds the areas with background work and answers their jobs, in the order boot starts them
 * (and stops them): generations (workers and recovery), billing's scheduled work (stopped with the
 * queue), the webhooks' relay and deliveries.
 */
export function coreAreas(context: CoreContext): { areas: CoreAreas; jobs: readonly BackgroundJob[] } {
  const { role, config, logger, database, notifications, queue, signingKey, options } = context;
  const media = createMedia({ config, database, logger, signingKey });
  const engines = createEngineRegistry(options.engines ? { config, logger, overrides: options.engines } : { config, logger });
  const generationsDeps: Parameters<typeof createGenerations>[0] = {
    database,
    notifications,
    queue,
    media: media.service,
    engines,
    logger,
    dataDir: config.dataDir,
  };
  const generations = createGenerations(options.generationsTuning ? { ...generationsDeps, tuning: options.generationsTuning } : generationsDeps);
  const billing = createBilling({ config, database, logger, signingKey });
  const webhooks = createWebhooks({
    database,
    queue,
    logger,
    policy: { allowLocal: config.nodeEnv !== 'production' },
    // The job as GET /v1/generations/{id} answers it; null once it was deleted. The plan plays no part in a read.
    view: (userId, generationId) =>
      generations.service.get({ id: userId, plan: 'free' }, generationId).then(
        (generation) => v1Generation(generation, config.publicUrl),
        () => null,
      ),
  });
  const jobs: BackgroundJob[] = [
    {
      name: 'generations',
      start: async () => {
        await generations.start();
        logger.info({ workers: config.workers, engines: config.engines }, role === 'worker' ? 'worker ready' : 'generations started');
      },
      // Running generations get what is left until the deadline; the rest go back to the queue.
      stop: async (deadline) => {
        logger.info('stopping generations');
        await generations.stop(Math.max(deadline - Date.now(), 0));
        logger.info('generations stopped');
      },
    },
    // Its jobs are the queue's: they stop with it.
    { name: 'billing', start: () => billing.startJobs(queue), stop: () => Promise.resolve() },
    { name: 'webhooks', start: () => webhooks.start(), stop: () => webhooks.stop() },
  ];
  return { areas: { media, generations, billing, webhooks }, jobs };
}

/** What the web server loads before its queue starts: the blog's content files (idempotent; admins' edits are kept). */
export async function prepareServerAreas(context: Pick<CoreContext, 'config' | 'logger' | 'database'>): Promise<void> {
  await loadBlogContent({ database: context.database, logger: context.logger, now: Date.now, publicUrl: context.config.publicUrl });
}
