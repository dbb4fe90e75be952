/**
 * The HTTP application: middleware, the table of areas (each answers its routes the same way:
 * server/http/area.ts), then the fallbacks (JSON 404 for the API, the built PWA for everything
 * else). Everything it needs arrives in `deps`, so tests can
 * build it around an in-memory database and a fixture build.
 */
import { join } from 'node:path';
import { BILLING_BODY_MAX_BYTES, WEBHOOK_BODY_MAX_BYTES } from '../src/contract/billing.ts';
import { createBilling, type Billing, type BillingAreaConfig } from './billing/index.ts';
import { setUserPlan } from './billing/repository.ts';
import { createContact, type ContactConfig, type ContactOptions } from './contact/index.ts';
import { TOKENS_BODY_MAX_BYTES } from '../src/contract/tokens.ts';
import { BLOG_BODY_MAX_BYTES } from '../src/contract/blog.ts';
import { createBlog, type Blog } from './blog/index.ts';
import { blogPageRoutes, type BlogBundle } from './blog/pages.ts';
import { NEWSLETTER_BODY_MAX_BYTES } from '../src/contract/newsletter.ts';
import { createNewsletter } from './newsletter/index.ts';
import { BLOG_COMMENTS_BODY_MAX_BYTES } from '../src/contract/blog-comments.ts';
import { createBlogComments } from './blog-comments/index.ts';
import { createTokens } from './tokens/index.ts';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { requestOrigin } from './http/origin.ts';
import { adminRoutes } from './admin/routes.ts';
import { createAdminService } from './admin/service.ts';
import type { BackgroundTasks } from './auth/background.ts';
import { createAccounts, type Accounts, type AccountsConfig } from './auth/index.ts';
import type { Guards } from './auth/middleware.ts';
import type { Config } from './config.ts';
import { creditLedger } from './credits/ledger.ts';
import type { Database } from './db/connection.ts';
import { createDashboardRepository } from './dashboard/repository.ts';
import { communityRoutes } from './dashboard/routes.ts';
import { createDashboardService } from './dashboard/service.ts';
import { devToolsRoutes, type DevToolsDeps } from './dev-tools/routes.ts';
import { createHealthRepository } from './health/repository.ts';
import { healthRoutes } from './health/routes.ts';
import { createHealthService } from './health/service.ts';
import { guard, mountAt, mountArea, type Area } from './http/area.ts';
import { PROFILE_PICTURE_MAX_BYTES } from '../src/contract/profile-picture.ts';
import { bodyLimit, ROUTE_ENFORCED, type BodyLimit } from './http/body-limit.ts';
import { handleError, jsonNotFound } from './http/errors.ts';
import { jsonContentLength } from './http/json-length.ts';
import { requestLog } from './http/request-log.ts';
import { buildCsp, securityHeaders } from './http/security-headers.ts';
import type { AppEnv } from './http/types.ts';
import type { Logger } from './logger.ts';
import { OUTBOX_DIR, type MailTransport } from './mail/transport.ts';
import type { Generations } from './generations/index.ts';
import { createMedia, type Media, type MediaConfig } from './media/index.ts';
import { MAX_UPLOAD_BODY_BYTES } from './media/policy.ts';
import type { StaticBuild } from './static/build.ts';
import { createStaticHandler } from './static/serve.ts';
import { shareTargetFallback } from './static/share-target.ts';
import { SHARE_TARGET_PATH } from '../src/contract/share-target.ts';
import { createUsersRepository } from './auth/users-repository.ts';
import { V1_JSON_BODY_MAX_BYTES } from '../src/contract/public-api.ts';
import { v1DocumentRoutes } from './public-api/document-routes.ts';
import { v1GenerationRoutes } from './public-api/generation-routes.ts';
import { createPublicApi, type PublicApi, type PublicApiDeps } from './public-api/index.ts';
import { v1MediaRoutes } from './public-api/media-routes.ts';
import type { WebhookUrlPolicy } from './tokens/webhook-url.ts';

export interface AppDeps {
  config: Pick<Config, 'corsOrigins' | 'trustProxy' | 'nodeEnv' | 'publicUrlSet' | 'host' | 'port'> & AccountsConfig & MediaConfig & BillingAreaConfig & ContactConfig;
  logger: Logger;
  database: Database;
  queue: { ready(): Promise<boolean> };
  /** The indexed PWA build, or null when STATIC_DIR holds none. */
  staticBuild: StaticBuild | null;
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
  /**
   * Extra routes mounted after the areas' routers and before the fallbacks. For tests only
   * (e.g. a deliberately slow or failing route); production never sets it.
   */
  extraRoutes?: (app: Hono<AppEnv>) => void;
}

