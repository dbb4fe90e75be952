-- Server-side sessions: every access token names its session (the `sid` claim) and is accepted
-- only while that row exists, belongs to the token's account, is not revoked and not expired.
-- Logging out revokes one row; "sign out everywhere", a password reset and account deletion
-- revoke them all. This replaces users.tokens_valid_after (a reset now revokes the rows).
CREATE TABLE sessions (
  id text PRIMARY KEY,                          -- random, made by the application
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,              -- the access token's own expiry
  last_used_at timestamptz NOT NULL,            -- refreshed at most every few minutes
  revoked_at timestamptz,
  user_agent text                               -- a short label of the device (first 120 characters)
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

ALTER TABLE users DROP COLUMN IF EXISTS tokens_valid_after;
