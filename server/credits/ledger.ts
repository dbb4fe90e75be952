/**
 * The credit ledger: every move of an account's credits, and its balance (the sum of `amount`).
 * Nothing else reads or writes `credit_ledger` (see 0002_accounts.sql).
 *
 * Every entry has an idempotency key, unique per account: writing a key a second time writes
 * nothing (`recorded: false`), whoever tries, so a charge, its commit or its refund happens
 * exactly once, and a grant keyed by its origin (a payment id, a sign-up) is never given twice.
 *
 * A charge is a 'reserve' row of −amount, later matched by a 'commit' row of 0 (the reservation
 * stands) or a 'refund' row of +amount. A reservation checks the balance first: call it inside a
 * transaction that holds the account's lock (`lockAccount`), so concurrent charges of one person
 * are serialized and the balance never goes below zero.
 *
 * Credits sit in buckets (./buckets.ts, docs/product-rules.md#credit-expiry): each grant is one,
 * with its expiry; a reservation takes from the bucket that expires first; its refund puts the
 * credits back; an expired bucket's credits leave with an 'expire' row. The balance is what the
 * live buckets hold, which equals the ledger's sum once expired buckets are swept (`expire`).
 * Every method that writes touches the ledger and the buckets in one statement sequence: call it
 * inside a transaction (the grants and the sweep open their own when given the database).
 *
 * `creditLedger(db)` works on the database or inside a transaction (pass the transaction).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { CreditKind, Tables } from '../db/schema.ts';
import type { CreditBucket } from '../../src/contract/billing.schema.ts';
import { addBucket, liveBalance, liveBalanceOf, restoreSpends, takeFromBuckets, type Db, type NewBucket } from './buckets.ts';

export type { NewBucket };

/** One move of credits: who, how many (a positive number), why (shown in admin and history views), its key, when. */
export interface CreditMove {
  userId: string;
  amount: number;
  reason: string;
  /** Unique per account: the same key twice writes once. */
  key: string;
  at: Date;
  /** A refund's reservation (default: the key with `:refund` replaced by `:reserve`). */
  reserveKey?: string;
}

/** A ledger entry as written: the kind decides the sign (see CreditLedger's methods). */
export interface CreditEntry {
  kind: CreditKind;
  /** Signed: what the entry adds to the balance. */
  amount: number;
  reason: string;
  idempotencyKey: string;
  /** The bucket a positive grant fills (default: a `grant` bucket that does not expire). */
  bucket?: NewBucket;
}

export type ReserveOutcome =
  /** Reserved now, or `recorded: false` when this key was reserved before (nothing more taken). */
  | { kind: 'reserved'; recorded: boolean }
  /** The balance is short of the amount: nothing written. */
  | { kind: 'insufficient'; balance: number };

export interface CreditLedger {
  /** What the live buckets hold at `at` (default now). */
  balance(userId: string, at?: Date): Promise<number>;
  /** The buckets holding credits at `at`, in the order they are spent. */
  buckets(userId: string, at: Date): Promise<CreditBucket[]>;
  /**
   * Ends a bucket now or at its expiry: its remaining credits leave with an 'expire' row dated at
   * the expiry (or `at` when ending it early). Once per bucket. Hold the account's lock.
   */
  expire(bucketId: string, at: Date, early?: boolean): Promise<number>;
  /**
   * Locks the account's row until the transaction ends (call on a transaction): the charges of
   * one person are serialized. False when there is no such account.
   */
  lockAccount(userId: string): Promise<boolean>;
  /** Writes `entry` (and its bucket move) unless its key was used before for this account; true when written. */
  record(userId: string, entry: CreditEntry, at: Date): Promise<boolean>;
  /** Writes the ledger row alone (the caller moves the buckets); true when written. */
  recordRow(userId: string, entry: CreditEntry, at: Date): Promise<boolean>;
  /** Adds `amount` credits ('grant', or 'purchase' for paid ones) into a bucket and answers the new balance. */
  grant(move: CreditMove, kind?: 'grant' | 'purchase' | 'adjustment', bucket?: NewBucket): Promise<{ recorded: boolean; balance: number }>;
  /** Takes `amount` credits if the balance holds them (hold the account's lock: `lockAccount`). */
  reserve(move: CreditMove): Promise<ReserveOutcome>;
  /** Marks a reservation as consumed (a row of 0). True when written. */
  commit(move: Omit<CreditMove, 'amount'>): Promise<boolean>;
  /** Gives a reservation's `amount` back. True when written. */
  refund(move: CreditMove): Promise<boolean>;
}

/** One row of the ledger as the credit activity shows it (server/billing/activity.ts), with the balance after it. */
export interface LedgerActivityRow {
  id: string;
  kind: string;
  amount: number;
  reason: string;
  idempotency_key: string;
  created_at: Date;
  /** The row's place in the order rows were written (a bigint, as text). */
  seq: string;
  balance_after: number;
}

/**
 * The account's ledger rows but commits (a row of 0), newest first, from the row before `after`
 * (written before it), at most `limit`; each with the running balance: the ledger's sum up to it,
 * in the order rows were written.
 */
