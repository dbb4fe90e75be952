-- Several processes on one Postgres (docs/architecture.md#scale-out): a claim fence against
-- workers that died before claiming, a notification for every change of a job, the event streams'
-- per-account limit and the dev tools' engine delays, held in the database rather than in each
-- process's memory.

-- The queue attempt (pg-boss's retry count of the job) that last claimed this job, or that a
-- recovery pass took back from a worker that fetched it and never claimed it. A worker claims
-- only for a newer attempt, so a taken-back attempt can never start a run beside its retry.
ALTER TABLE generations ADD COLUMN queue_attempt integer;

-- Every change of a job but its heartbeat is announced on channel `generation_changes`, in the
-- transaction that makes it (so it is delivered on commit, never for a rolled-back write), as
-- '<status>:<user_id>': the processes holding that account's event streams look at once, and a
-- queued job wakes the workers of every process (server/generations/changes.ts).
CREATE FUNCTION generations_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('generation_changes', NEW.status || ':' || NEW.user_id);
  RETURN NULL;
END;
$$;

CREATE TRIGGER generations_announce_insert
  AFTER INSERT ON generations
  FOR EACH ROW EXECUTE FUNCTION generations_announce();

-- The heartbeat alone (every second of every run) shows nothing new: no notification.
CREATE TRIGGER generations_announce_update
  AFTER UPDATE ON generations
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'heartbeat_at') IS DISTINCT FROM (to_jsonb(NEW) - 'heartbeat_at'))
  EXECUTE FUNCTION generations_announce();

-- The open event streams (GET /api/generations/events), one row each, so the per-account limit
-- counts every process's. A process renews its rows' lease while their streams are open and
-- deletes a row when its stream ends; a dead process's rows lapse when their lease does.
CREATE TABLE generation_streams (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL                    -- by the database's clock (now())
);
CREATE INDEX generation_streams_user_idx ON generation_streams (user_id);

-- The dev tools' engine delays (POST /api/dev-tools/engine-delay): every run of the account, in
-- whichever process, waits ms before its engine works. Only the dev tools write it.
CREATE TABLE dev_engine_delays (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  ms integer NOT NULL CHECK (ms > 0)
);
