-- Replicas cache verified tokens for a few seconds (docs/decisions/003-rate-limit-and-token-cache.md).
-- Any change that can revoke a token (refresh, delete, expiry, tampering, owner deleted) tells every
-- replica through NOTIFY token_revoked with the token's id; each evicts it from its cache.
CREATE FUNCTION notify_token_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('token_revoked', OLD.id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER api_tokens_revoked_on_update
  AFTER UPDATE ON api_tokens FOR EACH ROW
  WHEN (OLD.digest IS DISTINCT FROM NEW.digest OR OLD.ciphertext IS DISTINCT FROM NEW.ciphertext
        OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION notify_token_revoked();

CREATE TRIGGER api_tokens_revoked_on_delete
  AFTER DELETE ON api_tokens FOR EACH ROW
  EXECUTE FUNCTION notify_token_revoked();
