-- Resetting an account's sandbox is recorded in its activity log, and a deleted token keeps its
-- environment beside its title, so its calls on the Usage screen still say where they went.

ALTER TABLE activity_events DROP CONSTRAINT activity_events_event_type_check;
ALTER TABLE activity_events ADD CONSTRAINT activity_events_event_type_check CHECK (event_type IN ('signed_in', 'sign_in_failed',
  'signed_out', 'session_ended', 'token_created', 'token_refreshed', 'grace_ended', 'token_deleted', 'token_revoked_leaked',
  'ip_allowlist_changed', 'account_closed', 'account_reopened', 'sandbox_reset'));

-- Tokens deleted before environments existed were sandbox tokens.
ALTER TABLE deleted_token_titles
  ADD COLUMN environment text NOT NULL DEFAULT 'sandbox' CHECK (environment IN ('sandbox', 'live'));

CREATE OR REPLACE FUNCTION remember_deleted_token_title() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_token_titles (token_id, user_id, title, environment) VALUES (OLD.id, OLD.user_id, OLD.title, OLD.environment)
    ON CONFLICT (token_id) DO NOTHING;
  RETURN OLD;
END $$;
