/**
 * The HTTP application: middleware, the areas of server/areas.ts in their order (each answers
 * its routes the same way: server/http/area.ts), then the fallbacks (JSON 404 for the API, the
 * built PWA for everything else). Everything it needs arrives in `deps`, so tests can build it
 * around an in-memory database and a fixture build.
 */
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { SHARE_TARGET_PATH } from '../src/contract/share-target.ts';
import { createServerContext, type AreaDeps } from './area-context.ts';
import { SERVER_AREAS } from './areas.ts';
import { bodyLimitOf, mountArea } from './http/area.ts';
import { bodyLimit, type BodyLimit } from './http/body-limit.ts';
import { handleError, jsonNotFound } from './http/errors.ts';
import { jsonContentLength } from './http/json-length.ts';
import { requestOrigin } from './http/origin.ts';
import { requestLog } from './http/request-log.ts';
import { buildCsp, securityHeaders } from './http/security-headers.ts';
import type { AppEnv } from './http/types.ts';
import type { StaticBuild } from './static/build.ts';
import { createStaticHandler } from './static/serve.ts';
import { shareTargetFallback } from './static/share-target.ts';

export interface AppDeps extends AreaDeps {
  /** The indexed PWA build, or null when STATIC_DIR holds none. */
  staticBuild: StaticBuild | null;
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

/**
 * Each route's body limit: the first of the areas' rules (server/areas.ts) that matches, else the
 * JSON limit. Takes a request's path, or a route's pattern (`/api/blog/posts/:postId/comments`):
 * the tests hold every route to the limit this says.
 */
export const routeBodyLimit: (method: string, path: string) => BodyLimit = bodyLimitOf(
  SERVER_AREAS.flatMap((area) => area.bodyLimits ?? []),
  JSON_BODY_MAX_BYTES,
);

const bodyLimitFor = (c: Context<AppEnv>): BodyLimit => routeBodyLimit(c.req.method, c.req.path);

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

  // The areas, in the order their routes are matched (server/areas.ts).
  const context = createServerContext(deps, app);
  for (const area of SERVER_AREAS) mountArea(app, area.mounts(context));

  deps.extraRoutes?.(app);

  app.all('/api/*', jsonNotFound);
  app.on(['GET', 'HEAD'], '*', createStaticHandler(deps.staticBuild));
  app.post(SHARE_TARGET_PATH, shareTargetFallback);
  // Any other method on a non-API path (POST /about, …).
  app.notFound(jsonNotFound);
  return app;
}
