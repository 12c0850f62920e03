-- Sandbox and live tokens, and the keys the portal signs live calls' identities with
-- (docs/decisions/032-token-authority-for-the-provider-api.md).

-- Every token belongs to one environment for life: sandbox calls are answered from the portal's own data,
-- live calls reach the provider's API. Tokens made before environments existed are sandbox tokens.
ALTER TABLE api_tokens
  ADD COLUMN environment text NOT NULL DEFAULT 'sandbox' CHECK (environment IN ('sandbox', 'live'));

-- The signing keys of the identity the upstream receives (a JWT of at most 60 s). A key is published at
-- /.well-known/jwks.json from its creation, signs from activates_at to retires_at, and stays published
-- for the overlap after, so a verifier's cached key set always holds the key of any assertion it sees.
-- The private key is stored only encrypted with the token keys (AES-256-GCM, bound to its kid).
CREATE TABLE identity_signing_keys (
  kid                    text PRIMARY KEY,
  public_jwk             jsonb NOT NULL,
  private_jwk_ciphertext bytea NOT NULL,
  created_at             timestamptz NOT NULL DEFAULT now(),
  activates_at           timestamptz NOT NULL,
  retires_at             timestamptz NOT NULL,
  unpublished_at         timestamptz NOT NULL,
  CHECK (created_at <= activates_at AND activates_at < retires_at AND retires_at <= unpublished_at)
);
