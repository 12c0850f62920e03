/**
 * The portal as an OpenID Connect relying party (AUTH_PROVIDER=oidc), through openid-client: the
 * authorization code flow with PKCE, `state` and `nonce`; the account from the ID token (and userinfo when
 * the token lacks the claims); the account again by subject with a refresh grant (the recheck); the
 * provider's end-session URL (RP-initiated logout); and its back-channel logout tokens.
 *
 * It keeps no state of a sign-in in progress: the caller keeps `state`, `nonce` and the PKCE verifier
 * (routes/portal-oidc/pending-sign-in.ts) and hands them back to finishSignIn.
 */
import * as client from 'openid-client';
import { ProviderUnavailableError, type AccountState, type ExternalAccount } from './provider.ts';
import { accountFromClaims, holdsAccountClaims, type Claims } from './oidc-claims.ts';
import { lazyDiscovery, type OidcClientSettings } from './oidc-discovery.ts';
import { asOidcFailure, OidcRefusal } from './oidc-errors.ts';
import { logoutTokenVerifier, type LogoutTokenVerifier, type ProviderLogout } from './oidc-logout-token.ts';

export interface OidcSettings extends OidcClientSettings {
  /** The claim holding SELLER and/or WAREHOUSE (OIDC_USER_TYPE_CLAIM). */
  userTypeClaim: string;
  /** PUBLIC_ORIGIN + /api/auth/oidc/callback: the redirect URI the operator registers. */
  redirectUri: string;
  /** PUBLIC_ORIGIN + /login: where the provider sends the browser after its end-session. */
  postLogoutRedirectUri: string;
}

/**
 * Where the refresh tokens of signed-in accounts are kept (encrypted: accounts/oidc-refresh-tokens.ts). The
 * recheck's refresh grant reads one, and stores the new one when the provider rotates it.
 */
export interface RefreshTokenStore {
  read(subject: string): Promise<string | undefined>;
  write(subject: string, refreshToken: string): Promise<void>;
  forget(subject: string): Promise<void>;
}

/** What the caller keeps between the redirect to the provider and the callback. */
export interface PendingChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcSignIn {
  account: ExternalAccount;
  /** The ID token's `sid`: the provider's session, which its back-channel logout names. */
  sessionId?: string;
  /** Kept (encrypted) for the recheck, when the provider gives one. */
  refreshToken?: string;
}

export interface OidcRelyingParty {
  readonly kind: 'oidc';
  /** The authorization request to send the browser to, and the checks to keep until it comes back. */
  beginSignIn(): Promise<{ url: string; checks: PendingChecks }>;
  /** The callback's URL checked against `checks`; throws OidcRefusal or ProviderUnavailableError. */
  finishSignIn(callbackUrl: URL, checks: PendingChecks): Promise<OidcSignIn>;
  /** The account again, by a refresh grant with its kept refresh token. */
  lookUp(subject: string): Promise<AccountState>;
  /** The provider's end-session URL, or undefined when it has none. */
  endSessionUrl(): Promise<string | undefined>;
  /** A back-channel logout token verified; throws InvalidLogoutToken or ProviderUnavailableError. */
  verifyLogoutToken(token: string): Promise<ProviderLogout>;
  close(): Promise<void>;
}

const OFFLINE_ACCESS = 'offline_access';

