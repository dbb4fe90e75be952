/** The Hono environment every router of the server shares. */
import type { HttpBindings } from '@hono/node-server';

export interface AppVariables {
  /** Set by the request-id middleware on every request. */
  requestId: string;
  /**
   * The unexpected error behind a 5xx answer (or the database's refusal behind a 400), kept so
   * the request log line can carry it.
   */
  error?: Error;
  /**
   * Tells the origin a request reached this server at, for links handed back to the person (set
   * by the app's origin middleware; read it with `originOf(c)`, ./origin.ts).
   */
  resolveOrigin?: (hostHeader: string | undefined) => string;
}

export interface AppEnv {
  Bindings: HttpBindings;
  Variables: AppVariables;
}
