/**
 * Access tokens: HS256 JWTs carrying what the PWA shows without asking (spec §3: id, name, email,
 * sub, iat, exp). The server trusts only `sub` and re-reads the account on every request, so a
 * deleted account's tokens stop working at once.
 */
import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessTokenSubject {
  id: string;
  name: string;
  email: string;
}

export interface AccessTokenClaims {
  sub: string;
  id: string;
  name: string;
  email: string;
  iat: number;
  exp: number;
}

export interface AccessTokens {
  issue(subject: AccessTokenSubject): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid, unexpired token; null for anything else. */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

const ALGORITHM = 'HS256';
const MS_PER_SECOND = 1_000;

export function createAccessTokens(options: { secret: string; ttlSeconds: number; now: () => number }): AccessTokens {
  const key = new TextEncoder().encode(options.secret);
  return {
    async issue(subject) {
      const issuedAt = Math.floor(options.now() / MS_PER_SECOND);
      const expiresAt = issuedAt + options.ttlSeconds;
      const token = await new SignJWT({ id: subject.id, name: subject.name, email: subject.email })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(subject.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt: new Date(expiresAt * MS_PER_SECOND) };
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
