-- Token access, chosen lifetimes and rotation with a grace window (docs/decisions/006-token-scopes-and-grace.md).
-- Existing tokens keep their value and expiry and get full access (scopes NULL) and the server's default
-- lifetime for their next refresh (lifetime_days NULL = TOKEN_TTL_DAYS).
ALTER TABLE api_tokens
  -- The domains (x-domain) the token may read; NULL: every domain of its API, including later ones.
  ADD COLUMN scopes text[] CHECK (scopes IS NULL OR cardinality(scopes) > 0),
  ADD COLUMN lifetime_days integer CHECK (lifetime_days IS NULL OR lifetime_days > 0),
  -- After a refresh with a grace window: the replaced value's digest and when it stops working.
  ADD COLUMN previous_digest bytea UNIQUE,
  ADD COLUMN previous_expires_at timestamptz,
  ADD CONSTRAINT api_tokens_previous_complete CHECK ((previous_digest IS NULL) = (previous_expires_at IS NULL));

-- The previous value, its end and the access are part of what a cached token is authorised on: any change
-- to them notifies every replica too (migration 003's trigger, widened).
DROP TRIGGER api_tokens_revoked_on_update ON api_tokens;
CREATE TRIGGER api_tokens_revoked_on_update
  AFTER UPDATE ON api_tokens FOR EACH ROW
  WHEN (OLD.digest IS DISTINCT FROM NEW.digest OR OLD.ciphertext IS DISTINCT FROM NEW.ciphertext
        OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.user_id IS DISTINCT FROM NEW.user_id
        OR OLD.previous_digest IS DISTINCT FROM NEW.previous_digest
        OR OLD.previous_expires_at IS DISTINCT FROM NEW.previous_expires_at
        OR OLD.scopes IS DISTINCT FROM NEW.scopes)
  EXECUTE FUNCTION notify_token_revoked();
