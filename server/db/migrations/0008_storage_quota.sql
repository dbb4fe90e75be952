-- Upload limits and the storage quota (hardening issue).

-- Every byte an asset keeps in storage: the original, its thumbnail and a video's poster frame.
-- The quota sums this column. Rows stored before it recorded only the original's size: that is
-- their figure (a thumbnail is a few KB, so the undercount is small and ends as they are deleted).
ALTER TABLE assets ADD COLUMN stored_bytes bigint;
UPDATE assets SET stored_bytes = bytes;
ALTER TABLE assets ALTER COLUMN stored_bytes SET NOT NULL;

-- Space an upload in progress has claimed under the quota, between the check and its asset row
-- (the row replaces it in one transaction). A process that dies in between leaves a row that
-- stops counting at expires_at.
CREATE TABLE storage_reservations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  bytes bigint NOT NULL CHECK (bytes >= 0),
  expires_at timestamptz NOT NULL
);
CREATE INDEX storage_reservations_user_idx ON storage_reservations (user_id, expires_at);

-- What one event weighs against its limit: 1 for an attempt, the file's size for the hourly
-- upload bytes limits.
ALTER TABLE rate_limit_events ADD COLUMN weight bigint NOT NULL DEFAULT 1;