/** JSON answers smaller than this are sent uncompressed, in bytes (compression would not pay). */
const COMPRESS_THRESHOLD_BYTES = 1_024;
/** How long a browser may cache a CORS preflight answer, in seconds. */
const CORS_MAX_AGE_SECONDS = 600;

/**
 * Paths of the JSON API: `/api/*` and the auth endpoints under `/auth` (docs/product-rules.md#auth-api).
 * (In Hono, `/x/*` also matches `/x` itself.)
 */
const API_PATHS = ['/api/*', '/auth/*'] as const;
/** The public API (docs/product-rules.md#public-api), called with API tokens. */
const V1_PATHS = ['/v1/*'] as const;

/**
 * Largest JSON request body, in bytes. The largest legitimate one is a generation request (a
 * 2,000-character prompt, style hints and up to 10 asset ids: under 10 KiB even in 3-byte UTF-8)
 * or a Firebase sign-in (an ID token of about 1 KiB); 64 KiB leaves room for any client's
 * formatting while keeping what a body can cost small.
 */
export const JSON_BODY_MAX_BYTES = 64 * 1024;

/** A post's comment thread (the rest of /api/blog has no request bodies). */
const BLOG_COMMENTS_PATH = /^\/api\/blog\/posts\/[^/]+\/comments\/?$/;

/**
 * Each route's body limit. Every route gets the JSON limit except:
 * - `POST /api/media` and `POST /v1/media`, which stream the upload to disk under the upload limit
 *   (MAX_UPLOAD_BODY_BYTES, server/media/routes.ts and upload.ts) and answer their own coded 413;
 * - the rest of `/v1`, which has its own JSON limit (V1_JSON_BODY_MAX_BYTES);
 * - the fal webhook (`/api/engines/fal/*`), which takes up to 1 MiB (server/engines/fal/webhook.ts);
 * - the share target's fallback, which never reads its body (photos of a share): declared bodies
 *   up to the upload limit pass, larger ones are refused;
 * - billing: its requests are small (BILLING_BODY_MAX_BYTES), the providers' notifications larger
 *   (WEBHOOK_BODY_MAX_BYTES);
 * - the token management API, whose bodies are a few short fields (TOKENS_BODY_MAX_BYTES);
 * - the blog's read API, whose GETs have no body (BLOG_BODY_MAX_BYTES).
 * - the newsletter: an address and a locale, or no body at all (NEWSLETTER_BODY_MAX_BYTES);
 * - blog comments and their moderation: a comment of at most 2,000 characters (BLOG_COMMENTS_BODY_MAX_BYTES).
 * - `POST /api/profile-picture`, a photo's bytes (PROFILE_PICTURE_MAX_BYTES);
 * - `POST /api/contact`, which streams the form and its files under CONTACT_BODY_MAX_BYTES
 *   (server/contact/routes.ts) and answers its own coded 413.
 *
 * Takes a request's path, or a route's pattern (`/api/blog/posts/:postId/comments`): the tests
 * hold every route to the limit this says.
 */
export function routeBodyLimit(method: string, path: string): BodyLimit {
  if (method === 'POST' && /^\/(?:api|v1)\/media\/?$/.test(path)) return ROUTE_ENFORCED;
  if (method === 'POST' && /^\/api\/contact\/?$/.test(path)) return ROUTE_ENFORCED;
  if (method === 'POST' && /^\/api\/profile-picture\/?$/.test(path)) return PROFILE_PICTURE_MAX_BYTES;
  if (path === '/v1' || path.startsWith('/v1/')) return V1_JSON_BODY_MAX_BYTES;
  if (path.startsWith('/api/engines/fal/')) return ROUTE_ENFORCED;
  if (method === 'POST' && path === SHARE_TARGET_PATH) return MAX_UPLOAD_BODY_BYTES;
  if (path.startsWith('/api/billing/webhooks/')) return WEBHOOK_BODY_MAX_BYTES;
  if (path.startsWith('/api/billing/') || path.startsWith('/billing/')) return BILLING_BODY_MAX_BYTES;
  if (path === '/api/tokens' || path.startsWith('/api/tokens/')) return TOKENS_BODY_MAX_BYTES;
  if (path.startsWith('/api/newsletter/') || path.startsWith('/newsletter/')) return NEWSLETTER_BODY_MAX_BYTES;
  if (BLOG_COMMENTS_PATH.test(path) || path.startsWith('/api/admin/blog/')) return BLOG_COMMENTS_BODY_MAX_BYTES;
  if (path === '/api/blog' || path.startsWith('/api/blog/')) return BLOG_BODY_MAX_BYTES;
  return JSON_BODY_MAX_BYTES;
}

