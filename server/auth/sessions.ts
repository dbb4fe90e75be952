/**
 * Server-side sessions: one row per sign-in (a device), named by the `sid` claim of its access
 * token. A token is accepted only while its session is live (`liveSession`): the row exists,
 * belongs to the token's account, is not revoked and has not expired. Logging out revokes one
 * row; "sign out everywhere", a password reset and account deletion revoke them all, so a stolen
 * token stops working at once instead of living out its 7 days.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/connection.ts';
import { randomSecret } from '../platform/secrets.ts';
import type { AccessTokens } from './tokens.ts';

/** The device label kept with a session: the User-Agent's first 120 characters. */
export const USER_AGENT_LABEL_MAX = 120;
/** last_used_at is refreshed at most this often (ms), so a busy session does not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;

/**
 * THE rule of a valid session, as a SQL condition any query can embed (`.where(liveSession(…))`),
 * so an authenticated read can check the session in the same round trip as its own data.
 * `userId` is the token's `sub`: a session never authenticates another account.
 */
export function liveSession(sessionId: string, userId: string, now: Date): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from sessions where sessions.id = ${sessionId} and sessions.user_id = ${userId} and sessions.revoked_at is null and sessions.expires_at > ${now})`;
}

export interface SessionsRepository {
  /** Starts a session and answers its id; the account's expired sessions are tidied on the way. */
  start(input: { userId: string; expiresAt: Date; userAgent: string | null; now: Date }): Promise<string>;
  /** Revokes one session of the account; already revoked (or unknown) is not an error. */
  revoke(sessionId: string, userId: string, now: Date): Promise<void>;
  /** Revokes every live session of the account; answers how many. */
  revokeAll(userId: string, now: Date): Promise<number>;
  /** Records that the session was used (at most every SESSION_TOUCH_INTERVAL_MS, see the guard). */
  touch(sessionId: string, now: Date): Promise<void>;
}

export function createSessionsRepository(database: Database): SessionsRepository {
  const db = database.kysely;
  return {
    async start({ userId, expiresAt, userAgent, now }) {
      const id = randomSecret();
      await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
      await db
        .insertInto('sessions')
        .values({
          id,
          user_id: userId,
          created_at: now,
          expires_at: expiresAt,
          last_used_at: now,
          user_agent: userAgent ? userAgent.slice(0, USER_AGENT_LABEL_MAX) : null,
        })
        .execute();
      return id;
    },
    async revoke(sessionId, userId, now) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAll(userId, now) {
      const result = await db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async touch(sessionId, now) {
      await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
    },
  };
}

/**
 * Starts a session for the account and answers the access token that names it: the one way
 * tokens are made (sign-ins, and scripts or tests that seed a signed-in account).
 */
export async function startSessionToken(
  deps: { sessions: SessionsRepository; tokens: AccessTokens; now: () => number },
  user: { id: string; name: string; email: string },
  userAgent: string | null = null,
): Promise<string> {
  const expiresAt = deps.tokens.expiryFromNow();
  const sid = await deps.sessions.start({ userId: user.id, expiresAt, userAgent, now: new Date(deps.now()) });
  return deps.tokens.issue({ id: user.id, name: user.name, email: user.email, sid }, expiresAt);
}
