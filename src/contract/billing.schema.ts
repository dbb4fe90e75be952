/**
 * Plans, credits and payments (docs/product-rules.md#billing): the one plan catalogue the server,
 * the public /pricing page, the home page's teaser and the app all read, and the bodies of the
 * billing API. Imports only valibot and the other contract modules.
 *
 * Money is integer VND (prices include VAT); credits are integers. The server computes every
 * amount: a checkout request names what is bought, never what it costs.
 *
 * Endpoints:
 * - GET  /api/billing/plans                      (public)    the catalogue and the enabled payment methods
 * - GET  /api/billing/overview                   (signed in) plan, cycle, balance, credit buckets
 * - GET  /api/billing/quote?item&period          (signed in) what a checkout would charge now
 * - POST /api/billing/checkout                   (signed in, Idempotency-Key) creates an order
 * - GET  /api/billing/payments?cursor&limit      (signed in) the payment history, newest first
 * - GET  /api/billing/payments/{id}              (owner)     one order (the /payment/* pages poll it)
 * - POST /api/billing/payments/{id}/refresh      (owner)     asks the provider about a pending order
 * - GET  /api/billing/payments/{id}/receipt      (owner)     a completed order's receipt
 * - GET  /api/billing/activity?cursor&limit      (signed in) the credit activity, newest first
 * - PUT  /api/billing/subscription               (signed in) the change at the end of the cycle, auto-renewal
 * - POST /api/billing/webhooks/{provider}        (provider)  signed notifications (VNPay's IPN is a GET)
 * - GET  /billing/sandbox/{orderId}              (anyone with the signed link) the sandbox's hosted payment page
 */
import * as v from 'valibot';
import { queryInteger } from './input.schema.ts';
import { BILLING_PERIODS, PLAN_IDS, PURCHASABLE_PLAN_IDS } from './plans.ts';
import { PACK_IDS, PAYMENT_METHODS, type PackId } from './packs.ts';

// ---------------------------------------------------------------------------------------------
// API bodies
// ---------------------------------------------------------------------------------------------

/** GET /api/billing/plans: the catalogue is static (above); this says which methods are enabled. */
export const BillingPlansSchema = v.object({
  plans: v.array(v.object({ id: v.picklist(PLAN_IDS) })),
  packs: v.array(v.object({ id: v.picklist(PACK_IDS) })),
  methods: v.array(v.picklist(PAYMENT_METHODS)),
});
export type BillingPlans = v.InferOutput<typeof BillingPlansSchema>;

export const BUCKET_SOURCES = ['signup', 'plan', 'pack', 'grant', 'refund'] as const;
export type BucketSource = (typeof BUCKET_SOURCES)[number];

/** Credits from one origin, spent before the buckets that expire later (docs/product-rules.md#credit-expiry). */
export const CreditBucketSchema = v.object({
  id: v.string(),
  source: v.picklist(BUCKET_SOURCES),
  /** The plan of a `plan` bucket, the pack of a `pack` bucket. */
  item: v.nullable(v.string()),
  granted: v.number(),
  remaining: v.number(),
  /** ISO 8601; null for credits that do not expire (the free trial's, grants). */
  expires_at: v.nullable(v.string()),
  created_at: v.string(),
});
export type CreditBucket = v.InferOutput<typeof CreditBucketSchema>;

export const SubscriptionSchema = v.object({
  plan: v.picklist(PLAN_IDS),
  period: v.picklist(BILLING_PERIODS),
  /** The current cycle (ISO 8601). */
  started_at: v.string(),
  ends_at: v.string(),
  /** A cycle already paid that starts when this one ends (a renewal or a downgrade). */
  next: v.nullable(v.object({ plan: v.picklist(PLAN_IDS), period: v.picklist(BILLING_PERIODS), starts_at: v.string() })),
  /** The plan chosen for the end of the cycle, not paid yet ('free' = do not renew). */
  scheduled: v.nullable(v.object({ plan: v.picklist(PLAN_IDS), period: v.picklist(BILLING_PERIODS) })),
  /** The provider charges the saved card at the end of each cycle. */
  auto_renew: v.boolean(),
  method: v.nullable(v.picklist(PAYMENT_METHODS)),
});
export type Subscription = v.InferOutput<typeof SubscriptionSchema>;

export const BillingOverviewSchema = v.object({
  plan: v.picklist(PLAN_IDS),
  /** Null on the free plan. */
  subscription: v.nullable(SubscriptionSchema),
  balance: v.number(),
  /**
   * The account's money balance, VND (docs/product-rules.md#plan-settlement): payments that could
   * not buy what they were for, and the unused part of a plan left over after an upgrade; taken
   * off the next checkout.
   */
  balance_vnd: v.number(),
  /** Buckets holding credits, in the order they are spent (first to expire first). */
  buckets: v.array(CreditBucketSchema),
});
export type BillingOverview = v.InferOutput<typeof BillingOverviewSchema>;

