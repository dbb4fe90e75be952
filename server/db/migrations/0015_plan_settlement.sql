-- Plan changes settled against what is in force when their money arrives, and the account's money
-- balance (docs/product-rules.md#plan-settlement).

-- 'superseded': a newer plan checkout of the same account replaced this pending one.
ALTER TABLE payment_orders DROP CONSTRAINT IF EXISTS payment_orders_failure_reason_check;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_failure_reason_check
  CHECK (failure_reason IN ('cancelled', 'declined', 'expired', 'error', 'superseded'));

ALTER TABLE payment_orders
  -- The part of the price the quote took from the balance (amount = price − credit − this).
  ADD COLUMN balance_quoted_vnd integer NOT NULL DEFAULT 0 CHECK (balance_quoted_vnd >= 0),
  -- What the money bought, once completed: the item ('delivered') or only balance ('balance').
  ADD COLUMN outcome text CHECK (outcome IN ('delivered', 'balance')),
  -- At settlement: the unused part of the cycles the plan change ended, what it took from the
  -- balance and what it left there. The balance is the sum of added − used over the account's
  -- completed orders: one list per fact, each move written once with its order's completion.
  ADD COLUMN settled_credit_vnd integer NOT NULL DEFAULT 0 CHECK (settled_credit_vnd >= 0),
  ADD COLUMN balance_used_vnd integer NOT NULL DEFAULT 0 CHECK (balance_used_vnd >= 0),
  ADD COLUMN balance_added_vnd integer NOT NULL DEFAULT 0 CHECK (balance_added_vnd >= 0);

-- Orders completed before were delivered at their quote.
UPDATE payment_orders SET outcome = 'delivered', settled_credit_vnd = proration_credit_vnd WHERE status = 'completed';
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_outcome_check_status CHECK ((outcome IS NOT NULL) = (status = 'completed'));

-- Replaced orders are still asked about at their provider until their window is long over: some
-- providers cannot close a payment page, and money that still arrives goes to the balance.
CREATE INDEX payment_orders_superseded_idx ON payment_orders (created_at) WHERE failure_reason = 'superseded';
