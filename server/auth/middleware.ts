/**
 * `requireUser` and `requireAdmin`: the guards of signed-in and admin API routes. The bearer
 * token is verified, and its account and session re-read in one query on every request, so a
 * deleted account's or a revoked session's token stops working at once and a role change in
 * ADMIN_EMAILS applies at the next restart.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, AppVariables } from '../http/types.ts';
import type { UsersRepository, UserWithCredits } from './users-repository.ts';
import type { UsersService } from './users-service.ts';
import { authError } from './errors.ts';
import { SESSION_TOUCH_INTERVAL_MS, type SessionsRepository } from './sessions.ts';
import type { AccessTokenClaims, AccessTokens } from './tokens.ts';

/** The environment of routes behind `requireUser`: `c.get('user')` is the signed-in account. */
export interface UserEnv extends AppEnv {
  Variables: AppVariables & { user: UserWithCredits; /** The session of the request's token. */ sessionId: string };
}

/**
 * The environment of routes behind `requireToken`: `c.get('claims')` are a verified, unexpired
 * token's claims, with its session id; neither the account nor the session is checked yet. Such a
 * route must check them inside its own query with `liveSession` (./sessions.ts) and answer
 * `authError(401, 'sessionExpired')` when the session is not live.
 */
export interface ClaimsEnv extends AppEnv {
  Variables: AppVariables & { claims: AccessTokenClaims & { sid: string } };
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export interface Guards {
  requireUser: MiddlewareHandler<UserEnv>;
  requireAdmin: MiddlewareHandler<UserEnv>;
  /** Verifies the token only (no database read); see ClaimsEnv for what the route must then do. */
  requireToken: MiddlewareHandler<ClaimsEnv>;
}

/**
 * The verified claims of the request's bearer token (signature and expiry only: the session is
 * the guard's business). @throws CodedError 401 without a token or with one that does not verify.
 */
export async function bearerClaims(tokens: AccessTokens, header: string | undefined): Promise<AccessTokenClaims> {
  const token = header ? BEARER.exec(header)?.[1] : undefined;
  if (!token) throw authError(401, 'signInRequired');
  const claims = await tokens.verify(token);
  if (!claims) throw authError(401, 'sessionExpired');
  return claims;
}

export function createGuards(deps: {
  tokens: AccessTokens;
  users: UsersRepository;
  sessions: SessionsRepository;
  usersService: UsersService;
  now: () => number;
}): Guards {
  const authenticate = async (c: Context<UserEnv>): Promise<UserWithCredits> => {
    const claims = await bearerClaims(deps.tokens, c.req.header('authorization'));
    const now = new Date(deps.now());
    const found = claims.sid ? await deps.users.findBySession(claims.sub, claims.sid, now) : undefined;
    if (!found || !claims.sid) throw authError(401, 'sessionExpired');
    const { session_last_used_at: lastUsed, ...user } = found;
    if (now.getTime() - lastUsed.getTime() >= SESSION_TOUCH_INTERVAL_MS) await deps.sessions.touch(claims.sid, now);
    c.set('sessionId', claims.sid);
    return user;
  };

  return {
    requireUser: async (c, next) => {
      c.set('user', await authenticate(c));
      await next();
    },
    requireAdmin: async (c, next) => {
      const user = await authenticate(c);
      if (deps.usersService.roleOf(user) !== 'admin') throw authError(403, 'accessDenied');
      c.set('user', user);
      await next();
    },
    requireToken: async (c, next) => {
      const claims = await bearerClaims(deps.tokens, c.req.header('authorization'));
      // A token that names no session never counts (see liveSession).
      if (!claims.sid) throw authError(401, 'sessionExpired');
      c.set('claims', { ...claims, sid: claims.sid });
      await next();
    },
  };
}
