/**
 * Orders (payment_orders, 0009_billing.sql): SQL and the API's view of a row. Every amount in a
 * row was computed by the server (./pricing.ts) when the order was created.
 */
import * as v from 'valibot';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CheckoutItem, Payment, PaymentMethod } from '../../src/contract/billing.ts';
import { RecordIdSchema } from '../../src/contract/input.ts';
import type { Tables } from '../db/schema.ts';
import type { PaymentOrdersTable } from '../db/schema-billing.ts';
import { ApiError } from '../http/errors.ts';

export type Db = Kysely<Tables> | Transaction<Tables>;
export type OrderRow = Selectable<PaymentOrdersTable>;

/** The receipt number of a completed order: ATL-<year of payment>-<order code>. */
export const receiptNumber = (code: number, paidAt: Date): string => `ATL-${paidAt.getUTCFullYear()}-${String(code).padStart(6, '0')}`;

/**
 * The API's view of an order. Once completed it tells what the money did at settlement
 * (docs/product-rules.md#plan-settlement): the credit and balance actually taken off, the balance
 * it added, and no credits when it bought only balance; before that, what the quote said.
 */
export function toPayment(row: OrderRow): Payment {
  const completed = row.status === 'completed';
  const onlyBalance = row.outcome === 'balance';
  return {
    id: row.id,
    order_code: Number(row.code),
    created_at: row.created_at.toISOString(),
    paid_at: row.paid_at?.toISOString() ?? null,
    item: row.item as CheckoutItem,
    period: row.period,
    change: row.change,
    price_vnd: row.price_vnd,
    amount_vnd: row.amount_vnd,
    proration_credit_vnd: completed ? row.settled_credit_vnd : row.proration_credit_vnd,
    balance_applied_vnd: completed ? row.balance_used_vnd : row.balance_quoted_vnd,
    balance_credit_vnd: row.balance_added_vnd,
    credits: onlyBalance ? 0 : row.credits,
    status: row.status,
    outcome: row.outcome,
    failure_reason: row.failure_reason,
    method: row.method as PaymentMethod,
    checkout_url: row.status === 'pending' ? row.checkout_url : null,
    receipt_number: row.receipt_number,
  };
}

export async function orderById(db: Db, id: string, forUpdate = false): Promise<OrderRow | undefined> {
  let query = db.selectFrom('payment_orders').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function orderByCode(db: Db, code: number): Promise<OrderRow | undefined> {
  if (!Number.isSafeInteger(code) || code <= 0) return undefined;
  return db.selectFrom('payment_orders').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function orderByKey(db: Db, userId: string, key: string): Promise<OrderRow | undefined> {
  return db.selectFrom('payment_orders').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

const CursorSchema = v.tuple([v.pipe(v.string(), v.isoTimestamp()), RecordIdSchema]);

export function encodeOrderCursor(row: { created_at: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.created_at.toISOString(), row.id])).toString('base64url');
}

export function decodeOrderCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [at, id] = v.parse(CursorSchema, JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { createdAt: new Date(at), id };
  } catch (error) {
    throw new ApiError(422, 'Invalid input: cursor: not a cursor this server gave out', { cause: error });
  }
}

/** The account's orders, newest first, a page after `cursor`. */
export async function listOrders(db: Db, userId: string, cursor: string | undefined, limit: number): Promise<{ items: OrderRow[]; next: string | null }> {
  let query = db.selectFrom('payment_orders').selectAll().where('user_id', '=', userId);
  if (cursor) {
    const after = decodeOrderCursor(cursor);
    query = query.where(sql<boolean>`(created_at, id) < (${after.createdAt}, ${after.id})`);
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
  const items = rows.slice(0, limit);
  return { items, next: rows.length > limit ? encodeOrderCursor(items.at(-1)!) : null };
}

/**
 * The account's money balance, VND (docs/product-rules.md#plan-settlement): what its completed
 * orders added to it less what they took from it.
 */
export async function moneyBalance(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('payment_orders')
    .select(sql<number>`coalesce(sum(balance_added_vnd - balance_used_vnd), 0)::int`.as('balance'))
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/**
 * Marks the account's pending plan orders created before order `code` as replaced by it
 * (docs/product-rules.md#plan-settlement) and answers them, for their providers to close. An order
 * settling at the same time keeps its row lock until it is completed, and is then left alone.
 */
export async function supersedeOlderPlanOrders(db: Db, userId: string, code: number, at: Date): Promise<OrderRow[]> {
  return db
    .updateTable('payment_orders')
    .set({ status: 'failed', failure_reason: 'superseded', updated_at: at })
    .where('user_id', '=', userId)
    .where('kind', '=', 'plan')
    .where('status', '=', 'pending')
    .where('code', '<', code)
    .returningAll()
    .execute();
}

/**
 * Orders to ask their provider about (reconciliation): pending ones created before `olderThan`,
 * and replaced ones whose provider may still take money until `givenUpBefore` passes their window
 * — both not asked about since `checkedBefore`.
 */
export async function stalePending(db: Db, olderThan: Date, checkedBefore: Date, limit: number, givenUpBefore: Date): Promise<OrderRow[]> {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'failed'), eb('failure_reason', '=', 'superseded'), eb('expires_at', '>', givenUpBefore)])]))
    .where('created_at', '<', olderThan)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', checkedBefore)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
