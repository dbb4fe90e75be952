-- API tokens and the public API (/v1): docs/product-rules.md#api.

-- One row per token. The secret itself is never stored: only its SHA-256 (hex) to find it, and its
-- first characters to show it. `rl_tat` is the rate limiter's state (GCRA's theoretical arrival
-- time): one conditional UPDATE of this row admits or refuses a request, so the limit holds across
-- every server process on the same database.
CREATE TABLE api_tokens (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  token_prefix text NOT NULL,
  permissions jsonb NOT NULL,                   -- string[] of API_TOKEN_SERVICES
  rate_limit integer NOT NULL CHECK (rate_limit BETWEEN 1 AND 1000),  -- requests per minute
  active boolean NOT NULL DEFAULT true,
  expires_at timestamptz,                       -- null: never
  credit_cap integer CHECK (credit_cap > 0),    -- null: no cap
  credits_used integer NOT NULL DEFAULT 0 CHECK (credits_used >= 0),
  webhook_url text,                             -- the default for this token's generations
  webhook_secret text NOT NULL,                 -- whsec_<base64>: signs this token's webhooks
  rl_tat timestamptz,
  last_used_at timestamptz,                     -- to the minute
  created_at timestamptz NOT NULL,
  regenerated_at timestamptz
);
CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at DESC);

-- Requests and errors per token per day (the day in Vietnam's time, UTC+7), counted as they
-- happen, so the stats and the chart never scan a log.
CREATE TABLE api_token_usage (
  token_id text NOT NULL REFERENCES api_tokens (id) ON DELETE CASCADE,
  day text NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),  -- YYYY-MM-DD (text: both drivers read it alike)
  requests integer NOT NULL DEFAULT 0,
  errors integer NOT NULL DEFAULT 0,
  PRIMARY KEY (token_id, day)
);

-- The recent requests of each token (the token detail shows the last 100; older rows are pruned).
CREATE TABLE api_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_id text NOT NULL REFERENCES api_tokens (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  duration_ms integer NOT NULL,
  request_id text
);
CREATE INDEX api_requests_token_idx ON api_requests (token_id, id DESC);

-- Idempotency-Key of POST /v1/generations, kept 24 h: a row without a generation is a request in
-- progress (a concurrent duplicate gets 409).
CREATE TABLE api_idempotency (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  generation_id text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX api_idempotency_created_idx ON api_idempotency (created_at);

-- Which generations a token created, the credits it charged to the token's cap, and where their
-- webhook goes: the request's webhook_url, else the token's at the time the job ends; none when
-- the request said `webhook_url: null` (no_webhook), whatever the token's.
CREATE TABLE api_generations (
  generation_id text PRIMARY KEY REFERENCES generations (id) ON DELETE CASCADE,
  token_id text REFERENCES api_tokens (id) ON DELETE SET NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  cost integer NOT NULL CHECK (cost >= 0),
  webhook_url text,
  no_webhook boolean NOT NULL DEFAULT false CHECK (NOT (no_webhook AND webhook_url IS NOT NULL)),
  created_at timestamptz NOT NULL
);
CREATE INDEX api_generations_token_idx ON api_generations (token_id);

-- One row per webhook message (its id is the `webhook-id` header, the same on every attempt).
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  token_id text NOT NULL REFERENCES api_tokens (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  generation_id text NOT NULL,                  -- no foreign key: the log outlives a deleted job
  event text NOT NULL,                          -- generation.completed | generation.failed | generation.cancelled
  url text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  queued boolean NOT NULL DEFAULT false,        -- handed to the job queue
  next_attempt_at timestamptz,
  last_status_code integer,
  last_error text,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz
);
CREATE INDEX webhook_deliveries_token_idx ON webhook_deliveries (token_id, created_at DESC);
-- Pending messages by when they are due: the relay's claim (not queued) and its check for lost jobs (queued).
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';

-- Every attempt of every delivery.
CREATE TABLE webhook_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  status_code integer,
  error text,
  duration_ms integer NOT NULL
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, id DESC);

-- When a job the API created ends, in the same transaction as its final status (whichever process
-- or path ends it: worker, cancel, recovery): its credits leave the token's cap unless it completed,
-- and its webhook message is written (the relay hands it to the job queue).
CREATE FUNCTION api_generation_settled() RETURNS trigger AS $$
DECLARE
  link api_generations%ROWTYPE;
  target text;
BEGIN
  SELECT * INTO link FROM api_generations WHERE generation_id = NEW.id;
  IF NOT FOUND OR link.token_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF NEW.status <> 'completed' THEN
    UPDATE api_tokens SET credits_used = GREATEST(0, credits_used - link.cost) WHERE id = link.token_id;
  END IF;
  IF link.no_webhook THEN
    RETURN NEW;
  END IF;
  SELECT COALESCE(link.webhook_url, webhook_url) INTO target FROM api_tokens WHERE id = link.token_id;
  IF target IS NOT NULL THEN
    INSERT INTO webhook_deliveries (id, token_id, user_id, generation_id, event, url, status, next_attempt_at, created_at)
    VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), link.token_id, NEW.user_id, NEW.id,
            'generation.' || NEW.status, target, 'pending', now(), now());
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER generations_api_settled
  AFTER UPDATE OF status ON generations
  FOR EACH ROW
  WHEN (OLD.status IN ('queued', 'processing') AND NEW.status IN ('completed', 'failed', 'cancelled'))
  EXECUTE FUNCTION api_generation_settled();
