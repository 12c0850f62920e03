/**
 * "Sign in with ..." (AUTH_PROVIDER=oidc) against a real OpenID Provider over real HTTP: the authorization
 * code flow with PKCE, state and nonce from the login page's button to a portal session, and every way a
 * callback is refused (tampered state, a code used twice, a wrong nonce, an expired ID token, an account
 * without the user type) with no session and nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcBrowser, signInAtProvider } from './support/oidc-browser.ts';
import { startOidcPortal, type OidcPortal } from './support/oidc-portal.ts';

let oidc: OidcPortal;
beforeAll(async () => {
  oidc = await startOidcPortal();
});
afterAll(async () => oidc?.close());

const start = (userType: string, redirectTo?: string) =>
  `${oidc.portal.baseUrl}/api/auth/oidc/start?userType=${userType}${redirectTo === undefined ? '' : `&redirectTo=${encodeURIComponent(redirectTo)}`}`;

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['users', 'sessions', 'activity_events', 'oidc_refresh_tokens']) {
    const rows = await oidc.portal.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = rows[0]!.n;
  }
  return counts;
}

async function me(browser: OidcBrowser): Promise<{ status: number; body: unknown }> {
  const response = await browser.request(`${oidc.portal.baseUrl}/api/auth/me`);
  return { status: response.status, body: response.body === '' ? undefined : JSON.parse(response.body) };
}

describe('sign in with the OpenID Provider', () => {
  it("tells the login page the button's name and whether the form shows", async () => {
    const settings = await oidc.portal.client().get('/api/portal/settings');
    expect(settings.body).toEqual({ publicDocs: false, loginForm: true, signInWith: 'Acme WMS', liveTokens: false });
  });

  it('goes from the button through the provider to a session of the chosen user type, where the user was going', async () => {
    const browser = new OidcBrowser();
    const toIdp = await browser.request(start('SELLER', '/settings'));
    expect(toIdp.status).toBe(302);
    const authorization = new URL(toIdp.location!);
    expect(authorization.origin).toBe(oidc.idp.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toMatch(/.{20,}/);
    expect(authorization.searchParams.get('nonce')).toMatch(/.{20,}/);
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${oidc.portal.baseUrl}/api/auth/oidc/callback`);
    expect(authorization.searchParams.get('scope')).toBe('openid email offline_access');

    const back = await signInAtProvider(browser, start('SELLER', '/settings'), 'seller');
    const landed = await browser.request(back.location!);
    expect(landed.status).toBe(302);
    expect(landed.location).toBe(`${oidc.portal.baseUrl}/settings`);
    expect(await me(browser)).toEqual({ status: 200, body: { email: 'seller.one@idp.example', userType: 'SELLER' } });

    const [session] = await oidc.portal.db.query<{ provider_sid: string | null; auth_provider: string; subject: string }>(
      `SELECT s.provider_sid, u.auth_provider, u.subject FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.subject = 'seller'`,
    );
    expect(session).toMatchObject({ auth_provider: 'oidc', subject: 'seller' });
    expect(session!.provider_sid).toMatch(/.{8,}/);
    const [event] = await oidc.portal.db.query<{ details: unknown }>(
      `SELECT a.details FROM activity_events a JOIN users u ON u.id = a.user_id WHERE u.subject = 'seller' AND a.event_type = 'signed_in'`,
    );
    expect(event!.details).toEqual({ provider: 'oidc', subject: 'seller' });
  });

  it('signs an account holding both user types in to one portal account per type it chooses', async () => {
    for (const userType of ['WAREHOUSE', 'SELLER']) {
      const browser = new OidcBrowser();
      const back = await signInAtProvider(browser, start(userType), 'both');
      expect((await browser.request(back.location!)).location).toBe(`${oidc.portal.baseUrl}/`);
      expect(await me(browser)).toEqual({ status: 200, body: { email: 'both@idp.example', userType } });
    }
    const rows = await oidc.portal.db.query<{ user_type: string }>(`SELECT user_type FROM users WHERE subject = 'both' ORDER BY user_type`);
    expect(rows.map((row) => row.user_type)).toEqual(['SELLER', 'WAREHOUSE']);
  });

  it.each([
    ['an account without the chosen user type', 'warehouse', 'SELLER'],
    ['an account holding neither user type', 'neither', 'WAREHOUSE'],
  ])('sends %s back to the login page with the failure marker, writing nothing', async (_, login, userType) => {
    const before = await rowCounts();
    const browser = new OidcBrowser();
    const back = await signInAtProvider(browser, start(userType, '/usage'), login);
    const landed = await browser.request(back.location!);
    expect(landed.status).toBe(302);
    expect(landed.location).toBe(`${oidc.portal.baseUrl}/login?signIn=failed&redirectTo=%2Fusage`);
    expect((await me(browser)).status).toBe(401);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('a callback the portal refuses', () => {
  /** A sign-in up to the provider's redirect back, its pending cookie, and the portal's tables before the callback. */
  async function upToCallback(login = 'seller') {
    const browser = new OidcBrowser();
    const back = await signInAtProvider(browser, start('SELLER'), login);
    const pending = browser.cookies(oidc.portal.baseUrl).get('portal_oidc_sign_in');
    expect(pending).toBeDefined();
    return { browser, callback: new URL(back.location!), pending: pending!, before: await rowCounts() };
  }

  async function expectRefused(browser: OidcBrowser, callback: URL | string, before: Record<string, number>) {
    const answer = await browser.request(String(callback));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`${oidc.portal.baseUrl}/login?signIn=failed`);
    expect(answer.body).toBe('');
    expect((await me(browser)).status).toBe(401);
    expect(await rowCounts()).toEqual(before);
  }

  it('refuses a tampered state', async () => {
    const { browser, callback, before } = await upToCallback();
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    await expectRefused(browser, callback, before);
    expect(oidc.portal.logs()).toContain('the OpenID sign-in was refused');
  });

  it('refuses a code used a second time, even with the pending sign-in it came with', async () => {
    const { browser, callback, pending } = await upToCallback();
    expect((await browser.request(String(callback))).location).toBe(`${oidc.portal.baseUrl}/`);
    const replay = new OidcBrowser();
    replay.cookies(oidc.portal.baseUrl).set('portal_oidc_sign_in', pending);
    await expectRefused(replay, callback, await rowCounts());
    expect(oidc.portal.logs()).toContain('invalid_grant');
  });

  it('refuses an ID token with another nonce', async () => {
    const { browser, callback, before } = await upToCallback();
    oidc.idp.changeNextIdToken((claims) => ({ ...claims, nonce: 'another-nonce' }));
    await expectRefused(browser, callback, before);
    expect(oidc.portal.logs()).toContain('OAUTH_JWT_CLAIM_COMPARISON_FAILED');
  });

  it('refuses an expired ID token', async () => {
    const { browser, callback, before } = await upToCallback();
    const now = Math.floor(Date.now() / 1000);
    oidc.idp.changeNextIdToken((claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }));
    await expectRefused(browser, callback, before);
    expect(oidc.portal.logs()).toContain('OAUTH_JWT_TIMESTAMP_CHECK_FAILED');
  });

  it("refuses the provider's own error", async () => {
    const browser = new OidcBrowser();
    const toIdp = await browser.request(start('SELLER'));
    const state = new URL(toIdp.location!).searchParams.get('state')!;
    const before = await rowCounts();
    const callback = new URL(`${oidc.portal.baseUrl}/api/auth/oidc/callback`);
    callback.search = new URLSearchParams({ error: 'access_denied', state, iss: oidc.idp.issuer }).toString();
    await expectRefused(browser, callback, before);
    expect(oidc.portal.logs()).toContain('access_denied');
  });

  it('refuses a callback without the pending sign-in of this browser', async () => {
    const { callback, before } = await upToCallback();
    await expectRefused(new OidcBrowser(), callback, before);
  });
});
