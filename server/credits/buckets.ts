/**
 * Credit buckets (0009_billing.sql, docs/product-rules.md#credit-expiry): where an account's
 * credits are and when each part expires. Only the ledger (./ledger.ts) calls these, inside the
 * transaction that writes the matching ledger row, so the ledger and the buckets move together.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Tables } from '../db/schema.ts';
import type { BucketSourceColumn } from '../db/schema-billing.ts';

export type Db = Kysely<Tables> | Transaction<Tables>;

/** How long credits refunded after their bucket expired stay usable, in days. */
export const REFUND_GRACE_DAYS = 30;
const DAY_MS = 86_400_000;

export interface NewBucket {
  source: BucketSourceColumn;
  item?: string | null;
  /** Null: the credits do not expire. */
  expiresAt?: Date | null;
}

/** A live bucket holds credits and has not expired at `at`. */
const live = (at: Date) => sql<boolean>`(expires_at is null or expires_at > ${at})`;

export async function liveBalance(db: Db, userId: string, at: Date): Promise<number> {
  const row = await db
    .selectFrom('credit_buckets')
    .select(sql<number>`coalesce(sum(remaining), 0)::int`.as('balance'))
    .where('user_id', '=', userId)
    .where('remaining', '>', 0)
    .where(live(at))
    .executeTakeFirstOrThrow();
  return row.balance;
}

/** The live balance of the account `userId` names (a column reference such as `users.id`), as a select expression. */
export function liveBalanceOf(userId: RawBuilder<string> | string): RawBuilder<number> {
  const owner = typeof userId === 'string' ? sql.ref(userId) : userId;
  return sql<number>`coalesce((select sum(b.remaining) from credit_buckets b
    where b.user_id = ${owner} and b.remaining > 0 and (b.expires_at is null or b.expires_at > now())), 0)::int`;
}

export async function addBucket(db: Db, userId: string, origin: string, amount: number, bucket: NewBucket, at: Date): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('credit_buckets')
    .values({
      id,
      user_id: userId,
      source: bucket.source,
      item: bucket.item ?? null,
      origin,
      granted: amount,
      remaining: amount,
      expires_at: bucket.expiresAt ?? null,
      created_at: at,
    })
    .execute();
  return id;
}

/**
 * Takes `amount` from the live buckets, the one expiring first first (those that never expire
 * last, then the oldest), and records what came from where under `reserveKey` (when given).
 * The caller has checked the balance and holds the account's lock.
 */
export async function takeFromBuckets(db: Db, userId: string, amount: number, at: Date, reserveKey: string | null): Promise<void> {
  const buckets = await db
    .selectFrom('credit_buckets')
    .select(['id', 'remaining'])
    .where('user_id', '=', userId)
    .where('remaining', '>', 0)
    .where(live(at))
    .orderBy(sql`expires_at asc nulls last`)
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();
  let left = amount;
  for (const bucket of buckets) {
    if (left === 0) break;
    const take = Math.min(left, bucket.remaining);
    await db
      .updateTable('credit_buckets')
      .set({ remaining: sql`remaining - ${take}` })
      .where('id', '=', bucket.id)
      .execute();
    if (reserveKey !== null)
      await db.insertInto('credit_spends').values({ user_id: userId, reserve_key: reserveKey, bucket_id: bucket.id, amount: take }).execute();
    left -= take;
  }
  if (left > 0) throw new Error(`credit buckets of ${userId} hold ${amount - left} of ${amount}`);
}

/**
 * Puts a reservation's credits back where they came from. A bucket that has expired meanwhile
 * does not take them (they would vanish at once): they go to a new bucket usable for
 * REFUND_GRACE_DAYS. What no spend accounts for (a reservation from before buckets existed) goes
 * to a bucket that does not expire, as those credits did not.
 */
export async function restoreSpends(db: Db, userId: string, reserveKey: string, amount: number, refundKey: string, at: Date): Promise<void> {
  const spends = await db
    .selectFrom('credit_spends')
    .innerJoin('credit_buckets', 'credit_buckets.id', 'credit_spends.bucket_id')
    .select(['credit_spends.bucket_id', 'credit_spends.amount', 'credit_buckets.expires_at'])
    .where('credit_spends.user_id', '=', userId)
    .where('credit_spends.reserve_key', '=', reserveKey)
    .execute();
  let left = amount;
  let expired = 0;
  for (const spend of spends) {
    const back = Math.min(left, spend.amount);
    if (back === 0) break;
    left -= back;
    if (spend.expires_at !== null && spend.expires_at <= at) {
      expired += back;
      continue;
    }
    await db
      .updateTable('credit_buckets')
      .set({ remaining: sql`remaining + ${back}` })
      .where('id', '=', spend.bucket_id)
      .execute();
  }
  if (expired > 0)
    await addBucket(db, userId, `${refundKey}:late`, expired, { source: 'refund', expiresAt: new Date(at.getTime() + REFUND_GRACE_DAYS * DAY_MS) }, at);
  if (left > 0) await addBucket(db, userId, `${refundKey}:unmatched`, left, { source: 'refund', expiresAt: null }, at);
}

/** Buckets whose expiry has come and that still hold credits (the sweep's work), oldest expiry first. */
export async function dueBuckets(db: Db, at: Date, limit: number): Promise<Array<{ id: string; user_id: string }>> {
  return db
    .selectFrom('credit_buckets')
    .select(['id', 'user_id'])
    .where('remaining', '>', 0)
    .where('expires_at', '<=', at)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}
