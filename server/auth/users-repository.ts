/** Accounts' SQL: users, with their credit balance (the ledger itself: server/credits/ledger.ts). */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../db/connection.ts';
import { liveSession } from './sessions.ts';
import { balanceOf, creditLedger, type CreditEntry } from '../credits/ledger.ts';
import type { Language, Tables, UsersTable } from '../db/schema.ts';

export type UserRow = Selectable<UsersTable>;
/** A user row with its credit balance (the sum of its ledger). */
export type UserWithCredits = UserRow & { credits: number };

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string | null;
  profilePicture: string | null;
  language: Language;
  isVerified: boolean;
  firebaseUid: string | null;
  createdAt: Date;
}

export interface UserChanges {
  name?: string;
  profile_picture?: string | null;
  language?: Language;
  is_verified?: boolean;
  /** null unlinks the account's Firebase identity (a password reset). */
  firebase_uid?: string | null;
  /** null removes the password (it was never proven by the mailbox's owner). */
  password_hash?: string | null;
  last_login_at?: Date;
}

export type { CreditEntry };

export interface UsersRepository {
  findById(id: string): Promise<UserWithCredits | undefined>;
  /** `email` must already be normalised (trimmed, lower-case). */
  findByEmail(email: string): Promise<UserWithCredits | undefined>;
  findByFirebaseUid(uid: string): Promise<UserWithCredits | undefined>;
  /**
   * The account of an access token, in one query: only while the token's session is live
   * (server/auth/sessions.ts `liveSession`), with that session's last use.
   */
  findBySession(userId: string, sessionId: string, now: Date): Promise<(UserWithCredits & { session_last_used_at: Date }) | undefined>;
  /**
   * Inserts the account and its first ledger entries in one transaction.
   * @throws EmailTakenError when the email (or Firebase uid) already has an account.
   */
  create(user: NewUser, credits: readonly CreditEntry[]): Promise<UserWithCredits>;
  update(id: string, changes: UserChanges): Promise<UserWithCredits | undefined>;
  /** Deletes the account; its ledger, codes, tokens and credentials go with it (ON DELETE CASCADE). */
  delete(id: string): Promise<boolean>;
  statistics(since7d: Date, since30d: Date): Promise<{ total: number; verified: number; new7d: number; new30d: number; byPlan: Record<string, number> }>;
}

export class EmailTakenError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('An account with this email or identity already exists', options);
    this.name = 'EmailTakenError';
  }
}

/** Postgres' unique_violation. */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

type Db = Kysely<Tables> | Transaction<Tables>;

function selectUsers(db: Db) {
  return db.selectFrom('users').selectAll('users').select(balanceOf('users.id').as('credits'));
}

export function createUsersRepository(database: Database): UsersRepository {
  const db = database.kysely;
  return {
    findById: (id) => selectUsers(db).where('users.id', '=', id).executeTakeFirst(),
    findByEmail: (email) =>
      selectUsers(db)
        .where(sql<string>`lower(users.email)`, '=', email.toLowerCase())
        .executeTakeFirst(),
    findByFirebaseUid: (uid) => selectUsers(db).where('users.firebase_uid', '=', uid).executeTakeFirst(),
    findBySession: (userId, sessionId, now) =>
      selectUsers(db)
        .select(sql<Date>`(select sessions.last_used_at from sessions where sessions.id = ${sessionId})`.as('session_last_used_at'))
        .where('users.id', '=', userId)
        .where(liveSession(sessionId, userId, now))
        .executeTakeFirst(),

    async create(user, credits) {
      const id = randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('users')
            .values({
              id,
              email: user.email,
              name: user.name,
              password_hash: user.passwordHash,
              profile_picture: user.profilePicture,
              language: user.language,
              is_verified: user.isVerified,
              firebase_uid: user.firebaseUid,
              created_at: user.createdAt,
            })
            .execute();
          const ledger = creditLedger(trx);
          for (const entry of credits) await ledger.record(id, entry, user.createdAt);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new EmailTakenError({ cause: error });
        throw error;
      }
      const created = await selectUsers(db).where('users.id', '=', id).executeTakeFirst();
      if (!created) throw new Error(`user ${id} vanished right after being created`);
      return created;
    },

    async update(id, changes) {
      if (Object.keys(changes).length > 0) {
        try {
          await db.updateTable('users').set(changes).where('id', '=', id).execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw new EmailTakenError({ cause: error });
          throw error;
        }
      }
      return selectUsers(db).where('users.id', '=', id).executeTakeFirst();
    },

    async delete(id) {
      const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async statistics(since7d, since30d) {
      const totals = await db
        .selectFrom('users')
        .select([
          sql<number>`count(*)::int`.as('total'),
          sql<number>`(count(*) filter (where is_verified))::int`.as('verified'),
          sql<number>`(count(*) filter (where created_at >= ${since7d}))::int`.as('new7d'),
          sql<number>`(count(*) filter (where created_at >= ${since30d}))::int`.as('new30d'),
        ])
        .executeTakeFirstOrThrow();
      const plans = await db
        .selectFrom('users')
        .select(['plan', sql<number>`count(*)::int`.as('count')])
        .groupBy('plan')
        .orderBy('plan')
        .execute();
      return { ...totals, byPlan: Object.fromEntries(plans.map((row) => [row.plan, row.count])) };
    },
  };
}
