/**
 * Checkout (docs/product-rules.md#payments): the order once per Idempotency-Key, priced by the
 * server from the plan in force and the account's money balance, its provider page, and — for a
 * plan — the account's older pending plan checkouts replaced by it
 * (docs/product-rules.md#plan-settlement): marked 'superseded' and closed at their provider where it
 * can, so a second tab cannot pay a quote its newer one made stale. Safety does not depend on
 * that: every payment is settled against what is in force when it arrives (./fulfil.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PLANS } from '../../src/contract/plans.ts';
import { RECURRING_METHODS, type PaymentMethod } from '../../src/contract/packs.ts';
import { isPackId, type CheckoutRequest, type CheckoutResponse } from '../../src/contract/billing.schema.ts';
import type { Tables } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { billingError } from './errors.ts';
import type { Settlement, SettleResult } from './fulfil.ts';
import { toPayment } from './orders.ts';
import { insertOrder, orderById, orderByKey, supersedeOlderPlanOrders, updateOrder, updateOrderReturning, type OrderRow } from './repository.ts';
import type { PriceQuote } from './pricing.ts';
import type { PaymentProvider } from './providers/types.ts';

/** How long a provider's page takes payment, in minutes (payOS' and VNPay's default is 15; ours is longer for a bank transfer). */
export const PAYMENT_WINDOW_MINUTES = 30;

const MINUTE_MS = 60_000;

export interface CheckoutBuyer {
  id: string;
  email: string;
  name: string;
  language: 'vi' | 'en';
}

export interface CheckoutDeps {
  db: Kysely<Tables>;
  providers: ReadonlyMap<PaymentMethod, PaymentProvider>;
  publicUrl: string;
  log: Logger;
  now: () => Date;
  /** The quote for the buyer now (with the balance). @throws the billing error of a refusal */
  quote(userId: string, item: CheckoutRequest['item'], period: CheckoutRequest['period'], at: Date): Promise<PriceQuote>;
  apply(orderId: string, outcome: Settlement, event: null): Promise<SettleResult | 'replayed'>;
}

const requestHash = (request: CheckoutRequest) =>
  createHash('sha256')
    .update(JSON.stringify([request.item, request.period ?? null, request.method]))
    .digest('hex');

export function createCheckout(deps: CheckoutDeps) {
  const { db, providers, log } = deps;

  /** Replaces the buyer's older pending plan orders by `order`, and closes their pages where their provider can. */
  async function supersede(order: OrderRow): Promise<void> {
    if (order.kind !== 'plan' || order.user_id === null) return;
    const replaced = await supersedeOlderPlanOrders(db, order.user_id, Number(order.code), deps.now());
    for (const old of replaced) {
      log.info({ orderId: old.id, by: order.id }, 'pending plan order replaced by a newer checkout');
      try {
        await providers.get(old.method as PaymentMethod)?.voidPayment?.({ id: old.id, code: Number(old.code), providerRef: old.provider_ref });
      } catch (error) {
        // Still open there: money it takes is settled as balance, and reconciliation keeps asking.
        log.warn({ err: error, orderId: old.id, method: old.method }, 'replaced payment could not be closed at its provider');
      }
    }
  }

  /**
   * @param origin where the seller checked out from (server/http/origin.ts): the payment returns
   *   there and the receipt mail links there; PUBLIC_URL when not given
   */
  async function checkout(
    buyer: CheckoutBuyer,
    request: CheckoutRequest,
    idempotencyKey: string | null,
    clientIp: string,
    origin: string = deps.publicUrl,
  ): Promise<CheckoutResponse> {
    const provider = providers.get(request.method);
    if (!provider) throw billingError(400, 'methodUnavailable');
    const hash = requestHash(request);
    if (idempotencyKey !== null) {
      const earlier = await orderByKey(db, buyer.id, idempotencyKey);
      if (earlier) {
        if (earlier.request_hash !== hash) throw billingError(409, 'idempotencyMismatch');
        return {
          payment: toPayment(earlier),
          redirect_url: earlier.checkout_url ?? `${earlier.return_origin ?? deps.publicUrl}/payment/success?order=${earlier.id}`,
        };
      }
    }
    const at = deps.now();
    const q = await deps.quote(buyer.id, request.item, request.period, at);
    const id = randomUUID();
    const inserted = await insertOrder(db, {
      id,
      user_id: buyer.id,
      kind: q.kind,
      item: q.item,
      period: q.period,
      change: q.change,
      price_vnd: q.priceVnd,
      proration_credit_vnd: q.prorationCreditVnd,
      balance_quoted_vnd: q.balanceAppliedVnd,
      amount_vnd: q.amountVnd,
      credits: q.credits,
      method: request.method,
      status: 'pending',
      idempotency_key: idempotencyKey,
      request_hash: hash,
      buyer_email: buyer.email,
      buyer_name: buyer.name,
      language: request.language ?? buyer.language,
      created_at: at,
      updated_at: at,
      expires_at: new Date(at.getTime() + PAYMENT_WINDOW_MINUTES * MINUTE_MS),
      return_origin: origin,
    });
    // A concurrent twin with the same key won the insert: answer its order.
    if (!inserted) return checkout(buyer, request, idempotencyKey, clientIp, origin);
    const success = `${origin}/payment/success?order=${id}`;
    if (q.amountVnd === 0) {
      await supersede(inserted);
      await deps.apply(id, { state: 'paid', amountVnd: 0, providerRef: null }, null);
      return { payment: toPayment((await orderById(db, id))!), redirect_url: success };
    }
    const plan = isPackId(q.item) ? null : PLANS[q.item];
    let row: OrderRow;
    try {
      const created = await provider.createPayment(
        {
          id,
          code: Number(inserted.code),
          amountVnd: q.amountVnd,
          description: `Atelier ${inserted.code}`,
          buyer: { email: buyer.email, name: buyer.name },
          language: inserted.language,
          expiresAt: inserted.expires_at,
          recurring:
            plan && RECURRING_METHODS.has(request.method)
              ? { interval: q.period === 'annual' ? 'year' : 'month', planId: plan.id, listPriceVnd: q.priceVnd }
              : null,
          clientIp,
        },
        // The provider's server calls the notification URL: PUBLIC_URL, never a seller's origin.
        { returnUrl: success, cancelUrl: `${origin}/payment/cancel?order=${id}`, notifyUrl: `${deps.publicUrl}/api/billing/webhooks/${request.method}` },
      );
      row = await updateOrderReturning(db, id, { checkout_url: created.checkoutUrl, provider_ref: created.providerRef, updated_at: deps.now() });
    } catch (error) {
      log.warn({ err: error, orderId: id, method: request.method }, 'payment could not be created at the provider');
      await updateOrder(db, id, { status: 'failed', failure_reason: 'error', updated_at: deps.now() });
      throw billingError(502, 'providerUnavailable');
    }
    // Only once this one can be paid: a checkout that failed leaves the older one payable.
    await supersede(row);
    return { payment: toPayment(row), redirect_url: row.checkout_url! };
  }

  return checkout;
}