export function createOidcRelyingParty(settings: OidcSettings, refreshTokens: RefreshTokenStore): OidcRelyingParty {
  const discovery = lazyDiscovery(settings);
  let logoutTokens: LogoutTokenVerifier | undefined;

  /** The claims of `idToken`, completed from userinfo when they lack the email or the user types. */
  async function claimsOf(config: client.Configuration, idClaims: Claims | undefined, accessToken: string, subject: string): Promise<Claims> {
    if (idClaims !== undefined && holdsAccountClaims(idClaims, settings.userTypeClaim)) return idClaims;
    if (config.serverMetadata().userinfo_endpoint === undefined) return idClaims ?? { sub: subject };
    try {
      const userinfo = await client.fetchUserInfo(config, accessToken, subject);
      return { ...idClaims, ...userinfo, sub: subject };
    } catch (error) {
      throw asOidcFailure(error, 'claim');
    }
  }

  return {
    kind: 'oidc',

    async beginSignIn() {
      const config = await discovery.get();
      const checks: PendingChecks = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
      // A refresh token lets the recheck ask about the account later; asked for only where it is offered.
      const offline = config.serverMetadata().scopes_supported?.includes(OFFLINE_ACCESS) === true;
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: ['openid', 'email', ...(offline ? [OFFLINE_ACCESS] : [])].join(' '),
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, checks };
    },

    async finishSignIn(callbackUrl, checks) {
      const config = await discovery.get();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        });
      } catch (error) {
        throw asOidcFailure(error, 'answer');
      }
      const idClaims = tokens.claims();
      if (idClaims === undefined) throw new OidcRefusal('no ID token');
      const claims = await claimsOf(config, idClaims, tokens.access_token, idClaims.sub);
      const account = accountFromClaims(claims, settings.userTypeClaim);
      return {
        account,
        ...(typeof idClaims.sid === 'string' ? { sessionId: idClaims.sid } : {}),
        ...(tokens.refresh_token === undefined ? {} : { refreshToken: tokens.refresh_token }),
      };
    },

    async lookUp(subject) {
      const refreshToken = await refreshTokens.read(subject);
      // Nothing to ask with: the account stays as it is until its next sign-in (docs/identity.md).
      if (refreshToken === undefined)
        throw new ProviderUnavailableError('oidc', 'answer', 'no refresh token is kept for this account; it is checked again at its next sign-in');
      const config = await discovery.get();
      let tokens: Awaited<ReturnType<typeof client.refreshTokenGrant>>;
      try {
        tokens = await client.refreshTokenGrant(config, refreshToken);
      } catch (error) {
        const failure = asOidcFailure(error, 'answer');
        if (failure instanceof ProviderUnavailableError) throw failure;
        // invalid_grant: the account is disabled or gone, or its grant was revoked; the token is dead.
        if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') {
          await refreshTokens.forget(subject);
          return { open: false };
        }
        // Anything else refused (invalid_client, unauthorized_client): the portal's setup, not the account.
        throw new ProviderUnavailableError('oidc', 'answer', `the refresh grant was refused: ${failure.reason}`);
      }
      if (tokens.refresh_token !== undefined && tokens.refresh_token !== refreshToken) await refreshTokens.write(subject, tokens.refresh_token);
      const idClaims = tokens.claims();
      if (idClaims !== undefined && idClaims.sub !== subject)
        throw new ProviderUnavailableError('oidc', 'claim', 'the refreshed ID token names another subject');
      const claims = await claimsOf(config, idClaims, tokens.access_token, subject);
      return { open: true, account: accountFromClaims(claims, settings.userTypeClaim) };
    },

    async endSessionUrl() {
      const config = await discovery.get();
      if (config.serverMetadata().end_session_endpoint === undefined) return undefined;
      // client_id rather than id_token_hint: the portal keeps no ID token.
      return client.buildEndSessionUrl(config, { client_id: settings.clientId, post_logout_redirect_uri: settings.postLogoutRedirectUri }).href;
    },

    async verifyLogoutToken(token) {
      const config = await discovery.get();
      const metadata = config.serverMetadata();
      if (metadata.jwks_uri === undefined) throw new ProviderUnavailableError('oidc', 'discovery', 'the discovery document names no jwks_uri');
      logoutTokens ??= logoutTokenVerifier({
        issuer: metadata.issuer,
        clientId: settings.clientId,
        jwksUri: metadata.jwks_uri,
        timeoutSeconds: settings.timeoutSeconds,
      });
      return logoutTokens.verify(token);
    },

    close: async () => undefined,
  };
}
