-- Accounts from the provider's warehouse system (AUTH_PROVIDER ldap, oidc or wms) beside the portal's own
-- (docs/decisions/031-accounts-from-the-warehouse-system.md). An external account is a shadow of the
-- provider's: keyed by the provider's stable subject and the user type it signs in as, with no password.

ALTER TABLE users
  ADD COLUMN auth_provider text NOT NULL DEFAULT 'local' CHECK (auth_provider IN ('local', 'ldap', 'oidc', 'wms')),
  -- The provider's stable id of the account (LDAP entryUUID or objectGUID, OIDC `sub`, the WMS's id).
  ADD COLUMN subject text,
  -- Set while the provider says the account is closed, or no longer holds this user type: sessions end
  -- and tokens match nothing until it is open again.
  ADD COLUMN closed_at timestamptz,
  -- When the provider last confirmed the account (at sign-in or the periodic recheck).
  ADD COLUMN checked_at timestamptz,
  ALTER COLUMN password_hash DROP NOT NULL,
  ADD CONSTRAINT users_local_or_external CHECK (
    (auth_provider = 'local' AND subject IS NULL AND password_hash IS NOT NULL)
    OR (auth_provider <> 'local' AND subject IS NOT NULL AND password_hash IS NULL)
  );

-- One email per local account, as before; external accounts follow their provider's email, which may
-- move from one subject to another.
ALTER TABLE users DROP CONSTRAINT users_email_key;
CREATE UNIQUE INDEX users_local_email ON users (email) WHERE auth_provider = 'local';
CREATE INDEX users_email ON users (email);
CREATE UNIQUE INDEX users_external_subject ON users (auth_provider, subject, user_type) WHERE auth_provider <> 'local';
-- The periodic recheck's queue: external accounts, least recently confirmed first.
CREATE INDEX users_recheck ON users (auth_provider, checked_at) WHERE auth_provider <> 'local';

ALTER TABLE activity_events DROP CONSTRAINT activity_events_event_type_check;
ALTER TABLE activity_events ADD CONSTRAINT activity_events_event_type_check CHECK (event_type IN ('signed_in', 'sign_in_failed',
  'signed_out', 'session_ended', 'token_created', 'token_refreshed', 'grace_ended', 'token_deleted', 'token_revoked_leaked',
  'ip_allowlist_changed', 'account_closed', 'account_reopened'));

-- A closed or reopened account changes what each of its tokens is authorised for: every replica evicts
-- them from its token cache (the NOTIFY of migration 003).
CREATE FUNCTION notify_account_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('token_revoked', t.id::text) FROM api_tokens t WHERE t.user_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER users_closed_notify AFTER UPDATE OF closed_at ON users
  FOR EACH ROW WHEN (OLD.closed_at IS DISTINCT FROM NEW.closed_at)
  EXECUTE FUNCTION notify_account_tokens();

-- The OpenID Provider's session id (`sid`) a portal session was signed in with, so its back-channel logout
-- ends exactly that session.
ALTER TABLE sessions ADD COLUMN provider_sid text;
CREATE INDEX sessions_provider_sid ON sessions (provider_sid) WHERE provider_sid IS NOT NULL;