const bodyLimitFor = (c: Context<AppEnv>): BodyLimit => routeBodyLimit(c.req.method, c.req.path);

/**
 * `/api/dev-tools` (server/dev-tools/routes.ts): the outbox is readable (from this machine only)
 * whenever mails go there, so a newcomer on the defaults reads their verification code on
 * /dev-tools without DEV_TOOLS; the credit grants and engine delays only with DEV_TOOLS.
 */
function devToolsArea(deps: AppDeps): Area {
  if (!deps.config.devTools && deps.config.smtpUrl !== null) return [];
  const devTools: DevToolsDeps = {
    outboxDir: join(deps.config.dataDir, OUTBOX_DIR),
    tools: deps.config.devTools,
    users: createUsersRepository(deps.database),
    credits: creditLedger(deps.database.kysely),
    setPlan: (userId, plan) => setUserPlan(deps.database.kysely, userId, plan),
    now: deps.now ?? Date.now,
  };
  if (deps.generations) devTools.engineDelays = deps.generations.engineDelays;
  return [mountAt('/api/dev-tools', devToolsRoutes(devTools))];
}

/** `/api/admin` (server/admin/routes.ts), for admins only. */
function adminArea(guards: Guards, database: Database, now: () => number): Area {
  return [
    // One guard on the whole prefix: unknown admin paths are refused before they are "not found".
    guard('/api/admin', guards.requireAdmin),
    mountAt('/api/admin', adminRoutes(createAdminService({ users: createUsersRepository(database), now }))),
  ];
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const firebase = deps.config.firebase;
  const csp = buildCsp(
    deps.staticBuild?.scriptHashes ?? [],
    deps.staticBuild?.apiOrigin ?? null,
    firebase ? { authDomain: firebase.authDomain, emulatorUrl: firebase.emulatorHost ? `http://${firebase.emulatorHost}` : null } : null,
  );

  app.use(requestId());
  app.use(requestLog(deps.logger, { trustProxy: deps.config.trustProxy }));
  app.use(securityHeaders(csp, { allowPopups: firebase !== null, https: { publicUrl: deps.config.publicUrl, trustProxy: deps.config.trustProxy } }));
  app.use(bodyLimit(bodyLimitFor));
  app.use(requestOrigin({ publicUrl: deps.config.publicUrl, publicUrlSet: deps.config.publicUrlSet, host: deps.config.host, port: deps.config.port }));
  if (deps.config.corsOrigins.length > 0) {
    const apiCors = cors({
      origin: [...deps.config.corsOrigins],
      // Calls carry a bearer token, never cookies.
      credentials: false,
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Cache-Control', 'Pragma', 'X-Request-Id'],
      exposeHeaders: ['X-Request-Id'],
      maxAge: CORS_MAX_AGE_SECONDS,
    });
    for (const path of API_PATHS) app.use(path, apiCors);
  }
  // /v1 is called from integrators' own sites and tools, whatever their origin. Any origin is
  // safe here: /v1 authenticates only with a bearer token the calling script must already hold,
  // never with cookies or anything else a browser attaches by itself (credentials: false), so
  // a foreign page gains nothing from the browser that it could not do without one.
  const v1Cors = cors({
    origin: '*',
    credentials: false,
    allowMethods: ['GET', 'HEAD', 'POST'],
    allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposeHeaders: ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id', 'Location'],
    maxAge: CORS_MAX_AGE_SECONDS,
  });
  for (const path of V1_PATHS) app.use(path, v1Cors);
  for (const path of [...API_PATHS, ...V1_PATHS]) {
    app.use(path, compress({ threshold: COMPRESS_THRESHOLD_BYTES }));
    // Inside compress, so it knows a JSON body's size and leaves small ones alone.
    app.use(path, jsonContentLength());
  }
  // The one error handler of every area (coded errors carry their `code`: server/http/errors.ts).
  app.onError(handleError);

  const now = deps.now ?? Date.now;
  const health = createHealthService({
    repository: createHealthRepository(deps.database),
    driver: deps.database.driver,
    queue: deps.queue,
    version: deps.version,
    startedAt: deps.startedAt ?? Date.now(),
    logger: deps.logger,
  });
  const media = deps.media ?? createMedia({ config: deps.config, database: deps.database, logger: deps.logger, signingKey: deps.signingKey, now });
  const dashboard = createDashboardService({ repository: createDashboardRepository(deps.database), media: media.service, sharedUrls: media.sharedUrls, now });
  const accounts = createAccounts({
    config: deps.config,
    database: deps.database,
    logger: deps.logger,
    signingKey: deps.signingKey,
    tasks: deps.tasks,
    now,
    ...(deps.mailTransport ? { mailTransport: deps.mailTransport } : {}),
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
    // A deleted account's media files go with it (its rows go by ON DELETE CASCADE).
    beforeAccountDelete: (userId) => media.area.prepareErasure(userId),
    usageStats: (user) => dashboard.stats(user),
  });
  deps.onAccounts?.(accounts);
  const billing =
    deps.billing ??
    createBilling({ config: deps.config, database: deps.database, logger: deps.logger, signingKey: deps.signingKey, now: () => new Date(now()), ...(deps.mailTransport ? { mailTransport: deps.mailTransport } : {}) });
  deps.onBilling?.(billing);
  // Webhooks may go to this machine while developing, never in production (docs/product-rules.md#api-webhooks).
  const webhookPolicy = deps.webhookPolicy ?? { allowLocal: deps.config.nodeEnv !== 'production' };
  const publicApi = createPublicApi({
    database: deps.database,
    logger: deps.logger,
    now,
    openRouters: [v1DocumentRoutes(deps.config.publicUrl)],
    // The generation and upload routes need the job engine: without it (tests of other areas) /v1 has the account routes only.
    extraRouters: deps.generations
      ? [
          v1GenerationRoutes({ database: deps.database, generations: deps.generations.service, publicUrl: deps.config.publicUrl, webhookPolicy, now }),
          v1MediaRoutes({ upload: media.upload, publicUrl: deps.config.publicUrl }),
        ]
      : [],
    ...(deps.usageFlush ? { usageFlush: deps.usageFlush } : {}),
  });
  deps.onPublicApi?.(publicApi);
  const tokens = createTokens({ database: deps.database, logger: deps.logger, now, webhookPolicy, flushUsage: publicApi.flushUsage });
  const blog = createBlog({ database: deps.database, logger: deps.logger, now, publicUrl: deps.config.publicUrl });
  deps.onBlog?.(blog);
  const newsletter = createNewsletter({
    config: deps.config,
    database: deps.database,
    logger: deps.logger,
    signingKey: deps.signingKey,
    tasks: deps.tasks,
    now,
    ...(deps.mailTransport ? { mailTransport: deps.mailTransport } : {}),
  });
  const contact = createContact({
    config: deps.config,
    database: deps.database,
    logger: deps.logger,
    signingKey: deps.signingKey,
    storage: media.storage,
    tasks: deps.tasks,
    now,
    ...deps.contact,
    ...(deps.mailTransport ? { mailTransport: deps.mailTransport } : {}),
  });

  // The areas, in the order their routes are matched (server/http/area.ts).
  const areas: Area[] = [
    [mountAt('/api/health', healthRoutes(health))],
    accounts.routes(),
    adminArea(accounts.guards, deps.database, now),
    // Community feed links work only while their job is shared.
    media.routes(accounts.guards, dashboard.isShared),
    deps.generations?.routes(accounts.guards) ?? [],
    [mountAt('/api/community', communityRoutes({ service: dashboard }))],
    // The sandbox's page sends its notifications through the app itself, as a provider would over the network.
    billing.routes(accounts.guards, (request) => Promise.resolve(app.fetch(request))),
    tokens.routes(accounts.guards),
    newsletter.routes(),
    // After adminArea: its guard on /api/admin covers the moderation routes.
    createBlogComments({ database: deps.database, logger: deps.logger, now }).routes(accounts.guards),
    contact.routes(),
    devToolsArea(deps),
    // The blog's API, its feeds and the site's sitemap, robots.txt and llms.txt (before the static build's files).
    blog.routes(),
    // The blog's pages, rendered from the database (after the feeds, whose paths are under /blog too).
    deps.blogBundle === undefined
      ? []
      : [mountAt('/', blogPageRoutes({ service: blog.service, bundle: deps.blogBundle, publicUrl: deps.config.publicUrl, logger: deps.logger, now }).app)],
    publicApi.routes(),
  ];
  for (const area of areas) mountArea(app, area);

  deps.extraRoutes?.(app);

  app.all('/api/*', jsonNotFound);
  app.on(['GET', 'HEAD'], '*', createStaticHandler(deps.staticBuild));
  app.post(SHARE_TARGET_PATH, shareTargetFallback);
  // Any other method on a non-API path (POST /about, …).
  app.notFound(jsonNotFound);
  return app;
}
