/**
 * `requireUser` and `requireAdmin`: the guards of signed-in and admin API routes. The bearer
 * token is verified and its account re-read on every request, so a deleted account's token stops
 * working at once and a role change in ADMIN_EMAILS applies at the next restart.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, AppVariables } from '../http/types.ts';
import type { UsersRepository, UserWithCredits } from '../users/repository.ts';
import type { UsersService } from '../users/service.ts';
import { authError } from './errors.ts';
import type { AccessTokenClaims, AccessTokens } from './tokens.ts';

/** The environment of routes behind `requireUser`: `c.get('user')` is the signed-in account. */
export interface UserEnv extends AppEnv {
  Variables: AppVariables & { user: UserWithCredits };
}

/**
 * The environment of routes behind `requireToken`: `c.get('claims')` are a verified, unexpired
 * token's claims; the account is NOT checked yet. Such a route must check it inside its own query
 * with `tokenStillValid` (./token-validity.ts) and answer `authError(401, 'sessionExpired')` when
 * the account is gone or the token no longer counts.
 */
export interface ClaimsEnv extends AppEnv {
  Variables: AppVariables & { claims: AccessTokenClaims };
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export interface Guards {
  requireUser: MiddlewareHandler<UserEnv>;
  requireAdmin: MiddlewareHandler<UserEnv>;
  /** Verifies the token only (no database read); see ClaimsEnv for what the route must then do. */
  requireToken: MiddlewareHandler<ClaimsEnv>;
}

export function createGuards(deps: { tokens: AccessTokens; users: UsersRepository; usersService: UsersService }): Guards {
  const verify = async (header: string | undefined): Promise<AccessTokenClaims | null> => {
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    if (!token) throw authError(401, 'signInRequired');
    return deps.tokens.verify(token);
  };
  const authenticate = async (header: string | undefined): Promise<UserWithCredits> => {
    const claims = await verify(header);
    const user = claims ? await deps.users.findById(claims.sub) : undefined;
    if (!user || !claims) throw authError(401, 'sessionExpired');
    // iat has a resolution of one second: a token from the same second as the reset survives.
    if (user.tokens_valid_after && claims.iat < Math.floor(user.tokens_valid_after.getTime() / 1000)) {
      throw authError(401, 'sessionExpired');
    }
    return user;
  };

  return {
    requireUser: async (c, next) => {
      c.set('user', await authenticate(c.req.header('authorization')));
      await next();
    },
    requireAdmin: async (c, next) => {
      const user = await authenticate(c.req.header('authorization'));
      if (deps.usersService.roleOf(user.email) !== 'admin') throw authError(403, 'accessDenied');
      c.set('user', user);
      await next();
    },
    requireToken: async (c, next) => {
      const claims = await verify(c.req.header('authorization'));
      if (!claims) throw authError(401, 'sessionExpired');
      c.set('claims', claims);
      await next();
    },
  };
}
