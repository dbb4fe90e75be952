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

export function toPayment(row: OrderRow): Payment {
  return {
    id: row.id,
    order_code: Number(row.code),
    created_at: row.created_at.toISOString(),
    paid_at: row.paid_at?.toISOString() ?? null,
    item: row.item as CheckoutItem,
    period: row.period,
    change: row.change,
    amount_vnd: row.amount_vnd,
    proration_credit_vnd: row.proration_credit_vnd,
    credits: row.credits,
    status: row.status,
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

/** Pending orders created before `olderThan` and not asked about since `checkedBefore` (reconciliation). */
export async function stalePending(db: Db, olderThan: Date, checkedBefore: Date, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', olderThan)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', checkedBefore)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
