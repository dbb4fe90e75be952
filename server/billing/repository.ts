/**
 * The billing area's SQL on orders, their provider events and the accounts' renewal choices
 * (payment_orders, payment_events, billing_accounts: 0009_billing.sql). The plan cycles' SQL is in
 * ./cycles-repository.ts, the sandbox provider's in ./sandbox-repository.ts; the ledger is the
 * credits area's (server/credits/). Every function takes the handle or the transaction to run on.
 */
import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Tables } from '../db/schema.ts';
import type { BillingAccountsTable, PaymentOrdersTable } from '../db/schema-billing.ts';
import { decodeOrderCursor, encodeOrderCursor } from './orders.ts';

export type Db = Kysely<Tables> | Transaction<Tables>;
export type OrderRow = Selectable<PaymentOrdersTable>;
export type BillingAccountRow = Selectable<BillingAccountsTable>;

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

/** The account's orders, newest first, a page after `cursor`. */
export async function listOrders(db: Db, userId: string, cursor: string | undefined, limit: number): Promise<{ items: OrderRow[]; next: string | null }> {
  let query = db.selectFrom('payment_orders').selectAll().where('user_id', '=', userId);
  if (cursor) {
    const after = decodeOrderCursor(cursor);
    query = query.where(sql<boolean>`(created_at, id) < (${after.createdAt}, ${after.id})`);
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
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
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'failed'), eb('failure_reason', '=', 'superseded'), eb('expires_at', '>', givenUpBefore)]),
      ]),
    )
    .where('created_at', '<', olderThan)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', checkedBefore)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Inserts an order; undefined when the account already has one with its idempotency key. */
export async function insertOrder(db: Db, order: Insertable<PaymentOrdersTable>): Promise<OrderRow | undefined> {
  return db
    .insertInto('payment_orders')
    .values(order)
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Changes order `id`. */
export async function updateOrder(db: Db, id: string, changes: Updateable<PaymentOrdersTable>): Promise<void> {
  await db.updateTable('payment_orders').set(changes).where('id', '=', id).execute();
}

/** Changes order `id` and answers it as it is now (it must exist). */
export async function updateOrderReturning(db: Db, id: string, changes: Updateable<PaymentOrdersTable>): Promise<OrderRow> {
  return db.updateTable('payment_orders').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Records a provider's event once: false when that provider's event id was recorded before. */
export async function recordPaymentEvent(db: Db, event: { provider: string; eventId: string; orderId: string; state: string; at: Date }): Promise<boolean> {
  const fresh = await db
    .insertInto('payment_events')
    .values({ provider: event.provider, event_id: event.eventId, order_id: event.orderId, state: event.state, received_at: event.at })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return fresh !== undefined;
}

/** The account's renewal choices, when it ever made one or bought a plan. */
export async function billingAccount(db: Db, userId: string): Promise<BillingAccountRow | undefined> {
  return db.selectFrom('billing_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Changes the account's renewal choices, creating its row first when it has none. */
export async function updateBillingAccount(db: Db, userId: string, changes: Updateable<BillingAccountsTable> & { updated_at: Date }): Promise<void> {
  await db
    .insertInto('billing_accounts')
    .values({ user_id: userId, updated_at: changes.updated_at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  await db.updateTable('billing_accounts').set(changes).where('user_id', '=', userId).execute();
}

/**
 * The account's renewal choices once it bought a plan cycle with `order`: the change chosen for
 * the end of the cycle is what was just bought, or superseded by it; a provider's subscription
 * made with the order renews it.
 */
export async function accountBoughtCycle(db: Db, order: OrderRow, userId: string, at: Date): Promise<void> {
  await db
    .insertInto('billing_accounts')
    .values({
      user_id: userId,
      updated_at: at,
      auto_renew: order.subscription_ref !== null,
      renew_method: order.subscription_ref !== null ? order.method : null,
      subscription_ref: order.subscription_ref,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        scheduled_plan: null,
        scheduled_period: null,
        auto_renew: order.subscription_ref !== null ? true : eb.ref('billing_accounts.auto_renew'),
        renew_method: order.subscription_ref !== null ? order.method : eb.ref('billing_accounts.renew_method'),
        subscription_ref: order.subscription_ref ?? eb.ref('billing_accounts.subscription_ref'),
        updated_at: at,
      })),
    )
    .execute();
}

/** The plan `users.plan` holds for the account (it must exist). */
export async function userPlan(db: Db, userId: string): Promise<string> {
  return (await db.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirstOrThrow()).plan;
}

/** The account's address and language, for a mail; undefined when it is gone. */
export async function userContact(db: Db, userId: string): Promise<{ email: string; name: string; language: 'vi' | 'en' } | undefined> {
  return db.selectFrom('users').select(['email', 'name', 'language']).where('id', '=', userId).executeTakeFirst();
}

/** Sets `users.plan` (no write when it holds that plan already). */
export async function setUserPlan(db: Db, userId: string, plan: string): Promise<void> {
  await db.updateTable('users').set({ plan }).where('id', '=', userId).where('plan', '<>', plan).execute();
}
