-- The OpenID Provider's refresh token of each account that signed in with it (AUTH_PROVIDER=oidc), so the
-- periodic recheck can ask the provider about the account (a refresh grant) without the user. One per
-- subject: the shadow accounts of both user types share the provider's account. Stored only encrypted
-- with the token keys (AES-256-GCM, bound to the subject), like API tokens: a copy of the database alone
-- holds no usable refresh token.
CREATE TABLE oidc_refresh_tokens (
  subject     text PRIMARY KEY,
  ciphertext  bytea NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
