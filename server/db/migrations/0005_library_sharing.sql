-- The library, idempotent uploads and the community feed (issue 6).

-- The tool of the generation that made an asset (a FEATURES value; NULL for uploads). Copied at
-- ingest rather than joined: a result outlives its job when another job uses it as an input, and
-- the library filters by tool without reaching into generations.
ALTER TABLE assets ADD COLUMN feature text;
UPDATE assets SET feature = generations.feature FROM generations WHERE assets.generation_id = generations.id;

-- An upload's Idempotency-Key: a replay by the same person answers the first asset instead of
-- storing the file again, also when both arrive at once (the unique index decides the race).
-- Deleting the asset frees its key.
ALTER TABLE assets ADD COLUMN upload_key text;
CREATE UNIQUE INDEX assets_user_upload_key_idx ON assets (user_id, upload_key) WHERE upload_key IS NOT NULL;

-- The library's other orders, each with the id tie-break its cursors use (newest and oldest
-- share assets_user_created_idx, read forwards or backwards).
CREATE INDEX assets_user_name_idx ON assets (user_id, lower(name), id);
CREATE INDEX assets_user_bytes_idx ON assets (user_id, bytes DESC, id DESC);

-- When the owner shared the job's result in the public community feed; NULL when not shared.
ALTER TABLE generations ADD COLUMN shared_at timestamptz;
-- The feed: newest share first, across everyone.
CREATE INDEX generations_shared_idx ON generations (shared_at DESC, id DESC) WHERE shared_at IS NOT NULL;
