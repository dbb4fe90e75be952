/**
 * Row types of the billing tables (0009_billing.sql), part of `Tables` (./schema.ts).
 */
import type { ColumnType, Generated } from 'kysely';

export type BucketSourceColumn = 'signup' | 'plan' | 'pack' | 'grant' | 'refund';

export interface CreditBucketsTable {
  id: string;
  user_id: string;
  source: BucketSourceColumn;
  item: string | null;
  origin: string;
  granted: number;
  remaining: number;
  expires_at: Date | null;
  created_at: ColumnType<Date, Date, never>;
}

export interface CreditSpendsTable {
  user_id: string;
  reserve_key: string;
  bucket_id: string;
  amount: number;
}

export type OrderStatusColumn = 'pending' | 'completed' | 'failed';

export interface PaymentOrdersTable {
  id: string;
  code: ColumnType<number, number | undefined, never>;
  user_id: string | null;
  kind: 'plan' | 'pack';
  item: string;
  period: 'monthly' | 'annual' | null;
  change: 'new' | 'upgrade' | 'renewal' | 'downgrade' | null;
  price_vnd: number;
  proration_credit_vnd: number;
  amount_vnd: number;
  credits: number;
  method: string;
  status: OrderStatusColumn;
  failure_reason: 'cancelled' | 'declined' | 'expired' | 'error' | 'superseded' | null;
  /** Where the seller checked out from (0019_order_origin.sql); null: PUBLIC_URL. */
  return_origin: ColumnType<string | null, string | null | undefined, string | null>;
  provider_ref: string | null;
  checkout_url: string | null;
  subscription_ref: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  buyer_email: string;
  buyer_name: string;
  language: 'vi' | 'en';
  receipt_number: string | null;
  renewal_of: string | null;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
  paid_at: Date | null;
  expires_at: Date;
  checked_at: Date | null;
  balance_quoted_vnd: Generated<number>;
  outcome: 'delivered' | 'balance' | null;
  settled_credit_vnd: Generated<number>;
  balance_used_vnd: Generated<number>;
  balance_added_vnd: Generated<number>;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  order_id: string | null;
  state: string;
  received_at: Date;
}

export interface PlanCyclesTable {
  id: string;
  user_id: string;
  order_id: string | null;
  plan: string;
  period: 'monthly' | 'annual';
  starts_at: Date;
  ends_at: Date;
  credits: number;
  paid_vnd: number;
  started_at: Date | null;
  ended_early_at: Date | null;
  reminded_7_at: Date | null;
  reminded_1_at: Date | null;
  created_at: ColumnType<Date, Date, never>;
}

export interface BillingAccountsTable {
  user_id: string;
  scheduled_plan: string | null;
  scheduled_period: 'monthly' | 'annual' | null;
  auto_renew: ColumnType<boolean, boolean | undefined, boolean>;
  renew_method: string | null;
  subscription_ref: string | null;
  updated_at: Date;
}

export interface SandboxPaymentsTable {
  order_id: string;
  code: number;
  amount_vnd: number;
  state: 'pending' | 'paid' | 'cancelled' | 'failed';
  transaction_id: string | null;
  updated_at: Date;
}

export interface BillingTables {
  credit_buckets: CreditBucketsTable;
  credit_spends: CreditSpendsTable;
  payment_orders: PaymentOrdersTable;
  payment_events: PaymentEventsTable;
  plan_cycles: PlanCyclesTable;
  billing_accounts: BillingAccountsTable;
  sandbox_payments: SandboxPaymentsTable;
}

/** The ledger's order of writing (0009): a generated identity column. */
export type LedgerSeq = Generated<string>;
