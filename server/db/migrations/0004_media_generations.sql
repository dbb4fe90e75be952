-- Media and generations (spec §3 Asset and Generation history item, §4 Generation).
-- Times are written by the application (its clock), not by now().

-- Every stored file is an asset: an upload, or the result of a generation. Its bytes (original,
-- WebP thumbnail, and for videos a poster frame) live in media storage under the *_key columns.
CREATE TABLE assets (
  id text PRIMARY KEY,                               -- a UUID, made by the application
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('image', 'video', 'upscaled')),
  media_type text NOT NULL CHECK (media_type IN ('image', 'video')),
  roles jsonb NOT NULL DEFAULT '[]',                 -- AssetRole[]: what it can be picked as
  mime text NOT NULL,
  name text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes bigint NOT NULL,
  duration_ms integer,                               -- videos only
  fps real,                                          -- videos only
  codec text,                                        -- videos only (h264, hevc, vp9, …)
  storage_key text NOT NULL,
  thumbnail_key text NOT NULL,
  poster_key text,                                   -- videos only
  source text NOT NULL CHECK (source IN ('upload', 'generation')),
  generation_id text,                                -- source 'generation': the job that made it
  warnings jsonb NOT NULL DEFAULT '[]',              -- AssetWarning[]
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL
);
-- The library, newest first, with a stable tie-break for cursor pagination.
CREATE INDEX assets_user_created_idx ON assets (user_id, created_at DESC, id DESC);
CREATE INDEX assets_generation_idx ON assets (generation_id) WHERE generation_id IS NOT NULL;

-- One row per submitted generation (a job). Credits move in credit_ledger with idempotency keys
-- derived from the job id ('gen:<id>:reserve', ':commit', ':refund'), so each happens once.
CREATE TABLE generations (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  feature text NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'processing', 'completed', 'failed', 'cancelled')),
  stage text,
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  inputs jsonb NOT NULL,
  params jsonb NOT NULL,
  input_asset_ids jsonb NOT NULL DEFAULT '[]',       -- string[]: every asset the inputs name
  result_asset_ids jsonb NOT NULL DEFAULT '[]',      -- string[]
  cost integer NOT NULL CHECK (cost >= 0),
  engine text NOT NULL,
  idempotency_key text,
  request_hash text,                                 -- sha256 of the request body, to refuse a reused key with another body
  error_code text,
  error_message text,
  attempts integer NOT NULL DEFAULT 0,               -- runs started; each run fences its writes with its number
  heartbeat_at timestamptz,                          -- written every second by the run in progress
  external_id text,                                  -- a provider's request id (fal)
  regenerated_from text,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX generations_user_created_idx ON generations (user_id, created_at DESC, id DESC);
CREATE INDEX generations_user_feature_created_idx ON generations (user_id, feature, created_at DESC, id DESC);
CREATE INDEX generations_pending_idx ON generations (user_id) WHERE status IN ('queued', 'processing');
CREATE INDEX generations_external_idx ON generations (external_id) WHERE external_id IS NOT NULL;
