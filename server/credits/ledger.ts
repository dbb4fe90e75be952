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
 * `creditLedger(db)` works on the database or inside a transaction (pass the transaction).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { CreditKind, Tables } from '../db/schema.ts';

type Db = Kysely<Tables> | Transaction<Tables>;

/** One move of credits: who, how many (a positive number), why (shown in admin and history views), its key, when. */
export interface CreditMove {
  userId: string;
  amount: number;
  reason: string;
  /** Unique per account: the same key twice writes once. */
  key: string;
  at: Date;
}

/** A ledger entry as written: the kind decides the sign (see CreditLedger's methods). */
export interface CreditEntry {
  kind: CreditKind;
  /** Signed: what the entry adds to the balance. */
  amount: number;
  reason: string;
  idempotencyKey: string;
}

export type ReserveOutcome =
  /** Reserved now, or `recorded: false` when this key was reserved before (nothing more taken). */
  | { kind: 'reserved'; recorded: boolean }
  /** The balance is short of the amount: nothing written. */
  | { kind: 'insufficient'; balance: number };

export interface CreditLedger {
  balance(userId: string): Promise<number>;
  /**
   * Locks the account's row until the transaction ends (call on a transaction): the charges of
   * one person are serialized. False when there is no such account.
   */
  lockAccount(userId: string): Promise<boolean>;
  /** Writes `entry` unless its key was used before for this account; true when written. */
  record(userId: string, entry: CreditEntry, at: Date): Promise<boolean>;
  /** Adds `amount` credits ('grant', or 'purchase' for paid ones) and answers the new balance. */
  grant(move: CreditMove, kind?: 'grant' | 'purchase' | 'adjustment'): Promise<{ recorded: boolean; balance: number }>;
  /** Takes `amount` credits if the balance holds them (hold the account's lock: `lockAccount`). */
  reserve(move: CreditMove): Promise<ReserveOutcome>;
  /** Marks a reservation as consumed (a row of 0). True when written. */
  commit(move: Omit<CreditMove, 'amount'>): Promise<boolean>;
  /** Gives a reservation's `amount` back. True when written. */
  refund(move: CreditMove): Promise<boolean>;
}

/** The balance of the account whose id is `userId` (a column reference such as `users.id`), as a select expression. */
export function balanceOf(userId: RawBuilder<string> | string): RawBuilder<number> {
  const owner = typeof userId === 'string' ? sql.ref(userId) : userId;
  return sql<number>`coalesce((select sum(amount) from credit_ledger where credit_ledger.user_id = ${owner}), 0)::int`;
}

export function creditLedger(db: Db): CreditLedger {
  async function balance(userId: string): Promise<number> {
    const row = await db
      .selectFrom('credit_ledger')
      .select(sql<number>`coalesce(sum(amount), 0)::int`.as('balance'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.balance;
  }

  async function record(userId: string, entry: CreditEntry, at: Date): Promise<boolean> {
    const written = await db
      .insertInto('credit_ledger')
      .values({ id: randomUUID(), user_id: userId, kind: entry.kind, amount: entry.amount, reason: entry.reason, idempotency_key: entry.idempotencyKey, created_at: at })
      // A second write of the same key is a no-op, whoever attempts it.
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return written !== undefined;
  }

  const move = (kind: CreditKind, amount: number, { userId, reason, key, at }: Omit<CreditMove, 'amount'>) =>
    record(userId, { kind, amount, reason, idempotencyKey: key }, at);

  return {
    balance,
    record,

    async lockAccount(userId) {
      const user = await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      return user !== undefined;
    },

    async grant(credit, kind = 'grant') {
      const recorded = await move(kind, credit.amount, credit);
      return { recorded, balance: await balance(credit.userId) };
    },

    async reserve(credit) {
      const earlier = await db
        .selectFrom('credit_ledger')
        .select('id')
        .where('user_id', '=', credit.userId)
        .where('idempotency_key', '=', credit.key)
        .executeTakeFirst();
      if (earlier) return { kind: 'reserved', recorded: false };
      const available = await balance(credit.userId);
      if (available < credit.amount) return { kind: 'insufficient', balance: available };
      return { kind: 'reserved', recorded: await move('reserve', -credit.amount, credit) };
    },

    commit: (credit) => move('commit', 0, credit),
    refund: (credit) => move('refund', credit.amount, credit),
  };
}
