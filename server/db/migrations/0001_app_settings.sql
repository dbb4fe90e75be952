-- Instance-wide settings (one row per key), e.g. secrets the server generates on first start.
CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
