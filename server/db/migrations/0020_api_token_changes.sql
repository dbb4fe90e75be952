-- What the /v1 guard reads of a token (server/public-api/repository.ts `TokenRow`: the token's
-- own fields and its owner's plan) is announced on channel `api_token_changes` whenever it
-- changes, in the transaction that changes it, so it is delivered on commit and never for a
-- rolled-back write. On the embedded database the guard keeps the tokens it has read in memory
-- and forgets them all on this notification: PGlite hands it to the listener before the writing
-- statement's promise resolves, so a token revoked, regenerated, edited or deleted, or an owner
-- who lost API access, is refused from the next request on (docs/product-rules.md#api-auth).
-- On Postgres the guard reads the token on every request and nobody listens.
-- The columns every request writes (rl_tat, last_used_at, credits_used) announce nothing.
CREATE FUNCTION api_tokens_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_token_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

CREATE TRIGGER api_tokens_announce_change
  AFTER UPDATE OF user_id, name, token_hash, token_prefix, permissions, rate_limit, active, expires_at, credit_cap, webhook_url
  ON api_tokens FOR EACH STATEMENT EXECUTE FUNCTION api_tokens_announce();

CREATE TRIGGER api_tokens_announce_delete
  AFTER DELETE ON api_tokens FOR EACH STATEMENT EXECUTE FUNCTION api_tokens_announce();

CREATE TRIGGER api_tokens_announce_truncate
  AFTER TRUNCATE ON api_tokens FOR EACH STATEMENT EXECUTE FUNCTION api_tokens_announce();

CREATE TRIGGER users_announce_plan
  AFTER UPDATE OF plan ON users FOR EACH STATEMENT EXECUTE FUNCTION api_tokens_announce();

CREATE TRIGGER users_announce_delete
  AFTER DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION api_tokens_announce();
