/**
 * Access tokens: HS256 JWTs carrying what the PWA shows without asking (docs/product-rules.md#user-display: id, name, email,
 * sub, iat, exp) and `sid`, the server-side session they belong to (sessions.ts). The server
 * trusts only `sub` and `sid` and re-reads the account and its session on every request, so a
 * deleted account's or a revoked session's tokens stop working at once.
 */
import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessTokenSubject {
  id: string;
  name: string;
  email: string;
  /** The session the token belongs to. */
  sid: string;
}

export interface AccessTokenClaims {
  sub: string;
  id: string;
  name: string;
  email: string;
  /** null for a token without a session (issued before sessions existed): refused by the guard. */
  sid: string | null;
  iat: number;
  exp: number;
}

export interface AccessTokens {
  /** The expiry a token issued now gets (its session ends with it). */
  expiryFromNow(): Date;
  issue(subject: AccessTokenSubject, expiresAt: Date): Promise<string>;
  /** The claims of a valid, unexpired token; null for anything else. */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

const ALGORITHM = 'HS256';
const MS_PER_SECOND = 1_000;

export function createAccessTokens(options: { secret: string; ttlSeconds: number; now: () => number }): AccessTokens {
  const key = new TextEncoder().encode(options.secret);
  return {
    expiryFromNow: () => new Date((Math.floor(options.now() / MS_PER_SECOND) + options.ttlSeconds) * MS_PER_SECOND),
    async issue(subject, expiry) {
      const issuedAt = Math.floor(options.now() / MS_PER_SECOND);
      const expiresAt = Math.floor(expiry.getTime() / MS_PER_SECOND);
      return new SignJWT({ id: subject.id, name: subject.name, email: subject.email, sid: subject.sid })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(subject.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          currentDate: new Date(options.now()),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return null;
        return {
          sub: payload.sub,
          id: String(payload.id ?? payload.sub),
          name: String(payload.name ?? ''),
          email: String(payload.email ?? ''),
          sid: typeof payload.sid === 'string' && payload.sid !== '' ? payload.sid : null,
          iat: payload.iat,
          exp: payload.exp,
        };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
