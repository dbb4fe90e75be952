-- The watermark of free accounts' results (billing issue; docs/product-rules.md#watermark).

-- A result made while its owner's plan watermarks is stored twice: the clean original
-- (storage_key) and a copy carrying the Atelier mark (watermarked_key, beside it). Null for
-- uploads and for results of plans without the watermark, which are never watermarked.
ALTER TABLE assets ADD COLUMN watermarked_key text;

-- The owner's current plan, on the assets that have a watermarked copy (null on the others):
-- which copy the links hand out is decided from it (server/media/api-asset.ts), so every read
-- of an asset row, whatever area makes it, knows without another query. The two triggers keep
-- it equal to users.plan: set when such a row is inserted, and updated with the plan, so an
-- upgrade serves every past result clean at once and a lapse serves them watermarked again.
ALTER TABLE assets ADD COLUMN owner_plan text;

CREATE FUNCTION assets_owner_plan_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.watermarked_key IS NULL THEN
    NEW.owner_plan := NULL;
  ELSE
    NEW.owner_plan := (SELECT plan FROM users WHERE id = NEW.user_id);
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER assets_owner_plan_on_insert
  BEFORE INSERT ON assets
  FOR EACH ROW EXECUTE FUNCTION assets_owner_plan_on_insert();

CREATE FUNCTION assets_follow_owner_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assets SET owner_plan = NEW.plan WHERE user_id = NEW.id AND watermarked_key IS NOT NULL;
  RETURN NULL;
END;
$$;

CREATE TRIGGER assets_follow_owner_plan
  AFTER UPDATE OF plan ON users
  FOR EACH ROW WHEN (OLD.plan IS DISTINCT FROM NEW.plan)
  EXECUTE FUNCTION assets_follow_owner_plan();

-- The plan update above finds an account's watermarked results without a scan of its library.
CREATE INDEX assets_watermarked_idx ON assets (user_id) WHERE watermarked_key IS NOT NULL;
