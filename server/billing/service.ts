/**
 * The billing service (docs/product-rules.md#billing): quotes, checkout, provider notifications,
 * the success page's refresh, reconciliation, and the account's views (overview, payments,
 * receipts). Plan cycles, expiry and reminders run in ./cycles.ts; what an outcome does in
 * ./fulfil.ts; the credit activity in ./activity.ts.
 */
import type { Kysely } from 'kysely';
import { PLANS, type PlanId } from '../../src/contract/plans.ts';
import type {
  ActivityPage,
  BillingOverview,
  CheckoutRequest,
  CheckoutResponse,
  Payment,
  PaymentPage,
  Quote,
  QuoteQuery,
  Receipt,
  Seller,
  SubscriptionUpdate,
} from '../../src/contract/billing.schema.ts';
import type { PaymentMethod } from '../../src/contract/packs.ts';
import { creditLedger } from '../credits/ledger.ts';
import type { Tables } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { createCheckout, PAYMENT_WINDOW_MINUTES, type CheckoutBuyer } from './checkout.ts';
import { creditActivity } from './activity.ts';
import { billingError } from './errors.ts';
import { cyclesInForce, settle, type Settlement, type SettleResult } from './fulfil.ts';
import { cycleMethod } from './cycles-repository.ts';
import { toPayment } from './orders.ts';
import {
  billingAccount,
  listOrders,
  moneyBalance,
  orderByCode,
  orderById,
  recordPaymentEvent,
  stalePending,
  updateBillingAccount,
  updateOrder,
  userPlan,
  type OrderRow,
} from './repository.ts';
import { renewOrder } from './renewals.ts';
import { isUpgrade, quote as priceQuote, QuoteRefused, type PriceQuote } from './pricing.ts';
import { ProviderRequestError, ProviderSignatureError, type PaymentProvider, type ProviderAnswer, type RawNotification } from './providers/types.ts';

export { billingError } from './errors.ts';
export { PAYMENT_WINDOW_MINUTES } from './checkout.ts';
/** docs/product-rules.md#reconciliation: a pending order older than this is asked about at its provider, in minutes. */
export const RECONCILE_AFTER_MINUTES = 15;
/** And asked again at most this often, in minutes. */
export const RECONCILE_EVERY_MINUTES = 5;
/**
 * docs/product-rules.md#plan-settlement: a quote values the unused part of the cycles an upgrade
 * ends as it will be this long after it, in minutes — the payment window, and two reconciliation
 * intervals for a payment made at its end whose notification was lost — so money arriving by then
 * pays what was quoted (the part left over goes to the balance).
 */
export const QUOTE_CREDIT_HORIZON_MINUTES = PAYMENT_WINDOW_MINUTES + 2 * RECONCILE_EVERY_MINUTES;
/** A pending order its provider still calls pending this long after its window is given up as expired, in hours. */
export const GIVE_UP_AFTER_HOURS = 24;
/** VAT included in the prices (digital services, Law on VAT 48/2024/QH15), percent. */
export const VAT_PERCENT = 10;

const MINUTE_MS = 60_000;

export type Buyer = CheckoutBuyer;

export interface BillingDeps {
  db: Kysely<Tables>;
  providers: ReadonlyMap<PaymentMethod, PaymentProvider>;
  /** Origin of the product (PUBLIC_URL): return URLs and webhooks. */
  publicUrl: string;
  seller: Seller;
  logger: Logger;
  now: () => Date;
  /** Called after an order completes (its receipt mail), outside the transaction. */
  onCompleted?: (order: OrderRow) => Promise<void>;
}

export interface BillingService {
  methods(): PaymentMethod[];
  overview(userId: string): Promise<BillingOverview>;
  quote(userId: string, query: QuoteQuery): Promise<Quote>;
  checkout(buyer: Buyer, request: CheckoutRequest, idempotencyKey: string | null, clientIp: string, origin?: string): Promise<CheckoutResponse>;
  payments(userId: string, cursor: string | undefined, limit: number): Promise<PaymentPage>;
  /** The account's credit activity (./activity.ts), newest first, a page after `cursor`. */
  activity(userId: string, cursor: string | undefined, limit: number): Promise<ActivityPage>;
  payment(userId: string, id: string): Promise<Payment>;
  /** Asks the provider about a pending order of the caller (the success page), then answers it. */
  refresh(userId: string, id: string): Promise<Payment>;
  receipt(userId: string, id: string): Promise<Receipt>;
  updateSubscription(userId: string, update: SubscriptionUpdate): Promise<void>;
  /** A provider's notification: verified, applied once, answered in the provider's terms. */
  notify(provider: PaymentMethod, raw: RawNotification): Promise<ProviderAnswer>;
  /** Queries the providers about stale pending orders; answers how many were settled. */
  reconcile(): Promise<{ checked: number; settled: number }>;
}

class AmountMismatch extends Error {}

const notFound = () => billingError(404, 'paymentNotFound');

