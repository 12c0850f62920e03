/**
 * How the portal talks to its OpenID Provider: client_secret_basic by default and client_secret_post when
 * set (as the provider saw it); the recheck's lookUp by refresh grant (open, then closed once the account
 * is disabled there); a provider that cannot be reached (a 503 on the login page, never a refusal); and
 * no secret (client secret, codes, tokens) in any log line or database row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentity } from '../../src/server/identity/providers.ts';
import { refreshTokenStore } from '../../src/server/accounts/oidc-refresh-tokens.ts';
import { loadTokenKeys } from '../../src/server/io/token-keys.ts';
import { ProviderUnavailableError } from '../../src/server/identity/provider.ts';
import { OidcBrowser, signInAtProvider } from './support/oidc-browser.ts';
import { freePort } from './support/free-port.ts';
import { startOidcPortal, type OidcPortal } from './support/oidc-portal.ts';
import { TEST_CLIENT_SECRET } from './support/oidc-test-provider.ts';
import { startTestServer } from './support/test-server.ts';

let oidc: OidcPortal;
beforeAll(async () => {
  oidc = await startOidcPortal();
});
afterAll(async () => oidc?.close());

async function signIn(portal: OidcPortal, login: string, userType = 'SELLER'): Promise<OidcBrowser> {
  const browser = new OidcBrowser();
  const back = await signInAtProvider(browser, `${portal.portal.baseUrl}/api/auth/oidc/start?userType=${userType}`, login);
  const landed = await browser.request(back.location!);
  expect(landed.location).toBe(`${portal.portal.baseUrl}/`);
  return browser;
}

/** The portal's own lookup, built as the server builds it, on the server's database and keys. */
function portalLookup(portal: OidcPortal) {
  const keys = loadTokenKeys({ tokenSecret: portal.portal.config.tokenSecret, dataDir: portal.portal.config.dataDir });
  return createIdentity(portal.portal.config, { log: portal.portal.app.log, refreshTokens: refreshTokenStore(() => portal.portal.db, keys) }).lookup!;
}

describe('client authentication at the token endpoint', () => {
  it('is client_secret_basic by default', async () => {
    const calls = oidc.idp.tokenEndpointAuth.length;
    await signIn(oidc, 'seller');
    expect(oidc.idp.tokenEndpointAuth.slice(calls)).toEqual(['client_secret_basic']);
  });

  it('is client_secret_post with OIDC_CLIENT_AUTH=client_secret_post', async () => {
    const post = await startOidcPortal({ clientId: 'post', env: { OIDC_CLIENT_AUTH: 'client_secret_post' } });
    try {
      await signIn(post, 'warehouse', 'WAREHOUSE');
      expect(post.idp.tokenEndpointAuth).toEqual(['client_secret_post']);
    } finally {
      await post.close();
    }
  });
});

describe("the recheck's lookUp", () => {
  it('answers the account as the provider has it, and closed once the provider has disabled it', async () => {
    await signIn(oidc, 'both', 'WAREHOUSE');
    const lookup = portalLookup(oidc);
    expect(await lookup.lookUp('both')).toEqual({ open: true, account: { subject: 'both', email: 'both@idp.example', userTypes: ['SELLER', 'WAREHOUSE'] } });
    // The provider rotated the refresh token; the new one is what the portal keeps, and it still works.
    expect(await lookup.lookUp('both')).toMatchObject({ open: true });
    oidc.idp.disable('both');
    try {
      expect(await lookup.lookUp('both')).toEqual({ open: false });
    } finally {
      oidc.idp.enable('both');
    }
  });

  it('cannot ask about an account it holds no refresh token for: the provider is not asked, the account stays as it is', async () => {
    await expect(portalLookup(oidc).lookUp('no-such-subject')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('a provider that cannot be reached', () => {
  it('sends the button to the login page with the 503 marker when discovery fails', async () => {
    const downPort = await freePort();
    const portal = await startTestServer({
      env: {
        AUTH_PROVIDER: 'oidc',
        OIDC_ISSUER: `http://127.0.0.1:${downPort}`,
        OIDC_CLIENT_ID: 'portal',
        OIDC_CLIENT_SECRET: TEST_CLIENT_SECRET,
        PUBLIC_ORIGIN: 'http://127.0.0.1:9',
        PROVIDER_TIMEOUT_SECONDS: '1',
      },
    });
    try {
      const answer = await new OidcBrowser().request(`${portal.baseUrl}/api/auth/oidc/start?userType=SELLER&redirectTo=%2Fsettings`);
      expect(answer.status).toBe(302);
      expect(new URL(answer.location!).pathname + new URL(answer.location!).search).toBe('/login?signIn=unavailable&redirectTo=%2Fsettings');
      expect(portal.logs()).toMatch(/"step":"discovery".*could not be reached/);
      // The login form still checks the portal's own accounts meanwhile.
      expect((await portal.client().login()).status).toBe(200);
    } finally {
      await portal.close();
    }
  });

  it('sends the callback to the 503 marker when the token endpoint is down, writing nothing; lookUp fails as unreachable', async () => {
    const own = await startOidcPortal({ env: { PROVIDER_TIMEOUT_SECONDS: '1' } });
    try {
      await signIn(own, 'seller');
      const browser = new OidcBrowser();
      const back = await signInAtProvider(browser, `${own.portal.baseUrl}/api/auth/oidc/start?userType=SELLER`, 'seller');
      await own.idp.stop();
      const before = await own.portal.db.query(`SELECT (SELECT count(*) FROM sessions)::int AS s, (SELECT count(*) FROM activity_events)::int AS a`);
      const answer = await browser.request(back.location!);
      expect(answer.location).toBe(`${own.portal.baseUrl}/login?signIn=unavailable`);
      expect(await own.portal.db.query(`SELECT (SELECT count(*) FROM sessions)::int AS s, (SELECT count(*) FROM activity_events)::int AS a`)).toEqual(before);
      // A lookup made now discovers first, and that is what fails.
      const failure = await portalLookup(own)
        .lookUp('seller')
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProviderUnavailableError);
      expect(failure).toMatchObject({ provider: 'oidc', step: 'discovery' });
    } finally {
      await own.portal.close();
    }
  });
});

describe('secrets', () => {
  it('keeps the client secret, codes and tokens out of every log line and database row', async () => {
    await signIn(oidc, 'warehouse', 'WAREHOUSE');
    const secrets = [TEST_CLIENT_SECRET, ...oidc.idp.issuedSecrets(), ...oidc.idp.idTokens];
    expect(secrets.length).toBeGreaterThan(5);
    const stored = await oidc.portal.db.query<{ stored: string }>(`SELECT string_agg(t::text, ' ') AS stored FROM oidc_refresh_tokens t`);
    expect(stored[0]!.stored).toMatch(/\\x[0-9a-f]+/);
    const tables = await oidc.portal.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    let everything = oidc.portal.logs();
    for (const { table_name } of tables) {
      const rows = await oidc.portal.db.query<{ row: string }>(`SELECT t::text AS row FROM "${table_name}" t`);
      everything += rows.map((row) => row.row).join('\n');
    }
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });
});
