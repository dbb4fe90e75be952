/**
 * What the /v1 routes share: the verified API token of the request (set by the auth middleware,
 * server/public-api/auth.ts) and the Hono environment that carries it.
 */
import type { ApiTokenService } from '../../src/contract/token-terms.ts';
import type { AppEnv, AppVariables } from '../http/types.ts';

/** The request's token, as the auth middleware read it (active, unexpired, its plan allows the API). */
export interface ApiTokenContext {
  id: string;
  userId: string;
  /** The owner's `users.plan` (gates and queue priority of what the token submits). */
  plan: string;
  name: string;
  /** Its first characters (never the secret). */
  prefix: string;
  permissions: readonly ApiTokenService[];
  /** Requests per minute. */
  rateLimit: number;
  creditCap: number | null;
  webhookUrl: string | null;
  expiresAt: Date | null;
}

/** The environment of routes behind the API token guard: `c.get('apiToken')`. */
export interface ApiTokenEnv extends AppEnv {
  Variables: AppVariables & { apiToken: ApiTokenContext };
}