const toQuote = (q: PriceQuote): Quote => ({
  item: q.item,
  period: q.period,
  change: q.change,
  price_vnd: q.priceVnd,
  proration_credit_vnd: q.prorationCreditVnd,
  balance_applied_vnd: q.balanceAppliedVnd,
  amount_vnd: q.amountVnd,
  credits: q.credits,
  starts_at: q.startsAt.toISOString(),
  ends_at: q.endsAt.toISOString(),
});

export function createBillingService(deps: BillingDeps): BillingService {
  const { db, providers, logger } = deps;
  const log = logger.child({ area: 'billing' });

  async function computeQuote(userId: string, item: QuoteQuery['item'], period: QuoteQuery['period'], at: Date): Promise<PriceQuote> {
    try {
      const [cycles, balanceVnd] = await Promise.all([cyclesInForce(db, userId, at), moneyBalance(db, userId)]);
      return priceQuote(item, period, cycles, at, { balanceVnd, creditAt: new Date(at.getTime() + QUOTE_CREDIT_HORIZON_MINUTES * MINUTE_MS) });
    } catch (error) {
      if (error instanceof QuoteRefused) throw billingError(error.reason === 'notPurchasable' ? 400 : 409, error.reason);
      throw error;
    }
  }

  async function ownOrder(userId: string, id: string): Promise<OrderRow> {
    const order = await orderById(db, id);
    if (!order || order.user_id !== userId) throw notFound();
    return order;
  }

  /** Applies an outcome in one transaction; the completion's side effects after it. */
  async function apply(orderId: string, outcome: Settlement, event: { provider: string; id: string } | null): Promise<SettleResult | 'replayed'> {
    const at = deps.now();
    let result: SettleResult | 'replayed';
    try {
      result = await db.transaction().execute(async (trx) => {
        if (event) {
          const fresh = await recordPaymentEvent(trx, { provider: event.provider, eventId: event.id, orderId, state: outcome.state, at });
          if (!fresh) return 'replayed' as const;
        }
        const settled = await settle(trx, orderId, outcome, at);
        // Roll back the event's row too: a corrected notification with the same id must still apply.
        if (settled === 'amount-mismatch') throw new AmountMismatch();
        return settled;
      });
    } catch (error) {
      if (!(error instanceof AmountMismatch)) throw error;
      log.warn({ orderId, provider: event?.provider, paid: outcome.amountVnd }, 'payment amount does not match the order: refused');
      return 'amount-mismatch';
    }
    if (result === 'completed') {
      const order = await orderById(db, orderId);
      log.info({ orderId, method: order?.method, outcome: order?.outcome }, 'payment completed');
      // Bought only balance: the provider's subscription made with it (Stripe) must not renew the plan it did not buy.
      if (order?.outcome === 'balance' && order.subscription_ref) {
        await providers
          .get(order.method as PaymentMethod)
          ?.cancelRenewal?.(order.subscription_ref)
          .catch((error: unknown) => log.warn({ err: error, orderId }, 'renewal of a payment that bought only balance not cancelled'));
      }
      if (order && deps.onCompleted) await deps.onCompleted(order).catch((error: unknown) => log.warn({ err: error, orderId }, 'after-payment step failed'));
    }
    return result;
  }

  async function askProvider(order: OrderRow): Promise<void> {
    const provider = providers.get(order.method as PaymentMethod);
    // A replaced order is still asked about: its provider may have taken the money anyway.
    if (!provider || !(order.status === 'pending' || (order.status === 'failed' && order.failure_reason === 'superseded'))) return;
    const at = deps.now();
    try {
      const answer = await provider.queryPayment({
        id: order.id,
        code: Number(order.code),
        amountVnd: order.amount_vnd,
        providerRef: order.provider_ref,
        createdAt: order.created_at,
      });
      let state = answer.state;
      // The provider keeps calling it pending long after its page closed: nobody will pay it now.
      if (state === 'pending' && at.getTime() > order.expires_at.getTime() + GIVE_UP_AFTER_HOURS * 60 * MINUTE_MS) state = 'expired';
      await apply(order.id, { state, amountVnd: answer.amountVnd, providerRef: answer.providerRef }, null);
    } catch (error) {
      log.warn({ err: error, orderId: order.id, method: order.method }, 'payment query failed');
    } finally {
      await updateOrder(db, order.id, { checked_at: at });
    }
  }

  const checkout = createCheckout({ db, providers, publicUrl: deps.publicUrl, log, now: deps.now, quote: computeQuote, apply });

  return {
    methods: () => [...providers.keys()],

    async overview(userId) {
      const at = deps.now();
      const userPlanId = await userPlan(db, userId);
      const plan = (userPlanId in PLANS ? userPlanId : 'free') as PlanId;
      const ledger = creditLedger(db);
      const [balance, buckets, cycles, account, balanceVnd] = await Promise.all([
        ledger.balance(userId, at),
        ledger.buckets(userId, at),
        cyclesInForce(db, userId, at),
        billingAccount(db, userId),
        moneyBalance(db, userId),
      ]);
      const current = cycles.current;
      let subscription: BillingOverview['subscription'] = null;
      if (current) {
        const method = await cycleMethod(db, current.id);
        const next = cycles.later[0];
        subscription = {
          plan: current.plan,
          period: current.period,
          started_at: current.startsAt.toISOString(),
          ends_at: current.endsAt.toISOString(),
          next: next ? { plan: next.plan, period: next.period, starts_at: next.startsAt.toISOString() } : null,
          scheduled: account?.scheduled_plan ? { plan: account.scheduled_plan as PlanId, period: account.scheduled_period ?? 'monthly' } : null,
          auto_renew: account?.auto_renew ?? false,
          method: (method as PaymentMethod | undefined) ?? null,
        };
      }
      return { plan, subscription, balance, balance_vnd: balanceVnd, buckets };
    },

    async quote(userId, query) {
      return toQuote(await computeQuote(userId, query.item, query.period, deps.now()));
    },

    checkout,

    async payments(userId, cursor, limit) {
      const page = await listOrders(db, userId, cursor, limit);
      return { items: page.items.map(toPayment), next_cursor: page.next };
    },

    activity: (userId, cursor, limit) => creditActivity(db, userId, cursor, limit),

    async payment(userId, id) {
      return toPayment(await ownOrder(userId, id));
    },

    async refresh(userId, id) {
      // A pending order, or one a newer checkout replaced whose provider may have taken the money anyway.
      await askProvider(await ownOrder(userId, id));
      return toPayment(await ownOrder(userId, id));
    },

    async receipt(userId, id) {
      const order = await ownOrder(userId, id);
      if (order.status !== 'completed') throw billingError(409, 'receiptUnavailable');
      // The VAT inside a VAT-inclusive amount: amount − amount / (1 + rate), to the đồng.
      const vat = order.amount_vnd - Math.round((order.amount_vnd * 100) / (100 + VAT_PERCENT));
      return {
        payment: toPayment(order),
        seller: deps.seller,
        buyer: { name: order.buyer_name, email: order.buyer_email },
        vat_vnd: vat,
        vat_percent: VAT_PERCENT,
      };
    },

    async updateSubscription(userId, update) {
      const at = deps.now();
      const { current } = await cyclesInForce(db, userId, at);
      if (!current) throw billingError(409, 'noSubscription');
      const account = await billingAccount(db, userId);
      if (update.scheduled) {
        const target = update.scheduled;
        const lower =
          target.plan === 'free' ||
          (PLANS[target.plan].monthlyVnd !== null && !isUpgrade(current, target) && !(target.plan === current.plan && target.period === current.period));
        if (!lower) throw billingError(400, 'scheduleInvalid');
      }
      const stopRenewal = update.auto_renew === false || update.scheduled?.plan === 'free';
      if (stopRenewal && account?.auto_renew && account.subscription_ref) {
        const provider = providers.get(account.renew_method as PaymentMethod);
        await provider?.cancelRenewal?.(account.subscription_ref);
      }
      await updateBillingAccount(db, userId, {
        ...(update.scheduled !== undefined ? { scheduled_plan: update.scheduled?.plan ?? null, scheduled_period: update.scheduled?.period ?? null } : {}),
        ...(stopRenewal ? { auto_renew: false } : {}),
        updated_at: at,
      });
    },

    async notify(providerId, raw) {
      const provider = providers.get(providerId);
      if (!provider) throw billingError(404, 'unknownProvider');
      let note;
      try {
        note = await provider.parseNotification(raw);
      } catch (error) {
        if (error instanceof ProviderSignatureError) {
          log.warn({ provider: providerId }, 'notification refused: bad signature');
          return provider.answer('bad-signature');
        }
        if (error instanceof ProviderRequestError) return provider.answer('malformed');
        throw error;
      }
      if (!note) return provider.answer('ok');
      const order = 'code' in note.order ? await orderByCode(db, note.order.code) : await orderById(db, note.order.id);
      if (!order || order.method !== providerId) return provider.answer('unknown-order');
      if (note.renewal) {
        await renewOrder({ db, now: deps.now, apply }, order, note, providerId);
        return provider.answer('ok');
      }
      const result = await apply(
        order.id,
        { state: note.state, amountVnd: note.amountVnd, providerRef: note.providerRef, subscriptionRef: note.subscriptionRef },
        { provider: providerId, id: note.eventId },
      );
      return provider.answer(result === 'amount-mismatch' ? 'amount-mismatch' : 'ok');
    },

    async reconcile() {
      const at = deps.now();
      const stale = await stalePending(
        db,
        new Date(at.getTime() - RECONCILE_AFTER_MINUTES * MINUTE_MS),
        new Date(at.getTime() - RECONCILE_EVERY_MINUTES * MINUTE_MS),
        50,
        new Date(at.getTime() - GIVE_UP_AFTER_HOURS * 60 * MINUTE_MS),
      );
      let settled = 0;
      for (const order of stale) {
        await askProvider(order);
        const after = await orderById(db, order.id);
        if (after && after.status !== order.status) settled += 1;
      }
      return { checked: stale.length, settled };
    },
  };
}
