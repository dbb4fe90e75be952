/**
 * One interface for every payment provider (docs/product-rules.md#payments). The billing service
 * creates an order, asks its provider for a checkout page, and marks the order paid only from
 * what the provider itself says: a notification whose signature the adapter verified, or the
 * answer to a query of the provider's API. A return URL in the browser never credits anything.
 *
 * Adapters are plain objects built from their configuration (keys, base URL), so tests point them
 * at a loopback fake of the provider's real API.
 */
import type { PaymentMethod } from '../../../src/contract/packs.ts';

/** What an adapter needs to know about an order. */
export interface ProviderOrder {
  /** Our order id (a UUID). */
  id: string;
  /**
   * A positive integer unique to the order (≤ 2^53 − 1): payOS' `orderCode`, VNPay's `vnp_TxnRef`,
   * MoMo's `orderId` (as text), Stripe's `client_reference_id` (as text).
   */
  code: number;
  /** VND, a positive integer (VAT included). */
  amountVnd: number;
  /** Short text shown by the provider (payOS allows 25 characters; adapters cut it to their limit). */
  description: string;
  /** The buyer, for providers that show or need it. */
  buyer: { email: string; name: string };
  language: 'vi' | 'en';
  /** When the provider should stop accepting payment. */
  expiresAt: Date;
  /**
   * A plan bought with a method that renews by itself (Stripe): the provider creates a
   * subscription charging `amountVnd`… every `interval` (the first charge may be prorated by us).
   */
  recurring: { interval: 'month' | 'year'; planId: string; listPriceVnd: number } | null;
  /** The client address (VNPay requires it). */
  clientIp: string;
}

export interface ProviderUrls {
  /** Where the provider sends the browser after paying: our /payment/success?order=<id>. */
  returnUrl: string;
  /** Where it sends the browser after a cancel: our /payment/cancel?order=<id>. */
  cancelUrl: string;
  /** Our webhook for this provider: <public origin>/api/billing/webhooks/<provider>. */
  notifyUrl: string;
}

export interface CreatedPayment {
  /** The provider's page the browser goes to. */
  checkoutUrl: string;
  /** The provider's id of this payment (payOS paymentLinkId, Stripe session id, …), if it gives one. */
  providerRef: string | null;
}

/** A payment's state as the provider tells it. */
export type ProviderPaymentState = 'paid' | 'pending' | 'cancelled' | 'failed' | 'expired';

/** A verified notification, turned into what it means for one order. */
export interface ProviderNotification {
  /**
   * Unique per event at this provider (Stripe's event id; for providers without one, their
   * transaction id plus the state): the same event twice is processed once.
   */
  eventId: string;
  /** Our order's code or id, as the provider echoes it back. */
  order: { code: number } | { id: string };
  state: ProviderPaymentState;
  /** VND the provider says was paid (it must equal the order's amount to credit it). */
  amountVnd: number;
  providerRef: string | null;
  /** A renewal charged by the provider itself (Stripe invoice.paid after the first period). */
  renewal: { periodStart: Date; periodEnd: Date; subscriptionRef: string } | null;
  /** The provider's subscription created by this checkout (Stripe), so it can be cancelled later. */
  subscriptionRef: string | null;
}

/** What the webhook route got, untouched: signatures cover the exact bytes. */
export interface RawNotification {
  method: string;
  rawBody: string;
  headers: Headers;
  /** The query string (VNPay's IPN carries everything there). */
  query: URLSearchParams;
}

/** How a notification was handled, for the adapter's answer in the provider's own terms. */
export type NotificationOutcome =
  /** Applied now, or applied before (a replay): both are success for the provider. */
  | 'ok'
  /** The signature does not verify: nothing changed (HTTP 400). */
  | 'bad-signature'
  /** No such order. */
  | 'unknown-order'
  /** The amount is not the order's: refused, nothing credited. */
  | 'amount-mismatch'
  /** The body cannot be read. */
  | 'malformed';

export interface ProviderAnswer {
  status: number;
  /** A JSON body, or null for an empty one (MoMo's 204). */
  body: unknown;
}

export class ProviderSignatureError extends Error {
  constructor(message = 'the notification signature does not verify') {
    super(message);
    this.name = 'ProviderSignatureError';
  }
}

/** The provider answered something we cannot use (a network error, an unexpected body). */
export class ProviderRequestError extends Error {
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.name = 'ProviderRequestError';
    this.retryable = retryable;
  }
}

export interface PaymentProvider {
  readonly id: PaymentMethod;
  /** Creates the provider's checkout for the order. @throws ProviderRequestError */
  createPayment(order: ProviderOrder, urls: ProviderUrls): Promise<CreatedPayment>;
  /**
   * Verifies and reads a notification. `ProviderSignatureError` when the signature does not
   * verify, `ProviderRequestError` (not retryable) when the body is not one we can read; null for
   * an event the product does not act on (acknowledged as ok).
   */
  parseNotification(raw: RawNotification): Promise<ProviderNotification | null>;
  /** The answer the provider expects for an outcome (VNPay `{RspCode}`, MoMo 204, …). */
  answer(outcome: NotificationOutcome): ProviderAnswer;
  /** Asks the provider for an order's state (reconciliation, the success page's refresh). @throws ProviderRequestError */
  queryPayment(
    order: Pick<ProviderOrder, 'id' | 'code' | 'amountVnd'> & { providerRef: string | null; createdAt: Date },
  ): Promise<{ state: ProviderPaymentState; amountVnd: number | null; providerRef: string | null }>;
  /** Refunds a paid order in full, where the provider has a refund API. */
  refund?(order: { id: string; code: number; amountVnd: number; providerRef: string | null; paidAt: Date; clientIp: string }, reason: string): Promise<void>;
  /** Stops a provider subscription renewing (Stripe: cancel at the period end). */
  cancelRenewal?(subscriptionRef: string): Promise<void>;
  /**
   * Closes the payment page of an order a newer checkout replaced, where the provider can
   * (docs/product-rules.md#plan-settlement); money it still takes is settled as balance.
   * @throws ProviderRequestError
   */
  voidPayment?(order: { id: string; code: number; providerRef: string | null }): Promise<void>;
}
