/**
 * Signing out of an OpenID session: the provider's back-channel logout (a signed logout token) ends the
 * portal session it names and only that, a forged token ends nothing; the portal's own logout of an oidc
 * session sends the browser to the provider's end-session endpoint and back to /login, a local session's
 * logout answers as it always has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, SignJWT } from 'jose';
import { OidcBrowser, signInAtProvider } from './support/oidc-browser.ts';
import { startOidcPortal, type OidcPortal } from './support/oidc-portal.ts';

let oidc: OidcPortal;
beforeAll(async () => {
  oidc = await startOidcPortal();
});
afterAll(async () => oidc?.close());

async function signedIn(login: string, userType = 'SELLER'): Promise<{ browser: OidcBrowser; session: string; sid: string }> {
  const browser = new OidcBrowser();
  const back = await signInAtProvider(browser, `${oidc.portal.baseUrl}/api/auth/oidc/start?userType=${userType}`, login);
  await browser.request(back.location!);
  const session = browser.cookies(oidc.portal.baseUrl).get('portal_session')!;
  const [row] = await oidc.portal.db.query<{ provider_sid: string }>(
    `SELECT s.provider_sid FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.subject = $1 ORDER BY s.id DESC LIMIT 1`,
    [login],
  );
  return { browser, session, sid: row!.provider_sid };
}

const meStatus = async (browser: OidcBrowser) => (await browser.request(`${oidc.portal.baseUrl}/api/auth/me`)).status;

describe('back-channel logout', () => {
  it("ends the session the provider's logout token names, records why, and leaves the account's tokens working", async () => {
    const { browser, session, sid } = await signedIn('seller');
    const other = await signedIn('warehouse', 'WAREHOUSE');
    const client = oidc.portal.client();
    client.cookie = `portal_session=${session}`;
    const token = await client.createToken('Before the logout');

    await oidc.idp.backchannelLogout(oidc.idp.clientIds.basic, 'seller', sid);
    expect(oidc.idp.backchannelLogouts.at(-1)).toBe(200);
    expect(await meStatus(browser)).toBe(401);
    expect(await meStatus(other.browser)).toBe(200);
    const events = await oidc.portal.db.query<{ details: unknown; ip_address: string | null }>(
      `SELECT a.details, a.ip_address FROM activity_events a JOIN users u ON u.id = a.user_id WHERE u.subject = 'seller' AND a.event_type = 'signed_out'`,
    );
    expect(events).toEqual([{ details: { provider: 'oidc', subject: 'seller', reason: 'provider_logout' }, ip_address: null }]);
    expect((await oidc.portal.client().api('/api/v1/seller/warehouses', token)).status).toBe(200);
  });

  it('refuses a logout token signed with another key (400) and ends nothing', async () => {
    const { browser, sid } = await signedIn('both');
    // The provider's key id, another key: what a forger without the provider's private key can do.
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ events: { 'http://schemas.openid.net/event/backchannel-logout': {} }, sid, jti: 'forged-1' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-signing-key', typ: 'logout+jwt' })
      .setIssuer(oidc.idp.issuer)
      .setAudience(oidc.idp.clientIds.basic)
      .setSubject('both')
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(privateKey);
    const before = await oidc.portal.db.query(`SELECT count(*)::int AS n FROM activity_events`);
    const answer = await fetch(`${oidc.portal.baseUrl}/api/auth/oidc/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: forged }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ status: 400, message: 'logout_token: not a valid logout token.' });
    expect(await meStatus(browser)).toBe(200);
    expect(await oidc.portal.db.query(`SELECT count(*)::int AS n FROM activity_events`)).toEqual(before);
  });

  it('answers 400 naming the field without a logout token, and 415 to a form sent to any other operation', async () => {
    const empty = await fetch(`${oidc.portal.baseUrl}/api/auth/oidc/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'something=else',
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ status: 400, message: 'logout_token: required.' });
    const form = await fetch(`${oidc.portal.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=seller%40example.com&password=demo-password&userType=SELLER',
    });
    expect(form.status).toBe(415);
  });
});

describe("the portal's logout", () => {
  it("sends an oidc session on to the provider's end-session endpoint, which comes back to /login", async () => {
    const { browser } = await signedIn('warehouse', 'WAREHOUSE');
    const logout = await browser.request(`${oidc.portal.baseUrl}/api/auth/logout`);
    expect(logout.status).toBe(204);
    const endSession = new URL(logout.location!);
    expect(endSession.origin).toBe(oidc.idp.issuer);
    expect(endSession.searchParams.get('client_id')).toBe(oidc.idp.clientIds.basic);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${oidc.portal.baseUrl}/login`);
    expect(await meStatus(browser)).toBe(401);

    const confirm = await browser.follow(endSession.href);
    const calls = oidc.idp.backchannelLogouts.length;
    const back = await browser.submitForm(confirm, { logout: 'yes' }, (next) => next.startsWith(oidc.portal.baseUrl));
    expect(back.location).toBe(`${oidc.portal.baseUrl}/login`);
    // The provider tells the portal too; the session had already ended, so that ends nothing more.
    expect(oidc.idp.backchannelLogouts.slice(calls)).toEqual([200]);
  });

  it('answers a local session as before: 204 and no Location', async () => {
    const client = oidc.portal.client();
    await client.login();
    const logout = await client.get('/api/auth/logout');
    expect(logout.status).toBe(204);
    expect(logout.headers.get('location')).toBeNull();
  });
});
