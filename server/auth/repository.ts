/**
 * Sign-in secrets' SQL: verification codes, reset tokens, temporary credentials and the
 * brute-force counters. Every secret arrives here already hashed; every time comes from the
 * service's clock, so the rules can be tested by moving it.
 */
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';
import { pairKey } from '../platform/rate-limit.ts';

export interface OtpRow {
  user_id: string;
  code_hash: string;
  failed_attempts: number;
  expires_at: Date;
}

export interface AuthRepository {
  /** Stores the account's code, replacing (and so invalidating) any earlier one. */
  replaceOtp(userId: string, codeHash: string, expiresAt: Date, now: Date): Promise<void>;
  findOtp(userId: string): Promise<OtpRow | undefined>;
  /** Counts a wrong guess against that very code; the new count, or null when the code is gone or replaced. */
  recordOtpFailure(userId: string, codeHash: string): Promise<number | null>;
  /**
   * Deletes the code when it matches, is unexpired and still has tries left: true only for the
   * one request that used it (single use even under concurrency).
   */
  consumeOtp(userId: string, codeHash: string, now: Date, maxFailures: number): Promise<boolean>;
  deleteOtp(userId: string): Promise<void>;

  /** Stores a reset token, dropping the account's earlier ones (only the latest link works). */
  replaceResetToken(userId: string, tokenHash: string, expiresAt: Date, now: Date): Promise<void>;
  /** Deletes the token and answers its expiry, or null when it does not exist for that account. */
  consumeResetToken(userId: string, tokenHash: string): Promise<Date | null>;
  deleteResetTokens(userId: string): Promise<void>;

  addTemporaryCredential(userId: string, secretHash: string, expiresAt: Date, now: Date): Promise<void>;
  /** Deletes a matching unexpired credential: true only for the one request that used it. */
  consumeTemporaryCredential(userId: string, secretHash: string, now: Date): Promise<boolean>;

  /**
   * Records one attempt of `weight` and answers its id (to take it back) and every attempt of the
   * key since `since` recorded up to this one, oldest first.
   */
  recordAttempt(bucket: string, key: string, at: Date, since: Date, weight?: number): Promise<{ id: string; events: Array<{ at: Date; weight: number }> }>;
  deleteAttempts(ids: readonly string[]): Promise<void>;
  /** Forgets the bucket's attempts older than `before` (all keys). */
  pruneAttempts(bucket: string, before: Date): Promise<void>;
  /** Forgets every attempt of these keys, and of the pair keys (server/platform/rate-limit.ts pairKey) of these accounts (an account being deleted). */
  forgetAttemptKeys(keys: readonly string[]): Promise<void>;

  /** Deletes every one-time credential of the account (after a Google sign-in): none works any more. */
  deleteTemporaryCredentials(userId: string): Promise<void>;
}

export function createAuthRepository(database: Database): AuthRepository {
  const db = database.kysely;
  return {
    async replaceOtp(userId, codeHash, expiresAt, now) {
      await db
        .insertInto('email_otps')
        .values({ user_id: userId, code_hash: codeHash, failed_attempts: 0, expires_at: expiresAt, created_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ code_hash: codeHash, failed_attempts: 0, expires_at: expiresAt, created_at: now }))
        .execute();
    },
    findOtp: (userId) =>
      db.selectFrom('email_otps').select(['user_id', 'code_hash', 'failed_attempts', 'expires_at']).where('user_id', '=', userId).executeTakeFirst(),
    async recordOtpFailure(userId, codeHash) {
      const row = await db
        .updateTable('email_otps')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .returning('failed_attempts')
        .executeTakeFirst();
      return row?.failed_attempts ?? null;
    },
    async consumeOtp(userId, codeHash, now, maxFailures) {
      const row = await db
        .deleteFrom('email_otps')
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('expires_at', '>', now)
        .where('failed_attempts', '<', maxFailures)
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async deleteOtp(userId) {
      await db.deleteFrom('email_otps').where('user_id', '=', userId).execute();
    },

    async replaceResetToken(userId, tokenHash, expiresAt, now) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
        await trx.insertInto('password_reset_tokens').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, created_at: now }).execute();
      });
    },
    async consumeResetToken(userId, tokenHash) {
      const row = await db
        .deleteFrom('password_reset_tokens')
        .where('token_hash', '=', tokenHash)
        .where('user_id', '=', userId)
        .returning('expires_at')
        .executeTakeFirst();
      return row?.expires_at ?? null;
    },
    async deleteResetTokens(userId) {
      await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
    },

    async addTemporaryCredential(userId, secretHash, expiresAt, now) {
      // Expired ones are of no use to anybody: tidy them while here.
      await db.deleteFrom('temporary_credentials').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
      await db.insertInto('temporary_credentials').values({ secret_hash: secretHash, user_id: userId, expires_at: expiresAt, created_at: now }).execute();
    },
    async consumeTemporaryCredential(userId, secretHash, now) {
      const row = await db
        .deleteFrom('temporary_credentials')
        .where('secret_hash', '=', secretHash)
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async recordAttempt(bucket, key, at, since, weight = 1) {
      // One attempt of a (bucket, key) at a time, across every process on the database: the lock
      // is held until the attempt is committed, so the next one's count sees it. Without it an
      // attempt whose id was taken earlier but not yet committed is missed by a later attempt's
      // count, and a burst through two processes could pass the limit.
      return db.transaction().execute(async (trx) => {
        // (Two pairs sharing a hash only share the lock: a wait, never a wrong count.)
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${bucket}|${key}`}, 0))`.execute(trx);
        const inserted = await trx.insertInto('rate_limit_events').values({ bucket, key, at, weight }).returning('id').executeTakeFirstOrThrow();
        const rows = await trx
          .selectFrom('rate_limit_events')
          .select(['at', 'weight'])
          .where('bucket', '=', bucket)
          .where('key', '=', key)
          .where('at', '>', since)
          // Only the attempts recorded before this one (and itself) decide it: parallel attempts
          // then see a consistent order, so a burst lets the first ones through instead of each
          // counting all the others and every one being refused.
          .where('id', '<=', inserted.id)
          .orderBy('at')
          .execute();
        return { id: String(inserted.id), events: rows.map((row) => ({ at: row.at, weight: Number(row.weight) })) };
      });
    },
    async deleteAttempts(ids) {
      if (ids.length > 0)
        await db
          .deleteFrom('rate_limit_events')
          .where('id', 'in', [...ids])
          .execute();
    },
    async pruneAttempts(bucket, before) {
      await db.deleteFrom('rate_limit_events').where('bucket', '=', bucket).where('at', '<=', before).execute();
    },
    async forgetAttemptKeys(keys) {
      if (keys.length === 0) return;
      await db
        .deleteFrom('rate_limit_events')
        .where((eb) => eb.or([eb('key', 'in', [...keys]), ...keys.map((key) => eb(sql<string>`left(key, ${key.length + 1})`, '=', pairKey(key, '')))]))
        .execute();
    },
    async deleteTemporaryCredentials(userId) {
      await db.deleteFrom('temporary_credentials').where('user_id', '=', userId).execute();
    },
  };
}