const CHECKOUT_ITEMS = [...PURCHASABLE_PLAN_IDS, ...PACK_IDS] as const;
export type CheckoutItem = (typeof CHECKOUT_ITEMS)[number];
export const isPackId = (item: string): item is PackId => (PACK_IDS as readonly string[]).includes(item);

export const QuoteQuerySchema = v.object({
  item: v.picklist(CHECKOUT_ITEMS),
  period: v.optional(v.picklist(BILLING_PERIODS)),
});
export type QuoteQuery = v.InferOutput<typeof QuoteQuerySchema>;

/**
 * What buying a plan does now: `new` (no paid plan), `upgrade` (starts now, the unused part of
 * the current cycle credited), `renewal` (same plan and period, starts when the current cycle
 * ends), `downgrade` (a lower plan or monthly instead of annual, starts when the current cycle ends).
 */
export const PLAN_CHANGES = ['new', 'upgrade', 'renewal', 'downgrade'] as const;
export type PlanChange = (typeof PLAN_CHANGES)[number];

export const QuoteSchema = v.object({
  item: v.picklist(CHECKOUT_ITEMS),
  period: v.nullable(v.picklist(BILLING_PERIODS)),
  /** Null for a pack. */
  change: v.nullable(v.picklist(PLAN_CHANGES)),
  /** The list price (VAT included). */
  price_vnd: v.number(),
  /** The unused part of the current cycle, taken off an upgrade. */
  proration_credit_vnd: v.number(),
  /** The part of the account's money balance taken off. */
  balance_applied_vnd: v.number(),
  /** What is charged: price − credit − balance, never below 0. */
  amount_vnd: v.number(),
  credits: v.number(),
  /** When the plan or the credits start, and when they end (ISO 8601). */
  starts_at: v.string(),
  ends_at: v.string(),
});
export type Quote = v.InferOutput<typeof QuoteSchema>;

