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
   * The origin the request reached this server at, for links handed back to the person (set by
   * the app's origin middleware, ./origin.ts): PUBLIC_URL when it is set.
   */
  origin?: string;
}

export interface AppEnv {
  Bindings: HttpBindings;
  Variables: AppVariables;
}
