/**
 * A portal with AUTH_PROVIDER=oidc against the test OpenID Provider (oidc-test-provider.ts), both in this
 * process over real HTTP. The portal's port is chosen first: its PUBLIC_ORIGIN, and so the redirect URI
 * the provider has registered, must name it.
 */
import { freePort } from './free-port.ts';
import { startTestServer, type StartOptions, type TestServer } from './test-server.ts';
import { startTestOpenIdProvider, TEST_CLIENT_SECRET, type TestOpenIdProvider } from './oidc-test-provider.ts';

export interface OidcPortal {
  portal: TestServer;
  idp: TestOpenIdProvider;
  close(): Promise<void>;
}

/** `env` adds to or overrides the oidc settings (OIDC_CLIENT_AUTH, OIDC_ISSUER, ...). */
export async function startOidcPortal(
  options: { env?: Record<string, string>; clientId?: 'basic' | 'post' } & Omit<StartOptions, 'env' | 'port'> = {},
): Promise<OidcPortal> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const idp = await startTestOpenIdProvider({ portalOrigin: origin });
  const { env, clientId = 'basic', ...rest } = options;
  try {
    const portal = await startTestServer({
      ...rest,
      port,
      env: {
        AUTH_PROVIDER: 'oidc',
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.clientIds[clientId],
        OIDC_CLIENT_SECRET: TEST_CLIENT_SECRET,
        PUBLIC_ORIGIN: origin,
        LOGIN_FORM: 'true',
        ...env,
      },
    });
    return {
      portal,
      idp,
      async close() {
        await portal.close();
        await idp.stop();
      },
    };
  } catch (error) {
    await idp.stop();
    throw error;
  }
}