export const CheckoutRequestSchema = v.object({
  item: v.picklist(CHECKOUT_ITEMS),
  period: v.optional(v.picklist(BILLING_PERIODS)),
  method: v.picklist(PAYMENT_METHODS),
  /** The terms and the refund policy were accepted. */
  accept_terms: v.literal(true),
  /** The language of the provider's page and of the receipt mail. */
  language: v.optional(v.picklist(['vi', 'en'])),
});
export type CheckoutRequest = v.InferOutput<typeof CheckoutRequestSchema>;

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Why a payment failed: the payer cancelled, the provider declined it, it was never paid in time,
 * an error, or a newer plan checkout of the account replaced it (docs/product-rules.md#plan-settlement).
 */
export const FAILURE_REASONS = ['cancelled', 'declined', 'expired', 'error', 'superseded'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/**
 * What a completed payment bought (docs/product-rules.md#plan-settlement): its item, or — when the
 * plan in force when the money arrived no longer let it buy that item at its price, or a newer
 * checkout had replaced it — only money in the account's balance.
 */
export const PAYMENT_OUTCOMES = ['delivered', 'balance'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** One row of the payment history (spec §3 Payment row). */
export const PaymentSchema = v.object({
  id: v.string(),
  /** The number printed on the receipt and told to support (e.g. 100245). */
  order_code: v.number(),
  created_at: v.string(),
  paid_at: v.nullable(v.string()),
  item: v.picklist(CHECKOUT_ITEMS),
  period: v.nullable(v.picklist(BILLING_PERIODS)),
  /** For a completed plan: the change it made when its money arrived. */
  change: v.nullable(v.picklist(PLAN_CHANGES)),
  /** The item's list price. */
  price_vnd: v.number(),
  /** What was (or is to be) paid through the provider. */
  amount_vnd: v.number(),
  /** The unused part of the replaced cycles taken off: as quoted, or once completed as settled. */
  proration_credit_vnd: v.number(),
  /** The money balance taken off: as quoted, or once completed as settled. */
  balance_applied_vnd: v.number(),
  /** Money this payment put into the balance (all of it when `outcome` is 'balance'). */
  balance_credit_vnd: v.number(),
  /** Credits it gives (0 when it bought only balance). */
  credits: v.number(),
  status: v.picklist(PAYMENT_STATUSES),
  /** Why it failed; on a completed payment that bought only balance, 'superseded' when a newer checkout had replaced it. */
  failure_reason: v.nullable(v.picklist(FAILURE_REASONS)),
  /** Null until completed. */
  outcome: v.nullable(v.picklist(PAYMENT_OUTCOMES)),
  method: v.picklist(PAYMENT_METHODS),
  /** Where to pay a pending order (the provider's page); null once it has ended. */
  checkout_url: v.nullable(v.string()),
  /** Set when completed: the receipt's number (e.g. ATL-2026-000123). */
  receipt_number: v.nullable(v.string()),
});
export type Payment = v.InferOutput<typeof PaymentSchema>;

export const PAYMENTS_PAGE_DEFAULT = 20;
export const PAYMENTS_PAGE_MAX = 100;

export const PageQuerySchema = v.object({
  cursor: v.optional(v.pipe(v.string(), v.maxLength(200))),
  limit: v.optional(queryInteger(1, PAYMENTS_PAGE_MAX)),
});

export const PaymentPageSchema = v.object({ items: v.array(PaymentSchema), next_cursor: v.nullable(v.string()) });
export type PaymentPage = v.InferOutput<typeof PaymentPageSchema>;

export const CheckoutResponseSchema = v.object({
  payment: PaymentSchema,
  /** Where to send the browser: the provider's page, or /payment/success for an order that needed no payment. */
  redirect_url: v.string(),
});
export type CheckoutResponse = v.InferOutput<typeof CheckoutResponseSchema>;

/** The seller's details printed on every receipt (docs/product-rules.md#receipts). */
export const SellerSchema = v.object({
  name: v.string(),
  address: v.string(),
  tax_code: v.string(),
  email: v.string(),
  phone: v.string(),
});
export type Seller = v.InferOutput<typeof SellerSchema>;

export const ReceiptSchema = v.object({
  payment: PaymentSchema,
  seller: SellerSchema,
  buyer: v.object({ name: v.string(), email: v.string() }),
  /** The VAT inside the amount (prices include 10% VAT on digital services), in VND. */
  vat_vnd: v.number(),
  vat_percent: v.number(),
});
export type Receipt = v.InferOutput<typeof ReceiptSchema>;

export const ACTIVITY_KINDS = ['signup', 'plan', 'pack', 'grant', 'generation', 'refund', 'expiry', 'adjustment'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One line of the credit activity: a grant, a generation's charge, its refund, an expiry. */
export const ActivityItemSchema = v.object({
  id: v.string(),
  at: v.string(),
  kind: v.picklist(ACTIVITY_KINDS),
  /** The tool of a generation or refund (a FEATURES value), the plan or pack of a grant; else null. */
  subject: v.nullable(v.string()),
  /** The generation of a charge or refund (links to its history entry). */
  generation_id: v.nullable(v.string()),
  /** Signed: + added, − taken. */
  amount: v.number(),
  balance_after: v.number(),
});
export type ActivityItem = v.InferOutput<typeof ActivityItemSchema>;

export const ActivityPageSchema = v.object({ items: v.array(ActivityItemSchema), next_cursor: v.nullable(v.string()) });
export type ActivityPage = v.InferOutput<typeof ActivityPageSchema>;

/** PUT /api/billing/subscription: what happens at the end of the cycle. */
export const SubscriptionUpdateSchema = v.object({
  /** A lower plan (or 'free': do not renew) for the end of the cycle; null removes a scheduled change. */
  scheduled: v.optional(v.nullable(v.object({ plan: v.picklist(PLAN_IDS), period: v.picklist(BILLING_PERIODS) }))),
  /** Turns off the card's automatic renewal (it cannot be turned on here: a new checkout does). */
  auto_renew: v.optional(v.literal(false)),
});
export type SubscriptionUpdate = v.InferOutput<typeof SubscriptionUpdateSchema>;

/** Largest body a billing request may carry, in bytes (a checkout is ~150 bytes). */
export const BILLING_BODY_MAX_BYTES = 2_048;
/** Largest notification a provider may send, in bytes (Stripe's events are the largest, a few KB). */
export const WEBHOOK_BODY_MAX_BYTES = 65_536;

/**
 * Billing errors: the `code` of a coded error answer and its text (the app shows its own
 * translation of each code; API clients read the text).
 */
export const BILLING_MESSAGES = {
  methodUnavailable: 'This payment method is not available. Please choose another one.',
  notPurchasable: 'This plan cannot be bought online. Contact us for a custom plan.',
  upgradeNeedsAnnual: 'Your annual plan still holds more than a month of the new plan costs: choose annual billing to upgrade.',
  paymentNotFound: 'Payment not found.',
  providerUnavailable: 'The payment provider could not be reached. Nothing was charged; please try again in a moment.',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different checkout.',
  scheduleInvalid: 'Only a lower plan can be scheduled for the end of the cycle; an upgrade starts at once through checkout.',
  noSubscription: 'You have no paid plan to change.',
  receiptUnavailable: 'A receipt exists only for a completed payment.',
  unknownProvider: 'Unknown payment provider.',
} as const;
export type BillingMessageKey = keyof typeof BILLING_MESSAGES;
