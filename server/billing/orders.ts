/**
 * Orders (payment_orders, 0009_billing.sql): the API's view of a row, its receipt number and the
 * cursor of the orders' pages; their SQL is in ./repository.ts. Every amount in a row was computed
 * by the server (./pricing.ts) when the order was created.
 */
import * as v from 'valibot';
import type { CheckoutItem, Payment } from '../../src/contract/billing.schema.ts';
import type { PaymentMethod } from '../../src/contract/packs.ts';
import { RecordIdSchema } from '../../src/contract/input.schema.ts';
import { decodeCursor } from '../http/cursor.ts';
import type { OrderRow } from './repository.ts';

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

const CursorSchema = v.tuple([v.pipe(v.string(), v.isoTimestamp()), RecordIdSchema]);

export function encodeOrderCursor(row: { created_at: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.created_at.toISOString(), row.id])).toString('base64url');
}

export function decodeOrderCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = decodeCursor(cursor, CursorSchema);
  return { createdAt: new Date(at), id };
}
