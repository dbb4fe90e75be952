/**
 * How an area of the API is mounted: each area answers its routes as a list of mounts (a router
 * at its prefix, or a middleware over a prefix), and server/app.ts mounts the areas' lists in
 * order with `mountArea`. A new area exports one function answering its `Area`, and adds one row
 * to the table in app.ts.
 */
import type { Env, Hono, MiddlewareHandler } from 'hono';
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