export async function ledgerActivity(db: Db, userId: string, after: { at: Date; seq: string } | null, limit: number): Promise<LedgerActivityRow[]> {
  const result = await sql<LedgerActivityRow>`
    select * from (
      select id, kind, amount, reason, idempotency_key, created_at, seq::text as seq,
        (sum(amount) over (order by created_at, seq rows between unbounded preceding and current row))::int as balance_after
      from credit_ledger where user_id = ${userId}
    ) rows
    where kind <> 'commit'
      ${after ? sql`and (created_at, seq::bigint) < (${after.at}, ${after.seq}::bigint)` : sql``}
    order by created_at desc, seq::bigint desc
    limit ${limit}
  `.execute(db);
  return result.rows;
}

/** The balance of the account whose id is `userId` (a column reference such as `users.id`), as a select expression. */
export function balanceOf(userId: RawBuilder<string> | string): RawBuilder<number> {
  return liveBalanceOf(userId);
}

export function creditLedger(db: Db): CreditLedger {
  const balance = (userId: string, at: Date = new Date()) => liveBalance(db, userId, at);

  async function writeRow(userId: string, entry: CreditEntry, at: Date): Promise<boolean> {
    const written = await db
      .insertInto('credit_ledger')
      .values({
        id: randomUUID(),
        user_id: userId,
        kind: entry.kind,
        amount: entry.amount,
        reason: entry.reason,
        idempotency_key: entry.idempotencyKey,
        created_at: at,
      })
      // A second write of the same key is a no-op, whoever attempts it.
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return written !== undefined;
  }

  /** A written row and its bucket move, atomically when `db` is the database itself. */
  const atomically = <T>(work: (trx: Db) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : (db as Kysely<Tables>).transaction().execute((trx) => work(trx));

  async function record(userId: string, entry: CreditEntry, at: Date): Promise<boolean> {
    return atomically(async (trx) => {
      const ledger = creditLedger(trx);
      if (!(await ledger.recordRow(userId, entry, at))) return false;
      if (entry.amount > 0) await addBucket(trx, userId, entry.idempotencyKey, entry.amount, entry.bucket ?? { source: 'grant' }, at);
      else if (entry.amount < 0) await takeFromBuckets(trx, userId, Math.min(-entry.amount, await liveBalance(trx, userId, at)), at, null);
      return true;
    });
  }

  return {
    balance,
    record,
    recordRow: writeRow,

    async buckets(userId, at) {
      const rows = await db
        .selectFrom('credit_buckets')
        .selectAll()
        .where('user_id', '=', userId)
        .where('remaining', '>', 0)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
        .orderBy(sql`expires_at asc nulls last`)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        source: row.source,
        item: row.item,
        granted: row.granted,
        remaining: row.remaining,
        expires_at: row.expires_at?.toISOString() ?? null,
        created_at: row.created_at.toISOString(),
      }));
    },

    async expire(bucketId, at, early = false) {
      const bucket = await db.selectFrom('credit_buckets').selectAll().where('id', '=', bucketId).forUpdate().executeTakeFirst();
      if (!bucket || bucket.remaining === 0) return 0;
      if (!early && (bucket.expires_at === null || bucket.expires_at > at)) return 0;
      const when = early || bucket.expires_at === null ? at : bucket.expires_at;
      const written = await writeRow(
        bucket.user_id,
        { kind: 'expire', amount: -bucket.remaining, reason: `${bucket.source} credits expired`, idempotencyKey: `expire:${bucket.id}` },
        when,
      );
      if (!written) return 0;
      await db.updateTable('credit_buckets').set({ remaining: 0, expires_at: when }).where('id', '=', bucket.id).execute();
      return bucket.remaining;
    },

    async lockAccount(userId) {
      const user = await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      return user !== undefined;
    },

    async grant(credit, kind = 'grant', bucket) {
      const recorded = await record(
        credit.userId,
        { kind, amount: credit.amount, reason: credit.reason, idempotencyKey: credit.key, ...(bucket ? { bucket } : {}) },
        credit.at,
      );
      return { recorded, balance: await balance(credit.userId, credit.at) };
    },

    async reserve(credit) {
      const earlier = await db
        .selectFrom('credit_ledger')
        .select('id')
        .where('user_id', '=', credit.userId)
        .where('idempotency_key', '=', credit.key)
        .executeTakeFirst();
      if (earlier) return { kind: 'reserved', recorded: false };
      const available = await balance(credit.userId, credit.at);
      if (available < credit.amount) return { kind: 'insufficient', balance: available };
      const recorded = await writeRow(credit.userId, { kind: 'reserve', amount: -credit.amount, reason: credit.reason, idempotencyKey: credit.key }, credit.at);
      if (recorded && credit.amount > 0) await takeFromBuckets(db, credit.userId, credit.amount, credit.at, credit.key);
      return { kind: 'reserved', recorded };
    },

    commit: (credit) => writeRow(credit.userId, { kind: 'commit', amount: 0, reason: credit.reason, idempotencyKey: credit.key }, credit.at),

    refund: (credit) =>
      atomically(async (trx) => {
        const written = await creditLedger(trx).recordRow(
          credit.userId,
          { kind: 'refund', amount: credit.amount, reason: credit.reason, idempotencyKey: credit.key },
          credit.at,
        );
        if (!written) return false;
        const reserveKey = credit.reserveKey ?? credit.key.replace(/:refund$/, ':reserve');
        await restoreSpends(trx, credit.userId, reserveKey, credit.amount, credit.key, credit.at);
        return true;
      }),
  };
}
