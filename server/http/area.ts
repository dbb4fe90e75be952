/**
 * How an area of the API is mounted: each area answers its routes as a list of mounts (a router
 * at its prefix, or a middleware over a prefix), and server/app.ts mounts the areas' lists in
 * order with `mountArea`. Each area is one row of server/areas.ts (an `AreaDefinition`: its mounts,
 * body limits and rate-limit rules; its background jobs in the same file's list of jobs), and
 * server/app.ts and server/boot.ts take those lists without naming an area.
 */
import type { Env, Hono, MiddlewareHandler } from 'hono';
import type { RateLimitRule } from '../platform/rate-limit.ts';
import type { BodyLimit } from './body-limit.ts';
import type { AppEnv } from './types.ts';

/** One piece of an area: attaches itself to the app. */
export interface Mount {
  /** The path prefix it answers under. */
  readonly prefix: string;
  attach(app: Hono<AppEnv>): void;
}

/** An area's mounts, in the order they are attached. */
export type Area = readonly Mount[];

/** `router` answers under `prefix`. */
export function mountAt<E extends Env>(prefix: string, router: Hono<E>): Mount {
  return { prefix, attach: (app) => void app.route(prefix, router) };
}

/** `middleware` runs for `prefix` and every path under it, known or not (e.g. a guard that refuses unknown admin paths before they are "not found"). */
export function guard<E extends Env>(prefix: string, middleware: MiddlewareHandler<E>): Mount {
  return { prefix, attach: (app) => void app.use(`${prefix}/*`, middleware as unknown as MiddlewareHandler<AppEnv>) };
}

export function mountArea(app: Hono<AppEnv>, area: Area): void {
  for (const mount of area) mount.attach(app);
}

/**
 * A body limit an area declares for some of its requests (server/http/body-limit.ts). The areas'
 * rules are read in the order of the areas, each area's in its own order; the first that matches
 * a request gives its limit, and a request none matches gets the JSON limit.
 */
export interface BodyLimitRule {
  /** Only requests of this method (any when absent). */
  readonly method?: string;
  /** Whether a request's path, or a route's pattern (`/api/blog/posts/:postId/comments`), is the rule's. */
  matches(path: string): boolean;
  readonly limit: BodyLimit;
}

/** The path is `prefix` or under it (`/api/tokens`, `/api/tokens/…`). */
export const underPrefix =
  (prefix: string) =>
  (path: string): boolean =>
    path === prefix || path.startsWith(`${prefix}/`);

/** The body limit of a request: the first of `rules` that matches it, else `fallback`. */
export function bodyLimitOf(rules: readonly BodyLimitRule[], fallback: BodyLimit): (method: string, path: string) => BodyLimit {
  return (method, path) => rules.find((rule) => (rule.method === undefined || rule.method === method) && rule.matches(path))?.limit ?? fallback;
}

/** Work an area runs beside the requests (queue workers, a relay): started at boot, stopped at shutdown. */
export interface BackgroundJob {
  /** Says in the logs which job failed to start. */
  readonly name: string;
  start(): Promise<void>;
  /** Stops by `deadline` (ms since the epoch); work still running then is left to the queue. */
  stop(deadline: number): Promise<void>;
}

/**
 * An area as the server assembles it (one row of server/areas.ts): its mounts, given what the
 * areas share (`Context`), the body limits of its requests, and the rate-limit rules it counts
 * under (their buckets share one table: no two areas may use the same bucket).
 */
export interface AreaDefinition<Context> {
  readonly name: string;
  mounts(context: Context): Area;
  readonly bodyLimits?: readonly BodyLimitRule[];
  readonly rateLimits?: readonly RateLimitRule[];
}
