/**
 * A real OpenID Provider for tests (oidc-provider), in the test process on a free port: the portal's
 * clients registered (one authenticating with client_secret_basic, one with client_secret_post), four
 * accounts with the `user_type` claim (seller, warehouse, both, neither), `sid` in ID tokens, back-channel
 * logout to the portal, RP-initiated logout, refresh tokens, and its development login form.
 *
 * Tests can disable an account (its refresh grant then fails with invalid_grant), see how the portal
 * authenticated at the token endpoint, change the next ID token's claims (signed with the provider's own
 * key, as a provider gone wrong would), read the ID tokens it issued, and stop it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWK, type JWTPayload } from 'jose';
import Provider, { type KoaContext } from 'oidc-provider';

export const TEST_CLIENT_SECRET = 'test-client-secret-5c1d0e9a7b3f42d8a6e1';

export interface TestAccount {
  email: string;
  userType: string | string[];
}

/** Login names at the provider (its development form takes any password). */
export const TEST_ACCOUNTS: Record<'seller' | 'warehouse' | 'both' | 'neither', TestAccount> = {
  seller: { email: 'Seller.One@IdP.Example', userType: 'SELLER' },
  warehouse: { email: 'warehouse.one@idp.example', userType: ['WAREHOUSE'] },
  both: { email: 'both@idp.example', userType: ['SELLER', 'WAREHOUSE', 'ADMIN'] },
  neither: { email: 'neither@idp.example', userType: 'ADMIN' },
};

export type TokenEndpointAuth = 'client_secret_basic' | 'client_secret_post' | 'none';

export interface TestOpenIdProvider {
  issuer: string;
  /** The portal's client ids: `portal` (client_secret_basic) and `portal-post` (client_secret_post). */
  clientIds: { basic: string; post: string };
  /** How each call of the token endpoint authenticated, in order. */
  tokenEndpointAuth: TokenEndpointAuth[];
  /** The ID tokens the token endpoint answered with (as sent, after any change). */
  idTokens: string[];
  /** The refresh tokens and codes it issued: secrets that must never show up at the portal in plain text. */
  issuedSecrets(): string[];
  disable(login: string): void;
  enable(login: string): void;
  /** The next ID token from the token endpoint gets these claims changed, re-signed with the provider's key. */
  changeNextIdToken(change: (claims: JWTPayload) => JWTPayload): void;
  /** The provider's own back-channel logout of `sub` (and `sid`) to the client. */
  backchannelLogout(clientId: string, sub: string, sid: string): Promise<void>;
  /** Back-channel logout calls it made: 200 for each the portal accepted, 400 for each it refused. */
  backchannelLogouts: number[];
  stop(): Promise<void>;
}

export interface TestProviderOptions {
  /** The portal's origin: its redirect URI, post-logout redirect URI and back-channel logout URI hang off it. */
  portalOrigin: string;
  /** A port to listen on (a restart on the same issuer); default a free one. */
  port?: number;
}

function clientFor(id: string, portalOrigin: string, method: 'client_secret_basic' | 'client_secret_post') {
  return {
    client_id: id,
    client_secret: TEST_CLIENT_SECRET,
    client_name: 'Developer portal',
    redirect_uris: [`${portalOrigin}/api/auth/oidc/callback`],
    post_logout_redirect_uris: [`${portalOrigin}/login`],
    backchannel_logout_uri: `${portalOrigin}/api/auth/oidc/backchannel-logout`,
    backchannel_logout_session_required: true,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: method,
  };
}

const LOGOUT_PAGE = (form: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Sign out</title></head>
<body><main><h1>Sign out of the test provider?</h1>${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
</main></body></html>`;

export async function startTestOpenIdProvider(options: TestProviderOptions): Promise<TestOpenIdProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-signing-key', alg: 'RS256', use: 'sig' };
  const disabled = new Set<string>();
  const secrets: string[] = [];
  let nextIdTokenChange: ((claims: JWTPayload) => JWTPayload) | undefined;

  const provider = new Provider(issuer, {
    clients: [clientFor('portal', options.portalOrigin, 'client_secret_basic'), clientFor('portal-post', options.portalOrigin, 'client_secret_post')],
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['test-provider-cookie-key-0f3c9a1e'] },
    async findAccount(_ctx: unknown, id: string) {
      const account = TEST_ACCOUNTS[id as keyof typeof TEST_ACCOUNTS];
      if (account === undefined || disabled.has(id)) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: account.email, email_verified: true, user_type: account.userType }) };
    },
    // user_type with the openid scope, so userinfo answers it; the ID token carries only what OpenID requires.
    claims: { openid: ['sub', 'user_type'], email: ['email', 'email_verified'] },
    features: {
      devInteractions: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContext, form: string) => {
          ctx.type = 'html';
          ctx.body = LOGOUT_PAGE(form);
        },
      },
    },
    // A refresh token for every client allowed the grant (Keycloak's way), offline_access asked or not.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    pkce: { required: () => true },
    // Its own calls (back-channel logout) go to the portal on 127.0.0.1, which its protection against
    // requests to special-use addresses would refuse: a test provider may call loopback.
    fetch: (url: string, init: RequestInit & { dispatcher?: unknown }) => {
      const { dispatcher: _dispatcher, ...rest } = init;
      return fetch(url, rest);
    },
    ttl: { AccessToken: 3600, IdToken: 3600, RefreshToken: 86_400, Interaction: 600, Session: 86_400, Grant: 86_400 },
  });

  const tokenEndpointAuth: TokenEndpointAuth[] = [];
  const idTokens: string[] = [];
  const backchannelLogouts: number[] = [];
  provider.on('backchannel.success', () => backchannelLogouts.push(200));
  provider.on('backchannel.error', () => backchannelLogouts.push(400));

  provider.use(async (ctx, next) => {
    if (ctx.path !== '/token' || ctx.method !== 'POST') return next();
    const basic = ctx.headers.authorization?.startsWith('Basic ') === true;
    await next();
    tokenEndpointAuth.push(basic ? 'client_secret_basic' : typeof ctx.oidc?.body?.client_secret === 'string' ? 'client_secret_post' : 'none');
    const body = ctx.body as Record<string, unknown> | undefined;
    if (ctx.status !== 200 || body === undefined) return;
    for (const key of ['refresh_token', 'access_token']) if (typeof body[key] === 'string') secrets.push(body[key] as string);
    if (typeof ctx.oidc?.body?.code === 'string') secrets.push(ctx.oidc.body.code);
    if (typeof body.id_token !== 'string') return;
    const change = nextIdTokenChange;
    nextIdTokenChange = undefined;
    if (change !== undefined) {
      const claims = change(decodeJwt(body.id_token));
      body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: signingJwk.kid as string }).sign(privateKey);
    }
    idTokens.push(body.id_token as string);
  });

  server.on('request', provider.callback());

  return {
    issuer,
    clientIds: { basic: 'portal', post: 'portal-post' },
    tokenEndpointAuth,
    idTokens,
    issuedSecrets: () => [...secrets],
    disable: (login) => disabled.add(login),
    enable: (login) => disabled.delete(login),
    changeNextIdToken(change) {
      nextIdTokenChange = change;
    },
    async backchannelLogout(clientId, sub, sid) {
      const client = await provider.Client.find(clientId);
      if (client === undefined) throw new Error(`no client ${clientId}`);
      // Throws unless the portal answers 200 or 204 (the provider's events fire only for its end-session).
      await client.backchannelLogout(sub, sid);
      backchannelLogouts.push(200);
    },
    backchannelLogouts,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
