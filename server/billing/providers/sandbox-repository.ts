/**
 * The sandbox provider's own record of each payment (sandbox_payments, standing for a real
 * provider's database): its SQL, for the provider (./sandbox.ts) and its hosted page
 * (../sandbox-page.ts).
 */
import type { Selectable } from 'kysely';
import type { SandboxPaymentsTable } from '../../db/schema-billing.ts';
import type { Db } from '../repository.ts';

export type SandboxPaymentRow = Selectable<SandboxPaymentsTable>;
type SandboxState = SandboxPaymentsTable['state'];

/** Records a payment the sandbox was asked to take, once per order. */
export async function insertSandboxPayment(db: Db, payment: { orderId: string; code: number; amountVnd: number; at: Date }): Promise<void> {
  await db
    .insertInto('sandbox_payments')
    .values({ order_id: payment.orderId, code: payment.code, amount_vnd: payment.amountVnd, state: 'pending', transaction_id: null, updated_at: payment.at })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

export async function sandboxPayment(db: Db, orderId: string): Promise<SandboxPaymentRow | undefined> {
  return db.selectFrom('sandbox_payments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** Ends a pending payment with `state`; false when it was not pending any more. */
export async function endSandboxPayment(db: Db, orderId: string, state: SandboxState, transactionId: string | null, at: Date): Promise<boolean> {
  const changed = await db
    .updateTable('sandbox_payments')
    .set(transactionId === null ? { state, updated_at: at } : { state, transaction_id: transactionId, updated_at: at })
    .where('order_id', '=', orderId)
    .where('state', '=', 'pending')
    .returning('order_id')
    .executeTakeFirst();
  return changed !== undefined;
}
