-- Results of a run on their way to the library (crash safety of storing results).
--
-- A run records the asset rows of its results here before it puts their files into media
-- storage, and the completion inserts those rows, attaches them to the job and charges in one
-- transaction. So a result becomes an asset only together with its job completing: a crash in
-- between leaves no free result in the library, the retry finds the stored files and reuses them
-- instead of storing a second copy, and a job that ends otherwise (failed, cancelled) hands the
-- recorded files to whoever ended it to remove. NULL when no result is on its way.
ALTER TABLE generations ADD COLUMN staged_results jsonb;
-- The recovery pass's look for ended jobs whose staged files still wait to be removed.
CREATE INDEX generations_staged_idx ON generations (id) WHERE staged_results IS NOT NULL;
