-- Accounts (spec §3): people, their credits, and the short-lived secrets of signing in.
-- Every secret column holds a keyed hash (HMAC-SHA256), never the secret itself; passwords hold
-- an argon2id PHC string. Times are written by the application (its clock), not by now().

CREATE TABLE users (
  id text PRIMARY KEY,                          -- a UUID, made by the application
  email text NOT NULL,                          -- stored trimmed and lower-cased
  name text NOT NULL,
  password_hash text,                           -- null for accounts that only sign in with Google
  profile_picture text,
  language text NOT NULL DEFAULT 'vi' CHECK (language IN ('vi', 'en')),
  plan text NOT NULL DEFAULT 'free',
  is_verified boolean NOT NULL DEFAULT false,
  firebase_uid text UNIQUE,
  created_at timestamptz NOT NULL,
  last_login_at timestamptz
);
-- One account per address whatever its case (lower() rather than citext: PGlite ships without it).
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_created_at_idx ON users (created_at);

-- Credits as an append-only ledger: the balance is the sum of `amount`. A reservation is a
-- negative 'reserve' row, later matched by 'commit' (0) or 'refund' (+), each exactly once
-- thanks to the idempotency key.
CREATE TABLE credit_ledger (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('grant', 'purchase', 'reserve', 'commit', 'refund', 'adjustment')),
  amount integer NOT NULL,
  reason text NOT NULL,
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, idempotency_key)
);

-- The one live verification code of an account: a new code replaces the row.
CREATE TABLE email_otps (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);

-- Password-reset tokens: single use (the row is deleted when used).
CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

-- One-time passwords handed out after a Google sign-in (traditional_login.credentials): each
-- works once at /auth/login before it expires (the row is deleted when used).
CREATE TABLE temporary_credentials (
  secret_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX temporary_credentials_user_idx ON temporary_credentials (user_id);

-- Attempts counted by the brute-force limits, shared by every server process. `key` is an
-- account's email or a client address, depending on the bucket.
CREATE TABLE rate_limit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bucket text NOT NULL,
  key text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX rate_limit_events_lookup_idx ON rate_limit_events (bucket, key, at);
CREATE INDEX rate_limit_events_at_idx ON rate_limit_events (at);
