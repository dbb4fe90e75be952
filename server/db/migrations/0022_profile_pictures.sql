-- The profile picture an account uploaded or picked from its library (docs/product-rules.md#profile):
-- one square WebP, made by the server, kept here rather than in media storage so that it goes
-- with the account (deleted with it) and is served at an address that never expires,
-- /api/profile-picture/{user_id}/{hash}.webp, which users.profile_picture then holds.
CREATE TABLE profile_pictures (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  hash text NOT NULL,               -- sha-256 of the bytes, hex: part of the address
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
