-- Plans, credits and payments (billing issue; docs/product-rules.md#billing).

-- Credits in buckets: every grant (the sign-up's, a plan cycle's, a pack's, a refund landing after
-- its bucket expired) is a bucket with its own expiry; spending takes the bucket that expires
-- first (no expiry last). The ledger stays the log of every move; the balance is the sum of the
-- live buckets, and equals the ledger's sum once expired buckets have been swept ('expire' rows,
-- dated at the bucket's expiry).
ALTER TABLE credit_ledger DROP CONSTRAINT IF EXISTS credit_ledger_kind_check;
ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_kind_check
  CHECK (kind IN ('grant', 'purchase', 'reserve', 'commit', 'refund', 'adjustment', 'expire'));
-- Rows written in the same millisecond keep the order they were written in (activity's running balance).
ALTER TABLE credit_ledger ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
CREATE INDEX credit_ledger_activity_idx ON credit_ledger (user_id, created_at, seq);

CREATE TABLE credit_buckets (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('signup', 'plan', 'pack', 'grant', 'refund')),
  item text,                                    -- the plan of a plan bucket, the pack of a pack
  origin text NOT NULL,                         -- the ledger key that created it
  granted integer NOT NULL CHECK (granted >= 0),
  remaining integer NOT NULL CHECK (remaining >= 0),
  expires_at timestamptz,                       -- null: does not expire
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, origin)
);
CREATE INDEX credit_buckets_spend_idx ON credit_buckets (user_id, expires_at) WHERE remaining > 0;
CREATE INDEX credit_buckets_expiry_idx ON credit_buckets (expires_at) WHERE remaining > 0;

-- Which buckets a reservation took its credits from, so its refund puts them back there.
CREATE TABLE credit_spends (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reserve_key text NOT NULL,
  bucket_id text NOT NULL REFERENCES credit_buckets (id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount > 0),
  PRIMARY KEY (user_id, reserve_key, bucket_id)
);

-- The balance each account had before buckets: one bucket that does not expire.
INSERT INTO credit_buckets (id, user_id, source, item, origin, granted, remaining, expires_at, created_at)
SELECT gen_random_uuid()::text, user_id, 'grant', NULL, 'balance-before-buckets', total, total, NULL, now()
FROM (SELECT user_id, sum(amount)::int AS total FROM credit_ledger GROUP BY user_id) AS balances
WHERE total > 0;

-- Orders: a plan period or a credit pack, priced by the server. Kept when the account is deleted
-- (accounting records), with the buyer's name and email as they were.
CREATE SEQUENCE payment_order_code_seq START 100001;
CREATE TABLE payment_orders (
  id text PRIMARY KEY,
  code bigint NOT NULL UNIQUE DEFAULT nextval('payment_order_code_seq'),
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('plan', 'pack')),
  item text NOT NULL,
  period text CHECK (period IN ('monthly', 'annual')),
  change text CHECK (change IN ('new', 'upgrade', 'renewal', 'downgrade')),
  price_vnd integer NOT NULL CHECK (price_vnd >= 0),
  proration_credit_vnd integer NOT NULL DEFAULT 0 CHECK (proration_credit_vnd >= 0),
  amount_vnd integer NOT NULL CHECK (amount_vnd >= 0),
  credits integer NOT NULL CHECK (credits >= 0),
  method text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
  failure_reason text CHECK (failure_reason IN ('cancelled', 'declined', 'expired', 'error')),
  provider_ref text,
  checkout_url text,
  subscription_ref text,
  idempotency_key text,
  request_hash text,
  buyer_email text NOT NULL,
  buyer_name text NOT NULL,
  language text NOT NULL DEFAULT 'vi',
  receipt_number text UNIQUE,
  renewal_of text REFERENCES payment_orders (id),   -- a renewal the provider charged by itself
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  paid_at timestamptz,
  expires_at timestamptz NOT NULL,                  -- the provider stops taking payment then
  checked_at timestamptz,                           -- last query of the provider (reconciliation)
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX payment_orders_user_idx ON payment_orders (user_id, created_at DESC, id);
CREATE INDEX payment_orders_pending_idx ON payment_orders (created_at) WHERE status = 'pending';

-- Notifications processed: the same event twice is applied once.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  order_id text,
  state text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);

-- Paid plan periods. A cycle starts (its credits granted, the account's plan set) when its start
-- comes; an upgrade ends the current one early. `users.plan` is the plan of the cycle in force.
CREATE TABLE plan_cycles (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  order_id text UNIQUE REFERENCES payment_orders (id) ON DELETE SET NULL,
  plan text NOT NULL,
  period text NOT NULL CHECK (period IN ('monthly', 'annual')),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  credits integer NOT NULL CHECK (credits >= 0),
  paid_vnd integer NOT NULL CHECK (paid_vnd >= 0),
  started_at timestamptz,
  ended_early_at timestamptz,
  reminded_7_at timestamptz,
  reminded_1_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX plan_cycles_user_idx ON plan_cycles (user_id, starts_at);
CREATE INDEX plan_cycles_due_idx ON plan_cycles (starts_at) WHERE started_at IS NULL;
CREATE INDEX plan_cycles_end_idx ON plan_cycles (ends_at);

-- What happens at the end of the cycle: a change chosen (a lower plan, or 'free' for no renewal)
-- and the provider subscription that renews by itself (Stripe).
CREATE TABLE billing_accounts (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  scheduled_plan text,
  scheduled_period text CHECK (scheduled_period IN ('monthly', 'annual')),
  auto_renew boolean NOT NULL DEFAULT false,
  renew_method text,
  subscription_ref text,
  updated_at timestamptz NOT NULL
);

-- The sandbox provider's own record of its payments (it stands for a provider's database).
CREATE TABLE sandbox_payments (
  order_id text PRIMARY KEY,
  code bigint NOT NULL,
  amount_vnd integer NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'paid', 'cancelled', 'failed')),
  transaction_id text,
  updated_at timestamptz NOT NULL
);
